import { describe, expect, it } from "vitest";
import {
  announceCompetitionMessage,
  onCompetitionMessage,
  reconnectDelay,
  withLiveCounts,
} from "./use-live-competitions";

describe("reconnectDelay", () => {
  it("waits 1, 2, 5 and then 10 seconds between attempts (spec section 9)", () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000, 10_000]);
  });

  it("treats a negative attempt as the first", () => {
    expect(reconnectDelay(-1)).toBe(1000);
  });
});

describe("withLiveCounts", () => {
  const loaded = { id: 3, title: "Saddle", ticketsSold: 10, totalTickets: 100, status: "active" as const };

  it("lays live numbers over the loaded ones and keeps everything else", () => {
    const live = { 3: { id: 3, ticketsSold: 14, totalTickets: 100, status: "completed" as const } };
    expect(withLiveCounts(loaded, live)).toEqual({ ...loaded, ticketsSold: 14, status: "completed" });
  });

  it("takes sales made since the page loaded out of the reserved count it loaded with", () => {
    const held = { ...loaded, ticketsReserved: 5 };
    const live = (ticketsSold: number) => ({ 3: { id: 3, ticketsSold, totalTickets: 100, status: "active" as const } });
    expect(withLiveCounts(held, live(13))).toEqual({ ...held, ticketsSold: 13, ticketsReserved: 2 });
    expect(withLiveCounts(held, live(20))).toEqual({ ...held, ticketsSold: 20, ticketsReserved: 0 });
    // Fewer sold (a refund or a correction) leaves the reservations as they were.
    expect(withLiveCounts(held, live(8))).toEqual({ ...held, ticketsSold: 8, ticketsReserved: 5 });
    expect(withLiveCounts(loaded, live(13))).not.toHaveProperty("ticketsReserved");
  });

  it("returns the competition unchanged when nothing live is known for it", () => {
    expect(withLiveCounts(loaded, { 4: { id: 4, ticketsSold: 1, totalTickets: 2, status: "active" } })).toBe(loaded);
  });
});

describe("onCompetitionMessage", () => {
  it("hears every message about its competition, counts changed or not, until it unsubscribes", () => {
    const heard: string[] = [];
    const stop = onCompetitionMessage(3, () => heard.push("3"));
    const other = onCompetitionMessage(4, () => heard.push("4"));
    announceCompetitionMessage(3);
    announceCompetitionMessage(3);
    announceCompetitionMessage(5);
    stop();
    announceCompetitionMessage(3);
    announceCompetitionMessage(4);
    other();
    expect(heard).toEqual(["3", "3", "4"]);
  });
});
