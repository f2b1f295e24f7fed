import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { ORDER_STATUSES, sqlList } from "../constants";
import { user } from "./auth";
import { identityId, instant } from "./columns";
import { competitions } from "./competitions";

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    paymentStatus: text("payment_status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    subtotalPence: integer("subtotal_pence").notNull(),
    discountPence: integer("discount_pence").notNull().default(0),
    /** Taken off by a promo code, after the multi-buy discount: subtotal − discount − promo discount = total. */
    promoDiscountPence: integer("promo_discount_pence").notNull().default(0),
    totalAmountPence: integer("total_amount_pence").notNull(),
    /** Paid from the buyer's site credit (a `checkout` debit in wallet_ledger); the card pays the rest (ADR 036). */
    siteCreditPence: integer("site_credit_pence").notNull().default(0),
    termsVersion: text("terms_version"),
    reservationExpiresAt: instant("reservation_expires_at"),
    paidAt: instant("paid_at"),
    /**
     * Checkout: the buyer's e-mail at the time, the provider's session, the key that makes a double click one order.
     */
    email: text("email"),
    source: text("source"),
    idempotencyKey: text("idempotency_key"),
    providerSessionId: text("provider_session_id").unique(),
    checkoutUrl: text("checkout_url"),
    /**
     * The payment queue (ADR 027): set while a held order waits for its provider session, cleared when the session
     * is recorded; sessions are made oldest first, at the provider's allowed rate across all processes.
     */
    queuedAt: instant("queued_at"),
    /** When the queue may try this order again (after a 429 or an error, or a claim by a process that died). */
    nextSessionAttemptAt: instant("next_session_attempt_at"),
    sessionAttempts: integer("session_attempts").notNull().default(0),
    /** When the reconciler may look at this order again (a lease, so processes do not collide). */
    nextReconcileAt: instant("next_reconcile_at"),
    refundedAt: instant("refunded_at"),
    /** Why staff (or a cancellation) refunded the order; who asked. */
    refundReason: text("refund_reason"),
    refundRequestedBy: text("refund_requested_by"),
    refundAttempts: integer("refund_attempts").notNull().default(0),
    refundLastError: text("refund_last_error"),
    failureReason: text("failure_reason"),
    /**
     * The card's funding as the provider reported it when the payment was authorised (credit, debit, prepaid,
     * unknown), and when: credit card spending is capped per calendar month (domain/credit-card-cap.ts).
     */
    cardFunding: text("card_funding"),
    authorisedAt: instant("authorised_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("orders_status_check", sql.raw(`payment_status in (${sqlList(ORDER_STATUSES)})`)),
    check("orders_site_credit_check", sql`${t.siteCreditPence} between 0 and ${t.totalAmountPence}`),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.paymentStatus, t.createdAt),
    // The Orders tab with every status, newest first.
    index("orders_created_idx").on(t.createdAt, t.id),
    unique("orders_user_idempotency_unique").on(t.userId, t.idempotencyKey),
    index("orders_reservation_idx").on(t.paymentStatus, t.reservationExpiresAt),
    index("orders_queue_idx").on(t.queuedAt, t.id).where(sql`queued_at is not null`),
  ],
);

/**
 * The payment provider's request budget, shared by every app process (ADR 027): a token bucket per endpoint,
 * refilled by the time passed since `refilled_at` at the configured rate and taken under a row lock.
 */
export const providerRateBuckets = pgTable("provider_rate_buckets", {
  endpoint: text("endpoint").primaryKey(),
  tokens: doublePrecision("tokens").notNull(),
  refilledAt: instant("refilled_at").notNull(),
});

export const orderLines = pgTable(
  "order_lines",
  {
    id: identityId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    competitionId: integer("competition_id")
      .notNull()
      .references(() => competitions.id),
    quantity: integer("quantity").notNull(),
    unitPricePence: integer("unit_price_pence").notNull(),
    discountPence: integer("discount_pence").notNull(),
    /** This line's share of the order's promo discount; total_pence is after it. */
    promoDiscountPence: integer("promo_discount_pence").notNull().default(0),
    totalPence: integer("total_pence").notNull(),
    skillAnswer: text("skill_answer").notNull(),
    /**
     * The numbers the buyer chose (ADR 031), as asked; the rest of the quantity was a lucky dip. A recovery e-mail
     * for an abandoned checkout offers these again (ADR 036).
     */
    chosenNumbers: integer("chosen_numbers").array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    check("order_lines_quantity_check", sql`${t.quantity} between 1 and 10`),
    index("order_lines_order_idx").on(t.orderId),
    index("order_lines_competition_idx").on(t.competitionId),
  ],
);

export const payments = pgTable("payments", {
  id: identityId(),
  orderId: uuid("order_id")
    .notNull()
    .references(() => orders.id, { onDelete: "cascade" }),
  provider: text("provider").notNull().default("stripe"),
  providerSessionId: text("provider_session_id").notNull().unique(),
  status: text("status").notNull(),
  amountPence: integer("amount_pence").notNull(),
  raw: jsonb("raw"),
  createdAt: instant("created_at").notNull().defaultNow(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
