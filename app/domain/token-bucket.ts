/**
 * A token bucket: the payment provider allows `ratePerSecond` requests per second per endpoint (Stripe: 25/s in the
 * sandbox and per endpoint by default, 429 beyond), with short bursts up to `burst`. Every app process takes its
 * requests from one bucket kept in the database (ADR 027), so together they never exceed the rate.
 */
export type BucketState = { tokens: number; refilledAt: Date };
export type BucketLimits = { ratePerSecond: number; burst: number };

/** The tokens in the bucket at `now`: what it held plus what the time since its last refill adds, up to the burst. */
export function tokensAt(state: BucketState, now: Date, limits: BucketLimits): number {
  const elapsedSeconds = Math.max(0, now.getTime() - state.refilledAt.getTime()) / 1000;
  const held = Number.isFinite(state.tokens) ? state.tokens : 0;
  return Math.min(limits.burst, Math.max(0, held) + elapsedSeconds * limits.ratePerSecond);
}

/**
 * Takes up to `wanted` whole tokens at `now`: how many were taken, the bucket afterwards, and, when none could be,
 * how long until the next whole token (so a waiting worker sleeps no longer than it must).
 */
export function takeTokens(
  state: BucketState,
  now: Date,
  wanted: number,
  limits: BucketLimits,
): { taken: number; state: BucketState; nextTokenInMs: number } {
  const available = tokensAt(state, now, limits);
  const taken = Math.max(0, Math.min(Math.floor(wanted), Math.floor(available)));
  const left = available - taken;
  const nextTokenInMs =
    left >= 1 || limits.ratePerSecond <= 0 ? 0 : Math.ceil(((1 - left) / limits.ratePerSecond) * 1000);
  // A caller whose clock was read before it waited for the bucket's lock is behind the last refill: moving the
  // refill time back would hand the same interval's tokens out twice.
  const refilledAt = now.getTime() > state.refilledAt.getTime() ? now : state.refilledAt;
  return { taken, state: { tokens: left, refilledAt }, nextTokenInMs };
}

/** Give back tokens taken but not used (fewer orders were waiting than tokens were taken). */
export function returnTokens(state: BucketState, count: number, limits: BucketLimits): BucketState {
  return { ...state, tokens: Math.min(limits.burst, state.tokens + Math.max(0, count)) };
}

/** After a 429 or an error: wait 250 ms, doubling with each attempt, at most 8 s. */
export function sessionRetryDelayMs(attempts: number): number {
  return Math.min(8_000, 250 * 2 ** Math.max(0, Math.min(attempts - 1, 10)));
}
