// Webhook delivery as Stripe does it: each event is signed and POSTed to the endpoint, and one that is not answered
// with a 2xx is retried with exponential backoff for up to three days. Pending events live in the database
// (stripe_standin_webhook_deliveries), queued in the same transaction as the change they announce, so a restart, a
// kill -9 or another app process carries on where a failed attempt left off.
import { createHmac } from "node:crypto";
import { asc, eq, inArray, lte, sql } from "drizzle-orm";
import { stripeStandinWebhookDeliveries } from "~/db/schema";
import type { Database, Executor } from "~/server/platform/db.server";
import { GROUP_COMMIT_MAX, groupCommit } from "~/server/platform/group-commit.server";
import type { Logger } from "~/server/platform/logger.server";
import { preparedPerDatabase } from "~/server/platform/prepared.server";
import { type QueuedEvent, randomId } from "./state";

/** Exactly Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" keyed with the endpoint secret>`. */
export function signPayload(payload: string, secret: string, timestampSeconds: number) {
  const signature = createHmac("sha256", secret).update(`${timestampSeconds}.${payload}`, "utf8").digest("hex");
  return `t=${timestampSeconds},v1=${signature}`;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 60 * 60 * 1000;
/** Stripe retries an undelivered live-mode event for up to three days. */
const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
/** How long an attempt in flight holds its event: longer than the endpoint's 10-second timeout. */
const ATTEMPT_LEASE_MS = 60_000;
/** With nothing due sooner, how often the worker looks for events another (perhaps stopped) process left. */
const IDLE_POLL_MS = 30_000;
const BATCH = 20;

/**
 * Delivered events removed, those delivered together in one statement (a group commit, as Paddock's own paid side
 * does, ADR 040 and 043): one per paid order otherwise. Each database's group, prepared once.
 */
const delivered = preparedPerDatabase((db: Database) => {
  const remove = db
    .delete(stripeStandinWebhookDeliveries)
    .where(sql`${stripeStandinWebhookDeliveries.id} = any(${sql.placeholder("ids")}::text[])`)
    .prepare("standin_webhooks_delivered");
  return groupCommit<string, void>(
    async (group) => {
      await remove.execute({ ids: group.map((entry) => entry.item) });
      for (const entry of group) entry.resolve();
    },
    { maxGroup: GROUP_COMMIT_MAX },
  );
});

/** The wait after a delivery's `attempts`-th failure: 1 s, 2 s, 4 s … doubling up to an hour. */
export function retryDelayMs(attempts: number) {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export type WebhookOptions = {
  db: Database;
  logger: Logger;
  now: () => Date;
  /** The endpoint events are sent to; several (app processes behind no balancer, ADR 040) take them in turn. */
  webhookUrls: string[];
  webhookSecret: string;
};

export type WebhookDeliveries = ReturnType<typeof webhookDeliveries>;

export function webhookDeliveries(options: WebhookOptions) {
  const { db, logger, now } = options;
  const table = stripeStandinWebhookDeliveries;
  const later = (ms: number) => new Date(now().getTime() + ms);
  let onRetryScheduled: ((delayMs: number) => void) | undefined;
  if (options.webhookUrls.length === 0) throw new Error("the stand-in needs a webhook endpoint");
  let sent = 0;
  const nextUrl = () => options.webhookUrls[sent++ % options.webhookUrls.length] as string;

  /** A new event of `type` about `object`, held by this process for its first attempt (not yet written). */
  function newEvent(type: string, object: unknown): QueuedEvent & { nextAttemptAt: Date } {
    const createdAt = now();
    const id = randomId("evt");
    const payload = JSON.stringify({
      id,
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(createdAt.getTime() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    return { id, type, payload, attempts: 0, nextAttemptAt: later(ATTEMPT_LEASE_MS), createdAt };
  }

  async function post(payload: string) {
    // Signed at the moment of sending (Stripe's endpoint checks it against its own clock), not the stand-in's clock.
    const header = signPayload(payload, options.webhookSecret, Math.floor(Date.now() / 1000));
    const response = await fetch(nextUrl(), {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": header,
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.status < 200 || response.status >= 300)
      throw new Error(`webhook endpoint answered ${response.status}`);
  }

  /** One attempt at an event this process holds (just queued, or claimed by `deliverDue`). */
  async function attempt(event: QueuedEvent) {
    const attempts = event.attempts + 1;
    try {
      await post(event.payload);
      await delivered(db).submit(event.id);
      return true;
    } catch (error) {
      const lastError = error instanceof Error ? error.message : String(error);
      const givingUp = now().getTime() - event.createdAt.getTime() >= GIVE_UP_AFTER_MS;
      const log = { err: error, type: event.type, event: event.id, attempt: attempts };
      if (givingUp) {
        logger.error(log, "stripe stand-in webhook delivery abandoned after three days");
        await db.delete(table).where(eq(table.id, event.id));
        return false;
      }
      logger.warn(log, "stripe stand-in webhook delivery failed");
      const delay = retryDelayMs(attempts);
      await db
        .update(table)
        .set({ attempts, lastError, nextAttemptAt: later(delay) })
        .where(eq(table.id, event.id));
      onRetryScheduled?.(delay);
      return false;
    }
  }

  /** Claims the events that are due (each by one process) and attempts them; the number delivered. */
  async function deliverDue() {
    const due = db
      .select({ id: table.id })
      .from(table)
      .where(lte(table.nextAttemptAt, now()))
      .orderBy(asc(table.nextAttemptAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(table)
      .set({ nextAttemptAt: later(ATTEMPT_LEASE_MS) })
      .where(inArray(table.id, due))
      .returning();
    const outcomes = await Promise.all(claimed.map(attempt));
    return outcomes.filter(Boolean).length;
  }

  /** Milliseconds until the earliest pending event is due (0 when one is due now), or undefined with none. */
  async function untilNextDue() {
    const [row] = await db.select({ next: table.nextAttemptAt }).from(table).orderBy(asc(table.nextAttemptAt)).limit(1);
    return row?.next ? Math.max(0, row.next.getTime() - now().getTime()) : undefined;
  }

  return {
    /** Queues a signed event in the caller's transaction, held by this process for its first attempt. */
    async enqueue(tx: Executor, type: string, object: unknown): Promise<QueuedEvent> {
      const [row] = await tx.insert(table).values(newEvent(type, object)).returning();
      if (!row) throw new Error("webhook event insert failed");
      return row;
    },

    /** An event's row as `enqueue` writes it, for a statement that writes it itself (the hosted page's payment). */
    newEvent,

    /** The first attempt, made before the payer is redirected; a failure leaves the event to the retries. */
    async deliverNow(event: QueuedEvent) {
      await attempt(event);
    },

    deliverDue,

    /**
     * Retries due events in the background until stopped: at once (events a previous run left; `stop()` waits for
     * that first pass), then whenever the next one is due.
     */
    start() {
      let timer: NodeJS.Timeout | undefined;
      let wakeAt = Number.POSITIVE_INFINITY;
      let stopped = false;
      let running: Promise<void> = Promise.resolve();
      const schedule = (delayMs: number) => {
        const at = Date.now() + delayMs;
        if (stopped || at >= wakeAt) return;
        clearTimeout(timer);
        wakeAt = at;
        timer = setTimeout(tick, delayMs);
        timer.unref();
      };
      const tick = () => {
        wakeAt = Number.POSITIVE_INFINITY;
        // After any pass still running, so this process never claims the same events twice at once.
        running = running.then(async () => {
          try {
            while ((await deliverDue()) > 0 && !stopped) {}
            schedule(Math.min((await untilNextDue()) ?? IDLE_POLL_MS, IDLE_POLL_MS));
          } catch (error) {
            logger.error({ err: error }, "stripe stand-in webhook retries failed");
            schedule(IDLE_POLL_MS);
          }
        });
      };
      onRetryScheduled = schedule;
      tick();
      return {
        async stop() {
          stopped = true;
          clearTimeout(timer);
          onRetryScheduled = undefined;
          await running;
        },
      };
    },
  };
}
