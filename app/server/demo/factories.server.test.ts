import { describe, expect, it } from "vitest";
import { competitionValues, SAMPLE_SKILL_QUESTION } from "./factories.server";

describe("competitionValues", () => {
  it("gives a live, valid competition with a unique slug and a future close", () => {
    const [a, b] = [competitionValues(), competitionValues()];
    expect(a.slug).not.toBe(b.slug);
    expect(a.status).toBe("active");
    expect(a.endDate.getTime()).toBeGreaterThan(Date.now());
    expect(a.skillOptions).toHaveLength(4);
    expect(a.skillOptions).toContain(a.correctAnswer);
    expect(a.correctAnswer).toBe(SAMPLE_SKILL_QUESTION.correctAnswer);
  });

  it("lets every override win", () => {
    const row = competitionValues({
      slug: "mine",
      title: "Mine",
      skillOptions: ["A", "B", "C", "D"],
      correctAnswer: "D",
    });
    expect(row).toMatchObject({ slug: "mine", title: "Mine", skillOptions: ["A", "B", "C", "D"], correctAnswer: "D" });
  });

  it.each([
    ["an answer not among the options", { correctAnswer: "Hunter trials" }],
    ["three options", { skillOptions: ["Dressage", "Eventing", "Polo"] }],
    ["an option twice", { skillOptions: ["Eventing", "Eventing", "Polo", "Dressage"] }],
  ])("refuses %s", (_label, overrides) => {
    expect(() => competitionValues(overrides)).toThrow(/four different options/);
  });
});
