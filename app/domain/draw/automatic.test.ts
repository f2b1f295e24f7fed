import { describe, expect, it } from "vitest";
import { AUTOMATIC_DRAW_DELAY_MS, automaticDrawDue } from "./automatic";

describe("when the system draws by itself", () => {
  const round = new Date("2026-11-23T20:00:00.000Z");
  const at = (ms: number) => new Date(round.getTime() + ms);

  it("waits two minutes after the round's time", () => {
    expect(AUTOMATIC_DRAW_DELAY_MS).toBe(120_000);
    expect(automaticDrawDue(round, at(-1))).toBe(false);
    expect(automaticDrawDue(round, at(0))).toBe(false);
    expect(automaticDrawDue(round, at(AUTOMATIC_DRAW_DELAY_MS - 1))).toBe(false);
  });

  it("draws from then on", () => {
    expect(automaticDrawDue(round, at(AUTOMATIC_DRAW_DELAY_MS))).toBe(true);
    expect(automaticDrawDue(round, at(AUTOMATIC_DRAW_DELAY_MS + 86_400_000))).toBe(true);
  });
});
