import { and, asc, count, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { CANCEL_MESSAGES } from "~/content/admin-orders";
import { competitions, orderLines, orders } from "~/db/schema";
import { canCancel } from "~/domain/competition-lifecycle";
import { abandonOrder } from "../checkout/checkout.server";
import { fulfilCheckoutSession, refundOrder } from "../checkout/fulfilment.server";
import { revealInstantWins } from "../instant-wins/instant-wins.server";
import type { Executor } from "../platform/db.server";
import { startPeriodicJob } from "../platform/jobs.server";
import type { BackgroundJob, Services } from "../platform/services.server";
import { recordAudit } from "./audit.server";
import { competitionHeadline } from "./competitions.server";
import { refundColumns } from "./orders.server";
import { finishCancellations, markOrderRefunded } from "./refunds.server";

/**
 * Cancelling a competition (admin only, with a reason): it stops selling at once ('cancelling'), its pending
 * checkouts are released, every paid order is refunded through the one refund path, and it becomes 'cancelled'
 * only when every refund has gone through. Each step is idempotent, so the action and every process's job may run
 * it; the job carries on with refunds the provider refused.
 */

const CANCELLATION_INTERVAL_MS = 60_000;
/** Refunds asked of the provider per competition and pass; the job carries on with the rest. */
const REFUNDS_PER_PASS = 200;

export type CancelOutcome =
  | { ok: true; status: "cancelling" | "cancelled"; waiting: number }
  | { ok: false; status: 404 | 409; message: string };

export async function cancelCompetition(
  services: Services,
  actorUserId: string,
  competitionId: number,
  reason: string,
): Promise<CancelOutcome> {
  const refused = await services.db.transaction(async (tx): Promise<CancelOutcome | null> => {
    const [comp] = await tx
      .select({ status: competitions.status })
      .from(competitions)
      .where(eq(competitions.id, competitionId))
      .for("update");
    if (!comp) return { ok: false, status: 404, message: CANCEL_MESSAGES.notFound };
    if (comp.status === "completed") return { ok: false, status: 409, message: CANCEL_MESSAGES.drawn };
    if (!canCancel(comp.status)) return { ok: false, status: 409, message: CANCEL_MESSAGES.already };
    // From this commit no checkout can reserve and no payment can be fulfilled: both require 'active'.
    await tx
      .update(competitions)
      .set({ status: "cancelling", cancelReason: reason, updatedAt: services.now() })
      .where(eq(competitions.id, competitionId));
    await revealInstantWins(tx, [competitionId], services.now());
    await recordAudit(tx, {
      actorUserId,
      action: "competition.cancel",
      subject: `competition:${competitionId}`,
      before: { status: comp.status },
      after: { status: "cancelling", reason },
    });
    return null;
  });
  if (refused) return refused;
  const progress = await continueCancellation(services, competitionId, actorUserId);
  return { ok: true, ...(progress ?? { status: "cancelled", waiting: 0 }) };
}

/** The order has a line in this competition. */
const inCompetition = (competitionId: number) =>
  sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id}
    and ${orderLines.competitionId} = ${competitionId})`;

/** Orders of the competition in one state. */
function ordersOf(db: Executor, competitionId: number, where: SQL | undefined, limit = 10_000) {
  return db
    .select({ id: orders.id, sessionId: orders.providerSessionId })
    .from(orders)
    .where(and(inCompetition(competitionId), where))
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

const waitingForRefund = and(eq(orders.paymentStatus, "refunded"), isNull(orders.refundedAt));

type CancellationProgress = { status: "cancelling" | "cancelled"; waiting: number };

/**
 * One pass over a cancelling competition: release, refund, retry, and finish once nothing is left. Null when the
 * competition is not cancelling (any more).
 */
export async function continueCancellation(
  services: Services,
  competitionId: number,
  actorUserId: string | null,
): Promise<CancellationProgress | null> {
  const [comp] = await services.db
    .select({ status: competitions.status, reason: competitions.cancelReason })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  if (comp?.status !== "cancelling") return null;

  for (const pending of await ordersOf(services.db, competitionId, eq(orders.paymentStatus, "pending"))) {
    await releaseCheckout(services, pending.id, pending.sessionId);
  }
  const reason = `Competition cancelled: ${comp.reason ?? ""}`.trim();
  for (const paid of await ordersOf(services.db, competitionId, eq(orders.paymentStatus, "paid"))) {
    const input = { reason, actorUserId, now: services.now(), refuseIfDrawn: false };
    await services.db.transaction((tx) => markOrderRefunded(tx, paid.id, input));
  }
  for (const order of await ordersOf(services.db, competitionId, waitingForRefund, REFUNDS_PER_PASS)) {
    await refundOrder(services, order.id);
  }
  const finished = await finishCancellations(services.db, services.now(), [competitionId]);
  if (finished.length > 0) return { status: "cancelled", waiting: 0 };
  const [left] = await services.db
    .select({ n: count() })
    .from(orders)
    .where(and(inCompetition(competitionId), waitingForRefund));
  return { status: "cancelling", waiting: left?.n ?? 0 };
}

/** Gives a pending checkout's tickets back and closes its payment page; a payment made meanwhile is refunded. */
async function releaseCheckout(services: Services, orderId: string, sessionId: string | null) {
  await abandonOrder(services, orderId, "cancelled", "competition_cancelled");
  if (!sessionId) return;
  try {
    const session = await services.payments.expireSession(sessionId);
    if (session.status === "complete") await fulfilCheckoutSession(services, session);
  } catch (error) {
    services.logger.warn({ err: error, orderId }, "could not close a checkout of a cancelled competition");
  }
}

/** Every competition still cancelling, one pass each. */
export async function continueCancellations(services: Services) {
  const cancelling = await services.db
    .select({ id: competitions.id })
    .from(competitions)
    .where(eq(competitions.status, "cancelling"))
    .orderBy(asc(competitions.id));
  for (const { id } of cancelling) {
    try {
      await continueCancellation(services, id, null);
    } catch (error) {
      services.logger.error({ err: error, competitionId: id }, "cancellation pass failed; it will try again");
    }
  }
}

export function startCancellationJob(services: Services, intervalMs = CANCELLATION_INTERVAL_MS): BackgroundJob {
  return startPeriodicJob({
    name: "cancellations",
    pass: () => continueCancellations(services),
    intervalMs,
    firstDelayMs: 5_000 + Math.floor(Math.random() * 10_000),
    logger: services.logger,
  });
}

/** What the cancel page shows: the competition, its paid orders and how far their refunds have gone. */
export async function getCancellation(services: Services, competitionId: number) {
  const [comp] = await services.db
    .select({
      ...competitionHeadline,
      cancelReason: competitions.cancelReason,
      cancelledAt: competitions.cancelledAt,
    })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  if (!comp) return null;
  const ofThis = inCompetition(competitionId);
  const counts = await services.db
    .select({
      paid: sql<number>`count(*) filter (where ${orders.paymentStatus} = 'paid')::int`,
      pending: sql<number>`count(*) filter (where ${orders.paymentStatus} = 'pending')::int`,
      refunded: sql<number>`count(*) filter (where ${isNotNull(orders.refundedAt)})::int`,
    })
    .from(orders)
    .where(and(ofThis, inArray(orders.paymentStatus, ["paid", "pending", "refunded"])));
  const waiting = await services.db
    .select(refundColumns)
    .from(orders)
    .where(and(ofThis, waitingForRefund))
    .orderBy(asc(orders.createdAt))
    .limit(100);
  return { competition: comp, counts: counts[0] ?? { paid: 0, pending: 0, refunded: 0 }, waiting };
}
