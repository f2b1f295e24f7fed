import { describe, expect, it } from "vitest";
import { returnTokens, sessionRetryDelayMs, takeTokens, tokensAt } from "./token-bucket";

const limits = { ratePerSecond: 20, burst: 20 };
const t0 = new Date("2026-11-27T12:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("the provider's token bucket", () => {
  it.each([
    ["an empty bucket, no time passed", { tokens: 0, refilledAt: t0 }, 0, 0],
    ["an empty bucket after 100 ms at 20/s", { tokens: 0, refilledAt: t0 }, 100, 2],
    ["a full bucket never exceeds its burst", { tokens: 20, refilledAt: t0 }, 10_000, 20],
    ["a half bucket after half a second", { tokens: 10, refilledAt: t0 }, 500, 20],
    ["a clock behind the last refill adds nothing", { tokens: 3, refilledAt: at(1000) }, 0, 3],
    ["a corrupt count counts as empty", { tokens: Number.NaN, refilledAt: t0 }, 50, 1],
    ["a negative count counts as empty", { tokens: -5, refilledAt: t0 }, 0, 0],
  ])("%s holds the right tokens", (_name, state, ms, expected) => {
    expect(tokensAt(state, at(ms), limits)).toBeCloseTo(expected, 9);
  });

  it("takes only whole tokens, never more than asked or held, and keeps the fraction", () => {
    const { taken, state } = takeTokens({ tokens: 2.5, refilledAt: t0 }, t0, 10, limits);
    expect(taken).toBe(2);
    expect(state.tokens).toBeCloseTo(0.5, 9);
    expect(state.refilledAt).toEqual(t0);
    expect(takeTokens({ tokens: 20, refilledAt: t0 }, t0, 3, limits).taken).toBe(3);
    expect(takeTokens({ tokens: 20, refilledAt: t0 }, t0, -1, limits).taken).toBe(0);
  });

  it("never moves the refill time back for a caller whose clock is behind, so no interval is paid out twice", () => {
    const later = at(1000);
    const behind = takeTokens({ tokens: 0, refilledAt: later }, at(400), 5, limits);
    expect(behind.taken).toBe(0);
    expect(behind.state.refilledAt).toEqual(later);
    // The next caller, on time, gets only what accrued since the real last refill.
    expect(takeTokens(behind.state, at(1100), 5, limits).taken).toBe(2);
  });

  it("says how long until the next whole token when it has none to give", () => {
    const empty = takeTokens({ tokens: 0.5, refilledAt: t0 }, t0, 1, limits);
    expect(empty.taken).toBe(0);
    expect(empty.nextTokenInMs).toBe(25);
    expect(takeTokens({ tokens: 5, refilledAt: t0 }, t0, 1, limits).nextTokenInMs).toBe(0);
  });

  it("over any second of steady demand gives out no more than the rate plus the burst", () => {
    let state = { tokens: 20, refilledAt: t0 };
    let given = 0;
    for (let ms = 0; ms <= 1000; ms += 7) {
      const took = takeTokens(state, at(ms), 5, limits);
      given += took.taken;
      state = took.state;
    }
    expect(given).toBeLessThanOrEqual(20 + 20);
    expect(given).toBeGreaterThanOrEqual(39);
  });

  it("gives back unused tokens up to the burst", () => {
    expect(returnTokens({ tokens: 1, refilledAt: t0 }, 3, limits).tokens).toBe(4);
    expect(returnTokens({ tokens: 19, refilledAt: t0 }, 3, limits).tokens).toBe(20);
    expect(returnTokens({ tokens: 1, refilledAt: t0 }, -3, limits).tokens).toBe(1);
  });

  it.each([
    [0, 250],
    [1, 250],
    [2, 500],
    [3, 1000],
    [6, 8000],
    [40, 8000],
  ])("after attempt %i the queue waits %i ms", (attempts, ms) => {
    expect(sessionRetryDelayMs(attempts)).toBe(ms);
  });
});
