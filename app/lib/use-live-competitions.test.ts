import { describe, expect, it } from "vitest";
import { reconnectDelay, withLiveCounts } from "./use-live-competitions";

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

  it("returns the competition unchanged when nothing live is known for it", () => {
    expect(withLiveCounts(loaded, { 4: { id: 4, ticketsSold: 1, totalTickets: 2, status: "active" } })).toBe(loaded);
  });
});
