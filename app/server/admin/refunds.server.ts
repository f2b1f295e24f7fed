import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { ORDER_MESSAGES } from "~/content/admin-orders";
import { competitions, type OrderRow, orderLines, orders, tickets } from "~/db/schema";
import { isUuid } from "~/schemas/ids";
import { refundOrder } from "../checkout/fulfilment.server";
import type { Database, Tx } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { recordAudit } from "./audit.server";

type RefundOutcome =
  | { ok: true; refunded: boolean; lastError: string | null }
  | { ok: false; status: 404 | 409; message: string };

/**
 * Takes a paid order out of the draw, inside the caller's transaction with the order row locked: its tickets are
 * withdrawn (rows and numbers kept, so no number is issued twice: ADR 015), each competition's tickets sold goes
 * down (its NOTIFY trigger streams the new count) and the order becomes 'refunded' with refunded_at unset, which
 * is what the one refund path (refundOrder) and the reconciler act on.
 */
async function withdrawOrder(
  tx: Tx,
  order: Pick<OrderRow, "id">,
  input: { reason: string; actorUserId: string | null; now: Date },
) {
  const withdrawn = await tx
    .update(tickets)
    .set({ withdrawnAt: input.now })
    .where(and(eq(tickets.orderId, order.id), isNull(tickets.withdrawnAt)))
    .returning({ competitionId: tickets.competitionId });
  const perCompetition = new Map<number, number>();
  for (const t of withdrawn) perCompetition.set(t.competitionId, (perCompetition.get(t.competitionId) ?? 0) + 1);
  // Competition rows in id order, as every writer takes them, so transactions never deadlock.
  for (const [competitionId, count] of [...perCompetition].sort(([a], [b]) => a - b)) {
    await tx
      .update(competitions)
      .set({ ticketsSold: sql`greatest(${competitions.ticketsSold} - ${count}, 0)`, updatedAt: input.now })
      .where(eq(competitions.id, competitionId));
  }
  await tx
    .update(orders)
    .set({
      paymentStatus: "refunded",
      refundReason: input.reason,
      refundRequestedBy: input.actorUserId,
      refundedAt: null,
      refundLastError: null,
      updatedAt: input.now,
    })
    .where(eq(orders.id, order.id));
  return withdrawn.length;
}

type Refusal = Extract<RefundOutcome, { ok: false }>;

/**
 * Locks the order and, when it is paid, takes it out of the draw and logs who asked and why; otherwise says why not.
 * A staff refund is refused once a competition of the order has been drawn; a cancellation refunds regardless.
 */
export async function markOrderRefunded(
  tx: Tx,
  orderId: string,
  input: { reason: string; actorUserId: string | null; now: Date; refuseIfDrawn: boolean },
): Promise<Refusal | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) return { ok: false, status: 404, message: ORDER_MESSAGES.notFound };
  if (order.paymentStatus === "refunded") return { ok: false, status: 409, message: ORDER_MESSAGES.alreadyRefunded };
  if (order.paymentStatus !== "paid") return { ok: false, status: 409, message: ORDER_MESSAGES.notPaid };
  if (input.refuseIfDrawn) {
    const [drawn] = await tx
      .select({ id: competitions.id })
      .from(orderLines)
      .innerJoin(competitions, eq(competitions.id, orderLines.competitionId))
      .where(and(eq(orderLines.orderId, orderId), eq(competitions.status, "completed")))
      .limit(1);
    if (drawn) return { ok: false, status: 409, message: ORDER_MESSAGES.drawn };
  }
  const withdrawn = await withdrawOrder(tx, order, input);
  await recordAudit(tx, {
    actorUserId: input.actorUserId,
    action: "order.refund",
    subject: `order:${orderId}`,
    before: { paymentStatus: order.paymentStatus },
    after: { paymentStatus: "refunded", reason: input.reason, ticketsWithdrawn: withdrawn },
  });
  return null;
}

/** Staff refund a whole paid order, with a reason the buyer is told. Refunding twice is refused. */
export async function refundPaidOrder(
  services: Services,
  actorUserId: string,
  orderId: string,
  reason: string,
): Promise<RefundOutcome> {
  if (!isUuid(orderId)) return { ok: false, status: 404, message: ORDER_MESSAGES.notFound };
  const input = { reason, actorUserId, now: services.now(), refuseIfDrawn: true };
  const refused = await services.db.transaction((tx) => markOrderRefunded(tx, orderId, input));
  if (refused) return refused;
  await refundOrder(services, orderId);
  return refundState(services, orderId);
}

/** Asks the provider again for a refund it refused (the reconciler does the same every few minutes). */
export async function retryRefund(services: Services, actorUserId: string, orderId: string): Promise<RefundOutcome> {
  if (!isUuid(orderId)) return { ok: false, status: 404, message: ORDER_MESSAGES.notFound };
  const [order] = await services.db
    .select({ status: orders.paymentStatus, refundedAt: orders.refundedAt, attempts: orders.refundAttempts })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return { ok: false, status: 404, message: ORDER_MESSAGES.notFound };
  if (order.status !== "refunded" || order.refundedAt)
    return { ok: false, status: 409, message: ORDER_MESSAGES.nothingToRetry };
  await recordAudit(services.db, {
    actorUserId,
    action: "order.refund_retry",
    subject: `order:${orderId}`,
    before: { refundAttempts: order.attempts },
  });
  await refundOrder(services, orderId);
  const lines = await services.db
    .select({ competitionId: orderLines.competitionId })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  await finishCancellations(
    services.db,
    services.now(),
    lines.map((l) => l.competitionId),
  );
  return refundState(services, orderId);
}

async function refundState(services: Services, orderId: string): Promise<RefundOutcome> {
  const [order] = await services.db
    .select({ refundedAt: orders.refundedAt, lastError: orders.refundLastError })
    .from(orders)
    .where(eq(orders.id, orderId));
  return { ok: true, refunded: Boolean(order?.refundedAt), lastError: order?.lastError ?? null };
}

/**
 * A cancelling competition becomes cancelled once none of its orders is paid, pending or waiting for its refund.
 * One conditional UPDATE: a refund confirmed at the same moment is caught by the next pass, never missed.
 */
export async function finishCancellations(db: Database, now: Date, competitionIds: number[]) {
  if (competitionIds.length === 0) return [];
  return db.transaction(async (tx) => {
    const done = await tx
      .update(competitions)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
      .where(
        and(
          inArray(competitions.id, competitionIds),
          eq(competitions.status, "cancelling"),
          sql`not exists (
            select 1 from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId}
            where ${orderLines.competitionId} = ${competitions.id}
              and (${orders.paymentStatus} in ('paid', 'pending')
                or (${orders.paymentStatus} = 'refunded' and ${orders.refundedAt} is null)))`,
        ),
      )
      .returning({ id: competitions.id });
    for (const c of done)
      await recordAudit(tx, {
        actorUserId: null,
        action: "competition.cancelled",
        subject: `competition:${c.id}`,
        before: { status: "cancelling" },
        after: { status: "cancelled" },
      });
    return done.map((c) => c.id);
  });
}
