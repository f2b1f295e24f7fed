import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { candidateCount, pickFrom, randomCandidates } from "./lucky-dip";

/** A deterministic uniform source for tests (mulberry32). */
function seeded(seed: number) {
  let a = seed >>> 0;
  return (bound: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * bound);
  };
}

describe("randomCandidates", () => {
  it("gives distinct numbers within 1..total, as many as asked (at most total)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 200 }), fc.integer(), (total, n, s) => {
        const out = randomCandidates(total, n, seeded(s));
        expect(out).toHaveLength(Math.min(total, n));
        expect(new Set(out).size).toBe(out.length);
        for (const x of out) expect(x >= 1 && x <= total).toBe(true);
      }),
    );
  });

  it("asks the random source for a bound that shrinks by one each draw (a partial Fisher-Yates)", () => {
    const bounds: number[] = [];
    randomCandidates(100, 4, (bound) => {
      bounds.push(bound);
      return 0;
    });
    expect(bounds).toEqual([100, 99, 98, 97]);
  });

  it("answering 0 gives 1, 2, 3; answering the top gives N, then the 1 swapped into its place", () => {
    expect(randomCandidates(10, 3, () => 0)).toEqual([1, 2, 3]);
    expect(randomCandidates(10, 2, (bound) => bound - 1)).toEqual([10, 1]);
  });

  it("is uniform: each of 1..10 comes first about equally often (chi-square, 20,000 draws)", () => {
    const source = seeded(42);
    const counts = new Array(10).fill(0);
    const draws = 20_000;
    for (let i = 0; i < draws; i++) counts[(randomCandidates(10, 3, source)[0] as number) - 1]++;
    const expected = draws / 10;
    const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(27.88); // 9 degrees of freedom, p = 0.001
  });

  it("refuses a total that is not a whole number", () => {
    expect(() => randomCandidates(-1, 1, () => 0)).toThrow(RangeError);
    expect(() => randomCandidates(1.5, 1, () => 0)).toThrow(RangeError);
  });
});

describe("pickFrom", () => {
  it("picks distinct members of the free list", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 100_000 })),
        fc.integer({ min: 0, max: 12 }),
        fc.integer(),
        (free, n, s) => {
          const out = pickFrom(free, n, seeded(s));
          expect(out).toHaveLength(Math.min(free.length, n));
          expect(new Set(out).size).toBe(out.length);
          for (const x of out) expect(free).toContain(x);
        },
      ),
    );
  });
});

describe("candidateCount", () => {
  it("draws 8 per number wanted plus 32 while at least a quarter is free, never more than the total", () => {
    expect(candidateCount(3, 1000, 1000)).toBe(56);
    expect(candidateCount(10, 250, 1000)).toBe(112);
    expect(candidateCount(2, 40, 40)).toBe(40);
  });
  it("draws from the free set when under a quarter is free or too few are free", () => {
    expect(candidateCount(3, 249, 1000)).toBeNull();
    expect(candidateCount(5, 4, 10)).toBeNull();
  });
});
