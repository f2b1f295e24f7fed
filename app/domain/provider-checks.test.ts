import { describe, expect, it } from "vitest";
import { FIRST_LOOK_AFTER_MS, nextLookAt } from "./provider-checks";

const MINUTE = 60_000;
const CREATED = new Date("2026-11-27T12:00:00.000Z");
const at = (ms: number) => new Date(CREATED.getTime() + ms);

describe("the next look at an open checkout: when it is twice as old less half a pass, or when it lapses", () => {
  const LAPSE = 31 * MINUTE;
  it.each([
    ["a look at 1 minute", 1 * MINUTE, LAPSE, 1.5 * MINUTE],
    ["a look at 2 minutes", 2 * MINUTE, LAPSE, 3.5 * MINUTE],
    ["a look at 3 minutes 20 seconds", 200_000, LAPSE, 370_000],
    ["a look at 10 seconds (the buyer came back early)", 10_000, LAPSE, 40_000],
    ["a look at creation", 0, LAPSE, 30_000],
    ["a clock that went backwards", -5_000, LAPSE, 25_000],
    ["a look at 16 minutes: the lapse comes first", 16 * MINUTE, LAPSE, LAPSE],
    ["a look at 16 minutes, no reservation recorded", 16 * MINUTE, null, 31.5 * MINUTE],
  ])("%s", (_name, lookAt, lapse, expected) => {
    expect(nextLookAt(CREATED, at(lookAt), lapse === null ? null : at(lapse))).toEqual(at(expected));
  });
});

/** The looks one checkout gets from a pass every `every` ms (from `phase` ms after it was made) before `lapse`. */
function looks(phase: number, lapse: number, every = MINUTE): number[] {
  const made: number[] = [];
  let due = FIRST_LOOK_AFTER_MS;
  for (let t = phase; t < lapse; t += every) {
    if (t < due) continue;
    made.push(t);
    due = nextLookAt(CREATED, at(t), at(lapse)).getTime() - CREATED.getTime();
  }
  return made;
}

describe("the bound on provider requests for one checkout (31-minute reservation)", () => {
  const LAPSE = 31 * MINUTE;

  it("passes on the minute (or a few ms after) look at 1, 2, 4, 8 and 16 minutes: five before the lapse", () => {
    for (const phase of [0, 1, 25])
      expect(looks(phase, LAPSE)).toEqual([1, 2, 4, 8, 16].map((m) => m * MINUTE + phase));
  });

  it("whatever the passes' phase, the first look comes within two minutes and there are never more than five", () => {
    for (let phase = 0; phase < MINUTE; phase += 1000) {
      const made = looks(phase, LAPSE);
      expect(made[0]).toBeLessThan(2 * MINUTE);
      expect(made.length).toBeLessThanOrEqual(5);
    }
  });

  it("with passes from many processes (one a second), at most six: the old schedule's count, first at a minute", () => {
    const made = looks(0, LAPSE, 1000);
    expect(made[0]).toBe(MINUTE);
    expect(made).toHaveLength(6);
  });
});
