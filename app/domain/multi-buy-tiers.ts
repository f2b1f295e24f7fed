// Multi-buy tiers as staff set them per competition: the rules they must meet (checked by the editor's schema on the
// client and the server). Apart from pricing.ts, so public pages' first load never carries the editor's rules.
import { MAX_TICKETS, type MultiBuyTier } from "./pricing";

export const MULTI_BUY_LIMITS = { minQuantity: 2, maxQuantity: MAX_TICKETS, minPercent: 1, maxPercent: 90 } as const;
/** One tier per quantity from 2 to 10 at most; the editor offers this many rows. */
export const MAX_MULTI_BUY_TIERS = 4;

const L = MULTI_BUY_LIMITS;
export const MULTI_BUY_MESSAGES = {
  quantity: `A tier's tickets must be a whole number from ${L.minQuantity} to ${L.maxQuantity}.`,
  percent: `A tier's discount must be a whole percentage from ${L.minPercent} to ${L.maxPercent}.`,
  ascending: "Each tier must be for more tickets than the one before it.",
  duplicate: "Two tiers are for the same number of tickets.",
  biggerDiscount: "Each tier must give a bigger discount than the one before it.",
  tooMany: `Set at most ${MAX_MULTI_BUY_TIERS} tiers.`,
} as const;

export type TierProblem = { index: number; field: "minQuantity" | "percent"; message: string };

/**
 * What is wrong with tiers as staff set them (fewest tickets first), or nothing: quantities 2..10 and percentages
 * 1..90, whole numbers; each tier for more tickets than the one before, and a bigger discount (no duplicates).
 */
export function multiBuyTierProblems(tiers: readonly MultiBuyTier[]): TierProblem[] {
  const problems: TierProblem[] = [];
  if (tiers.length > MAX_MULTI_BUY_TIERS)
    problems.push({ index: MAX_MULTI_BUY_TIERS, field: "minQuantity", message: MULTI_BUY_MESSAGES.tooMany });
  tiers.forEach((tier, index) => {
    const { minQuantity: q, percent: p } = tier;
    if (!Number.isInteger(q) || q < L.minQuantity || q > L.maxQuantity)
      problems.push({ index, field: "minQuantity", message: MULTI_BUY_MESSAGES.quantity });
    if (!Number.isInteger(p) || p < L.minPercent || p > L.maxPercent)
      problems.push({ index, field: "percent", message: MULTI_BUY_MESSAGES.percent });
    const before = tiers[index - 1];
    if (!before) return;
    if (q === before.minQuantity) problems.push({ index, field: "minQuantity", message: MULTI_BUY_MESSAGES.duplicate });
    else if (q < before.minQuantity)
      problems.push({ index, field: "minQuantity", message: MULTI_BUY_MESSAGES.ascending });
    if (p <= before.percent) problems.push({ index, field: "percent", message: MULTI_BUY_MESSAGES.biggerDiscount });
  });
  return problems;
}
