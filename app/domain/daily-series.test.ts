import { describe, expect, it } from "vitest";
import { dayAfter, fillDays, lastDays, londonDayKey, startOfDay } from "./daily-series";

describe("London days", () => {
  it("names the day by London's calendar, not UTC's", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST); in winter the two agree.
    expect(londonDayKey(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(londonDayKey(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
  });

  it("lists the last days oldest first, across a month end and a clock change", () => {
    expect(lastDays(new Date("2026-11-02T10:00:00Z"), 4)).toEqual([
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
      "2026-11-02",
    ]);
    const thirty = lastDays(new Date("2026-03-30T00:30:00Z"), 30);
    expect(thirty).toHaveLength(30);
    expect(thirty[0]).toBe("2026-03-01");
    expect(thirty.at(-1)).toBe("2026-03-30");
    expect(new Set(thirty).size).toBe(30);
  });

  it("knows the next day across month and year ends", () => {
    expect(dayAfter("2026-02-28")).toBe("2026-03-01");
    expect(dayAfter("2028-02-28")).toBe("2028-02-29");
    expect(dayAfter("2026-12-31")).toBe("2027-01-01");
  });

  it("starts a day at London's midnight", () => {
    expect(startOfDay("2026-07-01").toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(startOfDay("2026-12-01").toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });
});

describe("fillDays", () => {
  it("gives every day a row, with zeros where nothing sold, and ignores days outside the range", () => {
    const days = ["2026-11-19", "2026-11-20", "2026-11-21"];
    expect(
      fillDays(days, [
        { day: "2026-11-21", revenuePence: 500, tickets: 2 },
        { day: "2026-11-19", tickets: 1 },
        { day: "2026-11-19", revenuePence: 250 },
        { day: "2026-10-01", revenuePence: 999, tickets: 9 },
      ]),
    ).toEqual([
      { day: "2026-11-19", revenuePence: 250, tickets: 1 },
      { day: "2026-11-20", revenuePence: 0, tickets: 0 },
      { day: "2026-11-21", revenuePence: 500, tickets: 2 },
    ]);
  });
});
