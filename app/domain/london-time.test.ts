import { describe, expect, it } from "vitest";
import {
  londonDate,
  londonMidnight,
  londonMonthStart,
  londonOffsetMinutes,
  londonWallTimeToInstant,
  toLondonWallTime,
} from "./london-time";

describe("londonDate", () => {
  it("is the UTC date in winter (GMT)", () => {
    expect(londonDate(new Date("2026-01-15T23:59:59Z"))).toEqual({ year: 2026, month: 1, day: 15 });
  });
  it("rolls over an hour early in summer (BST)", () => {
    expect(londonDate(new Date("2026-07-15T22:59:59Z"))).toEqual({ year: 2026, month: 7, day: 15 });
    expect(londonDate(new Date("2026-07-15T23:00:00Z"))).toEqual({ year: 2026, month: 7, day: 16 });
  });
  it("rejects an invalid date", () => {
    expect(() => londonDate(new Date("nonsense"))).toThrow(RangeError);
  });
});

describe("londonOffsetMinutes", () => {
  it.each([
    ["2026-01-01T12:00:00Z", 0],
    ["2026-03-29T00:59:59Z", 0], // last second of GMT in 2026
    ["2026-03-29T01:00:00Z", 60], // clocks go forward
    ["2026-10-25T00:59:59Z", 60], // last second of BST in 2026
    ["2026-10-25T01:00:00Z", 0], // clocks go back
    ["2026-07-01T00:00:00.999Z", 60],
  ])("at %s is %i", (iso, offset) => {
    expect(londonOffsetMinutes(new Date(iso))).toBe(offset);
  });
});

describe("londonMidnight", () => {
  it("is midnight UTC in winter and 23:00 UTC the day before in summer", () => {
    expect(londonMidnight({ year: 2026, month: 2, day: 1 }).toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(londonMidnight({ year: 2026, month: 6, day: 1 }).toISOString()).toBe("2026-05-31T23:00:00.000Z");
  });
  it("handles the days the clocks change", () => {
    expect(londonMidnight({ year: 2026, month: 3, day: 29 }).toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(londonMidnight({ year: 2026, month: 10, day: 25 }).toISOString()).toBe("2026-10-24T23:00:00.000Z");
  });
});

describe("londonMonthStart", () => {
  it.each([
    ["2026-01-01T00:00:00Z", "2026-01-01T00:00:00.000Z"],
    ["2026-01-31T23:59:59Z", "2026-01-01T00:00:00.000Z"],
    ["2026-04-30T22:59:59Z", "2026-03-31T23:00:00.000Z"], // still April in London
    ["2026-04-30T23:00:00Z", "2026-04-30T23:00:00.000Z"], // already 1 May in London
    ["2026-11-01T00:30:00Z", "2026-11-01T00:00:00.000Z"], // GMT again in November
    ["2026-10-31T23:30:00Z", "2026-09-30T23:00:00.000Z"], // 31 October 23:30 GMT
    ["2028-02-29T12:00:00Z", "2028-02-01T00:00:00.000Z"],
    ["2026-12-31T23:59:59Z", "2026-12-01T00:00:00.000Z"],
  ])("of %s is %s", (iso, start) => {
    expect(londonMonthStart(new Date(iso)).toISOString()).toBe(start);
  });

  it("never lies after the instant and is within 32 days before it, across two years every 5 hours", () => {
    // Five hours is coprime with a day's 24, so the steps land on every hour of the day over the two years.
    const from = Date.UTC(2026, 0, 1);
    for (let t = from; t < from + 2 * 366 * 86_400_000; t += 5 * 3_600_000) {
      const start = londonMonthStart(new Date(t)).getTime();
      expect(start).toBeLessThanOrEqual(t);
      expect(t - start).toBeLessThan(32 * 86_400_000);
      expect(londonDate(new Date(start)).day).toBe(1);
      expect(londonDate(new Date(start - 1)).day).not.toBe(1);
    }
  });
});

describe("londonWallTimeToInstant", () => {
  it.each([
    ["2026-01-15T14:05", "2026-01-15T14:05:00.000Z"], // GMT
    ["2026-07-15T14:05", "2026-07-15T13:05:00.000Z"], // BST
    ["2026-03-29T00:59", "2026-03-29T00:59:00.000Z"], // the last GMT minute before clocks go forward
    ["2026-03-29T02:00", "2026-03-29T01:00:00.000Z"], // the first BST minute
    ["2026-10-25T01:30", "2026-10-25T00:30:00.000Z"], // happens twice: the first (BST) reading
    ["2026-10-25T02:00", "2026-10-25T02:00:00.000Z"],
    [" 2026-12-31T23:59 ", "2026-12-31T23:59:00.000Z"],
  ])("reads %s as %s", (text, iso) => {
    expect(londonWallTimeToInstant(text)?.toISOString()).toBe(iso);
  });

  it.each([
    "2026-03-29T01:30", // skipped when the clocks go forward
    "2026-02-30T12:00",
    "2026-13-01T12:00",
    "2026-01-01T24:00",
    "2026-01-01T12:60",
    "2026-01-01 12:00",
    "2026-01-01",
    "",
    "tomorrow",
  ])("refuses %j", (text) => {
    expect(londonWallTimeToInstant(text)).toBeNull();
  });

  it("round-trips with toLondonWallTime", () => {
    for (const iso of ["2026-01-15T14:05:00Z", "2026-07-15T13:05:00Z", "2026-10-25T00:30:00Z"]) {
      const wall = toLondonWallTime(new Date(iso));
      expect(londonWallTimeToInstant(wall)?.toISOString()).toBe(new Date(iso).toISOString());
    }
  });

  it("shows an instant as London's wall clock reads it", () => {
    expect(toLondonWallTime(new Date("2026-07-15T23:30:00Z"))).toBe("2026-07-16T00:30");
    expect(toLondonWallTime(new Date("2026-01-15T23:30:59Z"))).toBe("2026-01-15T23:30");
    expect(() => toLondonWallTime(new Date("nonsense"))).toThrow(RangeError);
  });
});
