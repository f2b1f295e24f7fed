import { describe, expect, it } from "vitest";
import { COMPETITION_STATUSES } from "../db/constants";
import { isAnswerRevealed, revealedCorrectness } from "./answer-reveal";

describe("revealing whether an answer was right", () => {
  it("happens only once the competition has closed or been drawn", () => {
    const revealed = COMPETITION_STATUSES.filter(isAnswerRevealed);
    expect(revealed).toEqual(["closed", "completed"]);
  });

  it.each(COMPETITION_STATUSES)("for a %s competition tells right and wrong apart only after close", (status) => {
    const after = status === "closed" || status === "completed";
    expect(revealedCorrectness(status, true)).toBe(after ? true : null);
    expect(revealedCorrectness(status, false)).toBe(after ? false : null);
  });
});
