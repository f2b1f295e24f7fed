import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { BANK_PROCESSING } from "~/content/policy";
import { supportServicesText } from "~/content/support";
import { competitions, type OrderRow, orders, payments, tickets } from "~/db/schema";
import { ANSWER_RECORDED } from "~/domain/answer-reveal";
import { formatUkDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import { refundDestinationText } from "~/domain/site-credit";
import { isUuid } from "~/schemas/ids";
import { instantWinEmailBlocks, instantWinNotification, type WonInstantWin } from "../instant-wins/instant-wins.server";
import type { Tx } from "../platform/db.server";
import { type EmailBlock, serviceEmail } from "../platform/email/content";
import { funnelVisitorKey } from "../platform/funnel.server";
import { type Batched, GROUP_COMMIT_MAX, groupCommit } from "../platform/group-commit.server";
import { enqueueEmail } from "../platform/mail.server";
import { addNotification, type NewNotification } from "../platform/notifications.server";
import type { CheckoutSessionSummary } from "../platform/payments.server";
import { preparedPerDatabase } from "../platform/prepared.server";
import { publicOrigin } from "../platform/public-origin.server";
import type { Services } from "../platform/services.server";
import { isAuthorisedOnly, settleAuthorisation } from "./card-authorisation.server";
import { orderLinesWithTitle } from "./order-lines.server";
import { hasCardPayment, refundSiteCredit } from "./site-credit.server";

/**
 * The one function that turns a provider's Checkout Session into the order's outcome. Called by the verified
 * webhook, the reconciler, /payment-success and cancellation; idempotent by session id: the order row is locked
 * (`SELECT … FOR UPDATE`) and every change is conditional on its status, so replays and out-of-order events
 * change nothing.
 */

type FulfilmentOutcome =
  | { kind: "fulfilled"; orderId: string; reallocated: boolean; userId: string | null; competitionIds: number[] }
  | { kind: "already_final"; orderId: string; status: OrderRow["paymentStatus"] }
  | { kind: "released"; orderId: string; status: "expired" | "cancelled" }
  | { kind: "refund"; orderId: string; reason: RefundReason }
  | { kind: "waiting"; orderId: string }
  | { kind: "ignored"; reason: string };

type RefundReason =
  | "sold_out_after_expiry"
  | "competition_closed"
  | "competition_cancelled"
  | "amount_mismatch"
  | "site_credit_spent";

type FulfilOptions = {
  /** The event that carried the session, when it came by webhook (async payment failures release the order). */
  eventType?: string;
};

const isPaid = (session: CheckoutSessionSummary) => session.status === "complete" && session.paymentStatus !== "unpaid";

/** Thrown inside the paid path when a line cannot be sold after all: the transaction is redone as a refund. */
export class CannotHonour extends Error {
  constructor(readonly reason: RefundReason) {
    super(reason);
  }
}

export async function fulfilCheckoutSession(
  services: Services,
  session: CheckoutSessionSummary,
  options: FulfilOptions = {},
): Promise<FulfilmentOutcome> {
  const orderId = await resolveOrderId(services, session);
  if (!orderId) return { kind: "ignored", reason: "no order for this session" };
  if (isAuthorisedOnly(session)) {
    const authorisation = await settleAuthorisation(services, session, orderId);
    if (authorisation.kind === "refused") return { kind: "released", orderId, status: "cancelled" };
    if (authorisation.kind === "captured") session = authorisation.session;
  }
  const outcome = await settleOrder(services, session, orderId, options);
  if (outcome.kind === "refund" && session.paymentIntentId)
    await refundOrder(services, outcome.orderId, session.paymentIntentId);
  if (outcome.kind === "fulfilled") services.mail.kick();
  return outcome;
}

/** What `paddock_fulfil` answers (drizzle/0024): the outcome, and for a paid order the receipt's facts. */
type SettledOrder =
  | Exclude<FulfilmentOutcome, { kind: "fulfilled" }>
  | {
      kind: "fulfilled";
      orderId: string;
      reallocated: boolean;
      userId: string | null;
      email: string | null;
      totalAmountPence: number;
      promoDiscountPence: number;
      siteCreditPence: number;
      lines: Allocation[];
    };

/** One order to settle from its session, with what its receipt needs: the clock and the site's origin as of now. */
type Settlement = {
  services: Services;
  session: CheckoutSessionSummary;
  orderId: string;
  failed: boolean;
  now: Date;
  origin: string;
};

/** Each database's group commit of fulfilments (one per process and database). */
const fulfilments = preparedPerDatabase((_db: Services["db"]) =>
  groupCommit<Settlement, FulfilmentOutcome>(settleBatch, { maxGroup: GROUP_COMMIT_MAX }),
);

/**
 * Decides the order's fate from the session: `paddock_fulfil` locks the order, records the payment, sells the lines
 * (numbers issued, counters moved, instant wins claimed) or releases or refunds, and a paid order's receipt,
 * notifications and funnel step are written by one more statement in the same transaction, so they exist exactly
 * when the payment does. Orders that arrive together are settled together (a group commit, ADR 040).
 */
async function settleOrder(
  services: Services,
  session: CheckoutSessionSummary,
  orderId: string,
  options: FulfilOptions,
): Promise<FulfilmentOutcome> {
  const failed = options.eventType === "checkout.session.async_payment_failed";
  const origin = await publicOrigin(services);
  return fulfilments(services.db).submit({ services, session, orderId, failed, now: services.now(), origin });
}

/**
 * A batch in one transaction: `paddock_each` of `paddock_fulfil_item` (drizzle/0029) settles each order in a
 * subtransaction of its own, and one statement writes every paid order's receipt. An order that raised there, or every
 * order of a batch that failed as a whole, is settled again alone, so one order's fault never costs another its
 * tickets.
 */
async function settleBatch(batch: Batched<Settlement, FulfilmentOutcome>[]) {
  const first = batch[0];
  if (!first) return;
  if (batch.length === 1) return settleAlone(first);
  let outcomes: (FulfilmentOutcome | null)[];
  try {
    outcomes = await first.item.services.db.transaction(async (tx) => {
      const items = batch.map(({ item }, key) => ({
        key,
        orderId: item.orderId,
        sessionId: item.session.id,
        paid: isPaid(item.session),
        sessionStatus: item.session.status,
        failed: item.failed,
        amount: item.session.amountTotal,
        currency: item.session.currency,
        paymentIntent: item.session.paymentIntentId,
        now: item.now.toISOString(),
      }));
      const result = await tx.execute<{ outcomes: { key: number; outcome: SettledOrder | BatchError }[] }>(
        sql`select paddock_each('paddock_fulfil_item', ${JSON.stringify(items)}::jsonb) as outcomes`,
      );
      const settled: (SettledOrder | BatchError | undefined)[] = [];
      for (const { key, outcome } of result.rows[0]?.outcomes ?? []) settled[key] = outcome;
      const paid: Receipt[] = [];
      const answers = batch.map(({ item }, key): FulfilmentOutcome | null => {
        const outcome = settled[key];
        if (!outcome || outcome.kind === "error") {
          if (outcome) item.services.logger.warn({ orderId: item.orderId, ...outcome }, "fulfilment in a batch failed");
          return null;
        }
        return settledOutcome(item, outcome, paid);
      });
      await writeReceipts(tx, paid);
      return answers;
    });
  } catch (error) {
    first.item.services.logger.warn({ err: error, orders: batch.length }, "a batch of fulfilments failed");
    outcomes = batch.map(() => null);
  }
  await Promise.all(
    batch.map(async (entry, key) => {
      const outcome = outcomes[key];
      if (outcome) entry.resolve(outcome);
      else await settleAlone(entry);
    }),
  );
}

type BatchError = { kind: "error"; sqlstate: string; message: string };
type Receipt = { services: Services; paid: Extract<SettledOrder, { kind: "fulfilled" }>; origin: string; now: Date };

/** One order in a transaction of its own: `paddock_fulfil`, and its receipt's statement when it was paid. */
async function settleAlone({ item, resolve, reject }: Batched<Settlement, FulfilmentOutcome>) {
  const { services, session, orderId, failed, now } = item;
  try {
    const outcome = await services.db.transaction(async (tx): Promise<FulfilmentOutcome> => {
      const result = await tx.execute<{ outcome: SettledOrder }>(
        sql`select paddock_fulfil(${orderId}::uuid, ${session.id}, ${isPaid(session)}, ${session.status},
          ${failed}, ${session.amountTotal ?? null}::integer, ${session.currency ?? null},
          ${session.paymentIntentId ?? null}, ${now}::timestamptz) as outcome`,
      );
      const settled = result.rows[0]?.outcome;
      if (!settled) throw new Error("paddock_fulfil returned nothing");
      const paid: Receipt[] = [];
      const answer = settledOutcome(item, settled, paid);
      await writeReceipts(tx, paid);
      return answer;
    });
    resolve(outcome);
  } catch (error) {
    reject(error);
  }
}

/** The caller's outcome from what `paddock_fulfil` answered; a paid order's receipt is added to `receipts`. */
function settledOutcome(item: Settlement, settled: SettledOrder, receipts: Receipt[]): FulfilmentOutcome {
  const { services, session, orderId } = item;
  if (settled.kind === "refund" && settled.reason === "amount_mismatch")
    services.logger.error(
      { orderId, session: session.id, amount: session.amountTotal, currency: session.currency },
      "paid amount does not match the order",
    );
  if (settled.kind !== "fulfilled") return settled;
  receipts.push({ services, paid: settled, origin: item.origin, now: item.now });
  return {
    kind: "fulfilled",
    orderId,
    reallocated: settled.reallocated,
    userId: settled.userId,
    competitionIds: settled.lines.map((l) => l.competitionId),
  };
}

/**
 * The receipt e-mails, the in-app notifications (each order's and any instant win's) and the funnel's paid steps of
 * the paid orders, in one statement in the fulfilment's transaction.
 */
async function writeReceipts(tx: Tx, receipts: Receipt[]) {
  if (receipts.length === 0) return;
  const mails: SQL[] = [];
  const notes: ReturnType<typeof toSnake>[] = [];
  const funnel: { competition_id: number; visitor_key: string }[] = [];
  for (const { services, paid, origin, now } of receipts) {
    const order = { id: paid.orderId, ...paid };
    if (paid.email) {
      const mail = confirmationEmail(order, paid.lines, origin);
      const { renderEmail } = await import("../platform/email/render.server");
      const body = await renderEmail(mail.content);
      mails.push(sql`(${mail.to}, ${mail.subject}, ${body.text}, ${body.html}, ${mail.kind})`);
    }
    if (!paid.userId) continue;
    const userId = paid.userId;
    const orderNotes: NewNotification[] = [
      confirmedNotification(order, userId, paid.lines, now),
      ...paid.lines.flatMap((l) => l.instantWins.map((win) => instantWinNotification(userId, win, now))),
    ];
    for (const { at, ...n } of orderNotes) notes.push(toSnake({ ...n, createdAt: (at ?? now).toISOString() }));
    const visitorKey = funnelVisitorKey(services.env.AUTH_SECRET, { userId });
    if (visitorKey)
      for (const line of paid.lines) funnel.push({ competition_id: line.competitionId, visitor_key: visitorKey });
  }
  const parts: SQL[] = [];
  if (mails.length > 0)
    parts.push(sql`mail as (insert into email_outbox ("to", subject, text, html, kind)
      values ${sql.join(mails, sql`, `)})`);
  if (notes.length > 0)
    parts.push(sql`notes as (insert into notifications (user_id, kind, event_key, title, body, link, created_at)
      select n.user_id, n.kind, n.event_key, n.title, n.body, n.link, n.created_at
      from jsonb_to_recordset(${JSON.stringify(notes)}::jsonb)
        as n(user_id text, kind text, event_key text, title text, body text, link text, created_at timestamptz)
      on conflict (user_id, event_key) do nothing)`);
  if (funnel.length > 0)
    parts.push(sql`funnel as (insert into funnel_events (competition_id, stage, visitor_key)
      select f.competition_id, 'paid', f.visitor_key
      from jsonb_to_recordset(${JSON.stringify(funnel)}::jsonb) as f(competition_id integer, visitor_key text)
      on conflict do nothing)`);
  if (parts.length === 0) return;
  await tx.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}

const toSnake = (n: Omit<NewNotification, "at"> & { createdAt: string }) => ({
  user_id: n.userId,
  kind: n.kind,
  event_key: n.eventKey,
  title: n.title,
  body: n.body,
  link: n.link,
  created_at: n.createdAt,
});

/** What the receipt lists per line: never whether the answer was right (app/domain/answer-reveal.ts). */
type Allocation = {
  competitionId: number;
  tickets: { number: number; entryRef: string }[];
  title: string;
  skillAnswer: string;
  /** Instant wins these tickets hit (docs/instant-wins-v1.md). */
  instantWins: WonInstantWin[];
};

/**
 * Sells a paid order's lines in the caller's transaction (`paddock_sell_lines`, drizzle/0024): reserved (or, after a
 * lapse, free) tickets become sold, the counters move under each competition's row lock, the order's held numbers
 * are issued for ever (a lucky dip for any it no longer holds: ADR 031), and instant wins are claimed (ADR 032).
 * Throws CannotHonour when a line cannot be sold. The demo seed sells here; fulfilment calls the function itself.
 */
export async function sellLines(
  tx: Tx,
  order: Pick<OrderRow, "id" | "userId">,
  held: boolean,
  now: Date,
): Promise<Allocation[]> {
  try {
    const result = await tx.execute<{ allocated: Allocation[] }>(
      sql`select paddock_sell_lines(${order.id}::uuid, ${order.userId}, ${held}, ${now}::timestamptz) as allocated`,
    );
    return result.rows[0]?.allocated ?? [];
  } catch (error) {
    const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const cause = e?.code === "PDK01" ? e : e?.cause?.code === "PDK01" ? e.cause : null;
    if (cause) throw new CannotHonour(cause.message as RefundReason);
    throw error;
  }
}

async function resolveOrderId(services: Services, session: CheckoutSessionSummary): Promise<string | null> {
  if (isUuid(session.orderId)) return session.orderId;
  const [row] = await services.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.providerSessionId, session.id));
  return row?.id ?? null;
}

/** Refund states the provider may answer with that mean the money did not go back. */
const REFUSED_REFUNDS = new Set(["failed", "canceled"]);

/**
 * The one refund path, for every order already marked 'refunded' with refunded_at unset: a payment that could not
 * be honoured, a staff refund or a cancelled competition. Asks the provider (with a key per order, so repeats are one
 * refund); once it confirms, sets refunded_at and queues the buyer's e-mail in one transaction. A refusal is kept on
 * the order (attempts, last error) for staff to see; the reconciler and staff retry it.
 */
export async function refundOrder(services: Services, orderId: string, paymentIntentId?: string | null) {
  try {
    // An order paid wholly by site credit has nothing at the provider: its refund is the credit alone (ADR 036).
    if (await hasCardPayment(services.db, orderId)) {
      const intent = paymentIntentId ?? (await paymentIntentOf(services, orderId));
      const refund = await services.payments.refund(intent, `refund-${orderId}`);
      if (REFUSED_REFUNDS.has(refund.status))
        throw new Error(`The provider answered that refund ${refund.id} ${refund.status}.`);
    }
  } catch (error) {
    services.logger.error({ err: error, orderId }, "refund failed; the reconciler will retry");
    await services.db
      .update(orders)
      .set({
        refundAttempts: sql`${orders.refundAttempts} + 1`,
        refundLastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        updatedAt: services.now(),
      })
      .where(and(eq(orders.id, orderId), isNull(orders.refundedAt)));
    return false;
  }
  const now = services.now();
  const done = await services.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({
        refundedAt: now,
        refundAttempts: sql`${orders.refundAttempts} + 1`,
        refundLastError: null,
        updatedAt: now,
      })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "refunded"), isNull(orders.refundedAt)))
      .returning();
    if (!order) return false;
    await tx.update(payments).set({ status: "refunded", updatedAt: now }).where(eq(payments.orderId, orderId));
    await refundSiteCredit(tx, orderId, now);
    if (order.email) await enqueueEmail(tx, refundEmail(order, await refundedLines(tx, orderId)));
    if (order.userId) await addNotification(tx, refundNotification(order, order.userId, now));
    return true;
  });
  services.mail.kick();
  return done;
}

/** The payment to refund, as the provider knows it (the order keeps only its Checkout Session). */
async function paymentIntentOf(services: Services, orderId: string): Promise<string> {
  const [order] = await services.db
    .select({ sessionId: orders.providerSessionId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order?.sessionId) throw new Error("This order has no payment to refund.");
  const session = await services.payments.retrieveSession(order.sessionId);
  if (!session.paymentIntentId) throw new Error("The provider holds no payment for this order.");
  return session.paymentIntentId;
}

type RefundedLine = {
  title: string;
  quantity: number;
  status: string;
  cancelReason: string | null;
  ticketNumbers: number[];
};

async function refundedLines(tx: Tx, orderId: string): Promise<RefundedLine[]> {
  const [lines, numbers] = await Promise.all([
    orderLinesWithTitle(tx, orderId, {
      columns: { status: competitions.status, cancelReason: competitions.cancelReason },
      by: "competition",
    }),
    tx
      .select({ competitionId: tickets.competitionId, number: tickets.ticketNumber })
      .from(tickets)
      .where(eq(tickets.orderId, orderId))
      .orderBy(asc(tickets.ticketNumber)),
  ]);
  return lines.map(({ competitionId, ...line }) => ({
    ...line,
    ticketNumbers: numbers.filter((t) => t.competitionId === competitionId).map((t) => t.number),
  }));
}

// ------------------------------------------------------------------------------------------------------- e-mails

const shortId = (id: string) => id.slice(0, 8);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The order's facts the receipt and its notification tell. */
type ReceiptOrder = Pick<
  OrderRow,
  "id" | "userId" | "email" | "totalAmountPence" | "promoDiscountPence" | "siteCreditPence"
>;

function confirmationEmail(order: ReceiptOrder, allocated: Allocation[], origin: string) {
  const count = allocated.reduce((sum, a) => sum + a.tickets.length, 0);
  const confirmed = `Your ${plural(count, "ticket")} ${count === 1 ? "has" : "have"} been confirmed.`;
  const entries: EmailBlock[] = allocated.map((a) => ({
    type: "details",
    title: a.title,
    lines: [
      a.tickets.length === 1 ? "Ticket number and entry reference:" : "Ticket numbers and entry references:",
      ...a.tickets.map((t) => `  ${t.number}  ${t.entryRef}`),
      `Your answer: ${a.skillAnswer}`,
      ANSWER_RECORDED,
    ],
  }));
  return {
    to: order.email as string,
    kind: "order-confirmation",
    subject: `Your Paddock entry is confirmed: ${plural(count, "ticket")}`,
    content: serviceEmail(confirmed, [
      { type: "text", text: `Thank you for your order ${shortId(order.id)}. ${confirmed}` },
      ...entries,
      ...instantWinEmailBlocks(allocated.flatMap((a) => a.instantWins)),
      ...(order.promoDiscountPence > 0
        ? [{ type: "text" as const, text: `Promo code saving: ${formatPence(order.promoDiscountPence)}` }]
        : []),
      ...(order.siteCreditPence > 0
        ? [{ type: "text" as const, text: `Paid from your site credit: ${formatPence(order.siteCreditPence)}` }]
        : []),
      { type: "text", text: `Total paid: ${formatPence(order.totalAmountPence)}` },
      {
        type: "text",
        text:
          "You can see your tickets at any time in your account. " +
          "The draw takes place after the competition closes, and we contact the winner directly.",
      },
      {
        type: "links",
        title: "Links:",
        links: [
          ...(order.userId ? [{ label: "Your tickets, in your account", url: `${origin}/account` }] : []),
          ...allocated.map((a) => ({ label: a.title, url: `${origin}/competition/${a.competitionId}` })),
          { label: "How the draw is made, and how to check it", url: `${origin}/fair-play#draws` },
        ],
      },
      { type: "text", text: supportServicesText() },
    ]),
  };
}

function confirmedNotification(
  order: ReceiptOrder,
  userId: string,
  allocated: Allocation[],
  at: Date,
): NewNotification {
  const count = allocated.reduce((sum, a) => sum + a.tickets.length, 0);
  return {
    userId,
    kind: "order-confirmed",
    eventKey: `order-confirmed:${order.id}`,
    title: "Order confirmed",
    body: `Your ${plural(count, "ticket")} for ${allocated.map((a) => a.title).join(", ")} ${
      count === 1 ? "is" : "are"
    } confirmed (order ${shortId(order.id)}).`,
    link: "/account",
    at,
  };
}

function refundNotification(order: OrderRow, userId: string, at: Date): NewNotification {
  return {
    userId,
    kind: "refund-issued",
    eventKey: `refund-issued:${order.id}`,
    title: "Refund issued",
    body: `We refunded ${refundDestinationText(order)} for order ${shortId(order.id)}.`,
    link: "/account",
    at,
  };
}

const REFUND_REASONS: Record<string, string> = {
  sold_out_after_expiry:
    "your payment arrived after your reserved tickets had been released, " +
    "and the competition had sold out in the meantime",
  competition_closed: "the competition closed before your payment completed",
  competition_cancelled: "the competition was cancelled before your payment completed",
  amount_mismatch: "the amount paid did not match your order",
  site_credit_spent:
    "your payment arrived after your reserved tickets had been released, " +
    "and the site credit it used had been spent in the meantime",
};

function refundEmail(order: OrderRow, lines: RefundedLine[]) {
  const subject = `Your Paddock payment of ${formatPence(order.totalAmountPence)} has been refunded`;
  const bank = `Refunds usually reach your account within ${BANK_PROCESSING}, depending on your bank.`;
  const when = formatUkDateTime(order.refundedAt ?? new Date());
  const mail = (blocks: EmailBlock[]) => ({
    to: order.email as string,
    kind: "order-refunded",
    subject,
    content: serviceEmail(subject, [...blocks, { type: "text", text: supportServicesText() }]),
  });
  if (order.refundReason) return mail(staffRefund());
  const reason = REFUND_REASONS[order.failureReason ?? ""] ?? "we could not honour your order";
  return mail([
    {
      type: "text",
      text: `We're sorry: we could not give you the tickets for order ${shortId(order.id)}, because ${reason}.`,
    },
    { type: "details", lines: lines.map((l) => `${l.title}: ${plural(l.quantity, "ticket")}`) },
    {
      type: "text",
      text:
        `We have refunded the full ${formatPence(order.totalAmountPence)} on ${when}: ` +
        `${refundDestinationText(order)}.` +
        ` No tickets were issued.\n${bank}`,
    },
  ]);

  /** Tickets were issued and are now withdrawn: by staff, or because a competition was cancelled. */
  function staffRefund(): EmailBlock[] {
    const cancelled = lines.filter((l) => l.status === "cancelling" || l.status === "cancelled");
    const why =
      cancelled.length > 0
        ? cancelled.map((l) => `${l.title} has been cancelled${l.cancelReason ? `: ${l.cancelReason}` : "."}`)
        : [`Reason: ${order.refundReason}`];
    return [
      { type: "text", text: `We have refunded your order ${shortId(order.id)} in full.` },
      { type: "text", text: why.join("\n") },
      {
        type: "details",
        lines: lines.map((l) => {
          const numbers = l.ticketNumbers.length > 0 ? ` (${l.ticketNumbers.join(", ")})` : "";
          return `${l.title}: ${plural(l.quantity, "ticket")}${numbers}, withdrawn from the draw`;
        }),
      },
      { type: "text", text: `We refunded ${refundDestinationText(order)} on ${when}.\n${bank}` },
    ];
  }
}
