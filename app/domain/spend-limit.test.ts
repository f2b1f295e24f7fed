import { describe, expect, it } from "vitest";
import {
  effectiveLimit,
  exceedsLimit,
  isTightening,
  isValidLimit,
  LIMIT_COOLING_OFF_MS,
  type LimitState,
  MAX_LIMIT_PENCE,
  NO_LIMIT,
  planLimitChange,
  remainingAllowance,
  settleLimit,
} from "./spend-limit";

const now = new Date("2026-03-10T12:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);
const limit = (monthlyLimitPence: number | null, pending?: { pence: number | null; at: Date }): LimitState => ({
  monthlyLimitPence,
  pendingLimitPence: pending?.pence ?? null,
  pendingEffectiveAt: pending?.at ?? null,
});

describe("cooling-off", () => {
  it("is 24 hours", () => {
    expect(LIMIT_COOLING_OFF_MS).toBe(24 * 60 * 60 * 1000);
  });
});

describe("isValidLimit", () => {
  it("accepts none, £0 and whole pence up to the maximum", () => {
    for (const ok of [null, 0, 1, 5000, MAX_LIMIT_PENCE]) expect(isValidLimit(ok)).toBe(true);
    for (const bad of [-1, 0.5, MAX_LIMIT_PENCE + 1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(isValidLimit(bad)).toBe(false);
  });
});

describe("isTightening", () => {
  it.each([
    [null, null, true],
    [null, 0, true],
    [null, 5000, true],
    [5000, 5000, true],
    [5000, 4999, true],
    [5000, 0, true],
    [5000, 5001, false],
    [5000, null, false],
    [0, 1, false],
  ] as const)("from %s to %s is %s", (current, requested, expected) => {
    expect(isTightening(current, requested)).toBe(expected);
  });
});

describe("settleLimit and effectiveLimit", () => {
  it("keep the current limit until the pending change is due, then apply it", () => {
    const state = limit(1000, { pence: 5000, at: later(LIMIT_COOLING_OFF_MS) });
    expect(effectiveLimit(state, now)).toBe(1000);
    expect(effectiveLimit(state, later(LIMIT_COOLING_OFF_MS - 1))).toBe(1000);
    expect(effectiveLimit(state, later(LIMIT_COOLING_OFF_MS))).toBe(5000);
    expect(settleLimit(state, later(LIMIT_COOLING_OFF_MS))).toEqual(limit(5000));
  });
  it("apply a pending removal as no limit", () => {
    const state = limit(1000, { pence: null, at: later(10) });
    expect(effectiveLimit(state, later(9))).toBe(1000);
    expect(effectiveLimit(state, later(10))).toBeNull();
  });
  it("leave a state without a pending change alone", () => {
    expect(settleLimit(NO_LIMIT, now)).toBe(NO_LIMIT);
    expect(effectiveLimit(limit(0), now)).toBe(0);
  });
});

describe("planLimitChange", () => {
  it("sets a first limit at once", () => {
    expect(planLimitChange(NO_LIMIT, 5000, now)).toEqual({ state: limit(5000), effectiveAt: now, immediate: true });
  });
  it("lowers at once, down to £0", () => {
    expect(planLimitChange(limit(5000), 0, now)).toEqual({ state: limit(0), effectiveAt: now, immediate: true });
  });
  it("raises only after 24 hours, keeping the current limit meanwhile", () => {
    const plan = planLimitChange(limit(5000), 10_000, now);
    expect(plan.immediate).toBe(false);
    expect(plan.effectiveAt).toEqual(later(LIMIT_COOLING_OFF_MS));
    expect(effectiveLimit(plan.state, later(LIMIT_COOLING_OFF_MS - 1))).toBe(5000);
    expect(effectiveLimit(plan.state, later(LIMIT_COOLING_OFF_MS))).toBe(10_000);
  });
  it("removes only after 24 hours", () => {
    const plan = planLimitChange(limit(5000), null, now);
    expect(plan).toEqual({
      state: limit(5000, { pence: null, at: later(LIMIT_COOLING_OFF_MS) }),
      effectiveAt: later(LIMIT_COOLING_OFF_MS),
      immediate: false,
    });
  });
  it("lowering cancels a pending raise", () => {
    const pending = limit(5000, { pence: 20_000, at: later(1000) });
    expect(planLimitChange(pending, 4000, now)).toEqual({ state: limit(4000), effectiveAt: now, immediate: true });
  });
  it("keeping the same limit cancels a pending raise", () => {
    const pending = limit(5000, { pence: 20_000, at: later(1000) });
    expect(planLimitChange(pending, 5000, now).state).toEqual(limit(5000));
  });
  it("asking again for the pending raise does not restart the clock", () => {
    const first = planLimitChange(limit(5000), 10_000, now);
    const again = planLimitChange(first.state, 10_000, later(60_000));
    expect(again.effectiveAt).toEqual(first.effectiveAt);
  });
  it("a different raise restarts the clock", () => {
    const first = planLimitChange(limit(5000), 10_000, now);
    const other = planLimitChange(first.state, 12_000, later(60_000));
    expect(other.effectiveAt).toEqual(later(60_000 + LIMIT_COOLING_OFF_MS));
    expect(other.state.monthlyLimitPence).toBe(5000);
  });
  it("compares against a pending change that is already due", () => {
    const due = limit(5000, { pence: 20_000, at: later(-1) });
    expect(planLimitChange(due, 15_000, now)).toEqual({ state: limit(15_000), effectiveAt: now, immediate: true });
  });
  it("refuses an invalid amount", () => {
    expect(() => planLimitChange(NO_LIMIT, -5, now)).toThrow(RangeError);
    expect(() => planLimitChange(NO_LIMIT, 1.5, now)).toThrow(RangeError);
  });
});

describe("remainingAllowance and exceedsLimit", () => {
  it("have no bound without a limit", () => {
    expect(remainingAllowance(null, 123_456)).toBeNull();
    expect(exceedsLimit(null, 10 ** 9, 10 ** 9)).toBe(false);
  });
  it("allow spending up to the limit exactly", () => {
    expect(remainingAllowance(5000, 3000)).toBe(2000);
    expect(exceedsLimit(5000, 3000, 2000)).toBe(false);
    expect(exceedsLimit(5000, 3000, 2001)).toBe(true);
  });
  it("never go negative and a £0 limit refuses everything that costs money", () => {
    expect(remainingAllowance(5000, 9000)).toBe(0);
    expect(exceedsLimit(0, 0, 1)).toBe(true);
    expect(exceedsLimit(0, 0, 0)).toBe(false);
  });
});
