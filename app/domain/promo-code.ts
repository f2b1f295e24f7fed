import type { PromoKind } from "~/db/constants";
import { formatUkDateTime } from "./london-format";
import { formatPence } from "./money";

/**
 * Promo codes (ADR 027 §4): who may use a code on which lines, and what it takes off. Applied after the multi-buy
 * discounts, only to the lines the code covers, never to postal entries, never below zero; the server decides.
 */

export const PROMO_CODE_MAX_LENGTH = 40;
/** Codes are letters, digits, hyphens and underscores; compared without regard to case. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/**
 * The smallest card payment the provider takes in pounds (Stripe's GBP minimum). A code that would leave less to pay
 * is refused: an order is never made free or unpayable by a code.
 */
export const MIN_CARD_PAYMENT_PENCE = 30;

/** A code as stored, with its uses so far (not counting any given back). */
export type PromoCodeFacts = {
  code: string;
  kind: PromoKind;
  /** Percent (1-100) or pence. */
  value: number;
  minimumSpendPence: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerPerson: number | null;
  /** Null: every competition. */
  competitionIds: readonly number[] | null;
  uses: number;
  active: boolean;
};

/** A line of the order as priced by domain/pricing (totalPence is after its multi-buy discount). */
export type PromoLine = { competitionId: number; totalPence: number; postal?: boolean };

export type PromoRefusal =
  | "unknown"
  | "inactive"
  | "not_started"
  | "expired"
  | "used_up"
  | "already_used"
  | "not_in_scope"
  | "minimum_spend"
  | "too_little_left";

export type PromoQuote<L extends PromoLine = PromoLine> = {
  ok: true;
  code: string;
  /** What the code takes off the whole order. */
  discountPence: number;
  /** The order's total before the code (after multi-buy) and after it. */
  totalBeforePence: number;
  totalPence: number;
  /** Each line with its share of the discount and its total after it (lines the code does not cover keep theirs). */
  lines: (L & { promoDiscountPence: number })[];
};

export type PromoDecision<L extends PromoLine = PromoLine> =
  | PromoQuote<L>
  | { ok: false; reason: PromoRefusal; message: string };

/** The code as typed, trimmed; the comparison with stored codes ignores case. */
export const normalisePromoCode = (raw: string) => raw.trim();

/** Divides a non-negative integer by 100, rounding half up, without floating-point division. */
function hundredthsHalfUp(value: number): number {
  const shifted = value + 50;
  return (shifted - (shifted % 100)) / 100;
}

/** Whether a line is one the code may touch: a paid line of a competition the code covers. */
export function promoCovers(code: Pick<PromoCodeFacts, "competitionIds">, line: PromoLine): boolean {
  if (line.postal) return false;
  return code.competitionIds === null || code.competitionIds.includes(line.competitionId);
}

/** What the code takes off `coveredPence`: a percentage (half up to the penny) or a fixed sum, never more. */
export function promoDiscount(code: Pick<PromoCodeFacts, "kind" | "value">, coveredPence: number): number {
  if (coveredPence <= 0) return 0;
  const off = code.kind === "percent" ? hundredthsHalfUp(coveredPence * Math.min(code.value, 100)) : code.value;
  return Math.max(0, Math.min(off, coveredPence));
}

/**
 * Shares `discount` between lines in proportion to their totals (largest remainder, ties to the earlier line), so
 * the shares add up to the discount exactly and no line goes below zero.
 */
export function shareDiscount(totals: readonly number[], discount: number): number[] {
  const whole = totals.reduce((sum, t) => sum + t, 0);
  if (whole === 0 || discount === 0) return totals.map(() => 0);
  const shares = totals.map((t) => Math.floor((t * discount) / whole));
  const remainders = totals.map((t, i) => ({ i, r: (t * discount) % whole }));
  let left = discount - shares.reduce((sum, s) => sum + s, 0);
  for (const { i } of remainders.sort((a, b) => b.r - a.r || a.i - b.i)) {
    if (left === 0) break;
    shares[i] = (shares[i] as number) + 1;
    left -= 1;
  }
  return shares;
}

export const PROMO_MESSAGES = {
  unknown: (code: string) => `We do not recognise the promo code "${code}". Check it and try again.`,
  inactive: (code: string) => `The promo code ${code} has been withdrawn and can no longer be used.`,
  notStarted: (code: string, startsAt: Date) =>
    `The promo code ${code} cannot be used yet: it starts on ${formatUkDateTime(startsAt)}.`,
  expired: (code: string, endsAt: Date) => `The promo code ${code} expired on ${formatUkDateTime(endsAt)}.`,
  usedUp: (code: string) => `The promo code ${code} has been used up: it has no uses left.`,
  alreadyUsed: (code: string, perPerson: number) =>
    perPerson === 1
      ? `You have already used the promo code ${code}: it can be used once per person.`
      : `You have already used the promo code ${code} ${perPerson} times, the most it allows per person.`,
  notInScope: (code: string) => `The promo code ${code} is not valid for the competitions in this order.`,
  minimumSpend: (code: string, minimum: number, covered: number) =>
    `The promo code ${code} needs a spend of at least ${formatPence(minimum)} on the competitions it covers; ` +
    `this order has ${formatPence(covered)}.`,
  tooLittleLeft: (code: string) =>
    `The promo code ${code} would leave less than ${formatPence(MIN_CARD_PAYMENT_PENCE)} to pay, the smallest ` +
    "card payment we can take, so it cannot be used on this order.",
} as const;

/** Where a code stands on its own at `now`, before any buyer or order: what staff see, and a buyer's first checks. */
export type PromoCodeState = "inactive" | "not_started" | "expired" | "used_up" | "running";

export function promoCodeState(
  code: Pick<PromoCodeFacts, "active" | "startsAt" | "endsAt" | "maxUses" | "uses">,
  now: Date,
): PromoCodeState {
  if (!code.active) return "inactive";
  if (code.startsAt && now.getTime() < code.startsAt.getTime()) return "not_started";
  if (code.endsAt && now.getTime() >= code.endsAt.getTime()) return "expired";
  if (code.maxUses !== null && code.uses >= code.maxUses) return "used_up";
  return "running";
}

/** The state's word in the staff's lists (a deactivated code says so whatever its dates). */
export const PROMO_STATE_LABELS: Record<PromoCodeState, string> = {
  inactive: "Deactivated",
  not_started: "Not started yet",
  expired: "Ended",
  used_up: "Used up",
  running: "Running",
};

/**
 * Whether this buyer may use `code` on these lines now, and if so what it takes off and how it is shared.
 * `code` is null when no stored code matches; `usedByBuyer` counts the buyer's redemptions not given back.
 * The order of the checks is the order a buyer can fix them in: the code itself, then the buyer, then the order.
 */
export function decidePromoCode<L extends PromoLine>(input: {
  typed: string;
  code: PromoCodeFacts | null;
  usedByBuyer: number;
  lines: readonly L[];
  now: Date;
}): PromoDecision<L> {
  const { code, lines, now } = input;
  const name = code?.code ?? normalisePromoCode(input.typed);
  const refuse = (reason: PromoRefusal, message: string) => ({ ok: false as const, reason, message });
  if (!code) return refuse("unknown", PROMO_MESSAGES.unknown(name));
  const state = promoCodeState(code, now);
  if (state === "inactive") return refuse("inactive", PROMO_MESSAGES.inactive(name));
  if (state === "not_started" && code.startsAt)
    return refuse("not_started", PROMO_MESSAGES.notStarted(name, code.startsAt));
  if (state === "expired" && code.endsAt) return refuse("expired", PROMO_MESSAGES.expired(name, code.endsAt));
  if (state === "used_up") return refuse("used_up", PROMO_MESSAGES.usedUp(name));
  if (code.maxUsesPerPerson !== null && input.usedByBuyer >= code.maxUsesPerPerson)
    return refuse("already_used", PROMO_MESSAGES.alreadyUsed(name, code.maxUsesPerPerson));

  const covered = lines.map((line) => promoCovers(code, line));
  if (!covered.some(Boolean)) return refuse("not_in_scope", PROMO_MESSAGES.notInScope(name));
  const coveredTotals = lines.map((line, i) => (covered[i] ? line.totalPence : 0));
  const coveredPence = coveredTotals.reduce((sum, t) => sum + t, 0);
  if (coveredPence < code.minimumSpendPence)
    return refuse("minimum_spend", PROMO_MESSAGES.minimumSpend(name, code.minimumSpendPence, coveredPence));

  const totalBeforePence = lines.reduce((sum, line) => sum + line.totalPence, 0);
  const discountPence = promoDiscount(code, coveredPence);
  const totalPence = totalBeforePence - discountPence;
  if (totalPence < MIN_CARD_PAYMENT_PENCE) return refuse("too_little_left", PROMO_MESSAGES.tooLittleLeft(name));
  const shares = shareDiscount(coveredTotals, discountPence);
  return {
    ok: true,
    code: code.code,
    discountPence,
    totalBeforePence,
    totalPence,
    lines: lines.map((line, i) => ({
      ...line,
      promoDiscountPence: shares[i] as number,
      totalPence: line.totalPence - (shares[i] as number),
    })),
  };
}
