import { eq, sql } from "drizzle-orm";
import { supportServicesText } from "~/content/support";
import { orders } from "~/db/schema";
import {
  CREDIT_CARD_MONTHLY_CAP_PENCE,
  countsAsCredit,
  INSTANT_WIN_CREDIT_CARD_MESSAGE,
  NOT_CREDIT_FUNDING,
} from "~/domain/credit-card-cap";
import { londonMonthStart } from "~/domain/london-time";
import { formatPence } from "~/domain/money";
import type { Executor, Tx } from "../platform/db.server";
import { paragraphs, serviceEmail } from "../platform/email/content";
import { type Batched, GROUP_COMMIT_MAX, groupCommit } from "../platform/group-commit.server";
import { enqueueEmail } from "../platform/mail.server";
import type { CheckoutSessionSummary, PaymentIntentSummary } from "../platform/payments.server";
import { preparedPerDatabase } from "../platform/prepared.server";
import type { Services } from "../platform/services.server";
import { releaseReservation } from "./reservations.server";

/**
 * Payments are authorised only (capture_method=manual). Before any money moves, the card's funding (from the
 * provider's PaymentMethod) and the player's credit card spending this London month decide: within the cap the
 * authorisation is captured and fulfilment goes on as for any paid session; over it the authorisation is cancelled
 * and the order's tickets are released. See ADR 018.
 */

export const CREDIT_CAP_FAILURE = "credit_card_cap";
/** An instant-win competition's order paid with a credit card: refused, as the cap for it is zero. */
export const INSTANT_WIN_CREDIT_FAILURE = "credit_card_instant_win";
const REFUSALS = [CREDIT_CAP_FAILURE, INSTANT_WIN_CREDIT_FAILURE];

type AuthorisationOutcome =
  | { kind: "captured"; session: CheckoutSessionSummary }
  | { kind: "refused"; orderId: string }
  /** Nothing is authorised (e.g. an asynchronous payment that failed): fulfilment goes on with the session. */
  | { kind: "none" };

/** A completed session whose payment is authorised but not yet captured. */
export const isAuthorisedOnly = (session: CheckoutSessionSummary) =>
  session.status === "complete" && session.paymentStatus === "unpaid" && session.paymentIntentId !== null;

/** The card fundings that are not credit, as the SQL array `paddock_authorise` and `paddock_credit_card_spent` take. */
const NOT_CREDIT_ARRAY = `{${NOT_CREDIT_FUNDING.join(",")}}`;

/** What `paddock_authorise` (drizzle/0027) decided about an authorised payment. */
type Authorised =
  | { kind: "capture" }
  | { kind: "missing" }
  | { kind: "over"; reason: string; spent: number }
  | { kind: "refused"; reason: string; spent?: number; email: string | null };

/**
 * One call of `paddock_authorise`: under the player's row lock, this London month's credit card spending (other than
 * this order) and the order's competitions decide whether the payment passes the cap; the card's funding is recorded.
 * Without `refuse`, a payment over the cap writes nothing and comes back "over".
 */
async function authorise(
  tx: Executor,
  input: { orderId: string; session: CheckoutSessionSummary; funding: string | null; now: Date; refuse: boolean },
): Promise<Authorised> {
  const { orderId, session, funding, now, refuse } = input;
  const result = await tx.execute<{ decided: Authorised }>(
    sql`select paddock_authorise(${orderId}::uuid, ${session.id}, ${funding}, ${countsAsCredit(funding)},
      ${session.amountTotal ?? null}::integer, ${CREDIT_CARD_MONTHLY_CAP_PENCE}::integer,
      ${londonMonthStart(now)}::timestamptz, ${NOT_CREDIT_ARRAY}::text[], ${now}::timestamptz,
      ${refuse}) as decided`,
  );
  const decided = result.rows[0]?.decided;
  if (!decided) throw new Error("paddock_authorise returned nothing");
  if (decided.kind === "missing") throw new Error(`No order ${orderId} for session ${session.id}`);
  return decided;
}

type Terms = {
  orderId: string;
  session: CheckoutSessionSummary;
  funding: string | null;
  now: Date;
  logger: Services["logger"];
};

/**
 * The first decision on each authorised payment (the call that writes nothing over the cap), batched per process and
 * database like a group commit (ADR 040): payments decided together cost one statement, `paddock_each` of
 * `paddock_authorise_item` (drizzle/0029), each in a subtransaction of its own. One that raised there, or all of a
 * batch that failed as a whole, is decided again alone.
 */
const firstDecisions = preparedPerDatabase((db: Executor) =>
  groupCommit<Terms, Authorised>((batch) => decideTogether(db, batch), { maxGroup: GROUP_COMMIT_MAX }),
);

async function decideTogether(db: Executor, batch: Batched<Terms, Authorised>[]) {
  const decided: (Authorised | undefined)[] = [];
  if (batch.length > 1) {
    const items = batch.map(({ item }, key) => ({
      key,
      orderId: item.orderId,
      sessionId: item.session.id,
      funding: item.funding,
      credit: countsAsCredit(item.funding),
      amount: item.session.amountTotal ?? null,
      cap: CREDIT_CARD_MONTHLY_CAP_PENCE,
      monthStart: londonMonthStart(item.now).toISOString(),
      notCredit: NOT_CREDIT_FUNDING,
      now: item.now.toISOString(),
    }));
    try {
      const result = await db.execute<{ outcomes: { key: number; outcome: Authorised | { kind: "error" } }[] }>(
        sql`select paddock_each('paddock_authorise_item', ${JSON.stringify(items)}::jsonb) as outcomes`,
      );
      for (const { key, outcome } of result.rows[0]?.outcomes ?? [])
        if (outcome.kind !== "error" && outcome.kind !== "missing") decided[key] = outcome;
    } catch (error) {
      batch[0]?.item.logger.warn({ err: error, payments: batch.length }, "a batch of card checks failed");
    }
  }
  await Promise.all(
    batch.map(async ({ item: { logger: _logger, ...terms }, resolve, reject }, key) => {
      const outcome = decided[key];
      if (outcome) return resolve(outcome);
      await authorise(db, { ...terms, refuse: false }).then(resolve, reject);
    }),
  );
}

/**
 * Decides an authorised payment: records the card's funding on the order and, over the cap, cancels the order
 * (tickets released) in one statement under a per-player lock, so two payments at once cannot both slip under the
 * cap (a refusal also queues the buyer's e-mail, in a transaction of its own). Then captures or cancels at the
 * provider, keyed per order so a retry is the same request.
 */
export async function settleAuthorisation(
  services: Services,
  session: CheckoutSessionSummary,
  orderId: string,
): Promise<AuthorisationOutcome> {
  const intentId = session.paymentIntentId as string;
  const intent = await services.payments.retrievePaymentIntent(intentId);
  if (intent.status === "succeeded") return { kind: "captured", session: await paidSession(services, session, intent) };
  if (intent.status === "canceled") {
    await refuseOrder(services, orderId, session.id, "authorisation_cancelled");
    return { kind: "refused", orderId };
  }
  if (intent.status !== "requires_capture") return { kind: "none" };
  const now = services.now();
  const terms = { orderId, session, funding: intent.funding ?? null, now };
  let decided = await firstDecisions(services.db).submit({ ...terms, logger: services.logger });
  if (decided.kind === "over") {
    decided = await services.db.transaction(async (tx) => {
      const refused = await authorise(tx, { ...terms, refuse: true });
      // The buyer may have closed the tab before the result page: they hear why by e-mail too.
      if (refused.kind === "refused" && refused.email) {
        const message =
          refused.reason === INSTANT_WIN_CREDIT_FAILURE
            ? INSTANT_WIN_CREDIT_CARD_MESSAGE
            : creditCapMessage(refused.spent ?? 0);
        await enqueueEmail(tx, {
          to: refused.email,
          kind: "payment-refused",
          subject: "Your Paddock payment was not taken",
          content: serviceEmail("Your Paddock payment was not taken", [
            ...paragraphs(message),
            { type: "text", text: supportServicesText() },
          ]),
        });
      }
      return refused;
    });
  }
  if (decided.kind === "refused" || decided.kind === "over") {
    services.mail.kick();
    await settleIntent(services, intentId, "canceled", () =>
      services.payments.cancelPaymentIntent(intentId, `cancel-${orderId}`),
    );
    services.logger.info({ orderId, funding: intent.funding }, "payment refused: credit card cap");
    return { kind: "refused", orderId };
  }
  const captured = await settleIntent(services, intentId, "succeeded", () =>
    services.payments.capturePaymentIntent(intentId, `capture-${orderId}`),
  );
  return { kind: "captured", session: await paidSession(services, session, captured) };
}

/**
 * Captures or cancels; when another process (a repeated webhook, the reconciler) got there first the provider
 * refuses the second call, and what matters is that the intent is now where it should be. Returns the intent as
 * the provider last reported it.
 */
async function settleIntent(
  services: Services,
  intentId: string,
  want: string,
  call: () => Promise<PaymentIntentSummary>,
): Promise<PaymentIntentSummary> {
  try {
    return await call();
  } catch (error) {
    const now = await services.payments.retrievePaymentIntent(intentId);
    if (now.status !== want) throw error;
    return now;
  }
}

/**
 * The session as the provider has it now the money is captured. A Checkout Session's payment_status turns paid
 * when its PaymentIntent succeeds, so the provider's answer about the intent settles it without asking for the
 * session again (a request per payment saved); in any other state the session is asked for.
 */
async function paidSession(services: Services, session: CheckoutSessionSummary, intent: PaymentIntentSummary) {
  if (intent.status === "succeeded" && intent.amount === session.amountTotal)
    return { ...session, paymentStatus: "paid" as const };
  return services.payments.retrieveSession(session.id);
}

async function cancelOrder(tx: Tx, order: typeof orders.$inferSelect, sessionId: string, reason: string, now: Date) {
  if (order.paymentStatus !== "pending") return;
  await releaseReservation(tx, order.id, now);
  await tx
    .update(orders)
    .set({ paymentStatus: "cancelled", failureReason: reason, providerSessionId: sessionId, updatedAt: now })
    .where(eq(orders.id, order.id));
}

async function refuseOrder(services: Services, orderId: string, sessionId: string, reason: string) {
  const now = services.now();
  await services.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (order && !REFUSALS.includes(order.failureReason ?? "")) await cancelOrder(tx, order, sessionId, reason, now);
  });
}

/** What the buyer is told (result page and e-mail) when the cap refused their payment. */
function creditCapMessage(spentPence: number) {
  const left = Math.max(0, CREDIT_CARD_MONTHLY_CAP_PENCE - spentPence);
  return (
    `We did not take this payment. Credit card payments are limited to ${formatPence(CREDIT_CARD_MONTHLY_CAP_PENCE)} ` +
    "per person each calendar month (UK time), and this one would have gone over that limit. Your card has not " +
    `been charged and the tickets have been released. You have ${formatPence(left)} left on credit cards this ` +
    "month; you can pay with a debit card instead."
  );
}

/** The result page's explanation, with this month's credit allowance as it stands now. */
export async function creditCapRefusalMessage(services: Services, userId: string, orderId: string, reason?: string) {
  if (reason === INSTANT_WIN_CREDIT_FAILURE) return INSTANT_WIN_CREDIT_CARD_MESSAGE;
  const result = await services.db.execute<{ spent: number }>(
    sql`select paddock_credit_card_spent(${userId}, ${orderId}::uuid, ${londonMonthStart(services.now())}::timestamptz,
      ${NOT_CREDIT_ARRAY}::text[]) as spent`,
  );
  return creditCapMessage(Number(result.rows[0]?.spent ?? 0));
}
