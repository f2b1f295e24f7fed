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
