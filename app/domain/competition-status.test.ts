import { describe, expect, it } from "vitest";
import {
  COMPETITION_STATUSES,
  type CompetitionState,
  canEnter,
  DAY_MS,
  ENDING_SOON_MS,
  formatTimeLeft,
  HOUR_MS,
  isCancelledStatus,
  isCompetitionStatus,
  isEnded,
  isEndingSoon,
  isSoldOut,
  MINUTE_MS,
  oddsText,
  percentSold,
  SECOND_MS,
  timeLeft,
  timeLeftText,
} from "./competition-status";

const NOW = new Date("2026-11-21T12:00:00.000Z");
const inFuture = (ms: number) => new Date(NOW.getTime() + ms);

function competition(overrides: Partial<CompetitionState> = {}): CompetitionState {
  return { endDate: inFuture(7 * DAY_MS), ticketsSold: 120, totalTickets: 2500, status: "active", ...overrides };
}

describe("COMPETITION_STATUSES", () => {
  it("lists the lifecycle in order", () => {
    expect(COMPETITION_STATUSES).toEqual([
      "draft",
      "scheduled",
      "active",
      "closed",
      "completed",
      "cancelling",
      "cancelled",
    ]);
  });

  it.each([
    ["active", true],
    ["completed", true],
    ["draft", true],
    ["cancelled", true],
    ["Active", false],
    ["live", false],
    ["", false],
    [undefined, false],
    [1, false],
  ])("recognises %j as a status: %s", (value, expected) => {
    expect(isCompetitionStatus(value)).toBe(expected);
  });
});

describe("a cancelled competition", () => {
  const endDate = new Date("2026-12-01T12:00:00Z");
  const now = new Date("2026-11-27T12:00:00Z");
  it.each(["cancelling", "cancelled"] as const)("%s shows no countdown, only Cancelled", (status) => {
    expect(isCancelledStatus(status)).toBe(true);
    expect(timeLeftText({ endDate, status }, now)).toBe("Cancelled");
  });
  it.each(["draft", "scheduled", "active", "closed", "completed"] as const)("%s keeps its time left", (status) => {
    expect(isCancelledStatus(status)).toBe(false);
    expect(timeLeftText({ endDate, status }, now)).toBe("4d 0h");
  });
});

describe("isEnded", () => {
  it.each([
    ["a week to go", 7 * DAY_MS, false],
    ["one millisecond to go", 1, false],
    ["exactly at the end date", 0, true],
    ["one millisecond past", -1, true],
    ["a day past", -DAY_MS, true],
  ])("%s → %s", (_label, offset, expected) => {
    expect(isEnded({ endDate: inFuture(offset) }, NOW)).toBe(expected);
  });

  it("treats an invalid end date as ended so it can never take entries", () => {
    expect(isEnded({ endDate: new Date("not a date") }, NOW)).toBe(true);
  });
});

describe("isSoldOut", () => {
  it.each([
    [0, 2500, false],
    [2499, 2500, false],
    [2500, 2500, true],
    [2501, 2500, true],
    [0, 0, true],
  ])("%i of %i sold: sold out %s", (ticketsSold, totalTickets, soldOut) => {
    expect(isSoldOut({ ticketsSold, totalTickets })).toBe(soldOut);
  });
});

describe("isEndingSoon", () => {
  it("is 48 hours", () => {
    expect(ENDING_SOON_MS).toBe(48 * 60 * 60 * 1000);
  });

  it.each([
    ["a week to go", 7 * DAY_MS, false],
    ["exactly two days to go", ENDING_SOON_MS, false],
    ["a millisecond under two days", ENDING_SOON_MS - 1, true],
    ["an hour to go", HOUR_MS, true],
    ["one millisecond to go", 1, true],
    ["already ended", 0, false],
    ["ended yesterday", -DAY_MS, false],
  ])("an open competition with %s → %s", (_label, offset, expected) => {
    expect(isEndingSoon(competition({ endDate: inFuture(offset) }), NOW)).toBe(expected);
  });

  it.each(["draft", "completed", "cancelled"] as const)("is never true for a %s competition", (status) => {
    expect(isEndingSoon(competition({ status, endDate: inFuture(HOUR_MS) }), NOW)).toBe(false);
  });

  it("is not true once every ticket is sold", () => {
    expect(isEndingSoon(competition({ endDate: inFuture(HOUR_MS), ticketsSold: 2500 }), NOW)).toBe(false);
  });
});

describe("timeLeft", () => {
  it("breaks the remaining time into days, hours, minutes and seconds", () => {
    const totalMs = 3 * DAY_MS + 4 * HOUR_MS + 5 * MINUTE_MS + 6 * SECOND_MS + 789;
    expect(timeLeft(inFuture(totalMs), NOW)).toEqual({
      ended: false,
      days: 3,
      hours: 4,
      minutes: 5,
      seconds: 6,
      totalMs,
    });
  });

  it.each([
    [1, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [999, { days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [SECOND_MS, { days: 0, hours: 0, minutes: 0, seconds: 1 }],
    [MINUTE_MS - 1, { days: 0, hours: 0, minutes: 0, seconds: 59 }],
    [HOUR_MS - 1, { days: 0, hours: 0, minutes: 59, seconds: 59 }],
    [DAY_MS - 1, { days: 0, hours: 23, minutes: 59, seconds: 59 }],
    [DAY_MS, { days: 1, hours: 0, minutes: 0, seconds: 0 }],
    [400 * DAY_MS, { days: 400, hours: 0, minutes: 0, seconds: 0 }],
  ])("%i ms left → %o", (offset, parts) => {
    expect(timeLeft(inFuture(offset), NOW)).toEqual({ ended: false, totalMs: offset, ...parts });
  });

  it.each([0, -1, -DAY_MS])("has ended %i ms from the end date", (offset) => {
    expect(timeLeft(inFuture(offset), NOW)).toEqual({ ended: true });
  });

  it("treats an invalid end date as ended", () => {
    expect(timeLeft(new Date(Number.NaN), NOW)).toEqual({ ended: true });
  });

  it("always adds its parts back up to the whole seconds left", () => {
    for (let offset = 1; offset < 3 * DAY_MS; offset += 997 * SECOND_MS + 13) {
      const left = timeLeft(inFuture(offset), NOW);
      if (left.ended) throw new Error(`ended with ${offset} ms left`);
      const seconds = left.days * 86_400 + left.hours * 3_600 + left.minutes * 60 + left.seconds;
      expect(seconds).toBe(Math.floor(offset / SECOND_MS));
      expect(left.hours).toBeLessThan(24);
      expect(left.minutes).toBeLessThan(60);
      expect(left.seconds).toBeLessThan(60);
    }
  });
});

describe("formatTimeLeft", () => {
  it.each([
    ["ended", -HOUR_MS, "Ended"],
    ["exactly at the end", 0, "Ended"],
    ["three days and four hours", 3 * DAY_MS + 4 * HOUR_MS + 59 * MINUTE_MS, "3d 4h"],
    ["exactly one day", DAY_MS, "1d 0h"],
    ["under a day", 5 * HOUR_MS + 30 * MINUTE_MS, "0d 5h"],
    ["exactly one hour", HOUR_MS, "0d 1h"],
    ["just under an hour", HOUR_MS - 1, "59m"],
    ["forty-five minutes", 45 * MINUTE_MS + 30 * SECOND_MS, "45m"],
    ["exactly one minute", MINUTE_MS, "1m"],
    ["under a minute", 59 * SECOND_MS, "<1m"],
    ["one millisecond", 1, "<1m"],
    ["a long way off", 120 * DAY_MS + 23 * HOUR_MS, "120d 23h"],
  ])("%s → %s", (_label, offset, expected) => {
    expect(formatTimeLeft(inFuture(offset), NOW)).toBe(expected);
  });
});

describe("canEnter", () => {
  it("lets anyone enter an active competition with tickets left before it ends", () => {
    expect(canEnter(competition(), NOW)).toEqual({ ok: true });
  });

  it("still lets the last ticket be bought a millisecond before the end", () => {
    expect(canEnter(competition({ endDate: inFuture(1), ticketsSold: 2499 }), NOW)).toEqual({ ok: true });
  });

  it.each([
    ["it has ended", { endDate: inFuture(0) }, "ended"],
    ["it ended and sold out", { endDate: inFuture(-DAY_MS), ticketsSold: 2500 }, "ended"],
    ["it is completed and past its end date", { endDate: inFuture(-DAY_MS), status: "completed" }, "ended"],
    ["it is sold out", { ticketsSold: 2500 }, "sold_out"],
    ["it is oversold", { ticketsSold: 2600 }, "sold_out"],
    ["it is a draft", { status: "draft" }, "not_live"],
    ["it is cancelled", { status: "cancelled" }, "not_live"],
    ["it is completed early", { status: "completed" }, "not_live"],
    ["it is a sold-out draft", { status: "draft", ticketsSold: 2500 }, "not_live"],
  ] as const)("refuses entry when %s", (_label, overrides, reason) => {
    expect(canEnter(competition(overrides), NOW)).toEqual({ ok: false, reason });
  });
});

describe("percentSold", () => {
  it.each([
    [0, 2500, 0],
    [1, 2500, 0],
    [25, 2500, 1],
    [1249, 2500, 49],
    [1250, 2500, 50],
    [2474, 2500, 98],
    [2475, 2500, 99],
    [2499, 2500, 99],
    [2500, 2500, 100],
    [2600, 2500, 100],
    [1, 3, 33],
    [2, 3, 66],
    [3, 3, 100],
    [999_999, 1_000_000, 99],
    [0, 0, 0],
    [5, 0, 0],
    [-5, 100, 0],
  ])("%i of %i sold shows %i%%", (sold, total, expected) => {
    expect(percentSold(sold, total)).toBe(expected);
  });

  it("is a whole number from 0 to 100 that reaches 100 only when sold out", () => {
    for (const total of [1, 2, 3, 7, 99, 100, 101, 999, 2500]) {
      let previous = 0;
      for (let sold = 0; sold <= total; sold++) {
        const percent = percentSold(sold, total);
        expect(Number.isInteger(percent)).toBe(true);
        expect(percent).toBeGreaterThanOrEqual(previous);
        expect(percent === 100).toBe(sold === total);
        expect(percent).toBeLessThanOrEqual((sold * 100) / total);
        previous = percent;
      }
    }
  });
});

describe("oddsText", () => {
  it.each([
    [1, "1 in 1"],
    [10, "1 in 10"],
    [999, "1 in 999"],
    [1000, "1 in 1,000"],
    [2500, "1 in 2,500"],
    [1_000_000, "1 in 1,000,000"],
  ])("one ticket among %i at most → %s", (total, expected) => {
    expect(oddsText(total)).toBe(expected);
  });

  it.each([0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY])("refuses %s tickets", (total) => {
    expect(() => oddsText(total)).toThrow(RangeError);
  });
});
