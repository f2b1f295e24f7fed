import { useEffect, useRef, useState } from "react";
import { lostChosen, type NumberRange, type TakenRead } from "~/domain/number-grid";
import { refreshThrottle } from "~/lib/refresh-throttle";
import { onCompetitionMessage } from "~/lib/use-live-competitions";

type TakenReply = TakenRead & { total: number };

export type TakenState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "loaded"; range: NumberRange; taken: ReadonlySet<number> };

/**
 * However many holds and sales a flash sale brings, an open grid reads again at most once in this long (at once for
 * the first change, then once at the end of the interval if more came), so 1,000 viewers make at most ~330 reads a
 * second whatever the rate of sales.
 */
export const LIVE_REFRESH_MS = 3000;

async function readTaken(
  competitionId: number,
  range: NumberRange,
  chosen: readonly number[],
  signal: AbortSignal,
): Promise<TakenReply> {
  const also = chosen.length > 0 ? `&chosen=${chosen.join(",")}` : "";
  const res = await fetch(`/api/competitions/${competitionId}/numbers?from=${range.from}&to=${range.to}${also}`, {
    signal,
    headers: { Accept: "application/json" },
  });
  if (!res.ok) throw new Error(`taken numbers: ${res.status}`);
  return (await res.json()) as TakenReply;
}

type Options = {
  competitionId: number;
  total: number;
  /** The page on screen. */
  range: NumberRange;
  chosen: readonly number[];
  /** Chosen numbers someone else has taken since: the caller drops them and says so. */
  onLost(lost: number[]): void;
};

/**
 * The taken numbers of the page on screen, read when the page changes, when the caller asks (`reload`) and, paced by
 * `refreshThrottle`, whenever the page's live stream says the competition changed (a hold or a sale; none while the
 * tab is hidden, one on coming back if anything changed meanwhile). Each read also asks whether any chosen number,
 * on this page or another, was taken, so one taken meanwhile is dropped wherever it is. A page already shown keeps
 * its numbers while it is read again, so nothing under the keyboard's focus is disabled in between.
 */
export function useTakenNumbers({ competitionId, total, range, chosen, onLost }: Options) {
  const [state, setState] = useState<TakenState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  // Read at the time of each fetch, not a reason to fetch: choosing a number does not re-read the page.
  const latest = useRef({ chosen, onLost });
  latest.current = { chosen, onLost };

  useEffect(() => {
    const throttle = refreshThrottle({
      intervalMs: LIVE_REFRESH_MS,
      refresh: () => setAttempt((n) => n + 1),
      hidden: document.visibilityState === "hidden",
    });
    const onVisibility = () => throttle.setHidden(document.visibilityState === "hidden");
    document.addEventListener("visibilitychange", onVisibility);
    const unsubscribe = onCompetitionMessage(competitionId, () => throttle.changed());
    return () => {
      unsubscribe();
      document.removeEventListener("visibilitychange", onVisibility);
      throttle.stop();
    };
  }, [competitionId]);

  const { from, to } = range;
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is a reason to read again.
  useEffect(() => {
    const controller = new AbortController();
    const visible = { from, to };
    setState((previous) =>
      previous.status === "loaded" && previous.range.from === from && previous.range.to === to
        ? previous
        : { status: "loading" },
    );
    readTaken(competitionId, visible, latest.current.chosen, controller.signal)
      .then((reply) => {
        const lost = lostChosen(latest.current.chosen, reply);
        setState({ status: "loaded", range: visible, taken: new Set(reply.taken) });
        if (lost.length > 0) latest.current.onLost(lost);
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "failed" });
      });
    return () => controller.abort();
  }, [competitionId, total, from, to, attempt]);

  return { state, reload: () => setAttempt((n) => n + 1) };
}
