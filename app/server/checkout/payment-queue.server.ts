import { and, asc, count, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { orders } from "~/db/schema";
import { sessionRetryDelayMs } from "~/domain/token-bucket";
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

/** A claimed order is the claimer's for this long; a process that dies mid-request leaves it to another after it. */
const CLAIM_LEASE_MS = 30_000;
/** Orders claimed in one pass at most (each a provider request made concurrently). */
const MAX_BATCH = 50;
/** A session the provider keeps failing to make (not a 429) is given up after this many attempts. */
export const MAX_SESSION_ATTEMPTS = 8;
/** How often an idle process looks for orders other processes queued (its own wake it at once). */
const IDLE_POLL_MS = 500;

export type QueuedOrder = typeof orders.$inferSelect;

/** What the functions that claim need of the payment queue: its pace and how long a claim lasts (ADR 027 §2). */
export type SessionTerms = { rate: number; burst: number; leaseMs: number };

const isQueued = and(isNotNull(orders.queuedAt), eq(orders.paymentStatus, "pending"));

/**
 * The queue's terms for the functions that claim (drizzle/0027): the pace shared by every process and how long a
 * claim lasts. Over any one second a bucket gives out at most its rate plus its burst; the provider counts a sliding
 * second (Stripe, and the stand-in) on arrival, when network jitter can bunch requests, so the burst is a tenth of
 * the rate (bursts of 5 at 20/s met 45 429s in 500 sessions). The rate is the provider's own limit (ADR 039 §3): at
 * 25/s in bursts of 3 a second may see 28 requests, and the provider's 429 for the excess puts those orders back in
 * the queue with the same idempotency key, at their place.
 */
export const sessionTerms = (services: Services): SessionTerms => ({
  rate: services.env.PAYMENT_PROVIDER_RATE,
  burst: Math.max(1, Math.ceil(services.env.PAYMENT_PROVIDER_RATE / 10)),
  leaseMs: CLAIM_LEASE_MS,
});

/**
 * A held order's way to its payment page, in the caller's transaction (`paddock_claim_session`): claimed for the
 * provider's next request when nobody is queued and the shared bucket has one to spare (a quiet day: no queue at
 * all), otherwise queued behind the others. The hold does the same in its own statement (`holdOrder`'s `session`).
 */
export async function claimOrQueue(tx: Executor, services: Services, orderId: string): Promise<"claimed" | "queued"> {
  const result = await tx.execute<{ session: "claimed" | "queued" }>(
    sql`select paddock_claim_session(${orderId}::uuid, ${services.now()}::timestamptz,
      ${JSON.stringify(sessionTerms(services))}::jsonb) as session`,
  );
  const session = result.rows[0]?.session;
  if (!session) throw new Error("paddock_claim_session returned nothing");
  return session;
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

/**
 * Claims the oldest due queued orders, as many as the bucket allows now, and says when the next token comes: one call
 * of `paddock_claim_queued` (the orders' row locks and the bucket's in one statement), then the claimed orders read.
 */
async function claimBatch(services: Services, now: Date) {
  const result = await services.db.execute<{ batch: { claimed: string[]; waiting: number; nextTokenInMs: number } }>(
    sql`select paddock_claim_queued(${now}::timestamptz, ${MAX_BATCH}::integer,
      ${JSON.stringify(sessionTerms(services))}::jsonb) as batch`,
  );
  const batch = result.rows[0]?.batch;
  if (!batch) throw new Error("paddock_claim_queued returned nothing");
  const claimed =
    batch.claimed.length === 0
      ? []
      : await services.db
          .select()
          .from(orders)
          .where(inArray(orders.id, batch.claimed))
          .orderBy(asc(orders.queuedAt), asc(orders.id));
  return { claimed, waiting: batch.waiting, nextTokenInMs: batch.nextTokenInMs };
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
    sessionReady(order.id, session.url);
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
    sessionReady(order.id);
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
 * Requests waiting for an order's session, by order id: told at once when a session is recorded (or an order closed)
 * by any process. This process's worker tells them directly, with the payment page's URL when it made one; the others'
 * reach it by NOTIFY on READY_CHANNEL (a trigger on orders), which the worker LISTENs to. A shutdown ends every wait.
 * Keyed by order, so recording one session wakes its own waiters only (ADR 042), not every waiting request.
 */
const sessionWaiters = new Map<string, Set<(url?: string) => void>>();
const READY_CHANNEL = "checkout_session_ready";

/** Wakes the requests waiting for `orderId`'s session; `url` when this process made it, to answer without a read. */
function sessionReady(orderId: string, url?: string): void {
  const waiters = sessionWaiters.get(orderId);
  if (!waiters) return;
  sessionWaiters.delete(orderId);
  for (const wake of waiters) wake(url);
}

/**
 * Resolves when the order's session is made or given up, or after `ms`: with the payment page's URL when this
 * process made the session, otherwise undefined and the caller reads the order again (another process may have made
 * it, or it was given up).
 */
export function sessionSettled(orderId: string, ms: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    let waiters = sessionWaiters.get(orderId);
    if (!waiters) {
      waiters = new Set();
      sessionWaiters.set(orderId, waiters);
    }
    const finish = (url?: string) => {
      clearTimeout(timer);
      const current = sessionWaiters.get(orderId);
      current?.delete(finish);
      if (current?.size === 0) sessionWaiters.delete(orderId);
      resolve(url);
    };
    const timer = setTimeout(finish, ms);
    waiters.add(finish);
  });
}

/** How many requests in this process wait for a session now (a test acts once its request is waiting). */
export const sessionWaits = () => {
  let waiting = 0;
  for (const waiters of sessionWaiters.values()) waiting += waiters.size;
  return waiting;
};

/** Ends every wait (a shutdown): the buyers are answered "still held", and their pages ask again elsewhere. */
function endAllWaits(): void {
  for (const orderId of [...sessionWaiters.keys()]) sessionReady(orderId);
}

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
    .listen(READY_CHANNEL, (orderId) => sessionReady(orderId))
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
      endAllWaits();
      await (await listening)?.();
      await running;
    },
  };
  queues.set(services.handle, queue);
  schedule(IDLE_POLL_MS);
  return queue;
}
