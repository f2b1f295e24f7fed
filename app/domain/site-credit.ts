import { formatPence } from "./money";
import { MIN_CARD_PAYMENT_PENCE, shareDiscount } from "./promo-code";

/**
 * Site credit spent at checkout (ADR 036). The server decides how much of the buyer's wallet an order takes: all of
 * the order when the balance covers it (no card payment at all), otherwise as much as the balance allows, except that
 * a card payment is never left between 1p and 29p: Stripe takes nothing under £0.30, so credit then stops where the
 * card still pays £0.30.
 */
export type CreditSplit = {
  /** Taken from the wallet. */
  creditPence: number;
  /** Left for the card: 0 (no provider session at all) or at least MIN_CARD_PAYMENT_PENCE. */
  cardPence: number;
  /** Credit was held back so that the card pays the provider's minimum. */
  keptForCardMinimum: boolean;
};

export function splitSiteCredit(totalPence: number, balancePence: number): CreditSplit {
  if (!Number.isSafeInteger(totalPence) || totalPence < 0) throw new RangeError(`bad order total ${totalPence}`);
  const available = Number.isSafeInteger(balancePence) ? Math.max(0, balancePence) : 0;
  const credit = Math.min(available, totalPence);
  const card = totalPence - credit;
  if (card === 0 || card >= MIN_CARD_PAYMENT_PENCE)
    return { creditPence: credit, cardPence: card, keptForCardMinimum: false };
  // The card would pay 1p to 29p: it pays the minimum instead (or everything, for a total under the minimum).
  const cardPence = Math.min(totalPence, MIN_CARD_PAYMENT_PENCE);
  return { creditPence: totalPence - cardPence, cardPence, keptForCardMinimum: true };
}

/**
 * The card's part of each line: the credit is shared between lines in proportion to their totals (largest
 * remainder), so the provider's line items still add up to what the card pays.
 */
export function cardPartOfLines(totals: readonly number[], creditPence: number): number[] {
  const shares = shareDiscount(totals, creditPence);
  return totals.map((total, i) => total - (shares[i] as number));
}

/** What the review page and the receipt say about the credit applied. */
export function siteCreditText(split: CreditSplit): string {
  if (split.creditPence === 0) return "No site credit is used for this order.";
  if (split.cardPence === 0)
    return `Your site credit pays the whole ${formatPence(split.creditPence)}: no card payment.`;
  const kept = split.keptForCardMinimum
    ? ` Card payments start at ${formatPence(MIN_CARD_PAYMENT_PENCE)}, so we keep the rest of your credit for later.`
    : "";
  return `${formatPence(split.creditPence)} from your site credit, ${formatPence(split.cardPence)} by card.${kept}`;
}

/** Where a refund goes: the card's part back to the card, the site credit's part back to the wallet. */
export function refundDestinationText(order: { totalAmountPence: number; siteCreditPence: number }): string {
  const card = order.totalAmountPence - order.siteCreditPence;
  const credit = order.siteCreditPence;
  if (credit === 0) return `${formatPence(card)} to your card`;
  if (card === 0) return `${formatPence(credit)} to your site credit`;
  return `${formatPence(card)} to your card and ${formatPence(credit)} to your site credit`;
}
