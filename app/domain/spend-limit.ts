// Monthly spend limits set by the player: lowering applies at once, raising or removing after a cooling-off
// period (DESIGN.md, Rules). Pure rules, no I/O; money in integer pence.

/** Raising or removing a limit takes effect after this many hours. */
export const SPEND_LIMIT_INCREASE_COOLING_OFF_HOURS = 24;
export const LIMIT_COOLING_OFF_MS = SPEND_LIMIT_INCREASE_COOLING_OFF_HOURS * 60 * 60 * 1000;
/** The largest limit the form accepts (£1,000,000), so the number stays a plain integer column. */
export const MAX_LIMIT_PENCE = 100_000_000;

/** A stored limit and, when `pendingEffectiveAt` is set, a change waiting to apply (null pending = no limit). */
export type LimitState = {
  monthlyLimitPence: number | null;
  pendingLimitPence: number | null;
  pendingEffectiveAt: Date | null;
};

export const NO_LIMIT: LimitState = { monthlyLimitPence: null, pendingLimitPence: null, pendingEffectiveAt: null };

export function isValidLimit(pence: number | null): boolean {
  return pence === null || (Number.isSafeInteger(pence) && pence >= 0 && pence <= MAX_LIMIT_PENCE);
}

/** Applies a pending change whose time has come. */
export function settleLimit(state: LimitState, now: Date): LimitState {
  if (state.pendingEffectiveAt && state.pendingEffectiveAt.getTime() <= now.getTime()) {
    return { monthlyLimitPence: state.pendingLimitPence, pendingLimitPence: null, pendingEffectiveAt: null };
  }
  return state;
}

/** The limit in force at `now`: null means no limit. */
export function effectiveLimit(state: LimitState, now: Date): number | null {
  return settleLimit(state, now).monthlyLimitPence;
}

/** True when `requested` is no looser than `current` (null is the loosest: no limit). */
export function isTightening(current: number | null, requested: number | null): boolean {
  if (requested === null) return current === null;
  return current === null || requested <= current;
}

type LimitChange = { state: LimitState; effectiveAt: Date; immediate: boolean };

/**
 * Plans a change. Lowering (or keeping) the limit applies now and cancels any pending raise; raising or
 * removing it waits the cooling-off period, during which the current limit stays in force. Asking again
 * for the change already pending keeps its original time, so repeating the request cannot delay it.
 */
export function planLimitChange(state: LimitState, requested: number | null, now: Date): LimitChange {
  if (!isValidLimit(requested)) throw new RangeError(`Invalid limit: ${requested}`);
  const settled = settleLimit(state, now);
  const current = settled.monthlyLimitPence;
  if (isTightening(current, requested)) {
    return {
      state: { monthlyLimitPence: requested, pendingLimitPence: null, pendingEffectiveAt: null },
      effectiveAt: now,
      immediate: true,
    };
  }
  const samePending = settled.pendingEffectiveAt !== null && settled.pendingLimitPence === requested;
  const effectiveAt =
    samePending && settled.pendingEffectiveAt
      ? settled.pendingEffectiveAt
      : new Date(now.getTime() + LIMIT_COOLING_OFF_MS);
  return {
    state: { monthlyLimitPence: current, pendingLimitPence: requested, pendingEffectiveAt: effectiveAt },
    effectiveAt,
    immediate: false,
  };
}

/** What is left to spend this month (null: no limit). Never negative. */
export function remainingAllowance(limit: number | null, spentPence: number): number | null {
  return limit === null ? null : Math.max(0, limit - spentPence);
}

/** Would an order of `orderPence` take the month's spending past the limit? */
export function exceedsLimit(limit: number | null, spentPence: number, orderPence: number): boolean {
  return limit !== null && spentPence + orderPence > limit;
}
