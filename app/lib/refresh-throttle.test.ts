import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refreshThrottle } from "./refresh-throttle";

const INTERVAL = 3000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function throttled(hidden = false) {
  const refresh = vi.fn();
  const throttle = refreshThrottle({ intervalMs: INTERVAL, refresh, hidden });
  return { refresh, throttle };
}

describe("refreshThrottle", () => {
  it("refreshes at once on the first change (leading edge)", () => {
    const { refresh, throttle } = throttled();
    throttle.changed();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("turns a burst of changes into one refresh now and one at the end of the interval (trailing edge)", () => {
    const { refresh, throttle } = throttled();
    for (let i = 0; i < 500; i++) {
      throttle.changed();
      vi.advanceTimersByTime(2);
    }
    // 500 changes over a second: the leading refresh only, so far.
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(INTERVAL - 1000 - 1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    // Nothing changed since the trailing refresh: no more.
    vi.advanceTimersByTime(10 * INTERVAL);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("never refreshes more than once per interval under a steady stream of changes", () => {
    const { refresh, throttle } = throttled();
    const seconds = 60;
    for (let ms = 0; ms < seconds * 1000; ms += 10) {
      throttle.changed();
      vi.advanceTimersByTime(10);
    }
    // At 0 s, then at the end of each 3 s interval: 60 s is 20 intervals, plus the leading refresh.
    expect(refresh).toHaveBeenCalledTimes(seconds / (INTERVAL / 1000) + 1);
  });

  it("a change after a quiet interval refreshes at once again", () => {
    const { refresh, throttle } = throttled();
    throttle.changed();
    vi.advanceTimersByTime(INTERVAL);
    throttle.changed();
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("does not refresh while hidden, and refreshes once when shown if anything changed meanwhile", () => {
    const { refresh, throttle } = throttled(true);
    throttle.changed();
    throttle.changed();
    vi.advanceTimersByTime(10 * INTERVAL);
    expect(refresh).not.toHaveBeenCalled();
    throttle.setHidden(false);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * INTERVAL);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("coming back into view with nothing changed reads nothing", () => {
    const { refresh, throttle } = throttled();
    throttle.setHidden(true);
    throttle.setHidden(false);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("a trailing refresh due while hidden waits until the page is shown", () => {
    const { refresh, throttle } = throttled();
    throttle.changed();
    throttle.changed();
    throttle.setHidden(true);
    vi.advanceTimersByTime(INTERVAL);
    expect(refresh).toHaveBeenCalledTimes(1);
    throttle.setHidden(false);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("shown again within the interval, the missed change still waits for the interval's end", () => {
    const { refresh, throttle } = throttled();
    throttle.changed();
    throttle.setHidden(true);
    throttle.changed();
    vi.advanceTimersByTime(1000);
    throttle.setHidden(false);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(INTERVAL - 1000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("stops: no trailing refresh and no further ones", () => {
    const { refresh, throttle } = throttled();
    throttle.changed();
    throttle.changed();
    throttle.stop();
    vi.advanceTimersByTime(10 * INTERVAL);
    throttle.changed();
    throttle.setHidden(false);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
