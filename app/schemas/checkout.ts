import { z } from "zod";

export const ANSWER_MISSING = "Please answer the skill question to proceed.";
export const CHECKOUT_ERROR_TITLE = "Checkout Error";
export const CHECKOUT_FALLBACK_MESSAGE = "Failed to create checkout session";

const IdempotencyKey = z.uuid();

/** /checkout/:id posts: intent "quantity" re-prices the review page, "pay" starts payment. */
export const SingleCheckoutSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("quantity"), quantity: z.string().max(20).default("1"), answer: z.string().max(500).optional() }),
  z.object({
    intent: z.literal("pay"),
    quantity: z.string().max(20).default("1"),
    answer: z.string({ error: ANSWER_MISSING }).trim().min(1, ANSWER_MISSING).max(500),
    idempotencyKey: IdempotencyKey,
  }),
]);

/** /checkout/basket posts only the key: the lines come from the basket on the server. */
export const BasketCheckoutSchema = z.object({ idempotencyKey: IdempotencyKey });

/** /checkout/:id?quantity=N&answer=A: what the review page starts from. */
export const CheckoutQuerySchema = z.object({
  quantity: z.string().max(20).optional(),
  answer: z.string().max(500).optional(),
});

/** /payment-success?session_id=...&order_id=... */
export const PaymentSuccessQuerySchema = z.object({
  session_id: z.string().min(1).max(255),
  order_id: z.uuid(),
});

export const PaymentCancelledQuerySchema = z.object({ order_id: z.uuid() });
