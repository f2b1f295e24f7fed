import { describe, expect, it } from "vitest";
import {
  changeBetween,
  changeText,
  daysOf,
  PERIOD_MESSAGES,
  periodLabel,
  previousLabel,
  readDashboardPeriod,
  shiftDay,
} from "./dashboard-period";

// 00:30 on 1 July 2026 in London (BST): still 30 June in UTC, so the London day must be used.
const NOW = new Date("2026-06-30T23:30:00Z");
const read = (search: string) => readDashboardPeriod(new URLSearchParams(search), NOW);

describe("the dashboard's period", () => {
  it("is the last 30 London days by default, beside the 30 before them", () => {
    expect(read("")).toEqual({
      range: "30",
      from: "2026-06-02",
      to: "2026-07-01",
      days: 30,
      previous: { from: "2026-05-03", to: "2026-06-01" },
      problem: null,
    });
  });

  it.each([
    ["range=7", "7", "2026-06-25", { from: "2026-06-18", to: "2026-06-24" }],
    ["range=90", "90", "2026-04-03", { from: "2026-01-03", to: "2026-04-02" }],
    ["range=365", "30", "2026-06-02", { from: "2026-05-03", to: "2026-06-01" }],
    ["range=", "30", "2026-06-02", { from: "2026-05-03", to: "2026-06-01" }],
  ])("reads %s", (search, range, from, previous) => {
    expect(read(search)).toMatchObject({ range, from, to: "2026-07-01", previous, problem: null });
  });

  it("takes custom UK dates, the previous period being as long and just before", () => {
    expect(read("range=custom&from=01/03/2026&to=10/03/2026")).toEqual({
      range: "custom",
      from: "2026-03-01",
      to: "2026-03-10",
      days: 10,
      previous: { from: "2026-02-19", to: "2026-02-28" },
      problem: null,
    });
    expect(read("from=1/7/2026&to=1/7/2026")).toMatchObject({ range: "custom", days: 1 });
  });

  it.each([
    ["from=2026-03-01&to=2026-03-10", PERIOD_MESSAGES.badDates],
    ["range=custom", PERIOD_MESSAGES.badDates],
    ["from=10/03/2026&to=01/03/2026", PERIOD_MESSAGES.badDates],
    ["from=01/06/2026&to=02/07/2026", PERIOD_MESSAGES.badDates],
    ["from=30/02/2026&to=10/03/2026", PERIOD_MESSAGES.badDates],
    ["from=01/01/2025&to=02/01/2026", PERIOD_MESSAGES.tooLong],
  ])("falls back to 30 days, saying why, for %s", (search, problem) => {
    expect(read(search)).toMatchObject({ range: "30", days: 30, problem });
  });

  it("labels the period and the one before it", () => {
    expect(periodLabel(read("range=7"))).toBe("Last 7 days");
    expect(previousLabel(read("range=7"))).toBe("previous 7 days");
    const custom = read("from=01/03/2026&to=10/03/2026");
    expect(periodLabel(custom)).toBe("01/03/2026 to 10/03/2026");
    expect(previousLabel(custom)).toBe("19/02/2026 to 28/02/2026");
  });

  it("lists its days across a month and a clock change", () => {
    expect(daysOf({ from: "2026-03-28", to: "2026-04-01" })).toEqual([
      "2026-03-28",
      "2026-03-29",
      "2026-03-30",
      "2026-03-31",
      "2026-04-01",
    ]);
    expect(shiftDay("2026-01-01", -1)).toBe("2025-12-31");
  });
});

describe("the change from the previous period", () => {
  it.each([
    [150, 100, { direction: "up", percent: 50 }, "+50%"],
    [90, 120, { direction: "down", percent: -25 }, "−25%"],
    [100, 100, { direction: "same", percent: 0 }, "no change"],
    [0, 0, { direction: "same", percent: 0 }, "no change"],
    [5, 0, { direction: "up", percent: null }, "new"],
    [0, 5, { direction: "down", percent: -100 }, "−100%"],
    [1, 3, { direction: "down", percent: -66.7 }, "−66.7%"],
  ])("%i against %i", (current, previous, change, text) => {
    expect(changeBetween(current, previous)).toEqual(change);
    expect(changeText(changeBetween(current, previous))).toBe(text);
  });
});
