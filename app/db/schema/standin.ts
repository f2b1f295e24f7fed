import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
    lineItems: jsonb("line_items").$type<{ name: string; quantity: number; unit_amount: number; amount_total: number }[]>().notNull(),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    paymentIntent: text("payment_intent").unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    refundId: text("refund_id"),
    refundIdempotencyKey: text("refund_idempotency_key"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stripe_standin_sessions_status_idx").on(t.status, t.expiresAt)],
);

export type StandinSessionRow = typeof stripeStandinSessions.$inferSelect;
