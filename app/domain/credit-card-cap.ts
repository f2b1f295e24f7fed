// Credit cards are capped at £250 per player per calendar month (Europe/London), under the DCMS Voluntary Code of
// Good Practice for Prize Draw Operators. Pure: what counts towards the cap and whether a payment would pass it.
import { londonMonthStart } from "./london-time";

export const CREDIT_CARD_MONTHLY_CAP_PENCE = 25_000;

/**
 * Stripe's `card.funding` is credit, debit, prepaid or unknown. A card whose funding the issuer does not report
 * ("unknown", or none at all) is treated as credit, so the cap cannot be dodged by an unclassified card.
 */
export function countsAsCredit(funding: string | null | undefined): boolean {
  return funding !== "debit" && funding !== "prepaid";
}

/** A card payment already taken from this player. */
export type CardPayment = { funding: string | null; amountPence: number; paidAt: Date; refunded: boolean };

/**
 * Credit-card money taken (or authorised) this London calendar month and not refunded. A payment stamped a moment
 * after `now` (another process decided it while this one waited for the lock) counts too.
 */
export function creditSpentThisMonth(payments: readonly CardPayment[], now: Date): number {
  const start = londonMonthStart(now).getTime();
  return payments
    .filter((p) => !p.refunded && countsAsCredit(p.funding) && p.paidAt.getTime() >= start)
    .reduce((sum, p) => sum + p.amountPence, 0);
}

/**
 * Would taking `amountPence` on a card with this funding pass the monthly credit cap? An order for an instant-win
 * competition has a cap of zero: under the UK code those never take a credit card (docs/instant-wins-v1.md).
 */
export function passesCreditCap(
  funding: string | null | undefined,
  spentPence: number,
  amountPence: number,
  capPence: number = CREDIT_CARD_MONTHLY_CAP_PENCE,
): boolean {
  return countsAsCredit(funding) && spentPence + amountPence > capPence;
}

/** What the buyer is told, before paying and when a credit card was refused, about instant-win competitions. */
export const INSTANT_WIN_CREDIT_CARD_MESSAGE =
  "Instant-win competitions cannot be paid for with a credit card (UK code of practice). Your card has not been " +
  "charged and the tickets have been released: please pay with a debit card.";
