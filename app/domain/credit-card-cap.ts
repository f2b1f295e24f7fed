// Credit cards are capped at £250 per player per calendar month (Europe/London), under the DCMS Voluntary Code of
// Good Practice for Prize Draw Operators. Pure: the cap and which cards count towards it.

export const CREDIT_CARD_MONTHLY_CAP_PENCE = 25_000;

/** The card fundings that are not credit; the cap counts every other card, funded however it says. */
export const NOT_CREDIT_FUNDING = ["debit", "prepaid"] as const;

/**
 * Stripe's `card.funding` is credit, debit, prepaid or unknown. A card whose funding the issuer does not report
 * ("unknown", or none at all) is treated as credit, so the cap cannot be dodged by an unclassified card. What the
 * cap counts (this London month's credit card payments, not refunded) and whether a payment passes it are decided
 * under the player's lock by `paddock_authorise` (drizzle/0027), with this rule's list and the cap from here.
 */
export function countsAsCredit(funding: string | null | undefined): boolean {
  return !(NOT_CREDIT_FUNDING as readonly (string | null | undefined)[]).includes(funding);
}

/** What the buyer is told, before paying and when a credit card was refused, about instant-win competitions. */
export const INSTANT_WIN_CREDIT_CARD_MESSAGE =
  "Instant-win competitions cannot be paid for with a credit card (UK code of practice). Your card has not been " +
  "charged and the tickets have been released: please pay with a debit card.";
