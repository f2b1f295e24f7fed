import { describe, expect, it } from "vitest";
import { QUANTITY_MESSAGE } from "~/domain/ticket-availability";
import { parseTicketQuantity, TicketQuantitySchema } from "./ticket-quantity";

describe("a purchase's ticket quantity is parsed one way", () => {
  it.each([
    ["1", 1],
    ["10", 10],
    [" 3 ", 3],
    ["07", 7],
    [4, 4],
    [10, 10],
  ])("takes %j as %i", (raw, expected) => {
    expect(parseTicketQuantity(raw)).toBe(expected);
  });

  it.each([
    ["words", "three"],
    ["a number with words", "3 tickets"],
    ["nothing typed", ""],
    ["spaces", "   "],
    ["zero", "0"],
    ["eleven", "11"],
    ["a fraction as text", "1.5"],
    ["a negative", "-2"],
    ["an exponent", "1e1"],
    ["a hex number", "0x5"],
    ["four digits", "0005"],
    ["a fraction", 1.5],
    ["zero as a number", 0],
    ["eleven as a number", 11],
    ["not a number", Number.NaN],
    ["infinity", Number.POSITIVE_INFINITY],
    ["missing", undefined],
    ["null", null],
    ["a list", ["2"]],
    ["a boolean", true],
  ])("refuses %s with the one message", (_name, raw) => {
    const parsed = TicketQuantitySchema.safeParse(raw);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([QUANTITY_MESSAGE]);
    expect(parseTicketQuantity(raw)).toBeNull();
  });
});
