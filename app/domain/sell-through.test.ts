import { describe, expect, it } from "vitest";
import { sellThrough, windowDays } from "./sell-through";

const DAY = 86_400_000;
const NOW = new Date("2026-11-21T12:00:00.000Z");
const days = (n: number) => new Date(NOW.getTime() + n * DAY);

const base = { totalTickets: 1000, ticketsSold: 300, soldInWindow: 70, now: NOW, endDate: days(30) };

describe("sellThrough", () => {
  it("projects the sell-out date from the last seven days' pace", () => {
    // 70 tickets in 7 days is 10 a day; 700 left is 70 days away, past a closing date 30 days out.
    expect(sellThrough(base)).toEqual({ soldShare: 0.3, perDay: 10, projection: { kind: "not_at_this_rate" } });
    // At 140 a week (20 a day) the 700 left go in 35 days: still after closing.
    expect(sellThrough({ ...base, soldInWindow: 140 }).projection).toEqual({ kind: "not_at_this_rate" });
    // At 350 a week (50 a day) they go in 14 days.
    expect(sellThrough({ ...base, soldInWindow: 350 })).toEqual({
      soldShare: 0.3,
      perDay: 50,
      projection: { kind: "on_date", date: days(14) },
    });
  });

  it.each([
    ["no sales this week", { soldInWindow: 0 }, "not_at_this_rate"],
    ["every ticket sold", { ticketsSold: 1000, soldInWindow: 0 }, "sold_out"],
    ["sold out with sales this week", { ticketsSold: 1000, soldInWindow: 500 }, "sold_out"],
    ["selling out exactly at the closing time", { ticketsSold: 930, soldInWindow: 7, endDate: days(70) }, "on_date"],
    ["one day too slow", { ticketsSold: 930, soldInWindow: 7, endDate: days(69) }, "not_at_this_rate"],
    ["a competition with no tickets", { totalTickets: 0, ticketsSold: 0 }, "sold_out"],
  ] as const)("%s", (_name, overrides, kind) => {
    expect(sellThrough({ ...base, ...overrides }).projection.kind).toBe(kind);
  });

  it("keeps the share between 0 and 1 whatever the counts say", () => {
    expect(sellThrough({ ...base, ticketsSold: 1200 }).soldShare).toBe(1);
    expect(sellThrough({ ...base, ticketsSold: -5 }).soldShare).toBe(0);
    expect(sellThrough({ ...base, totalTickets: 0, ticketsSold: 0 }).soldShare).toBe(0);
  });

  it("measures a competition younger than a week since it went live", () => {
    // Live for two days with 100 sold: 50 a day, so the 700 left go in 14 days.
    const young = sellThrough({ ...base, soldInWindow: 100, liveSince: days(-2) });
    expect(young.perDay).toBe(50);
    expect(young.projection).toEqual({ kind: "on_date", date: days(14) });
  });
});

describe("windowDays", () => {
  it("is a week, or the time since going live, but never under a day", () => {
    expect(windowDays(NOW)).toBe(7);
    expect(windowDays(NOW, null)).toBe(7);
    expect(windowDays(NOW, days(-30))).toBe(7);
    expect(windowDays(NOW, days(-3))).toBe(3);
    expect(windowDays(NOW, new Date(NOW.getTime() - DAY / 24))).toBe(1);
    expect(windowDays(NOW, days(1))).toBe(1);
  });
});
