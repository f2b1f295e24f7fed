// The stand-in's sessions in the database and their Stripe-shaped JSON, shared by its API, hosted page and webhooks.
import { randomBytes } from "node:crypto";
import { and, eq, lte, sql } from "drizzle-orm";
import { type StandinSessionRow, stripeStandinSessions } from "~/db/schema";
import type { Database, Executor } from "~/server/platform/db.server";
import type { Logger } from "~/server/platform/logger.server";
import { preparedPerDatabase } from "~/server/platform/prepared.server";

/** What every part of the stand-in works with. */
export type StandinContext = {
  db: Database;
  logger: Logger;
  now: () => Date;
  /** Where browsers reach this app, without a trailing slash (the hosted page's URL is built from it). */
  publicBaseUrl: string;
  /** Queues a signed event in the caller's transaction (webhooks.ts). */
  enqueueEvent: (tx: Executor, type: string, object: unknown) => Promise<QueuedEvent>;
  /** The row `enqueueEvent` would write, for a statement that writes it together with its change (webhooks.ts). */
  newEvent: (type: string, object: unknown) => QueuedEvent & { nextAttemptAt: Date };
  /** Makes the first delivery attempt of events queued by a committed transaction. */
  deliverNow: (event: QueuedEvent) => Promise<void>;
};

export type QueuedEvent = { id: string; attempts: number; payload: string; type: string; createdAt: Date };

export const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "x")}`;

export class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly type = "invalid_request_error",
  ) {
    super(message);
  }
}

export function sessionJson(row: StandinSessionRow, publicBaseUrl: string) {
  return {
    id: row.id,
    object: "checkout.session",
    allowed_payment_method_types: ["card"],
    amount_subtotal: row.amountTotal,
    amount_total: row.amountTotal,
    cancel_url: row.cancelUrl,
    client_reference_id: row.clientReferenceId,
    created: Math.floor(row.createdAt.getTime() / 1000),
    currency: row.currency,
    customer_details: row.customerEmail ? { email: row.customerEmail } : null,
    customer_email: row.customerEmail,
    expires_at: Math.floor(row.expiresAt.getTime() / 1000),
    livemode: false,
    metadata: row.metadata,
    mode: "payment",
    payment_intent: row.paymentIntent,
    payment_method_types: ["card"],
    payment_status: row.paymentStatus,
    status: row.status,
    success_url: row.successUrl,
    ui_mode: "hosted_page",
    url: row.status === "open" ? `${publicBaseUrl}/stripe-standin/pay/${row.id}` : null,
  };
}

export function intentJson(row: StandinSessionRow, expandPaymentMethod: boolean) {
  const paymentMethodId = `pm_${row.id.slice(-24)}`;
  const paymentMethod = {
    id: paymentMethodId,
    object: "payment_method",
    type: "card",
    card: { brand: row.cardBrand, funding: row.cardFunding, last4: row.cardLast4, country: "GB" },
    livemode: false,
  };
  const status = row.paymentIntentStatus ?? "requires_payment_method";
  return {
    id: row.paymentIntent,
    object: "payment_intent",
    amount: row.amountTotal,
    amount_capturable: status === "requires_capture" ? row.amountTotal : 0,
    amount_received: status === "succeeded" ? row.amountTotal : 0,
    capture_method: row.captureMethod,
    currency: row.currency,
    livemode: false,
    metadata: row.metadata,
    payment_method: row.cardFunding ? (expandPaymentMethod ? paymentMethod : paymentMethodId) : null,
    status,
  };
}

/** The columns a session is looked up by: its id, the idempotency key it was made with, its PaymentIntent. */
type SessionKey = "id" | "idempotencyKey" | "paymentIntent";

/** The look-ups, each a named prepared statement (a session is read three or four times per payment). */
const sessionReads = preparedPerDatabase((db: Executor) => {
  const by = (column: SessionKey, name: string) =>
    db
      .select()
      .from(stripeStandinSessions)
      .where(eq(stripeStandinSessions[column], sql.placeholder("value")))
      .prepare(name);
  return {
    id: by("id", "standin_session_by_id"),
    idempotencyKey: by("idempotencyKey", "standin_session_by_idempotency_key"),
    paymentIntent: by("paymentIntent", "standin_session_by_payment_intent"),
  };
});

/** The session whose `key` column is `value`, if any. */
export async function findSessionBy(
  db: Executor,
  key: SessionKey,
  value: string,
): Promise<StandinSessionRow | undefined> {
  const [row] = await sessionReads(db)[key].execute({ value });
  return row;
}

export function findSession(db: Executor, id: string) {
  return findSessionBy(db, "id", id);
}

/**
 * Moves an open session to expired (when `onlyPastExpiry`, only once its time has passed) and queues
 * checkout.session.expired in the same transaction; undefined when it was not open.
 */
export async function expireSession(context: StandinContext, id: string, options: { onlyPastExpiry: boolean }) {
  const queued = await context.db.transaction(async (tx) => {
    const [expired] = await tx
      .update(stripeStandinSessions)
      .set({ status: "expired" })
      .where(
        and(
          eq(stripeStandinSessions.id, id),
          eq(stripeStandinSessions.status, "open"),
          options.onlyPastExpiry ? lte(stripeStandinSessions.expiresAt, context.now()) : undefined,
        ),
      )
      .returning();
    if (!expired) return undefined;
    const event = await context.enqueueEvent(
      tx,
      "checkout.session.expired",
      sessionJson(expired, context.publicBaseUrl),
    );
    return { expired, event };
  });
  if (!queued) return undefined;
  await context.deliverNow(queued.event);
  return queued.expired;
}

/** Sessions past their expiry become expired when next looked at (Stripe does this on a timer). */
export async function loadSession(context: StandinContext, id: string): Promise<StandinSessionRow | undefined> {
  const row = await findSession(context.db, id);
  if (row?.status !== "open" || row.expiresAt.getTime() > context.now().getTime()) return row;
  return (await expireSession(context, id, { onlyPastExpiry: true })) ?? findSession(context.db, id);
}
