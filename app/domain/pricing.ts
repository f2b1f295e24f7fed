export const MIN_TICKETS = 1;
export const MAX_TICKETS = 10;

/** Multi-buy tiers, highest first: the first tier whose minimum the quantity reaches applies. */
export const MULTI_BUY_TIERS = [
  { minQuantity: 5, percent: 10 },
  { minQuantity: 3, percent: 5 },
] as const;

export type PricedLine = {
  quantity: number;
  unitPricePence: number;
  subtotalPence: number;
  discountPercent: number;
  discountPence: number;
  totalPence: number;
};

type LineInput = { unitPricePence: number; quantity: number };

type PricedBasket<L extends LineInput> = {
  lines: (L & PricedLine)[];
  subtotalPence: number;
  discountPence: number;
  totalPence: number;
};

/** 1-2 tickets 0%, 3-4 tickets 5%, 5 or more 10%. Throws RangeError for a non-positive or fractional quantity. */
export function discountPercentFor(quantity: number): number {
  if (!Number.isInteger(quantity) || quantity < MIN_TICKETS) {
    throw new RangeError(`Quantity must be a whole number of at least ${MIN_TICKETS}, got ${quantity}`);
  }
  return MULTI_BUY_TIERS.find((tier) => quantity >= tier.minQuantity)?.percent ?? 0;
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
export function priceLine(unitPricePence: number, quantity: number): PricedLine {
  if (!Number.isSafeInteger(unitPricePence) || unitPricePence < 0) {
    throw new RangeError(`Unit price must be a whole, non-negative number of pence, got ${unitPricePence}`);
  }
  if (!Number.isInteger(quantity) || quantity < MIN_TICKETS || quantity > MAX_TICKETS) {
    throw new RangeError(`Quantity must be a whole number from ${MIN_TICKETS} to ${MAX_TICKETS}, got ${quantity}`);
  }
  const discountPercent = discountPercentFor(quantity);
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
  const priced = lines.map((line) => ({ ...line, ...priceLine(line.unitPricePence, line.quantity) }));
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
