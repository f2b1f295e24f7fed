import { useEffect, useState } from "react";
import { LiveCompetitionSchema, type LiveCompetition } from "~/schemas/competition-query";

export const COMPETITION_EVENTS_PATH = "/api/competitions/events";

/** Spec section 9: reconnect after 1, 2, 5 and then every 10 seconds. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(Math.max(0, attempt), RECONNECT_DELAYS_MS.length - 1)]!;
}

export type LiveCounts = Readonly<Record<number, LiveCompetition>>;

/**
 * Live ticket numbers for the competitions on screen, over Server-Sent Events. The stream starts with the
 * current numbers, then sends every change. When it fails, it is closed and reopened after the spec's
 * back-off (1, 2, 5, then 10 s), starting again from 1 s once a connection opens.
 */
export function useLiveCompetitions(ids: readonly number[]): LiveCounts {
  const key = [...new Set(ids)].sort((a, b) => a - b).join(",");
  const [counts, setCounts] = useState<LiveCounts>({});

  useEffect(() => {
    if (!key || typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let timer: number | undefined;
    let attempt = 0;
    let stopped = false;

    const onCompetition = (event: MessageEvent<string>) => {
      let parsed: ReturnType<typeof LiveCompetitionSchema.safeParse>;
      try {
        parsed = LiveCompetitionSchema.safeParse(JSON.parse(event.data));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const change = parsed.data;
      setCounts((previous) => {
        const old = previous[change.id];
        if (old && old.ticketsSold === change.ticketsSold && old.totalTickets === change.totalTickets && old.status === change.status) {
          return previous;
        }
        return { ...previous, [change.id]: change };
      });
    };

    const connect = () => {
      source = new EventSource(`${COMPETITION_EVENTS_PATH}?ids=${key}`);
      source.addEventListener("open", () => {
        attempt = 0;
      });
      source.addEventListener("competition", onCompetition);
      source.addEventListener("error", () => {
        source?.close();
        if (stopped) return;
        timer = window.setTimeout(connect, reconnectDelay(attempt));
        attempt += 1;
      });
    };

    connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      source?.close();
    };
  }, [key]);

  return counts;
}

/** The competition with any live numbers laid over the loaded ones. */
export function withLiveCounts<C extends { id: number; ticketsSold: number; totalTickets: number; status: LiveCompetition["status"] }>(
  competition: C,
  counts: LiveCounts,
): C {
  const live = counts[competition.id];
  return live ? { ...competition, ticketsSold: live.ticketsSold, totalTickets: live.totalTickets, status: live.status } : competition;
}
