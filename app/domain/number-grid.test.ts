import { describe, expect, it } from "vitest";
import {
  arrowTarget,
  CHOSEN_NOT_WHOLE,
  chosenCountText,
  chosenLimitText,
  isGridKey,
  lostChosen,
  lostNumbersText,
  luckyDipText,
  NUMBERS_RANGE_MAX,
  pageCount,
  pageOf,
  pageRange,
  parseChosenQuery,
  parseNumbersRange,
  RANGE_BACKWARDS,
  RANGE_NOT_WHOLE,
  rangeWithin,
  readJumpNumber,
  toggleChosen,
} from "./number-grid";

describe("the taken-numbers range", () => {
  it.each([
    [null, null, { from: 1, to: 1000 }],
    ["1", "100", { from: 1, to: 100 }],
    ["501", null, { from: 501, to: 1500 }],
    ["7", "7", { from: 7, to: 7 }],
    ["1", "1000", { from: 1, to: 1000 }],
    // Longer than one request may read: cut to 1,000 numbers.
    ["1", "1001", { from: 1, to: 1000 }],
    ["99001", "200000", { from: 99001, to: 100000 }],
    ["", "", { from: 1, to: 1000 }],
  ])("from=%s to=%s reads %o", (from, to, range) => {
    expect(parseNumbersRange(from, to)).toEqual({ ok: true, range });
  });

  it.each([
    ["0", "10", RANGE_NOT_WHOLE],
    ["-1", "10", RANGE_NOT_WHOLE],
    ["1.5", "10", RANGE_NOT_WHOLE],
    ["abc", "10", RANGE_NOT_WHOLE],
    ["1", "1e3", RANGE_NOT_WHOLE],
    ["01", "10", RANGE_NOT_WHOLE],
    [" 1", "10", RANGE_NOT_WHOLE],
    ["1", "99999999999", RANGE_NOT_WHOLE],
    ["10", "9", RANGE_BACKWARDS],
  ])("from=%s to=%s is refused", (from, to, message) => {
    expect(parseNumbersRange(from, to)).toEqual({ ok: false, message });
  });

  it("never reads more than the maximum", () => {
    for (const from of [1, 2, 999, 1000, 123456]) {
      const result = parseNumbersRange(String(from), String(from * 10));
      if (!result.ok) throw new Error(result.message);
      expect(result.range.to - result.range.from + 1).toBeLessThanOrEqual(NUMBERS_RANGE_MAX);
    }
  });

  it("is cut at the competition's last number, and refused when it starts past it", () => {
    expect(rangeWithin({ from: 901, to: 1900 }, 1000)).toEqual({ ok: true, range: { from: 901, to: 1000 } });
    expect(rangeWithin({ from: 1, to: 100 }, 1000)).toEqual({ ok: true, range: { from: 1, to: 100 } });
    expect(rangeWithin({ from: 1000, to: 1000 }, 1000)).toEqual({ ok: true, range: { from: 1000, to: 1000 } });
    expect(rangeWithin({ from: 1001, to: 1100 }, 1000)).toEqual({
      ok: false,
      message: "from must be at most 1000, the competition's last ticket number.",
    });
  });
});

describe("the chosen numbers a read asks about", () => {
  it.each([
    [null, []],
    ["", []],
    ["17", [17]],
    ["5,17,230", [5, 17, 230]],
    ["1,2,3,4,5,6,7,8,9,10", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    // Past the last ticket is not an error: it is simply not taken.
    ["9999999", [9_999_999]],
  ])("reads %j as %j", (raw, numbers) => {
    expect(parseChosenQuery(raw)).toEqual({ ok: true, numbers });
  });

  it.each([["0"], ["-3"], ["1.5"], ["abc"], ["5,,6"], ["5,"], ["5, 6"], ["7,7"], ["1,2,3,4,5,6,7,8,9,10,11"]])(
    "refuses %j",
    (raw) => {
      expect(parseChosenQuery(raw)).toEqual({ ok: false, message: CHOSEN_NOT_WHOLE });
    },
  );
});

describe("paging the grid", () => {
  it.each([
    [1, 1],
    [100, 1],
    [101, 2],
    [2500, 25],
    [100_000, 1000],
    [0, 1],
  ])("%i numbers fill %i pages", (total, pages) => {
    expect(pageCount(total)).toBe(pages);
  });

  it.each([
    [1, 0],
    [100, 0],
    [101, 1],
    [17_342, 173],
    [100_000, 999],
  ])("number %i is on page %i", (n, page) => {
    expect(pageOf(n)).toBe(page);
  });

  it("gives each page its numbers, a short last page, and clamps pages out of bounds", () => {
    expect(pageRange(0, 2500)).toEqual({ from: 1, to: 100 });
    expect(pageRange(1, 2500)).toEqual({ from: 101, to: 200 });
    expect(pageRange(24, 2450)).toEqual({ from: 2401, to: 2450 });
    expect(pageRange(99, 250)).toEqual({ from: 201, to: 250 });
    expect(pageRange(-3, 250)).toEqual({ from: 1, to: 100 });
    expect(pageRange(0, 7)).toEqual({ from: 1, to: 7 });
    expect(pageRange(999, 100_000)).toEqual({ from: 99_901, to: 100_000 });
  });

  it("every number is on exactly the page pageOf names", () => {
    for (const total of [1, 99, 100, 101, 1234]) {
      for (let n = 1; n <= total; n++) {
        const { from, to } = pageRange(pageOf(n), total);
        expect(n >= from && n <= to, `${n} of ${total}`).toBe(true);
      }
    }
  });

  it("reads a typed number to jump to", () => {
    expect(readJumpNumber("17342", 100_000)).toEqual({ ok: true, n: 17342 });
    expect(readJumpNumber(" 5 ", 10)).toEqual({ ok: true, n: 5 });
    for (const bad of ["0", "11", "", "2.5", "five", "-1"]) {
      expect(readJumpNumber(bad, 10), bad).toEqual({ ok: false, message: "Enter a ticket number from 1 to 10." });
    }
    expect(readJumpNumber("0", 100_000)).toEqual({ ok: false, message: "Enter a ticket number from 1 to 100,000." });
  });
});

describe("choosing numbers", () => {
  it("adds in order, removes, and adds nothing past the limit", () => {
    expect(toggleChosen([], 17, 3)).toEqual([17]);
    expect(toggleChosen([17], 5, 3)).toEqual([5, 17]);
    expect(toggleChosen([5, 17], 230, 3)).toEqual([5, 17, 230]);
    expect(toggleChosen([5, 17, 230], 9, 3)).toEqual([5, 17, 230]);
    expect(toggleChosen([5, 17, 230], 17, 3)).toEqual([5, 230]);
    expect(toggleChosen([], 1, 0)).toEqual([]);
  });

  it("finds the chosen numbers a fresh read says are taken, wherever they are, in the order chosen", () => {
    const read = { from: 1, to: 100, taken: [3, 17, 40], chosenTaken: [17, 5000] };
    expect(lostChosen([5000, 5, 17, 230], read)).toEqual([5000, 17]);
    expect(lostChosen([5, 230], read)).toEqual([]);
    expect(lostChosen([], read)).toEqual([]);
    // 40 was chosen after the read was sent, so it was not asked about, but the page read shows it taken.
    expect(lostChosen([40], read)).toEqual([40]);
    // A number off the page is lost only when the read was asked about it.
    expect(lostChosen([230], { from: 1, to: 100, taken: [230], chosenTaken: [] })).toEqual([]);
  });

  it("says how many are chosen and what the lucky dip will pick", () => {
    expect(chosenCountText(0)).toBe("0 numbers chosen");
    expect(chosenCountText(1)).toBe("1 number chosen");
    expect(chosenCountText(3)).toBe("3 numbers chosen");
    expect(luckyDipText(3, 0)).toBe("We'll pick 3 numbers at random when you pay.");
    expect(luckyDipText(1, 0)).toBe("We'll pick 1 number at random when you pay.");
    expect(luckyDipText(5, 3)).toBe("We'll pick 2 more numbers at random when you pay.");
    expect(luckyDipText(4, 3)).toBe("We'll pick 1 more number at random when you pay.");
    expect(luckyDipText(3, 3)).toBe("");
  });
});

describe("what the grid says", () => {
  it("names the numbers taken since they were chosen", () => {
    expect(lostNumbersText([42])).toBe(
      "Number 42 has just been taken, so we've removed it. Choose another or leave it to the lucky dip.",
    );
    expect(lostNumbersText([17, 40])).toBe(
      "Numbers 17 and 40 have just been taken, so we've removed them. Choose others or leave them to the lucky dip.",
    );
    expect(lostNumbersText([5, 17, 40])).toContain("Numbers 5, 17 and 40 have just been taken");
  });

  it("says when no more numbers can be chosen", () => {
    expect(chosenLimitText(10)).toBe(
      "You've chosen 10 numbers, the most this purchase allows. Remove one to choose another.",
    );
    expect(chosenLimitText(1)).toBe(
      "You've chosen 1 number, the most this purchase allows. Remove one to choose another.",
    );
  });
});

describe("moving through the grid with the keyboard", () => {
  const page = { from: 101, to: 200 };
  const taken = new Set([112, 122, 132, 105]);
  const free = (n: number) => !taken.has(n);

  it.each([
    ["ArrowRight", 101, 102],
    ["ArrowLeft", 102, 101],
    ["ArrowDown", 101, 111],
    ["ArrowUp", 111, 101],
    // Taken numbers are stepped over, in the same direction.
    ["ArrowRight", 104, 106],
    ["ArrowLeft", 106, 104],
    ["ArrowDown", 102, 142],
    ["ArrowUp", 142, 102],
    ["Home", 150, 101],
    ["End", 150, 200],
  ])("%s from %i goes to %i", (key, from, to) => {
    expect(arrowTarget(key, from, page, 10, free)).toBe(to);
  });

  it.each([
    ["ArrowLeft", 101],
    ["ArrowUp", 106],
    ["ArrowRight", 200],
    ["ArrowDown", 195],
    ["Enter", 150],
    ["a", 150],
  ])("%s from %i goes nowhere", (key, from) => {
    expect(arrowTarget(key, from, page, 10, free)).toBeNull();
  });

  it("follows the columns the screen shows, and finds nothing when nothing can be chosen", () => {
    expect(arrowTarget("ArrowDown", 101, page, 5, free)).toBe(106);
    expect(arrowTarget("ArrowDown", 101, page, 0, free)).toBe(102);
    expect(arrowTarget("End", 101, page, 10, () => false)).toBeNull();
    expect(arrowTarget("Home", 150, page, 10, (n) => n > 180)).toBe(181);
  });

  it("knows its keys", () => {
    for (const key of ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"])
      expect(isGridKey(key)).toBe(true);
    for (const key of ["Enter", " ", "Tab", "PageDown"]) expect(isGridKey(key)).toBe(false);
  });
});
