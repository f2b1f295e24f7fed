import { describe, expect, it } from "vitest";
import { complaintAgeDays, complaintReference, isReplyOverdue, replyDueDate } from "./complaints";

describe("complaint references", () => {
  it.each([
    [1, "PDK-C-000001"],
    [123, "PDK-C-000123"],
    [1_234_567, "PDK-C-1234567"],
  ])("complaint %i is %s", (id, reference) => {
    expect(complaintReference(id)).toBe(reference);
  });
});

describe("when a reply is due, in working days on London's calendar", () => {
  it.each([
    // Monday 23 November 2026, 10:00 UTC
    ["a Monday", "2026-11-23T10:00:00Z", 5, { year: 2026, month: 11, day: 30 }],
    ["a Friday skips the weekend", "2026-11-27T10:00:00Z", 1, { year: 2026, month: 11, day: 30 }],
    ["a Saturday counts from Monday", "2026-11-28T10:00:00Z", 1, { year: 2026, month: 11, day: 30 }],
    ["a Sunday, five days", "2026-11-29T10:00:00Z", 5, { year: 2026, month: 12, day: 4 }],
    // 23:30 UTC on Friday 31 July is already Saturday 1 August in London (BST)
    ["late on a summer Friday is Saturday in London", "2026-07-31T23:30:00Z", 1, { year: 2026, month: 8, day: 3 }],
    ["across a year end", "2026-12-31T12:00:00Z", 2, { year: 2027, month: 1, day: 4 }],
  ])("sent on %s", (_label, sent, days, due) => {
    expect(replyDueDate(new Date(sent), days)).toEqual(due);
  });

  it("is overdue only once the due day has ended in London", () => {
    const sent = new Date("2026-11-23T10:00:00Z"); // due Monday 30 November
    expect(isReplyOverdue(sent, 5, new Date("2026-11-30T23:59:59Z"))).toBe(false);
    expect(isReplyOverdue(sent, 5, new Date("2026-12-01T00:00:00Z"))).toBe(true);
    const summer = new Date("2026-07-01T09:00:00Z"); // Wednesday; due Wednesday 8 July, ends 23:00 UTC (BST)
    expect(isReplyOverdue(summer, 5, new Date("2026-07-08T22:59:59Z"))).toBe(false);
    expect(isReplyOverdue(summer, 5, new Date("2026-07-08T23:00:00Z"))).toBe(true);
  });

  it("counts age in whole days, never negative", () => {
    const sent = new Date("2026-11-23T10:00:00Z");
    expect(complaintAgeDays(sent, new Date("2026-11-23T20:00:00Z"))).toBe(0);
    expect(complaintAgeDays(sent, new Date("2026-11-26T10:00:00Z"))).toBe(3);
    expect(complaintAgeDays(sent, new Date("2026-11-22T10:00:00Z"))).toBe(0);
  });
});
