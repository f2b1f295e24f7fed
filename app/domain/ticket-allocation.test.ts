import { describe, expect, it } from "vitest";
import { allocateNumbers, isCorrectAnswer, isOfferedAnswer } from "./ticket-allocation";

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

describe("answers", () => {
  const options = ["Dressage", "Eventing", "Show jumping", "Polo"];
  it("must be one of the options exactly", () => {
    expect(isOfferedAnswer("Polo", options)).toBe(true);
    for (const bad of ["polo", " Polo", "", null, undefined, 3, ["Polo"]]) expect(isOfferedAnswer(bad, options)).toBe(false);
  });
  it("is correct only when it matches the correct answer", () => {
    expect(isCorrectAnswer("Polo", "Polo")).toBe(true);
    expect(isCorrectAnswer("Dressage", "Polo")).toBe(false);
  });
});
