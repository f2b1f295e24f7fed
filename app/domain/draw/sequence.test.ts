import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bytesToHex } from "./bytes";
import { ALTERNATES, drawSeed, drawSequence, pick } from "./sequence";
import vectors from "./vectors.json";

/** draw-v1.md written out a second time with Node's own hashing and a plain list, to check the real one against. */
function referenceSequence(mHex: string, rHex: string, n: number): number[] {
  const h = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();
  const seed = h(Buffer.from("paddock-draw-v1"), Buffer.from([0]), Buffer.from(mHex, "hex"), Buffer.from(rHex, "hex"));
  const u32 = (v: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(v);
    return b;
  };
  const inPlay = Array.from({ length: n }, (_, i) => i);
  const out: number[] = [];
  for (let k = 0; k < Math.min(n, 11); k++) {
    const size = BigInt(inPlay.length);
    const limit = 2n ** 64n - (2n ** 64n % size);
    for (let j = 0; ; j++) {
      const x = h(seed, u32(k), u32(j)).readBigUInt64BE(0);
      if (x < limit) {
        out.push(...inPlay.splice(Number(x % size), 1));
        break;
      }
    }
  }
  return out;
}

const hex32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex);

describe("the test vector", () => {
  it("gives the committed seed, winner and alternates, and so does the reference construction", () => {
    const { manifestHash, randomness, seed, winner, alternates } = vectors.draw;
    expect(bytesToHex(drawSeed(manifestHash, randomness))).toBe(seed);
    const sequence = drawSequence(drawSeed(manifestHash, randomness), 25);
    expect(sequence).toEqual([winner, ...alternates]);
    expect(referenceSequence(manifestHash, randomness, 25)).toEqual(sequence);
  });
});

describe("the draw sequence", () => {
  it("is determined by the published values alone, and matches the reference for any M, R and size", () => {
    fc.assert(
      fc.property(hex32, hex32, fc.integer({ min: 1, max: 5000 }), (m, r, n) => {
        const sequence = drawSequence(drawSeed(m, r), n);
        expect(drawSequence(drawSeed(m, r), n)).toEqual(sequence);
        expect(sequence).toEqual(referenceSequence(m, r, n));
      }),
      { numRuns: 200 },
    );
  });

  it("draws a winner and ten distinct alternates, all positions in the manifest", () => {
    fc.assert(
      fc.property(hex32, hex32, fc.integer({ min: 1, max: 1_000_000 }), (m, r, n) => {
        const sequence = drawSequence(drawSeed(m, r), n);
        expect(sequence).toHaveLength(Math.min(n, ALTERNATES + 1));
        expect(new Set(sequence).size).toBe(sequence.length);
        for (const p of sequence) expect(p >= 0 && p < n && Number.isInteger(p)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("with fewer than eleven entries, draws every one of them in some order", () => {
    for (let n = 1; n <= 11; n++) {
      const sequence = drawSequence(drawSeed("ab".repeat(32), "cd".repeat(32)), n);
      expect([...sequence].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
    }
  });

  it("changing one bit of M or R changes the seed", () => {
    const m = "00".repeat(32);
    const r = "11".repeat(32);
    expect(bytesToHex(drawSeed(m, r))).not.toBe(bytesToHex(drawSeed(`01${m.slice(2)}`, r)));
    expect(bytesToHex(drawSeed(m, r))).not.toBe(bytesToHex(drawSeed(m, `10${r.slice(2)}`)));
    expect(() => drawSeed("00", r)).toThrow();
  });

  it("rejects a value in the biased tail and hashes again (j = 1), never reducing it modulo n", () => {
    // 2^64 / n = 2048.5 here, so 2^64 mod n is n / 2 and about one first candidate in 4,100 lands at or above the
    // limit: find one and check the pick.
    const n = 9_005_000_768_225_312;
    const limit = 2n ** 64n - (2n ** 64n % BigInt(n));
    const seed = drawSeed("00".repeat(32), "00".repeat(32));
    const candidate = (k: number, j: number) => {
      const b = Buffer.alloc(8);
      b.writeUInt32BE(k);
      b.writeUInt32BE(j, 4);
      return createHash("sha256").update(seed).update(b).digest().readBigUInt64BE(0);
    };
    let k = 0;
    while (candidate(k, 0) < limit) k++;
    expect(pick(seed, k, n)).toBe(Number(candidate(k, 1) % BigInt(n)));
    expect(pick(seed, k, n)).not.toBe(Number(candidate(k, 0) % BigInt(n)));
  });

  it("pick refuses an empty draw", () => {
    expect(() => pick(new Uint8Array(32), 0, 0)).toThrow(RangeError);
  });
});

describe("fairness", () => {
  /** Chi-square statistic of observed counts against equal expectation. */
  const chiSquare = (counts: number[], total: number) => {
    const expected = total / counts.length;
    return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
  };

  it("every manifest position is equally likely to win (chi-square, 20,000 seeds, fixed so it cannot flake)", () => {
    // 7 positions: 2^64 mod 7 != 0, so rejection sampling is needed for exact fairness.
    const n = 7;
    const draws = 20_000;
    const counts = new Array<number>(n).fill(0);
    const winners: number[] = [];
    fc.assert(
      fc.property(hex32, hex32, (m, r) => {
        const winner = drawSequence(drawSeed(m, r), n, 0)[0] as number;
        counts[winner] = (counts[winner] ?? 0) + 1;
        winners.push(winner);
      }),
      { numRuns: draws, seed: 20261123 },
    );
    // 6 degrees of freedom: the 0.999 quantile is 22.46; a biased pick (say one position 10% likelier) scores ~60.
    expect(chiSquare(counts, draws)).toBeLessThan(22.46);
    expect(winners).toHaveLength(draws);
  });

  it("alternates are as fair as the winner: every position is equally likely to be second", () => {
    const n = 5;
    const draws = 10_000;
    const counts = new Array<number>(n).fill(0);
    fc.assert(
      fc.property(hex32, hex32, (m, r) => {
        const second = drawSequence(drawSeed(m, r), n, 1)[1] as number;
        counts[second] = (counts[second] ?? 0) + 1;
      }),
      { numRuns: draws, seed: 7 },
    );
    // 4 degrees of freedom: the 0.999 quantile is 18.47.
    expect(chiSquare(counts, draws)).toBeLessThan(18.47);
  });
});
