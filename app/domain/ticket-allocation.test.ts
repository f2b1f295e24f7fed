import { describe, expect, it } from "vitest";
import { allocateNumbers, isCorrectAnswer, isOfferedAnswer, numberingBase } from "./ticket-allocation";

describe("allocateNumbers", () => {
  it("continues from the tickets already sold", () => {
    expect(allocateNumbers(0, 3)).toEqual([1, 2, 3]);
    expect(allocateNumbers(1234, 2)).toEqual([1235, 1236]);
  });
  it("gives consecutive sales disjoint, gap-free ranges", () => {
    const quantities = [3, 1, 10, 5, 2, 7];
    let sold = 0;
    const all: number[] = [];
    for (const q of quantities) {
      all.push(...allocateNumbers(sold, q));
      sold += q;
    }
    expect(all).toEqual(Array.from({ length: sold }, (_, i) => i + 1));
  });
  it("refuses nonsense", () => {
    expect(() => allocateNumbers(-1, 1)).toThrow(RangeError);
    expect(() => allocateNumbers(0, 0)).toThrow(RangeError);
    expect(() => allocateNumbers(0, 1.5)).toThrow(RangeError);
  });
});

describe("numberingBase", () => {
  it("continues past the highest number issued once refunds have lowered the count", () => {
    expect(numberingBase(7, 10)).toBe(10);
    expect(allocateNumbers(numberingBase(7, 10), 2)).toEqual([11, 12]);
  });
  it("continues past the count where sales were recorded without ticket rows", () => {
    expect(numberingBase(7, 0)).toBe(7);
    expect(numberingBase(0, 0)).toBe(0);
  });
  it("never hands out a number twice across sales and refunds", () => {
    const issued: number[] = [];
    let sold = 0;
    const steps: Array<["sell" | "refund", number]> = [
      ["sell", 3],
      ["sell", 2],
      ["refund", 2],
      ["sell", 4],
      ["refund", 3],
      ["refund", 4],
      ["sell", 1],
    ];
    for (const [kind, quantity] of steps) {
      if (kind === "refund") {
        sold -= quantity;
        continue;
      }
      issued.push(...allocateNumbers(numberingBase(sold, Math.max(0, ...issued)), quantity));
      sold += quantity;
    }
    expect(new Set(issued).size).toBe(issued.length);
    expect(issued).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe("answers", () => {
  const options = ["Dressage", "Eventing", "Show jumping", "Polo"];
  it("must be one of the options exactly", () => {
    expect(isOfferedAnswer("Polo", options)).toBe(true);
    for (const bad of ["polo", " Polo", "", null, undefined, 3, ["Polo"]])
      expect(isOfferedAnswer(bad, options)).toBe(false);
  });
  it("is correct only when it matches the correct answer", () => {
    expect(isCorrectAnswer("Polo", "Polo")).toBe(true);
    expect(isCorrectAnswer("Dressage", "Polo")).toBe(false);
  });
});
