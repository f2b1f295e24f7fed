import { describe, expect, it } from "vitest";
import { isCorrectAnswer, isOfferedAnswer } from "./ticket-allocation";

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
