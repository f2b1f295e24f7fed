import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { basketItems, competitions, orderLines, orders, payments, tickets, type OrderRow } from "~/db/schema";
import { BANK_PROCESSING } from "~/content/policy";
import { formatPence } from "~/domain/money";
import { allocateNumbers, isCorrectAnswer } from "~/domain/ticket-allocation";
import { enqueueEmail } from "./mail.server";
import type { CheckoutSessionSummary } from "./payments/provider.server";
import { formatUkDateTime, isUuid, linesInLockOrder, releaseReservation, type Tx } from "./payments/orders.server";
import type { Services } from "./services.server";

/**
 * The one function that turns a provider's Checkout Session into the order's outcome. Called by the verified
 * webhook, the reconciler, /payment-success and cancellation; idempotent by session id: the order row is locked
 * (`SELECT … FOR UPDATE`) and every change is conditional on its status, so replays and out-of-order events
 * change nothing.
 */

export type FulfilmentOutcome =
  | { kind: "fulfilled"; orderId: string; reallocated: boolean }
  | { kind: "already_final"; orderId: string; status: OrderRow["paymentStatus"] }
  | { kind: "released"; orderId: string; status: "expired" | "cancelled" }
  | { kind: "refund"; orderId: string; reason: RefundReason }
  | { kind: "waiting"; orderId: string }
  | { kind: "ignored"; reason: string };

export type RefundReason = "sold_out_after_expiry" | "competition_closed" | "amount_mismatch";

export type FulfilOptions = {
  /** The event that carried the session, when it came by webhook (async payment failures release the order). */
  eventType?: string;
};

const isPaid = (session: CheckoutSessionSummary) => session.status === "complete" && session.paymentStatus !== "unpaid";

/** Thrown inside the paid path when a line cannot be sold after all: the transaction is redone as a refund. */
class CannotHonour extends Error {
  constructor(readonly reason: RefundReason) {
    super(reason);
  }
}

export async function fulfilCheckoutSession(services: Services, session: CheckoutSessionSummary, options: FulfilOptions = {}): Promise<FulfilmentOutcome> {
  const orderId = await resolveOrderId(services, session);
  if (!orderId) return { kind: "ignored", reason: "no order for this session" };
  let outcome: FulfilmentOutcome;
  try {
    outcome = await settleOrder(services, session, orderId, options, null);
  } catch (error) {
    if (!(error instanceof CannotHonour)) throw error;
    outcome = await settleOrder(services, session, orderId, options, error.reason);
  }
  if (outcome.kind === "refund" && session.paymentIntentId) await refundOrder(services, outcome.orderId, session.paymentIntentId);
  if (outcome.kind === "fulfilled") services.mail.kick();
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
  return services.db.transaction(async (tx): Promise<FulfilmentOutcome> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { kind: "ignored", reason: "order not found" };
    if (order.providerSessionId && order.providerSessionId !== session.id) return { kind: "ignored", reason: "session belongs to another order" };
    const lines = await linesInLockOrder(tx, order.id);

    if (!isPaid(session)) {
      const failed = options.eventType === "checkout.session.async_payment_failed";
      if (order.paymentStatus !== "pending" || (session.status !== "expired" && !failed)) {
        if (order.paymentStatus === "pending" && !order.providerSessionId) {
          await tx.update(orders).set({ providerSessionId: session.id, updatedAt: now }).where(eq(orders.id, order.id));
        }
        return order.paymentStatus === "pending" ? { kind: "waiting", orderId } : { kind: "already_final", orderId, status: order.paymentStatus };
      }
      const status = failed ? "cancelled" : "expired";
      await releaseReservation(tx, lines);
      await tx
        .update(orders)
        .set({ paymentStatus: status, failureReason: failed ? "payment_failed" : "session_expired", providerSessionId: session.id, updatedAt: now })
        .where(eq(orders.id, order.id));
      return { kind: "released", orderId, status };
    }

    if (order.paymentStatus === "paid" || order.paymentStatus === "refunded") return { kind: "already_final", orderId, status: order.paymentStatus };
    const held = order.paymentStatus === "pending";

    const refuse = async (reason: RefundReason): Promise<FulfilmentOutcome> => {
      if (held) await releaseReservation(tx, lines);
      await tx
        .update(orders)
        .set({ paymentStatus: "refunded", failureReason: reason, providerSessionId: session.id, updatedAt: now })
        .where(eq(orders.id, order.id));
      await tx
        .insert(payments)
        .values({ orderId, providerSessionId: session.id, status: "refund_pending", amountPence: session.amountTotal ?? order.totalAmountPence, raw: { payment_intent: session.paymentIntentId, reason } })
        .onConflictDoNothing({ target: payments.providerSessionId });
      return { kind: "refund", orderId, reason };
    };
    if (refuseWith) return refuse(refuseWith);
    if (session.amountTotal !== order.totalAmountPence || (session.currency ?? "gbp").toLowerCase() !== "gbp") {
      services.logger.error({ orderId, session: session.id, amount: session.amountTotal, expected: order.totalAmountPence }, "paid amount does not match the order");
      return refuse("amount_mismatch");
    }

    // Writes that touch no competition row come first, so each competition row is locked only from its
    // numbering UPDATE below to the commit.
    await tx
      .update(orders)
      .set({ paymentStatus: "paid", paidAt: now, providerSessionId: session.id, failureReason: held ? null : order.failureReason, updatedAt: now })
      .where(eq(orders.id, order.id));
    await tx
      .insert(payments)
      .values({ orderId, providerSessionId: session.id, status: "paid", amountPence: session.amountTotal ?? order.totalAmountPence, raw: { payment_intent: session.paymentIntentId } })
      .onConflictDoNothing({ target: payments.providerSessionId });
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

    // Sell: reserved (or, after a lapse, free) tickets become sold, numbered from tickets_sold in the same UPDATE,
    // which also re-checks that the competition is still open (and, after a lapse, that the tickets are free).
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
            held ? undefined : sql`${competitions.ticketsSold} + ${competitions.ticketsReserved} + ${line.quantity} <= ${competitions.totalTickets}`,
          ),
        )
        .returning({ soldBefore: sql<number>`${competitions.ticketsSold} - ${line.quantity}`, title: competitions.title, correctAnswer: competitions.correctAnswer });
      if (!row) throw new CannotHonour(await whyNotSold(tx, line.competitionId, now));
      const numbers = allocateNumbers(Number(row.soldBefore), line.quantity);
      const correct = isCorrectAnswer(line.skillAnswer, row.correctAnswer);
      await tx.insert(tickets).values(
        numbers.map((ticketNumber) => ({
          competitionId: line.competitionId,
          ticketNumber,
          userId: order.userId,
          orderId,
          skillAnswer: line.skillAnswer,
          isCorrectAnswer: correct,
          purchaseDate: now,
        })),
      );
      allocated.push({ numbers, correct, title: row.title, skillAnswer: line.skillAnswer });
    }
    if (order.email) await enqueueEmail(tx, confirmationEmail(order, allocated));
    return { kind: "fulfilled", orderId, reallocated: !held };
  });
}

type Allocation = { numbers: number[]; correct: boolean; title: string; skillAnswer: string };

async function whyNotSold(tx: Tx, competitionId: number, now: Date): Promise<RefundReason> {
  const [comp] = await tx.select({ status: competitions.status, endDate: competitions.endDate }).from(competitions).where(eq(competitions.id, competitionId));
  return comp && comp.status === "active" && comp.endDate.getTime() > now.getTime() ? "sold_out_after_expiry" : "competition_closed";
}

async function resolveOrderId(services: Services, session: CheckoutSessionSummary): Promise<string | null> {
  if (isUuid(session.orderId)) return session.orderId;
  const [row] = await services.db.select({ id: orders.id }).from(orders).where(eq(orders.providerSessionId, session.id));
  return row?.id ?? null;
}

/**
 * Refunds a payment that could not be honoured and tells the buyer. The order is already 'refunded' with
 * refunded_at unset; this sets refunded_at once the provider confirms, and the reconciler retries until it does.
 */
export async function refundOrder(services: Services, orderId: string, paymentIntentId: string): Promise<boolean> {
  try {
    await services.payments.refund(paymentIntentId, `refund-${orderId}`);
  } catch (error) {
    services.logger.error({ err: error, orderId }, "refund failed; the reconciler will retry");
    return false;
  }
  const now = services.now();
  const done = await services.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ refundedAt: now, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "refunded"), isNull(orders.refundedAt)))
      .returning();
    if (!order) return false;
    await tx.update(payments).set({ status: "refunded", updatedAt: now }).where(eq(payments.orderId, orderId));
    if (order.email) {
      const lines = await tx
        .select({ title: competitions.title, quantity: orderLines.quantity })
        .from(orderLines)
        .innerJoin(competitions, eq(competitions.id, orderLines.competitionId))
        .where(eq(orderLines.orderId, orderId));
      await enqueueEmail(tx, refundEmail(order, lines));
    }
    return true;
  });
  services.mail.kick();
  return done;
}

// ------------------------------------------------------------------------------------------------------- e-mails

const shortId = (id: string) => id.slice(0, 8);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function confirmationEmail(order: OrderRow, allocated: Allocation[]) {
  const count = allocated.reduce((sum, a) => sum + a.numbers.length, 0);
  const blocks = allocated.map((a) =>
    [
      a.title,
      `  Ticket ${a.numbers.length === 1 ? "number" : "numbers"}: ${a.numbers.join(", ")}`,
      `  Your answer: ${a.skillAnswer}`,
      a.correct
        ? "  Your answer is correct, so these tickets are in the draw."
        : "  Your answer is not correct. These tickets are valid entries but cannot win the prize.",
    ].join("\n"),
  );
  return {
    to: order.email as string,
    kind: "order-confirmation",
    subject: `Your Paddock entry is confirmed: ${plural(count, "ticket")}`,
    text: [
      `Thank you for your order ${shortId(order.id)}. Your ${plural(count, "ticket")} ${count === 1 ? "has" : "have"} been confirmed.`,
      "",
      ...blocks.flatMap((b) => [b, ""]),
      `Total paid: ${formatPence(order.totalAmountPence)}`,
      "",
      "You can see your tickets at any time in your account. The draw takes place after the competition closes, and we contact the winner directly.",
    ].join("\n"),
  };
}

const REFUND_REASONS: Record<string, string> = {
  sold_out_after_expiry: "your payment arrived after your reserved tickets had been released, and the competition had sold out in the meantime",
  competition_closed: "the competition closed before your payment completed",
  amount_mismatch: "the amount paid did not match your order",
};

function refundEmail(order: OrderRow, lines: { title: string; quantity: number }[]) {
  const reason = REFUND_REASONS[order.failureReason ?? ""] ?? "we could not honour your order";
  return {
    to: order.email as string,
    kind: "order-refunded",
    subject: `Your Paddock payment of ${formatPence(order.totalAmountPence)} has been refunded`,
    text: [
      `We're sorry: we could not give you the tickets for order ${shortId(order.id)}, because ${reason}.`,
      "",
      ...lines.map((l) => `  ${l.title}: ${plural(l.quantity, "ticket")}`),
      "",
      `We have refunded the full ${formatPence(order.totalAmountPence)} to your card on ${formatUkDateTime(order.refundedAt ?? new Date())}. No tickets were issued.`,
      `Refunds usually reach your account within ${BANK_PROCESSING}, depending on your bank.`,
    ].join("\n"),
  };
}
