import { describe, expect, it } from "vitest";
import { numbersPageRange, readChosenOnPage } from "./numbers-page";

describe("readChosenOnPage: what the numbers page's form carries", () => {
  it.each([
    [[], 500, [], []],
    [["17", "5"], 500, [5, 17], []],
    [["5,17", "17", ""], 500, [5, 17], []],
    [["0", "501", "x", "2.5", "3"], 500, [3], ['"0", "501", "x", "2.5": not ticket numbers, left out.']],
    [
      ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"],
      500,
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      ["One purchase has at most 10 numbers, so 11 and 12 were let go."],
    ],
  ])("%j of 1..%i: %j", (raw, total, chosen, notes) => {
    expect(readChosenOnPage(raw, total)).toEqual({ chosen, notes });
  });
});

describe("numbersPageRange: which hundred numbers to list", () => {
  it.each([
    [{}, 1000, { from: 1, to: 100 }, null],
    [{ from: "101" }, 1000, { from: 101, to: 200 }, null],
    [{ from: "150" }, 1000, { from: 101, to: 200 }, null],
    [{ from: "5000" }, 1000, { from: 901, to: 1000 }, null],
    [{ from: "-3" }, 1000, { from: 1, to: 100 }, null],
    [{ from: "abc" }, 250, { from: 1, to: 100 }, null],
    [{ from: "201" }, 250, { from: 201, to: 250 }, null],
    [{ from: "1", jump: "777", go: "jump" }, 1000, { from: 701, to: 800 }, null],
    [{ from: "1", jump: "777" }, 1000, { from: 1, to: 100 }, null],
    [{ from: "301", jump: "1001", go: "jump" }, 1000, { from: 301, to: 400 }, "Enter a ticket number from 1 to 1,000."],
    [{ from: "301", jump: "", go: "jump" }, 1000, { from: 301, to: 400 }, "Enter a ticket number from 1 to 1,000."],
  ])("%j of %i", (query, total, range, jumpError) => {
    expect(numbersPageRange(query, total)).toEqual({ range, jumpError });
  });
});
