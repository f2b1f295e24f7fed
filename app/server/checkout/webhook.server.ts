import type Stripe from "stripe";
import { toSessionSummary } from "../platform/payments.server";
import type { Services } from "../platform/services.server";
import { fulfilCheckoutSession } from "./fulfilment.server";

const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

type WebhookResponse = { status: number; body: Record<string, unknown> };

/**
 * POST /api/stripe/webhook with the raw body: verify the signature (400 if it does not match), hand Checkout
 * Session events to the idempotent fulfilment, answer 200. An error answers 500 so the provider retries.
 */
export async function handleStripeWebhook(
  services: Services,
  rawBody: Buffer | string,
  signature: string | undefined,
): Promise<WebhookResponse> {
  let event: Stripe.Event;
  try {
    event = services.payments.constructEvent(rawBody, signature);
  } catch (error) {
    services.logger.warn({ err: error }, "rejected a webhook with a bad signature");
    return { status: 400, body: { error: "Webhook signature verification failed" } };
  }
  if (!SESSION_EVENTS.has(event.type)) return { status: 200, body: { received: true, ignored: event.type } };
  const session = toSessionSummary(event.data.object as Stripe.Checkout.Session);
  const outcome = await fulfilCheckoutSession(services, session, { eventType: event.type });
  services.logger.info(
    { event: event.id, type: event.type, session: session.id, outcome: outcome.kind },
    "webhook handled",
  );
  return { status: 200, body: { received: true, outcome: outcome.kind } };
}
