// Lucky dip (ADR 031): numbers chosen for a buyer uniformly at random among the free ones, never "the next N". Pure:
// the random source is passed in (the server passes node:crypto's randomInt; tests pass a seeded or counting one).

/** A uniform random integer in [0, bound). */
export type RandomBelow = (bound: number) => number;

/**
 * `count` distinct numbers from 1..total in uniformly random order (a partial Fisher–Yates shuffle over a sparse map,
 * so it costs O(count) whatever the total). Every ordered choice is equally likely, so the free numbers among them,
 * in order, are a uniformly random order of free numbers: taking the first q that are free is a uniform lucky dip.
 */
export function randomCandidates(total: number, count: number, randomBelow: RandomBelow): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`total must be a whole number, got ${total}`);
  const wanted = Math.min(Math.max(0, Math.floor(count)), total);
  const swapped = new Map<number, number>();
  const at = (i: number) => swapped.get(i) ?? i + 1;
  const out: number[] = [];
  for (let i = 0; i < wanted; i++) {
    const j = i + randomBelow(total - i);
    const picked = at(j);
    swapped.set(j, at(i));
    out.push(picked);
  }
  return out;
}

/** `count` of the given free numbers, uniformly at random (the same shuffle over positions in the list). */
export function pickFrom(free: readonly number[], count: number, randomBelow: RandomBelow): number[] {
  return randomCandidates(free.length, count, randomBelow).map((position) => free[position - 1] as number);
}

/**
 * How many random candidates to draw for `wanted` numbers when `free` of `total` numbers are free, or null when so
 * few are free that drawing from the free set itself is cheaper (under a quarter free). With at least a quarter
 * free, 8 per wanted number plus 32 leave a shortfall (another round) about once in 100,000 holds.
 */
export function candidateCount(wanted: number, free: number, total: number): number | null {
  if (free < wanted || free * 4 < total) return null;
  return Math.min(total, wanted * 8 + 32);
}
