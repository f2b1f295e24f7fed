import { redirectDocument } from "react-router";
import type { PromoDecision } from "~/domain/promo-code";
import { CHECKOUT_ERROR_TITLE } from "~/schemas/checkout";
import { type AnySubmission, errorNotice } from "~/schemas/form";
import type { PaymentOutcome } from "~/server/checkout/checkout-page.server";
import { formReply } from "~/server/platform/form-action.server";

/** The Pay button's answer on /checkout/:id and /checkout/basket, once payForEntry has answered. */
export function paymentReply(submission: AnySubmission, outcome: PaymentOutcome, js: boolean) {
  if (!outcome.ok) {
    const notice = outcome.message ? errorNotice(CHECKOUT_ERROR_TITLE, outcome.message) : undefined;
    return formReply(submission, { status: outcome.status, notice, fieldErrors: outcome.fieldErrors });
  }
  // With JavaScript the page says 'Redirecting to Payment' and then goes there itself.
  if (js) return formReply(submission, {}, { paymentUrl: outcome.url });
  // A document redirect: the payment page is not one of this app's routes, even on the stand-in's host.
  return redirectDocument(outcome.url, 303);
}

/** What the review page shows for an applied code: the discount and the new total, as the server priced them. */
export type PromoQuoteReply = { code: string; discountPence: number; totalBeforePence: number; totalPence: number };

/** The Apply button's answer: the code's message at its field (nothing held or used), or its quote. */
export function promoReply<E extends object = Record<never, never>>(
  submission: AnySubmission,
  decision: PromoDecision,
  extra?: E,
) {
  if (!decision.ok) return formReply(submission, { status: 422, fieldErrors: { promo: [decision.message] } });
  const { code, discountPence, totalBeforePence, totalPence } = decision;
  const promoQuote: PromoQuoteReply = { code, discountPence, totalBeforePence, totalPence };
  return formReply(submission, {}, { promoQuote, ...(extra as E) });
}
