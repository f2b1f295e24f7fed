import { describe, expect, it } from "vitest";
import { formatTicketRange, formatTicketRanges, spokenTicketRange, ticketRanges } from "./ticket-ranges";

describe("ticketRanges", () => {
  it("is empty for no tickets", () => {
    expect(ticketRanges([])).toEqual([]);
    expect(formatTicketRanges([])).toBe("");
  });

  it("keeps a single ticket as itself", () => {
    expect(ticketRanges([7])).toEqual([{ from: 7, to: 7 }]);
    expect(formatTicketRanges([7])).toBe("7");
  });

  it("joins consecutive numbers into one run and keeps gaps apart", () => {
    expect(formatTicketRanges([1, 2, 3, 4, 9])).toBe("1–4, 9");
    expect(formatTicketRanges([1, 3, 5])).toBe("1, 3, 5");
    expect(formatTicketRanges([10, 11, 20, 21, 22, 40])).toBe("10–11, 20–22, 40");
  });

  it("sorts the numbers first, whatever order they come in", () => {
    expect(formatTicketRanges([9, 4, 2, 3, 1])).toBe("1–4, 9");
    expect(ticketRanges([5, 3, 4])).toEqual([{ from: 3, to: 5 }]);
  });

  it("counts a repeated number once", () => {
    expect(formatTicketRanges([2, 2, 3, 3, 3])).toBe("2–3");
  });

  it("leaves out anything that is not a whole number", () => {
    expect(formatTicketRanges([1, Number.NaN, 2.5, 2, Number.POSITIVE_INFINITY])).toBe("1–2");
  });

  it("handles large ticket numbers and a long run without listing every number", () => {
    const run = Array.from({ length: 500 }, (_, i) => 99_001 + i);
    expect(formatTicketRanges(run)).toBe("99001–99500");
  });

  it("does not change the array it is given", () => {
    const numbers = [3, 1, 2];
    ticketRanges(numbers);
    expect(numbers).toEqual([3, 1, 2]);
  });
});

describe("formatTicketRange and spokenTicketRange", () => {
  it("write a run with an en dash and say it with 'to'", () => {
    expect(formatTicketRange({ from: 1, to: 4 })).toBe("1–4");
    expect(spokenTicketRange({ from: 1, to: 4 })).toBe("1 to 4");
  });

  it("write and say a single ticket as its number", () => {
    expect(formatTicketRange({ from: 9, to: 9 })).toBe("9");
    expect(spokenTicketRange({ from: 9, to: 9 })).toBe("9");
  });
});
