export const MIN_TICKETS = 1;
export const MAX_TICKETS = 10;

/** A multi-buy tier: `percent` off a line of at least `minQuantity` tickets. */
export type MultiBuyTier = { minQuantity: number; percent: number };

/**
 * The standard multi-buy tiers, highest first: every competition had these before tiers were set per competition,
 * and a new one starts with them (the migration gave them to existing ones, so no price changed).
 */
export const MULTI_BUY_TIERS = [
  { minQuantity: 5, percent: 10 },
  { minQuantity: 3, percent: 5 },
] as const satisfies readonly MultiBuyTier[];

/** The standard tiers in the order staff set them and the column stores them: fewest tickets first. */
export const STANDARD_MULTI_BUY_TIERS: readonly MultiBuyTier[] = [...MULTI_BUY_TIERS].reverse();

export const MULTI_BUY_LIMITS = { minQuantity: 2, maxQuantity: MAX_TICKETS, minPercent: 1, maxPercent: 90 } as const;
/** One tier per quantity from 2 to 10 at most; the editor offers this many rows. */
export const MAX_MULTI_BUY_TIERS = 4;

export const MULTI_BUY_MESSAGES = {
  quantity: `A tier's tickets must be a whole number from ${MULTI_BUY_LIMITS.minQuantity} to ${MULTI_BUY_LIMITS.maxQuantity}.`,
  percent: `A tier's discount must be a whole percentage from ${MULTI_BUY_LIMITS.minPercent} to ${MULTI_BUY_LIMITS.maxPercent}.`,
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
  const L = MULTI_BUY_LIMITS;
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

/** "1-2 tickets full price, 3-4 tickets 5% off, 5 or more 10% off" (fewest tickets first), or null for no tiers. */
export function multiBuyText(tiers: readonly MultiBuyTier[]): string | null {
  if (tiers.length === 0) return null;
  const ascending = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  const parts: string[] = [];
  let from: number = MIN_TICKETS;
  let percent = 0;
  for (const tier of ascending) {
    const to = tier.minQuantity - 1;
    const count = from === to ? `${from} ticket${from === 1 ? "" : "s"}` : `${from}-${to} tickets`;
    parts.push(`${count} ${percent ? `${percent}% off` : "full price"}`);
    from = tier.minQuantity;
    percent = tier.percent;
  }
  parts.push(from === MAX_TICKETS ? `${from} tickets ${percent}% off` : `${from} or more ${percent}% off`);
  return parts.join(", ");
}

export type PricedLine = {
  quantity: number;
  unitPricePence: number;
  subtotalPence: number;
  discountPercent: number;
  discountPence: number;
  totalPence: number;
};

/** A line to price; `tiers` are its competition's (the standard ones when left out). */
type LineInput = { unitPricePence: number; quantity: number; tiers?: readonly MultiBuyTier[] };

type PricedBasket<L extends LineInput> = {
  lines: (L & PricedLine)[];
  subtotalPence: number;
  discountPence: number;
  totalPence: number;
};

/**
 * The discount of the highest tier the quantity reaches (standard tiers: 1-2 tickets 0%, 3-4 tickets 5%, 5 or more
 * 10%). Throws RangeError for a non-positive or fractional quantity.
 */
export function discountPercentFor(quantity: number, tiers: readonly MultiBuyTier[] = MULTI_BUY_TIERS): number {
  if (!Number.isInteger(quantity) || quantity < MIN_TICKETS) {
    throw new RangeError(`Quantity must be a whole number of at least ${MIN_TICKETS}, got ${quantity}`);
  }
  let best: MultiBuyTier | undefined;
  for (const tier of tiers)
    if (quantity >= tier.minQuantity && (!best || tier.minQuantity > best.minQuantity)) best = tier;
  return best?.percent ?? 0;
}

/** Divides a non-negative integer by 100, rounding half up, without floating-point division. */
function hundredthsHalfUp(value: number): number {
  const shifted = value + 50;
  return (shifted - (shifted % 100)) / 100;
}

/**
 * Prices one basket line: total = unit × quantity × (1 − discount), to the nearest penny
 * (half up); the discount is whatever that rounding leaves, so discount + total = subtotal.
 */
export function priceLine(
  unitPricePence: number,
  quantity: number,
  tiers: readonly MultiBuyTier[] = MULTI_BUY_TIERS,
): PricedLine {
  if (!Number.isSafeInteger(unitPricePence) || unitPricePence < 0) {
    throw new RangeError(`Unit price must be a whole, non-negative number of pence, got ${unitPricePence}`);
  }
  if (!Number.isInteger(quantity) || quantity < MIN_TICKETS || quantity > MAX_TICKETS) {
    throw new RangeError(`Quantity must be a whole number from ${MIN_TICKETS} to ${MAX_TICKETS}, got ${quantity}`);
  }
  const discountPercent = discountPercentFor(quantity, tiers);
  const subtotalPence = unitPricePence * quantity;
  const scaled = subtotalPence * (100 - discountPercent);
  if (!Number.isSafeInteger(scaled)) {
    throw new RangeError(`Line subtotal of ${subtotalPence} pence is too large to price exactly`);
  }
  const totalPence = hundredthsHalfUp(scaled);
  return {
    quantity,
    unitPricePence,
    subtotalPence,
    discountPercent,
    discountPence: subtotalPence - totalPence,
    totalPence,
  };
}

/** Prices every line independently (the discount is per line) and sums them; extra line fields are kept. */
export function priceBasket<L extends LineInput>(lines: readonly L[]): PricedBasket<L> {
  const priced = lines.map((line) => ({ ...line, ...priceLine(line.unitPricePence, line.quantity, line.tiers) }));
  return {
    lines: priced,
    subtotalPence: priced.reduce((sum, line) => sum + line.subtotalPence, 0),
    discountPence: priced.reduce((sum, line) => sum + line.discountPence, 0),
    totalPence: priced.reduce((sum, line) => sum + line.totalPence, 0),
  };
}

const DECIMAL_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Basket quantity rules from the spec: a non-numeric value becomes 1, anything below 1
 * means "remove this item" (returns 0), anything above the limit is clamped, fractions are floored.
 * `max` (e.g. the tickets still available) can only lower the per-purchase limit, never raise it.
 */
export function clampQuantity(raw: unknown, max: number = MAX_TICKETS): number {
  if (Number.isNaN(max)) throw new RangeError("The quantity limit must be a number, got NaN");
  const limit = Math.max(0, Math.min(Math.floor(max), MAX_TICKETS));
  const value = toNumber(raw);
  if (value === null) return Math.min(MIN_TICKETS, limit);
  const whole = Math.floor(value);
  if (whole < MIN_TICKETS) return 0;
  return Math.min(whole, limit);
}

function toNumber(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isNaN(raw) ? null : raw;
  if (typeof raw === "string") {
    const text = raw.trim();
    return DECIMAL_PATTERN.test(text) ? Number(text) : null;
  }
  return null;
}
