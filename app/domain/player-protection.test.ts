import { describe, expect, it } from "vitest";
import {
  addMonths,
  exclusionEnd,
  isActiveUntil,
  isPauseDays,
  isValidExclusionMonths,
  MAX_SELF_EXCLUSION_MONTHS,
  MIN_SELF_EXCLUSION_MONTHS,
  pauseEnd,
} from "./player-protection";

const now = new Date("2026-03-10T12:00:00Z");
const DAY = 86_400_000;

describe("pause", () => {
  it("offers 1, 7 and 30 days only", () => {
    expect([1, 7, 30].every(isPauseDays)).toBe(true);
    for (const other of [0, 2, 14, 31, "7", null]) expect(isPauseDays(other)).toBe(false);
  });
  it("runs whole days from now", () => {
    expect(pauseEnd(now, 1, null)).toEqual(new Date(now.getTime() + DAY));
    expect(pauseEnd(now, 30, null)).toEqual(new Date(now.getTime() + 30 * DAY));
  });
  it("can be lengthened but never shortened", () => {
    const week = pauseEnd(now, 7, null);
    expect(pauseEnd(now, 1, week)).toEqual(week);
    expect(pauseEnd(now, 30, week)).toEqual(new Date(now.getTime() + 30 * DAY));
  });
});

describe("addMonths", () => {
  it.each([
    ["2026-03-10T12:00:00Z", 6, "2026-09-10T12:00:00.000Z"],
    ["2026-08-31T08:00:00Z", 6, "2027-02-28T08:00:00.000Z"],
    ["2027-08-31T08:00:00Z", 6, "2028-02-29T08:00:00.000Z"],
    ["2026-12-15T00:00:00Z", 1, "2027-01-15T00:00:00.000Z"],
    ["2026-01-31T00:00:00Z", 60, "2031-01-31T00:00:00.000Z"],
    ["2026-05-31T00:00:00Z", -3, "2026-02-28T00:00:00.000Z"],
  ])("%s + %i months is %s", (from, months, to) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(to);
  });
});

describe("self-exclusion", () => {
  it("lasts at least 6 months and at most 5 years", () => {
    expect(MIN_SELF_EXCLUSION_MONTHS).toBe(6);
    expect(MAX_SELF_EXCLUSION_MONTHS).toBe(60);
    for (const ok of [6, 12, 60]) expect(isValidExclusionMonths(ok)).toBe(true);
    for (const bad of [5, 0, -6, 6.5, 61, "6", null]) expect(isValidExclusionMonths(bad)).toBe(false);
    expect(() => exclusionEnd(now, 5, null)).toThrow(RangeError);
  });
  it("runs calendar months from now and can only be extended", () => {
    const sixMonths = exclusionEnd(now, 6, null);
    expect(sixMonths.toISOString()).toBe("2026-09-10T12:00:00.000Z");
    const longer = new Date("2030-01-01T00:00:00Z");
    expect(exclusionEnd(now, 6, longer)).toEqual(longer);
    expect(exclusionEnd(now, 12, sixMonths).toISOString()).toBe("2027-03-10T12:00:00.000Z");
  });
});

describe("isActiveUntil", () => {
  it("is in force strictly before its end", () => {
    expect(isActiveUntil(null, now)).toBe(false);
    expect(isActiveUntil(new Date(now.getTime() + 1), now)).toBe(true);
    expect(isActiveUntil(now, now)).toBe(false);
  });
});
