import { EventEmitter } from "node:events";
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { orders, providerRateBuckets } from "~/db/schema";
import { type BucketLimits, returnTokens, sessionRetryDelayMs, takeTokens } from "~/domain/token-bucket";
import type { Executor } from "../platform/db.server";
import { providerErrorKind } from "../platform/payments.server";
import type { Services } from "../platform/services.server";

/**
 * The payment queue (ADR 027). A buyer's tickets are held the moment they press Pay; the provider's Checkout Session
 * follows at the rate the provider allows (Stripe: 25 requests/s per endpoint by default, 429 beyond). A held order
 * without a session is queued (`orders.queued_at`); every app process drains the queue oldest first, taking its
 * requests from one token bucket kept in the database, so all processes together stay under the rate. A 429 or a
 * failed connection puts the order back with a growing delay; only a definite refusal gives the tickets back.
 */

const ENDPOINT = "checkout.sessions.create";
/** A claimed order is the claimer's for this long; a process that dies mid-request leaves it to another after it. */
const CLAIM_LEASE_MS = 30_000;
/** Orders claimed in one pass at most (each a provider request made concurrently). */
const MAX_BATCH = 50;
/** A session the provider keeps failing to make (not a 429) is given up after this many attempts. */
export const MAX_SESSION_ATTEMPTS = 8;
/** How often an idle process looks for orders other processes queued (its own wake it at once). */
const IDLE_POLL_MS = 500;

export type QueuedOrder = typeof orders.$inferSelect;

/**
 * Over any one second a bucket gives out at most its rate plus its burst; the provider counts a sliding second
 * (Stripe, and the stand-in) on arrival, when network jitter can bunch requests, so the burst is a tenth of the rate:
 * 20/s in bursts of 2 is at most 22 in a second against Stripe's 25 (bursts of 5 still met 45 429s in 500 sessions).
 */
const limitsOf = (services: Services): BucketLimits => ({
  ratePerSecond: services.env.PAYMENT_PROVIDER_RATE,
  burst: Math.max(1, Math.ceil(services.env.PAYMENT_PROVIDER_RATE / 10)),
});

/** Takes up to `wanted` requests from the shared bucket, under its row lock, in the caller's transaction. */
async function takeProviderTokens(tx: Executor, now: Date, wanted: number, limits: BucketLimits) {
  let [bucket] = await tx
    .select()
    .from(providerRateBuckets)
    .where(eq(providerRateBuckets.endpoint, ENDPOINT))
    .for("update");
  if (!bucket) {
    await tx
      .insert(providerRateBuckets)
      .values({ endpoint: ENDPOINT, tokens: limits.burst, refilledAt: now })
      .onConflictDoNothing();
    [bucket] = await tx
      .select()
      .from(providerRateBuckets)
      .where(eq(providerRateBuckets.endpoint, ENDPOINT))
      .for("update");
  }
  if (!bucket) throw new Error("the provider's rate bucket could not be made");
  const took = takeTokens(bucket, now, wanted, limits);
  return {
    ...took,
    /** Writes the bucket back, less `unused` tokens taken but not needed. */
    save: (unused = 0) =>
      tx
        .update(providerRateBuckets)
        .set(returnTokens(took.state, unused, limits))
        .where(eq(providerRateBuckets.endpoint, ENDPOINT)),
  };
}

const isDue = (now: Date) => or(isNull(orders.nextSessionAttemptAt), lte(orders.nextSessionAttemptAt, now));
const isQueued = and(isNotNull(orders.queuedAt), eq(orders.paymentStatus, "pending"));

/**
 * The request that made the order may ask the provider itself, at once, when no order is waiting in the queue and
 * the bucket has a request to spare (a quiet day: no queue at all). The order is claimed for it, so no worker asks
 * too; otherwise it joins the queue behind the others.
 */
export async function claimForImmediateSession(services: Services, orderId: string): Promise<boolean> {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const [ahead] = await tx.select({ id: orders.id }).from(orders).where(isQueued).limit(1);
    if (ahead) return false;
    const tokens = await takeProviderTokens(tx, now, 1, limitsOf(services));
    await tokens.save();
    if (tokens.taken === 0) return false;
    await tx
      .update(orders)
      .set({
        nextSessionAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
        sessionAttempts: sql`${orders.sessionAttempts} + 1`,
      })
      .where(eq(orders.id, orderId));
    return true;
  });
}

/** Puts a held order in the queue (oldest first) and wakes this process's worker. */
export async function enqueue(services: Services, orderId: string, delayMs = 0): Promise<QueuedOrder | undefined> {
  const now = services.now();
  const [order] = await services.db
    .update(orders)
    .set({ queuedAt: now, nextSessionAttemptAt: delayMs > 0 ? new Date(now.getTime() + delayMs) : null })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "pending"), isNull(orders.providerSessionId)))
    .returning();
  kickPaymentQueue(services);
  return order;
}

/** Claims the oldest due queued orders, as many as the bucket allows now, and says when the next token comes. */
async function claimBatch(services: Services, now: Date) {
  return services.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(and(isQueued, isDue(now)))
      .orderBy(asc(orders.queuedAt), asc(orders.id))
      .limit(MAX_BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return { claimed: [] as QueuedOrder[], waiting: 0, nextTokenInMs: 0 };
    const tokens = await takeProviderTokens(tx, now, due.length, limitsOf(services));
    await tokens.save();
    const claimed = due.slice(0, tokens.taken);
    if (claimed.length > 0) {
      await tx
        .update(orders)
        .set({
          nextSessionAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
          sessionAttempts: sql`${orders.sessionAttempts} + 1`,
        })
        .where(
          inArray(
            orders.id,
            claimed.map((o) => o.id),
          ),
        );
    }
    return {
      claimed: claimed.map((o) => ({ ...o, sessionAttempts: o.sessionAttempts + 1 })),
      waiting: due.length - claimed.length,
      nextTokenInMs: tokens.nextTokenInMs,
    };
  });
}

/** Puts an order back in the queue after a 429 or a failed connection, to be tried again after a growing delay. */
export async function requeue(services: Services, order: Pick<QueuedOrder, "id" | "sessionAttempts">) {
  const delay = sessionRetryDelayMs(order.sessionAttempts);
  await services.db
    .update(orders)
    .set({ nextSessionAttemptAt: new Date(services.now().getTime() + delay) })
    .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, "pending"), isNull(orders.providerSessionId)));
}

export type SessionAttempt = "created" | "requeued" | "given_up";

type OpenSession = (services: Services, order: QueuedOrder) => Promise<{ status: string; url: string | null }>;
type GiveUp = (services: Services, orderId: string) => Promise<unknown>;

/**
 * One provider request for one claimed order: the session is recorded (by `open`, which also takes the order off
 * the queue), or the order goes back in the queue, or, on a definite refusal or too many failures, `giveUp`
 * releases its tickets.
 */
export async function attemptSession(
  services: Services,
  order: QueuedOrder,
  open: OpenSession,
  giveUp: GiveUp,
): Promise<SessionAttempt> {
  try {
    const session = await open(services, order);
    if (session.status !== "open" || !session.url) throw new Error(`the session for ${order.id} is ${session.status}`);
    sessionEvents.emit("ready", order.id);
    return "created";
  } catch (error) {
    const kind = providerErrorKind(error);
    if (kind === "rate_limited" || (kind === "transient" && order.sessionAttempts < MAX_SESSION_ATTEMPTS)) {
      services.logger.warn({ orderId: order.id, kind, attempts: order.sessionAttempts }, "checkout session deferred");
      await requeue(services, order);
      return "requeued";
    }
    services.logger.error({ err: error, orderId: order.id }, "could not create the checkout session");
    await giveUp(services, order.id);
    sessionEvents.emit("ready", order.id);
    return "given_up";
  }
}

export type DrainReport = {
  claimed: number;
  created: number;
  requeued: number;
  givenUp: number;
  waiting: number;
  nextTokenInMs: number;
};

/** One pass of the queue: claims what the bucket allows and asks the provider for each, concurrently. */
export async function drainPaymentQueue(services: Services, open: OpenSession, giveUp: GiveUp): Promise<DrainReport> {
  const batch = await claimBatch(services, services.now());
  const outcomes = await Promise.all(batch.claimed.map((order) => attemptSession(services, order, open, giveUp)));
  const tally = (kind: SessionAttempt) => outcomes.filter((o) => o === kind).length;
  return {
    claimed: batch.claimed.length,
    created: tally("created"),
    requeued: tally("requeued"),
    givenUp: tally("given_up"),
    waiting: batch.waiting,
    nextTokenInMs: batch.nextTokenInMs,
  };
}

/** The buyer's place in the queue: 1 when theirs is the next session to be made. */
export async function placeInQueue(db: Executor, order: Pick<QueuedOrder, "id" | "queuedAt">): Promise<number> {
  if (!order.queuedAt) return 0;
  const [row] = await db
    .select({ ahead: count() })
    .from(orders)
    .where(
      and(
        isQueued,
        or(lt(orders.queuedAt, order.queuedAt), and(eq(orders.queuedAt, order.queuedAt), lt(orders.id, order.id))),
      ),
    );
  return (row?.ahead ?? 0) + 1;
}

/**
 * Sessions recorded (or orders closed) by any process, by order id: waiting requests are told at once. This process's
 * worker tells them directly; the others' reach it by NOTIFY on READY_CHANNEL (a trigger on orders), which the worker
 * LISTENs to. "stopping" ends every wait when the process shuts down.
 */
const sessionEvents = new EventEmitter();
sessionEvents.setMaxListeners(0);
const READY_CHANNEL = "checkout_session_ready";

/**
 * Resolves when this process has made (or given up) the order's session, or after `ms`: the caller then reads the
 * order again (another process may have made it).
 */
export function sessionSettled(orderId: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = (id: string) => {
      if (id !== orderId) return;
      finish();
    };
    const finish = () => {
      clearTimeout(timer);
      sessionEvents.off("ready", done);
      sessionEvents.off("stopping", finish);
      resolve();
    };
    const timer = setTimeout(finish, ms);
    sessionEvents.on("ready", done);
    sessionEvents.on("stopping", finish);
  });
}

/** How many requests in this process wait for a session now (a test acts once its request is waiting). */
export const sessionWaits = () => sessionEvents.listenerCount("stopping");

export type PaymentQueue = {
  kick(): void;
  stop(): Promise<void>;
  drainOnce(): Promise<DrainReport>;
  /** Settles once the worker LISTENs for sessions other processes make (or could not). */
  listening: Promise<void>;
};

/** By the database handle, which a request's copy of the services (with its own logger) shares with the root. */
const queues = new WeakMap<Services["handle"], PaymentQueue>();

/** Wakes this process's queue worker (after an order was queued), if it runs one. */
export function kickPaymentQueue(services: Services): void {
  queues.get(services.handle)?.kick();
}

/**
 * Runs the queue in this process: at once when kicked, again as soon as the bucket has a token while orders wait,
 * and every half second otherwise (for orders queued by other processes and retries coming due).
 */
export function startPaymentQueue(services: Services, open: OpenSession, giveUp: GiveUp): PaymentQueue {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const drainOnce = () => drainPaymentQueue(services, open, giveUp);
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drainOnce()
      .then((report) => {
        if (report.claimed > 0 || again) schedule(0);
        else if (report.waiting > 0) schedule(Math.max(1, report.nextTokenInMs));
        else schedule(IDLE_POLL_MS);
      })
      .catch((error) => {
        services.logger.error({ err: error }, "payment queue pass failed");
        schedule(IDLE_POLL_MS);
      })
      .finally(() => {
        running = null;
        again = false;
      });
  };
  const listening = services.handle
    .listen(READY_CHANNEL, (orderId) => sessionEvents.emit("ready", orderId))
    .catch((error) => {
      services.logger.warn({ err: error }, "payment queue could not listen; waits end by their own timeout");
      return null;
    });
  const queue: PaymentQueue = {
    kick: () => schedule(0),
    drainOnce,
    listening: listening.then(() => undefined),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      queues.delete(services.handle);
      // Buyers waiting on this process are answered now ("still held"); their pages ask again elsewhere.
      sessionEvents.emit("stopping");
      await (await listening)?.();
      await running;
    },
  };
  queues.set(services.handle, queue);
  schedule(IDLE_POLL_MS);
  return queue;
}
