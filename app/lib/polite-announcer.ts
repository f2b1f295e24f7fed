import { useEffect, useRef, useState } from "react";

type Clock = {
  now(): number;
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number): void;
};

/**
 * Passes on changing text for a polite live region at most once every `intervalMs`: a change inside the interval
 * waits for its end, and only the latest text waiting then is said. A screen reader hears the ticket count move
 * now and then, not every sale of a busy launch.
 */
export function createPoliteAnnouncer(intervalMs: number, announce: (text: string) => void, clock: Clock) {
  let lastAt = Number.NEGATIVE_INFINITY;
  let timer: number | undefined;
  return {
    say(text: string) {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = clock.setTimeout(
        () => {
          timer = undefined;
          lastAt = clock.now();
          announce(text);
        },
        Math.max(0, lastAt + intervalMs - clock.now()),
      );
    },
    stop() {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Live-region text following `message` (unsaid on first render: the page already shows it), throttled as above. */
export function usePoliteAnnouncement(message: string, intervalMs: number): string {
  const [said, setSaid] = useState("");
  const first = useRef(message);
  const announcer = useRef<ReturnType<typeof createPoliteAnnouncer> | null>(null);
  useEffect(() => {
    const clock: Clock = {
      now: () => performance.now(),
      setTimeout: (run, ms) => window.setTimeout(run, ms),
      clearTimeout: (id) => window.clearTimeout(id),
    };
    announcer.current = createPoliteAnnouncer(intervalMs, setSaid, clock);
    return () => announcer.current?.stop();
  }, [intervalMs]);
  useEffect(() => {
    if (message === first.current) return;
    first.current = "";
    announcer.current?.say(message);
  }, [message]);
  return said;
}
