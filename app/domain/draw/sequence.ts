import { concat, fromHex, sha256, uint32be, utf8 } from "./bytes";

// From the manifest hash M and the beacon randomness R to a winner and ordered alternates (draw-v1.md, "From R to
// a winner"): rejection sampling, so every position is exactly equally likely, and each draw is taken from the
// positions still in play, so the alternates are distinct.

/** The winner and this many alternates after it. */
export const ALTERNATES = 10;

const DOMAIN = utf8("paddock-draw-v1");
const TWO_64 = 1n << 64n;

/** seed = SHA-256("paddock-draw-v1" || 0x00 || M || R), M and R as 32 raw bytes each. */
export function drawSeed(manifestHashHex: string, randomnessHex: string): Uint8Array {
  return sha256(concat(DOMAIN, new Uint8Array([0]), fromHex(manifestHashHex, 32), fromHex(randomnessHex, 32)));
}

const first8 = (digest: Uint8Array) => new DataView(digest.buffer, digest.byteOffset, 8).getBigUint64(0);

/** The k-th draw among n positions: SHA-256(seed || k || j) for j = 0, 1, ... until one falls below the limit. */
export function pick(seed: Uint8Array, k: number, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError("pick needs at least one position");
  const size = BigInt(n);
  const limit = TWO_64 - (TWO_64 % size);
  const prefix = concat(seed, uint32be(k));
  for (let j = 0; ; j++) {
    const x = first8(sha256(concat(prefix, uint32be(j))));
    if (x < limit) return Number(x % size);
  }
}

/**
 * The draw order over n manifest positions (0-based): the winner first, then up to `alternates` more, all distinct.
 * The k-th draw picks p among the positions not yet drawn, in manifest order, and takes the p-th of them.
 */
export function drawSequence(seed: Uint8Array, n: number, alternates = ALTERNATES): number[] {
  const drawn: number[] = [];
  /** Drawn positions in ascending order, to map "the p-th still in play" to a position without a copy of n rows. */
  const sorted: number[] = [];
  const count = Math.min(n, alternates + 1);
  for (let k = 0; k < count; k++) {
    let position = pick(seed, k, n - k);
    for (const taken of sorted) {
      if (taken <= position) position++;
      else break;
    }
    drawn.push(position);
    const at = sorted.findIndex((t) => t > position);
    sorted.splice(at === -1 ? sorted.length : at, 0, position);
  }
  return drawn;
}
