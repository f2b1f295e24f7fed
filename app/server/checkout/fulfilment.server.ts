import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { BANK_PROCESSING } from "~/content/policy";
import { supportServicesText } from "~/content/support";
import { basketItems, competitions, type OrderRow, orders, payments, tickets } from "~/db/schema";
import { ANSWER_RECORDED } from "~/domain/answer-reveal";
import { formatUkDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import { refundDestinationText } from "~/domain/site-credit";
import { isCorrectAnswer } from "~/domain/ticket-allocation";
import { isUuid } from "~/schemas/ids";
import { claimInstantWins, instantWinEmailBlocks, type WonInstantWin } from "../instant-wins/instant-wins.server";
import type { Tx } from "../platform/db.server";
import { type EmailBlock, serviceEmail } from "../platform/email/content";
import { recordFunnel } from "../platform/funnel.server";
import { enqueueEmail } from "../platform/mail.server";
import { addNotification, type NewNotification } from "../platform/notifications.server";
import type { CheckoutSessionSummary } from "../platform/payments.server";
import { publicOrigin } from "../platform/public-origin.server";
import type { Services } from "../platform/services.server";
import { isAuthorisedOnly, settleAuthorisation } from "./card-authorisation.server";
import { orderLinesWithTitle } from "./order-lines.server";
import { reclaimPromoUse } from "./promo-codes.server";
import { linesInLockOrder, releaseReservation } from "./reservations.server";
import { cardAmountOf, hasCardPayment, refundSiteCredit, retakeSiteCredit } from "./site-credit.server";
import { issueOrderNumbers } from "./ticket-numbers.server";

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

/** The payment row for a provider session, written once: a replayed event finds it already there. */
function recordPayment(
  tx: Tx,
  order: Pick<OrderRow, "id" | "totalAmountPence">,
  session: CheckoutSessionSummary,
  status: "paid" | "refund_pending",
  extra: Record<string, unknown> = {},
) {
  return tx
    .insert(payments)
    .values({
      orderId: order.id,
      providerSessionId: session.id,
      status,
      amountPence: session.amountTotal ?? order.totalAmountPence,
      raw: { payment_intent: session.paymentIntentId, ...extra },
    })
    .onConflictDoNothing({ target: payments.providerSessionId });
}

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
  let outcome: FulfilmentOutcome;
  try {
    outcome = await settleOrder(services, session, orderId, options, null);
  } catch (error) {
    if (!(error instanceof CannotHonour)) throw error;
    outcome = await settleOrder(services, session, orderId, options, error.reason);
  }
  if (outcome.kind === "refund" && session.paymentIntentId)
    await refundOrder(services, outcome.orderId, session.paymentIntentId);
  if (outcome.kind === "fulfilled") {
    services.mail.kick();
    await recordFunnel(services, ["paid"], outcome.competitionIds, { userId: outcome.userId });
  }
  return outcome;
}

/** One transaction deciding the order's fate from the session; `refuseWith` redoes a paid session as a refund. */
async function settleOrder(
  services: Services,
  session: CheckoutSessionSummary,
  orderId: string,
  options: FulfilOptions,
  refuseWith: RefundReason | null,
): Promise<FulfilmentOutcome> {
  const now = services.now();
  const origin = await publicOrigin(services);
  return services.db.transaction(async (tx): Promise<FulfilmentOutcome> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { kind: "ignored", reason: "order not found" };
    if (order.providerSessionId && order.providerSessionId !== session.id)
      return { kind: "ignored", reason: "session belongs to another order" };
    const lines = await linesInLockOrder(tx, order.id);

    if (!isPaid(session)) {
      const failed = options.eventType === "checkout.session.async_payment_failed";
      if (order.paymentStatus !== "pending" || (session.status !== "expired" && !failed)) {
        if (order.paymentStatus === "pending" && !order.providerSessionId) {
          await tx.update(orders).set({ providerSessionId: session.id, updatedAt: now }).where(eq(orders.id, order.id));
        }
        return order.paymentStatus === "pending"
          ? { kind: "waiting", orderId }
          : { kind: "already_final", orderId, status: order.paymentStatus };
      }
      const status = failed ? "cancelled" : "expired";
      await releaseReservation(tx, order.id, lines, now);
      await tx
        .update(orders)
        .set({
          paymentStatus: status,
          failureReason: failed ? "payment_failed" : "session_expired",
          providerSessionId: session.id,
          updatedAt: now,
        })
        .where(eq(orders.id, order.id));
      return { kind: "released", orderId, status };
    }

    if (order.paymentStatus === "paid" || order.paymentStatus === "refunded")
      return { kind: "already_final", orderId, status: order.paymentStatus };
    const held = order.paymentStatus === "pending";

    const refuse = async (reason: RefundReason): Promise<FulfilmentOutcome> => {
      if (held) await releaseReservation(tx, order.id, lines, now);
      await tx
        .update(orders)
        .set({ paymentStatus: "refunded", failureReason: reason, providerSessionId: session.id, updatedAt: now })
        .where(eq(orders.id, order.id));
      await recordPayment(tx, order, session, "refund_pending", { reason });
      return { kind: "refund", orderId, reason };
    };
    if (refuseWith) return refuse(refuseWith);
    if (session.amountTotal !== cardAmountOf(order) || (session.currency ?? "gbp").toLowerCase() !== "gbp") {
      services.logger.error(
        { orderId, session: session.id, amount: session.amountTotal, expected: order.totalAmountPence },
        "paid amount does not match the order",
      );
      return refuse("amount_mismatch");
    }

    // Writes that touch no competition row come first, so each competition row is locked only from its
    // numbering UPDATE below to the commit.
    await tx
      .update(orders)
      .set({
        paymentStatus: "paid",
        paidAt: now,
        providerSessionId: session.id,
        failureReason: held ? null : order.failureReason,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    await recordPayment(tx, order, session, "paid");
    if (!held) await reclaimPromoUse(tx, order.id);
    if (!held && !(await retakeSiteCredit(tx, order, now))) throw new CannotHonour("site_credit_spent");
    if (order.source === "basket" && order.userId) {
      await tx.delete(basketItems).where(
        and(
          eq(basketItems.userId, order.userId),
          inArray(
            basketItems.competitionId,
            lines.map((l) => l.competitionId),
          ),
        ),
      );
    }

    const allocated = await sellLines(tx, order, lines, held, now);
    if (order.email) await enqueueEmail(tx, confirmationEmail(order, allocated, origin));
    if (order.userId) await addNotification(tx, confirmedNotification(order, order.userId, allocated, now));
    return {
      kind: "fulfilled",
      orderId,
      reallocated: !held,
      userId: order.userId,
      competitionIds: lines.map((l) => l.competitionId),
    };
  });
}

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
 * Sells a paid order's lines: reserved (or, after a lapse, free) tickets become sold in one UPDATE per line, which
 * also re-checks that the competition is still open (and, after a lapse, that the tickets are free) and holds its
 * row lock to the commit. Under that lock the order's held numbers are issued for ever, and any it no longer holds
 * (taken over after a lapse, or an order made before numbers were held) are a lucky dip (ADR 031).
 * Throws CannotHonour when a line cannot be sold. The paid webhook's path and the demo seed both sell here.
 */
export async function sellLines(
  tx: Tx,
  order: Pick<OrderRow, "id" | "userId">,
  lines: { competitionId: number; quantity: number; skillAnswer: string }[],
  held: boolean,
  now: Date,
): Promise<Allocation[]> {
  const allocated: Allocation[] = [];
  for (const line of lines) {
    const [row] = await tx
      .update(competitions)
      .set({
        ticketsSold: sql`${competitions.ticketsSold} + ${line.quantity}`,
        ...(held ? { ticketsReserved: sql`${competitions.ticketsReserved} - ${line.quantity}` } : {}),
        updatedAt: now,
      })
      .where(
        and(
          eq(competitions.id, line.competitionId),
          eq(competitions.status, "active"),
          gt(competitions.endDate, now),
          held
            ? undefined
            : sql`${competitions.ticketsSold} + ${competitions.ticketsReserved} + ${line.quantity}
              <= ${competitions.totalTickets}`,
        ),
      )
      .returning({
        total: competitions.totalTickets,
        free: sql<number>`${competitions.totalTickets} - ${competitions.ticketsSold} - ${competitions.ticketsReserved}`,
        title: competitions.title,
        correctAnswer: competitions.correctAnswer,
      });
    if (!row) throw new CannotHonour(await whyNotSold(tx, line.competitionId, now));
    const numbers = await issueOrderNumbers(
      tx,
      {
        competitionId: line.competitionId,
        now,
        total: row.total,
        quantity: line.quantity,
        // The numbers this order still holds are among those counted as taken; a lucky dip looks among the rest.
        freeGuess: Number(row.free) + line.quantity,
      },
      order.id,
    );
    if (numbers.length < line.quantity) throw new CannotHonour("sold_out_after_expiry");
    const correct = isCorrectAnswer(line.skillAnswer, row.correctAnswer);
    const issued = await tx
      .insert(tickets)
      .values(
        numbers.map((ticketNumber) => ({
          competitionId: line.competitionId,
          ticketNumber,
          userId: order.userId,
          orderId: order.id,
          skillAnswer: line.skillAnswer,
          isCorrectAnswer: correct,
          purchaseDate: now,
        })),
      )
      .returning({ number: tickets.ticketNumber, entryRef: tickets.entryRef });
    const instantWins = await claimInstantWins(tx, {
      competitionId: line.competitionId,
      orderId: order.id,
      userId: order.userId,
      numbers: numbers,
      now,
    });
    allocated.push({
      competitionId: line.competitionId,
      tickets: issued,
      title: row.title,
      skillAnswer: line.skillAnswer,
      instantWins,
    });
  }
  return allocated;
}

async function whyNotSold(tx: Tx, competitionId: number, now: Date): Promise<RefundReason> {
  const [comp] = await tx
    .select({ status: competitions.status, endDate: competitions.endDate })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  if (comp?.status === "cancelling" || comp?.status === "cancelled") return "competition_cancelled";
  return comp && comp.status === "active" && comp.endDate.getTime() > now.getTime()
    ? "sold_out_after_expiry"
    : "competition_closed";
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

function confirmationEmail(order: OrderRow, allocated: Allocation[], origin: string) {
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

function confirmedNotification(order: OrderRow, userId: string, allocated: Allocation[], at: Date): NewNotification {
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
