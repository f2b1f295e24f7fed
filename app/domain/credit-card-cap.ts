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

/** Would taking `amountPence` on a card with this funding pass the monthly credit cap? */
export function passesCreditCap(funding: string | null | undefined, spentPence: number, amountPence: number): boolean {
  return countsAsCredit(funding) && spentPence + amountPence > CREDIT_CARD_MONTHLY_CAP_PENCE;
}
