import { useEffect, useState } from "react";
import { type LiveCompetition, readLiveCompetition } from "~/domain/live-competition";

const COMPETITION_EVENTS_PATH = "/api/competitions/events";

/** Spec section 9: reconnect after 1, 2, 5 and then every 10 seconds. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(Math.max(0, attempt), RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
}

/**
 * Listens to one event of a Server-Sent Events stream. When the stream fails it is closed and reopened after the
 * spec's back-off (1, 2, 5, then 10 s), starting again from 1 s once a connection opens. Returns the cleanup.
 */
export function openEventStream(url: string, event: string, onMessage: (event: MessageEvent<string>) => void) {
  let source: EventSource | undefined;
  let timer: number | undefined;
  let attempt = 0;
  let stopped = false;
  const connect = () => {
    source = new EventSource(url);
    source.addEventListener("open", () => {
      attempt = 0;
    });
    source.addEventListener(event, onMessage as EventListener);
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
}

type LiveCounts = Readonly<Record<number, LiveCompetition>>;

// Every message of the page's stream, counts changed or not: a hold moves only the reserved count, which the stream
// does not carry, so a message with the same public counts still means numbers may have been taken or freed.
const messages = typeof EventTarget === "undefined" ? null : new EventTarget();
const messageType = (id: number) => `competition-${id}`;

/**
 * Calls `listener` on each message the page's live stream (`useLiveCompetitions`) brings about competition `id`,
 * including the current counts it sends on each (re)connection. Returns the unsubscribe.
 */
export function onCompetitionMessage(id: number, listener: () => void): () => void {
  if (!messages) return () => {};
  messages.addEventListener(messageType(id), listener);
  return () => messages.removeEventListener(messageType(id), listener);
}

/** Tells the listeners of `onCompetitionMessage` about a stream message. */
export function announceCompetitionMessage(id: number) {
  messages?.dispatchEvent(new Event(messageType(id)));
}

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
    const onCompetition = (event: MessageEvent<string>) => {
      const change = readLiveCompetition(event.data);
      if (!change) return;
      announceCompetitionMessage(change.id);
      setCounts((previous) => {
        const old = previous[change.id];
        if (
          old &&
          old.ticketsSold === change.ticketsSold &&
          old.totalTickets === change.totalTickets &&
          old.status === change.status
        ) {
          return previous;
        }
        return { ...previous, [change.id]: change };
      });
    };

    return openEventStream(`${COMPETITION_EVENTS_PATH}?ids=${key}`, "competition", onCompetition);
  }, [key]);

  return counts;
}

/**
 * The competition with any live numbers laid over the loaded ones. The stream carries no reserved count, but a
 * sale is normally a reservation being paid, so sales made since the page loaded come out of the reserved count
 * it loaded with; otherwise those tickets would be counted twice and the page would offer too few.
 */
export function withLiveCounts<
  C extends {
    id: number;
    ticketsSold: number;
    ticketsReserved?: number;
    totalTickets: number;
    status: LiveCompetition["status"];
  },
>(competition: C, counts: LiveCounts): C {
  const live = counts[competition.id];
  if (!live) return competition;
  const next = { ...competition, ticketsSold: live.ticketsSold, totalTickets: live.totalTickets, status: live.status };
  if (competition.ticketsReserved !== undefined) {
    const soldSince = Math.max(0, live.ticketsSold - competition.ticketsSold);
    next.ticketsReserved = Math.max(0, competition.ticketsReserved - soldSince);
  }
  return next;
}
