// A viewer's refreshes, paced. A flash sale sends every open page a change a few milliseconds apart; each page reads
// again at most once per interval, however many changes arrive, and not at all while it is out of sight. Pure: the
// clock is injected, so its tests drive it with fake timers.

export type Timers = {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type RefreshThrottle = {
  /** Something changed: refresh now if the last refresh is an interval old, else once when it is. */
  changed(): void;
  /** The page went out of sight (true) or came back (false: a change missed meanwhile is refreshed then). */
  setHidden(hidden: boolean): void;
  /** No more refreshes (the page went away). */
  stop(): void;
};

type Options = {
  intervalMs: number;
  refresh(): void;
  hidden?: boolean;
  timers?: Timers;
};

const realTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Leading and trailing edge: the first change refreshes at once; changes during the following interval make one
 * more refresh at its end (which starts another interval). While hidden, changes are remembered, not refreshed.
 */
export function refreshThrottle({
  intervalMs,
  refresh,
  hidden = false,
  timers = realTimers,
}: Options): RefreshThrottle {
  let cooling: unknown = null;
  let pending = false;
  let isHidden = hidden;
  let stopped = false;

  const fire = () => {
    pending = false;
    refresh();
    cooling = timers.setTimeout(cooled, intervalMs);
  };
  function cooled() {
    cooling = null;
    if (pending && !isHidden && !stopped) fire();
  }

  return {
    changed() {
      if (stopped) return;
      if (isHidden || cooling !== null) pending = true;
      else fire();
    },
    setHidden(next) {
      isHidden = next;
      if (!next && pending && cooling === null && !stopped) fire();
    },
    stop() {
      stopped = true;
      pending = false;
      if (cooling !== null) timers.clearTimeout(cooling);
      cooling = null;
    },
  };
}
