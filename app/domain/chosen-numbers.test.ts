import { describe, expect, it } from "vitest";
import { listNumbers, numbersPlan, parseChosenNumbers, splitNumbersParam, takenNumbersMessage } from "./chosen-numbers";

describe("parseChosenNumbers", () => {
  const cases: [unknown[], number, number, ReturnType<typeof parseChosenNumbers>][] = [
    [[], 3, 100, { ok: true, numbers: [] }],
    [["5", "17", " 99 "], 3, 100, { ok: true, numbers: [5, 17, 99] }],
    [["5,17"], 2, 100, { ok: true, numbers: [5, 17] }],
    [[7, ""], 1, 100, { ok: true, numbers: [7] }],
    [["100"], 1, 100, { ok: true, numbers: [100] }],
    [["0"], 1, 100, { ok: false, message: "There is no ticket 0 in this competition: choose from 1 to 100." }],
    [["101"], 1, 100, { ok: false, message: "There is no ticket 101 in this competition: choose from 1 to 100." }],
    [["-3"], 1, 100, { ok: false, message: '"-3" is not a ticket number: use whole numbers.' }],
    [["1.5"], 1, 100, { ok: false, message: '"1.5" is not a ticket number: use whole numbers.' }],
    [["1e2"], 1, 100, { ok: false, message: '"1e2" is not a ticket number: use whole numbers.' }],
    [["0x10"], 1, 100, { ok: false, message: '"0x10" is not a ticket number: use whole numbers.' }],
    [["abc"], 1, 100, { ok: false, message: '"abc" is not a ticket number: use whole numbers.' }],
    [[2.5], 1, 100, { ok: false, message: '"2.5" is not a ticket number: use whole numbers.' }],
    [[{}], 1, 100, { ok: false, message: '"[object Object]" is not a ticket number: use whole numbers.' }],
    [["4", "4"], 2, 100, { ok: false, message: "You chose ticket 4 twice." }],
    [["1", "2", "3"], 2, 100, { ok: false, message: "You chose 3 numbers for 2 tickets: choose 2 or buy 3." }],
    [["1", "2"], 1, 100, { ok: false, message: "You chose 2 numbers for 1 ticket: choose 1 or buy 2." }],
    [
      ["1,2,3,4,5,6,7,8,9,10,11"],
      10,
      100,
      { ok: false, message: "You chose 11 numbers: one purchase has at most 10." },
    ],
  ];
  it.each(cases)("%j for %i tickets of %i", (raw, quantity, total, expected) => {
    expect(parseChosenNumbers(raw, quantity, total)).toEqual(expected);
  });
});

describe("wording", () => {
  it("lists numbers as a sentence", () => {
    expect(listNumbers([])).toBe("");
    expect(listNumbers([5])).toBe("5");
    expect(listNumbers([5, 17])).toBe("5 and 17");
    expect(listNumbers([5, 17, 230])).toBe("5, 17 and 230");
  });
  it("names the numbers taken, sorted, and what happens next", () => {
    expect(takenNumbersMessage([17])).toBe(
      "Ticket 17 was taken by someone else while you were choosing. Your other numbers are kept: choose another, " +
        "or pay now and we will pick one at random for you.",
    );
    expect(takenNumbersMessage([230, 5])).toBe(
      "Tickets 5 and 230 were taken by someone else while you were choosing. Your other numbers are kept: choose " +
        "others, or pay now and we will pick 2 at random for you.",
    );
  });
  it("splits a link's comma list and keeps form fields as they are", () => {
    expect(splitNumbersParam(["1,2", "3", 4])).toEqual(["1", "2", "3", 4]);
  });
});

describe("numbersPlan", () => {
  it("says what happens to each ticket's number at Pay", () => {
    expect(numbersPlan([], 1)).toBe("Lucky dip: your number is picked at random when you pay.");
    expect(numbersPlan([], 3)).toBe("Lucky dip: your 3 numbers are picked at random when you pay.");
    expect(numbersPlan([7], 1)).toBe("Your number: 7. It is held for you when you pay.");
    expect(numbersPlan([7, 9], 2)).toBe("Your numbers: 7 and 9. They are held for you when you pay.");
    expect(numbersPlan([7, 9], 3)).toBe("Your numbers: 7 and 9. One more is picked at random when you pay.");
    expect(numbersPlan([7], 4)).toBe("Your number: 7. 3 more are picked at random when you pay.");
  });
});
