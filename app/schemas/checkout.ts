import { z } from "~/schemas/zod";
import { DatePartsSchema } from "./date-of-birth";
import { errorNotice, formCheck } from "./form";
import { PromoFieldSchema } from "./promo-code";
import { TicketQuantitySchema } from "./ticket-quantity";

const ANSWER_MISSING = "Please answer the skill question to proceed.";
export const CHECKOUT_ERROR_TITLE = "Checkout Error";
export const CHECKOUT_FALLBACK_MESSAGE = "Failed to create checkout session";

const IdempotencyKey = z.uuid();
const raw = z.string().max(100).optional();

/**
 * What the Pay button sends besides the order: the key, js=1 once JavaScript runs (the page then goes to the
 * payment page itself), and the eligibility fields as typed, which the server checks only when the account has
 * not confirmed its eligibility yet (see payForEntry).
 */
const payFields = {
  idempotencyKey: IdempotencyKey,
  js: raw,
  dateOfBirth: DatePartsSchema.optional(),
  country: raw,
  acceptTerms: raw,
  /** The promo code field, as typed: blank means none; the checkout decides it again (promo-codes.server.ts). */
  promo: raw,
  /** "on": spend the buyer's site credit on this order; how much is the server's decision (site-credit.server.ts). */
  siteCredit: raw,
};

/** The Apply button beside the promo code field: the server prices the code for the page; nothing is held. */
const applyPromo = { intent: z.literal("promo"), promo: PromoFieldSchema };

/** /checkout/:id posts: intent "quantity" re-prices the review page, "promo" prices a code, "pay" starts payment. */
const SingleCheckoutSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("quantity"),
    quantity: TicketQuantitySchema,
    answer: z.string().max(500).optional(),
  }),
  z.object({
    intent: z.literal("pay"),
    quantity: TicketQuantitySchema,
    answer: z.string({ error: ANSWER_MISSING }).trim().min(1, ANSWER_MISSING).max(500),
    ...payFields,
  }),
  z.object({ ...applyPromo, quantity: TicketQuantitySchema }),
]);

/** A missing answer, a bad quantity or a blank promo code shows at its field; anything else, a form not sent here. */
export const singleCheckoutCheck = formCheck(SingleCheckoutSchema, (errors) =>
  errors.answer || errors.quantity || errors.promo
    ? undefined
    : errorNotice(CHECKOUT_ERROR_TITLE, "Please check your entry and try again."),
);

/** /checkout/basket posts no lines: they come from the basket on the server. */
const BasketCheckoutSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pay"), ...payFields }),
  z.object(applyPromo),
]);
export const basketCheckoutCheck = formCheck(BasketCheckoutSchema, (errors) =>
  errors.promo ? undefined : errorNotice(CHECKOUT_ERROR_TITLE, "Please reload the page and try again."),
);

/** /checkout/:id?quantity=N&answer=A: what the review page starts from. */
export const CheckoutQuerySchema = z.object({
  quantity: z.string().max(20).optional(),
  promo: z.string().max(100).optional(),
  answer: z.string().max(500).optional(),
  /** Chosen numbers, "5,17,230" (ADR 031). */
  numbers: z.string().max(400).optional(),
  /** Numbers taken by someone else when the buyer last pressed Pay, to say which. */
  taken: z.string().max(400).optional(),
});

/** /payment-success?session_id=...&order_id=... */
export const PaymentSuccessQuerySchema = z.object({
  session_id: z.string().min(1).max(255),
  order_id: z.uuid(),
});

export const PaymentCancelledQuerySchema = z.object({ order_id: z.uuid() });
