import { useEffect, useRef, useState } from "react";
import { dropTaken, type NumberRange, rangesForChosen } from "~/domain/number-grid";

type TakenReply = { total: number; from: number; to: number; taken: number[] };

export type TakenState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "loaded"; range: NumberRange; taken: ReadonlySet<number> };

async function readTaken(competitionId: number, range: NumberRange, signal: AbortSignal): Promise<TakenReply> {
  const res = await fetch(`/api/competitions/${competitionId}/numbers?from=${range.from}&to=${range.to}`, {
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
  /** Tickets sold, live over the page's stream: each change is a reason to read again. */
  ticketsSold: number;
  chosen: readonly number[];
  /** Chosen numbers someone else has taken since: the caller drops them and says so. */
  onLost(lost: number[]): void;
};

/**
 * The taken numbers of the page on screen, read again whenever the page changes, a sale arrives over the live
 * stream, the tab comes back into view or the caller asks (`reload`). Each read also checks the chosen numbers
 * elsewhere in the competition, so one taken meanwhile is dropped wherever it is. A page already shown keeps
 * its numbers while it is read again, so nothing under the keyboard's focus is disabled in between.
 */
export function useTakenNumbers({ competitionId, total, range, ticketsSold, chosen, onLost }: Options) {
  const [state, setState] = useState<TakenState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  // Read at the time of each fetch, not a reason to fetch: choosing a number does not re-read the page.
  const latest = useRef({ chosen, onLost });
  latest.current = { chosen, onLost };

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") setAttempt((n) => n + 1);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);

  const { from, to } = range;
  // biome-ignore lint/correctness/useExhaustiveDependencies: ticketsSold and attempt are reasons to read again.
  useEffect(() => {
    const controller = new AbortController();
    const visible = { from, to };
    setState((previous) =>
      previous.status === "loaded" && previous.range.from === from && previous.range.to === to
        ? previous
        : { status: "loading" },
    );
    const others = rangesForChosen(latest.current.chosen, visible, total);
    Promise.all([visible, ...others].map((r) => readTaken(competitionId, r, controller.signal)))
      .then((replies) => {
        const lost = replies.flatMap((reply) => dropTaken(latest.current.chosen, reply, reply.taken).lost);
        const [page] = replies;
        if (page) setState({ status: "loaded", range: visible, taken: new Set(page.taken) });
        if (lost.length > 0) latest.current.onLost(lost);
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "failed" });
      });
    return () => controller.abort();
  }, [competitionId, total, from, to, ticketsSold, attempt]);

  return { state, reload: () => setAttempt((n) => n + 1) };
}
