import { describe, expect, it } from "vitest";
import { formatPence, poundsToPence } from "./money";

describe("formatPence", () => {
  it.each([
    [0, "£0.00"],
    [1, "£0.01"],
    [9, "£0.09"],
    [10, "£0.10"],
    [49, "£0.49"],
    [99, "£0.99"],
    [100, "£1.00"],
    [499, "£4.99"],
    [500, "£5.00"],
    [99_999, "£999.99"],
    [100_000, "£1,000.00"],
    [123_450, "£1,234.50"],
    [1_000_000_00, "£1,000,000.00"],
    [-250, "-£2.50"],
    [-5, "-£0.05"],
    [-123_456, "-£1,234.56"],
  ])("formats %i pence as %s", (pence, expected) => {
    expect(formatPence(pence)).toBe(expected);
  });

  it("formats the largest safe amount without losing pence", () => {
    expect(formatPence(Number.MAX_SAFE_INTEGER)).toBe("£90,071,992,547,409.91");
  });

  it.each([0.5, 4.99, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    "refuses %s because money is whole pence",
    (pence) => {
      expect(() => formatPence(pence)).toThrow(RangeError);
    },
  );

  it("always shows exactly two decimals for every pence value up to £20", () => {
    for (let pence = 0; pence <= 2000; pence++) {
      expect(formatPence(pence)).toMatch(/^£\d+\.\d{2}$/);
    }
  });

  it("round-trips with poundsToPence", () => {
    for (const pence of [0, 1, 29, 57, 99, 100, 115, 4_99, 123_450, 987_654_321]) {
      expect(poundsToPence(formatPence(pence))).toBe(pence);
    }
  });
});

describe("poundsToPence", () => {
  it.each([
    ["4.99", 499],
    ["5", 500],
    ["5.0", 500],
    ["5.00", 500],
    ["0", 0],
    ["0.00", 0],
    ["0.01", 1],
    ["0.1", 10],
    [".5", 50],
    ["0.29", 29],
    ["0.57", 57],
    ["1.15", 115],
    ["19.99", 1999],
    ["1234.5", 123_450],
    ["1,234.50", 123_450],
    ["1,000,000", 100_000_000],
    ["12,345", 1_234_500],
    ["123,456.78", 12_345_678],
    ["£4.99", 499],
    ["£ 12", 1200],
    ["  7.25  ", 725],
    ["007.10", 710],
  ])("parses %j as %i pence", (input, expected) => {
    expect(poundsToPence(input)).toBe(expected);
  });

  it("has no floating-point drift for any amount from £0.00 to £100.00", () => {
    for (let pence = 0; pence <= 10_000; pence++) {
      const pounds = Math.trunc(pence / 100);
      const text = `${pounds}.${String(pence % 100).padStart(2, "0")}`;
      expect(poundsToPence(text)).toBe(pence);
    }
  });

  it.each([
    ["too many decimals", "4.999"],
    ["too many decimals even if zero", "4.990"],
    ["negative", "-4.99"],
    ["negative zero", "-0"],
    ["explicit plus sign", "+4.99"],
    ["empty", ""],
    ["blank", "   "],
    ["only a pound sign", "£"],
    ["only a point", "."],
    ["a trailing point", "4."],
    ["letters", "abc"],
    ["trailing letters", "4.99p"],
    ["exponent", "1e3"],
    ["hex", "0x10"],
    ["misplaced grouping", "12,34.00"],
    ["grouping without leading digits", ",123"],
    ["two points", "1.2.3"],
    ["comma decimal", "4,99"],
    ["a pound sign inside", "1£0"],
    ["Infinity", "Infinity"],
    ["NaN", "NaN"],
    ["beyond safe integers", "90071992547409.92"],
    ["far beyond safe integers", "1".repeat(30)],
  ])("returns null for %s (%j)", (_label, input) => {
    expect(poundsToPence(input)).toBeNull();
  });

  it("accepts the largest safe amount", () => {
    expect(poundsToPence("90071992547409.91")).toBe(Number.MAX_SAFE_INTEGER);
  });
});
