import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "./columns";

/**
 * State of the built-in Stripe stand-in (used only when STRIPE_SECRET_KEY is unset). Kept in the
 * database so every app process serves the same sessions. Shapes follow Stripe's Checkout Session.
 */
export const stripeStandinSessions = pgTable(
  "stripe_standin_sessions",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").unique(),
    status: text("status").notNull().default("open"),
    paymentStatus: text("payment_status").notNull().default("unpaid"),
    amountTotal: integer("amount_total").notNull(),
    currency: text("currency").notNull(),
    customerEmail: text("customer_email"),
    clientReferenceId: text("client_reference_id"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    lineItems: jsonb("line_items")
      .$type<{ name: string; quantity: number; unit_amount: number; amount_total: number }[]>()
      .notNull(),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    paymentIntent: text("payment_intent").unique(),
    /** payment_intent_data[capture_method]: "manual" authorises only, until the app captures or cancels. */
    captureMethod: text("capture_method").notNull().default("automatic"),
    /** The PaymentIntent's status once paid: requires_capture, succeeded or canceled. */
    paymentIntentStatus: text("payment_intent_status"),
    /** The test card used, as Stripe reports it on the PaymentMethod (card.funding, card.brand, card.last4). */
    cardFunding: text("card_funding"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    expiresAt: instant("expires_at").notNull(),
    completedAt: instant("completed_at"),
    refundId: text("refund_id"),
    refundIdempotencyKey: text("refund_idempotency_key"),
    refundedAt: instant("refunded_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("stripe_standin_sessions_status_idx").on(t.status, t.expiresAt)],
);

export type StandinSessionRow = typeof stripeStandinSessions.$inferSelect;

/**
 * The stand-in's webhook events not yet delivered, kept like Stripe keeps them: a delivery that fails is retried
 * with backoff, by any app process and after a restart (a kill -9 loses nothing). Delivered events are deleted.
 */
export const stripeStandinWebhookDeliveries = pgTable(
  "stripe_standin_webhook_deliveries",
  {
    /** The event's id (evt_…), the same on every attempt, as Stripe's is. */
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** The event's JSON exactly as first built; each attempt signs it again with that attempt's time. */
    payload: text("payload").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** When it is due; an attempt in flight pushes it ahead by a lease, so one process at a time tries it. */
    nextAttemptAt: instant("next_attempt_at").notNull(),
    lastError: text("last_error"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("stripe_standin_webhook_deliveries_due_idx").on(t.nextAttemptAt)],
);

export type StandinWebhookDeliveryRow = typeof stripeStandinWebhookDeliveries.$inferSelect;
