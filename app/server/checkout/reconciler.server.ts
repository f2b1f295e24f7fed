import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { orders } from "~/db/schema";
import { FIRST_LOOK_AFTER_MS, nextLookAt } from "~/domain/provider-checks";
import { type PeriodicJob, startPeriodicJob } from "../platform/jobs.server";
import type { Services } from "../platform/services.server";
import { abandonOrder, openProviderSession } from "./checkout.server";
import { payBySiteCredit } from "./credit-payment.server";
import { fulfilCheckoutSession, refundOrder } from "./fulfilment.server";
import { paidEntirelyByCredit } from "./site-credit.server";

/**
 * Repairs what webhooks could not: pending orders are checked with the provider from a minute after they were made
 * (on the schedule of domain/provider-checks, which bounds the requests) and fulfilled, or released once their
 * reservation has lapsed and their session is expired; refunds that failed are retried. Each process runs it every
 * minute; orders are claimed with FOR UPDATE SKIP LOCKED plus next_reconcile_at (a short lease for lapsed ones, the
 * next look for open ones), so processes never work on the same order at once.
 */

const RECONCILE_INTERVAL_MS = 60_000;
/** A pending order is first checked with the provider once it is this old, well before its reservation lapses. */
export const STALE_AFTER_MS = FIRST_LOOK_AFTER_MS;
const LEASE_MS = 2 * 60_000;

type ReconcileReport = {
  checked: number;
  fulfilled: number;
  released: number;
  refunded: number;
  errors: number;
};

type Claimed = {
  id: string;
  createdAt: Date;
  providerSessionId: string | null;
  reservationExpiresAt: Date | null;
  paymentStatus: string;
};

async function claim(services: Services, now: Date, limit: number): Promise<Claimed[]> {
  const staleBefore = new Date(now.getTime() - STALE_AFTER_MS);
  return services.db.transaction(async (tx) => {
    const due = or(isNull(orders.nextReconcileAt), lte(orders.nextReconcileAt, now));
    const rows = await tx
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        providerSessionId: orders.providerSessionId,
        reservationExpiresAt: orders.reservationExpiresAt,
        paymentStatus: orders.paymentStatus,
      })
      .from(orders)
      .where(
        or(
          and(
            eq(orders.paymentStatus, "pending"),
            or(lte(orders.reservationExpiresAt, now), lte(orders.createdAt, staleBefore)),
            due,
          ),
          and(eq(orders.paymentStatus, "refunded"), isNull(orders.refundedAt), due),
        ),
      )
      .orderBy(asc(orders.reservationExpiresAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (rows.length === 0) return [];
    const lapsed = rows
      .filter((r) => r.paymentStatus !== "pending" || (r.reservationExpiresAt && r.reservationExpiresAt <= now))
      .map((r) => r.id);
    if (lapsed.length > 0)
      await tx
        .update(orders)
        .set({ nextReconcileAt: new Date(now.getTime() + LEASE_MS) })
        .where(inArray(orders.id, lapsed));
    for (const waiting of rows.filter((r) => !lapsed.includes(r.id)))
      await tx
        .update(orders)
        .set({ nextReconcileAt: nextLookAt(waiting.createdAt, now, waiting.reservationExpiresAt) })
        .where(eq(orders.id, waiting.id));
    return rows;
  });
}

async function reconcileOrder(services: Services, order: Claimed, now: Date, report: ReconcileReport) {
  const lapsed = order.reservationExpiresAt !== null && order.reservationExpiresAt <= now;
  let sessionId = order.providerSessionId;

  if (order.paymentStatus === "refunded") {
    if (sessionId && (await refundOrder(services, order.id))) report.refunded++;
    return;
  }

  if (!sessionId) {
    // The process may have died between creating the order and recording its session: replaying the creation
    // with the same idempotency key returns that session if it exists. If it cannot, the tickets go back.
    const [full] = await services.db.select().from(orders).where(eq(orders.id, order.id));
    if (!full) return;
    // Site credit pays it all: no session to recover, it is fulfilled as its request would have done (ADR 036).
    if (paidEntirelyByCredit(full)) {
      if ((await payBySiteCredit(services, full)).outcome.kind === "fulfilled") report.fulfilled++;
      return;
    }
    // A queued order's session is the payment queue's to make, at the provider's pace (ADR 027).
    if (full.queuedAt && !lapsed) return;
    try {
      sessionId = (await openProviderSession(services, full)).id;
    } catch (error) {
      services.logger.warn({ err: error, orderId: order.id }, "reconciler could not recover the checkout session");
    }
    if (!sessionId) {
      if (lapsed && (await abandonOrder(services, order.id, "expired", "session_missing"))) report.released++;
      return;
    }
  }

  let session = await services.payments.retrieveSession(sessionId);
  if (session.status === "open" && lapsed) session = await services.payments.expireSession(sessionId);
  if (session.status === "open") return;
  const outcome = await fulfilCheckoutSession(services, session);
  if (outcome.kind === "fulfilled") report.fulfilled++;
  if (outcome.kind === "released") report.released++;
  if (outcome.kind === "refund") report.refunded++;
}

export async function reconcileOnce(services: Services, options: { limit?: number } = {}): Promise<ReconcileReport> {
  const now = services.now();
  const report: ReconcileReport = { checked: 0, fulfilled: 0, released: 0, refunded: 0, errors: 0 };
  const claimed = await claim(services, now, options.limit ?? 50);
  for (const order of claimed) {
    report.checked++;
    try {
      await reconcileOrder(services, order, now, report);
    } catch (error) {
      report.errors++;
      services.logger.error(
        { err: error, orderId: order.id },
        "reconciler could not settle an order; it will try again",
      );
    }
  }
  if (report.checked > 0) services.logger.info(report, "reconciler pass");
  return report;
}

type Reconciler = PeriodicJob<ReconcileReport>;

/** Runs reconcileOnce every minute in this process. */
export function startReconciler(services: Services, intervalMs = RECONCILE_INTERVAL_MS): Reconciler {
  return startPeriodicJob({
    name: "reconciler",
    pass: () => reconcileOnce(services),
    intervalMs,
    firstDelayMs: 5_000 + Math.floor(Math.random() * 10_000),
    logger: services.logger,
  });
}
