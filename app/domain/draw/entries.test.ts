import { describe, expect, it } from "vitest";
import { type DrawTicket, drawEntries, drawExclusion } from "./entries";

describe("drawExclusion", () => {
  it.each([
    [{ withdrawn: false, isCorrectAnswer: true }, null],
    [{ withdrawn: false, isCorrectAnswer: false }, "wrong_answer"],
    [{ withdrawn: true, isCorrectAnswer: true }, "refunded"],
    [{ withdrawn: true, isCorrectAnswer: false }, "refunded"],
  ] as const)("leaves %j out because %j", (ticket, reason) => {
    expect(drawExclusion(ticket)).toBe(reason);
  });
});

describe("drawEntries", () => {
  const ticket = (ticketNumber: number, more: Partial<DrawTicket> = {}): DrawTicket => ({
    ticketNumber,
    entryRef: `REF${ticketNumber}`,
    source: "paid",
    withdrawn: false,
    isCorrectAnswer: true,
    ...more,
  });

  it("lists the correct, unrefunded tickets of both sources and counts the rest by reason", () => {
    const result = drawEntries([
      ticket(1),
      ticket(2, { isCorrectAnswer: false }),
      ticket(3, { source: "postal" }),
      ticket(4, { withdrawn: true }),
      ticket(5, { withdrawn: true, isCorrectAnswer: false }),
      ticket(6, { source: "postal", isCorrectAnswer: false }),
      ticket(7),
    ]);
    expect(result).toEqual({
      entries: [
        { ticketNumber: 1, entryRef: "REF1", source: "paid" },
        { ticketNumber: 3, entryRef: "REF3", source: "postal" },
        { ticketNumber: 7, entryRef: "REF7", source: "paid" },
      ],
      eligible: { paid: 2, postal: 1 },
      excluded: { wrongAnswer: 2, refunded: 2 },
    });
  });

  it("has no entries and zero counts for a competition without tickets", () => {
    expect(drawEntries([])).toEqual({
      entries: [],
      eligible: { paid: 0, postal: 0 },
      excluded: { wrongAnswer: 0, refunded: 0 },
    });
  });
});
