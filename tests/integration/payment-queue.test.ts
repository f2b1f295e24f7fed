import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startCheckoutPaymentQueue, verifyPayment } from "~/server/checkout/checkout.server";
import { holdStatus } from "~/server/checkout/hold.server";
import {
  kickPaymentQueue,
  MAX_SESSION_ATTEMPTS,
  type PaymentQueue,
  sessionWaits,
} from "~/server/checkout/payment-queue.server";
import { CORRECT, createCheckoutHarness, type Harness, sessionIdFromUrl } from "./checkout-harness";

// The app asks the provider for 20 sessions a second here, in bursts of at most 2, so a handful of buyers makes a
// queue (ADR 027).
let h: Harness;
let queue: PaymentQueue;
let clock = new Date("2026-11-27T12:00:00.000Z");
const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  h = await createCheckoutHarness({ PAYMENT_PROVIDER_RATE: "20" });
  h.services.now = () => clock;
  // Passes are run by hand so each test decides when time moves; the worker's own timer is stopped.
  queue = startCheckoutPaymentQueue(h.services);
  await queue.stop();
});
afterAll(async () => {
  await h?.close();
});

const rateLimited = () =>
  new Stripe.errors.StripeRateLimitError({ message: "Too many requests", type: "rate_limit_error" } as never);

async function buyers(n: number) {
  return Promise.all(Array.from({ length: n }, () => h.createBuyer()));
}

/** Empties the bucket: the next test starts with no request to spare until time moves. */
async function drainBucket() {
  tick(10_000);
  const spare = await h.createCompetition({ totalTickets: 100 });
  for (const buyer of await buyers(2))
    await h.checkout(buyer, [{ competitionId: spare.id, quantity: 1, skillAnswer: CORRECT }]);
}

/** A buyer whose one ticket is held in the queue: the bucket is empty, so no payment page is made for it yet. */
async function queuedOrder(totalTickets = 100) {
  await drainBucket();
  const comp = await h.createCompetition({ totalTickets });
  const [buyer] = await buyers(1);
  if (!buyer) throw new Error("no buyer");
  const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
  if (!started.ok || !started.held) throw new Error("expected a queued order");
  return { buyer, orderId: started.orderId, held: started.held };
}

/** Until a status request in this process is waiting for a session (it fails if none is within the deadline). */
const aRequestWaits = () => expect.poll(sessionWaits, { timeout: 5_000, interval: 5 }).toBeGreaterThan(0);

describe("a flash sale beyond the provider's rate", () => {
  it("holds every buyer's tickets at once, then opens payment pages oldest first at the rate", async () => {
    tick(10_000); // a full bucket: 2 requests to spare
    const comp = await h.createCompetition({ totalTickets: 100 });
    const provider = h.watchProvider();
    const people = await buyers(6);
    const started = [];
    for (const buyer of people) {
      tick(1); // one after another, so the queue's order is theirs
      started.push(await h.checkout(buyer, [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }]));
    }
    const ok = started.map((s) => {
      if (!s.ok) throw new Error(s.message);
      return s;
    });
    // Two had a request to spare and went straight to the payment page; four are held and queued, in order.
    expect(ok.slice(0, 2).every((s) => s.url.includes("/stripe-standin/") && !s.held)).toBe(true);
    expect(ok.slice(2).map((s) => [s.url, s.held?.place])).toEqual(
      ok.slice(2).map((s, i) => [`/checkout/hold/${s.orderId}`, i + 1]),
    );
    expect(ok[2]?.held?.until.getTime()).toBeGreaterThan(clock.getTime() + 30 * 60_000);
    expect((await h.competition(comp.id)).ticketsReserved).toBe(12);
    expect(provider.calls).toHaveLength(2);

    // No time has passed: the bucket is empty, so nobody else reaches the provider.
    expect(await queue.drainOnce()).toMatchObject({ claimed: 0, waiting: 4 });
    const third = ok[2] as (typeof ok)[number];
    expect(await holdStatus(h.services, { userId: people[2]?.id ?? "", orderId: third.orderId })).toMatchObject({
      state: "queued",
      place: 1,
      ticketCount: 2,
    });

    // Each tenth of a second brings two more payment pages, oldest first.
    tick(100);
    expect(await queue.drainOnce()).toMatchObject({ claimed: 2, created: 2, waiting: 2 });
    tick(100);
    expect(await queue.drainOnce()).toMatchObject({ claimed: 2, created: 2, waiting: 0 });
    // Oldest first: the two made at once, then each pass's pair (a pass asks for its pair together, in any order).
    const pairs = (ids: string[]) => [0, 2, 4].map((i) => ids.slice(i, i + 2).sort());
    expect(pairs(provider.calls.map((c) => c.orderId))).toEqual(pairs(ok.map((s) => s.orderId)));
    provider.restore();

    for (const [i, s] of ok.entries()) {
      const order = await h.order(s.orderId);
      expect(order).toMatchObject({ paymentStatus: "pending", queuedAt: null });
      expect(order.checkoutUrl).toContain("/stripe-standin/");
      const status = await holdStatus(h.services, { userId: people[i]?.id ?? "", orderId: s.orderId });
      expect(status).toEqual({ state: "ready", url: order.checkoutUrl });
    }
    // A queued buyer pays like any other.
    const paid = await h.pay((await h.order(third.orderId)).checkoutUrl ?? "");
    expect(paid.status).toBe(303);
    expect((await h.order(third.orderId)).paymentStatus).toBe("paid");
  });

  it("a 429 never drops a held buyer: the order waits and is asked again with the same idempotency key", async () => {
    await drainBucket();
    tick(1000); // two requests to spare
    const comp = await h.createCompetition({ totalTickets: 10 });
    const provider = h.watchProvider((_input, call) => (call <= 2 ? rateLimited() : null));
    const [buyer] = await buyers(1);
    if (!buyer) throw new Error("no buyer");
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    // The request's own attempt met the limit: the buyer is held and queued, not refused.
    expect(started.url).toBe(`/checkout/hold/${started.orderId}`);
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "pending", providerSessionId: null });
    expect((await h.competition(comp.id)).ticketsReserved).toBe(1);

    tick(300);
    expect(await queue.drainOnce()).toMatchObject({ claimed: 1, requeued: 1 });
    expect(await queue.drainOnce()).toMatchObject({ claimed: 0 }); // not due yet: it waits 500 ms this time
    tick(600);
    expect(await queue.drainOnce()).toMatchObject({ claimed: 1, created: 1 });
    provider.restore();
    expect(new Set(provider.calls.map((c) => c.idempotencyKey))).toEqual(
      new Set([`checkout-session-${started.orderId}`]),
    );
    expect(new Set(provider.calls.map((c) => c.expiresAt.getTime())).size).toBe(1);
    expect((await h.order(started.orderId)).checkoutUrl).toContain("/stripe-standin/");
  });

  it("a definite refusal, or a provider that keeps failing, gives the tickets back and tells the buyer", async () => {
    await drainBucket();
    tick(1000);
    const comp = await h.createCompetition({ totalTickets: 10 });
    const [refusedBuyer, failingBuyer] = await buyers(2);
    if (!refusedBuyer || !failingBuyer) throw new Error("no buyers");
    // Both queue: the first two requests of this second are spent on the spare competition below.
    const spare = await h.createCompetition({ totalTickets: 10 });
    for (const b of await buyers(2))
      await h.checkout(b, [{ competitionId: spare.id, quantity: 1, skillAnswer: CORRECT }]);
    const refused = await h.checkout(refusedBuyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
    const failing = await h.checkout(failingBuyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
    if (!refused.ok || !failing.ok) throw new Error("not held");
    expect((await h.competition(comp.id)).ticketsReserved).toBe(2);

    const provider = h.watchProvider((input) =>
      input.orderId === refused.orderId
        ? new Stripe.errors.StripeInvalidRequestError({
            message: "No such price",
            type: "invalid_request_error",
          } as never)
        : new Stripe.errors.StripeAPIError({ message: "Server error", type: "api_error" } as never),
    );
    for (let attempt = 1; attempt <= MAX_SESSION_ATTEMPTS; attempt++) {
      tick(10_000);
      await queue.drainOnce();
    }
    provider.restore();
    expect(await h.order(refused.orderId)).toMatchObject({
      paymentStatus: "cancelled",
      failureReason: "session_create_failed",
    });
    expect(await h.order(failing.orderId)).toMatchObject({
      paymentStatus: "cancelled",
      failureReason: "session_create_failed",
    });
    expect(provider.calls.filter((c) => c.orderId === refused.orderId)).toHaveLength(1);
    expect(provider.calls.filter((c) => c.orderId === failing.orderId)).toHaveLength(MAX_SESSION_ATTEMPTS);
    expect((await h.competition(comp.id)).ticketsReserved).toBe(0);
    expect(await holdStatus(h.services, { userId: refusedBuyer.id, orderId: refused.orderId })).toEqual({
      state: "closed",
      paymentStatus: "cancelled",
    });
  });

  it("a buyer who waited long in the queue still gets the whole 30 minutes at the payment page", async () => {
    const { orderId, held } = await queuedOrder(10);
    const heldUntil = held.until;
    // Ten minutes in the queue (an outage at the provider, say): the hold is extended when the session is made.
    tick(10 * 60_000);
    expect(await queue.drainOnce()).toMatchObject({ created: 1 });
    const order = await h.order(orderId);
    expect(order.reservationExpiresAt?.getTime()).toBe(clock.getTime() + 31 * 60_000);
    expect(order.reservationExpiresAt?.getTime()).toBeGreaterThan(heldUntil.getTime());
    const session = await h.sessionJson(sessionIdFromUrl(order.checkoutUrl ?? ""));
    expect(session.expires_at).toBe(Math.floor(clock.getTime() / 1000) + 31 * 60);
  });

  it("a buyer paying partly with site credit is queued like anyone else, told their place", async () => {
    await drainBucket();
    const comp = await h.createCompetition({ totalTickets: 10, entryPricePence: 500 });
    const buyer = await h.buyerWithCredit(200);
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }], {
      useSiteCredit: true,
    });
    if (!started.ok || !started.held) throw new Error("expected a queued order");
    expect(await h.order(started.orderId)).toMatchObject({ siteCreditPence: 200, queuedAt: clock, checkoutUrl: null });
    const status = await holdStatus(h.services, { userId: buyer.id, orderId: started.orderId });
    expect(status).toMatchObject({ state: "queued", place: started.held.place });
    expect(started.held.place).toBeGreaterThanOrEqual(1);
  });

  it("a queued order's result page does not take another order's payment session for its own", async () => {
    const { buyer, orderId } = await queuedOrder();
    // A session the provider made for another order.
    const another = await h.services.payments.createCheckoutSession({
      orderId: randomUUID(),
      email: buyer.email,
      items: [{ name: "Another order", amountPence: 500 }],
      expiresAt: new Date(clock.getTime() + 31 * 60_000),
      idempotencyKey: `another-order-${randomUUID()}`,
    });
    const input = { userId: buyer.id, sessionId: another.id, orderId };
    expect(await verifyPayment(h.services, input)).toEqual({ ok: false, message: "Order not found" });
    expect(await h.order(orderId)).toMatchObject({ paymentStatus: "pending", providerSessionId: null });
  });

  it("someone else's order, or a made-up id, says nothing", async () => {
    const [owner, stranger] = await buyers(2);
    const comp = await h.createCompetition({ totalTickets: 10 });
    tick(10_000);
    const started = await h.checkout(owner ?? { id: "", email: "" }, [
      { competitionId: comp.id, quantity: 1, skillAnswer: CORRECT },
    ]);
    if (!started.ok) throw new Error(started.message);
    expect(await holdStatus(h.services, { userId: stranger?.id ?? "", orderId: started.orderId })).toBeUndefined();
    expect(await holdStatus(h.services, { userId: owner?.id ?? "", orderId: "not-a-uuid" })).toBeUndefined();
    // Asked at the same time, the reads go together (ADR 044): still only the owner sees it, in either case.
    const together = await Promise.all([
      holdStatus(h.services, { userId: owner?.id ?? "", orderId: started.orderId }),
      holdStatus(h.services, { userId: stranger?.id ?? "", orderId: started.orderId }),
      holdStatus(h.services, { userId: owner?.id ?? "", orderId: started.orderId.toUpperCase() }),
    ]);
    expect(together.map((status) => status?.state)).toEqual([expect.any(String), undefined, expect.any(String)]);
  });

  it("a buyer waiting on one process is answered as soon as another process makes their payment page", {
    timeout: 15_000,
  }, async () => {
    const { buyer, orderId } = await queuedOrder();
    // This process's worker listens for other processes' sessions (a NOTIFY from a trigger on orders).
    const running = startCheckoutPaymentQueue(h.services);
    try {
      await running.listening;
      // The long wait (20 s, longer than this test may run) ends when the order's payment page is recorded
      // by "another process": here, an UPDATE made directly in SQL.
      const waiting = holdStatus(h.services, { userId: buyer.id, orderId, waitMs: 20_000 });
      await aRequestWaits();
      await h.services.db.execute(
        sql`update orders set checkout_url = 'https://pay.example/x', queued_at = null where id = ${orderId}`,
      );
      expect(await waiting).toEqual({ state: "ready", url: "https://pay.example/x" });
    } finally {
      await running.stop();
    }
  });

  it("stopping the process answers every waiting buyer at once (their tickets still held)", {
    timeout: 15_000,
  }, async () => {
    const { buyer, orderId } = await queuedOrder();
    const running = startCheckoutPaymentQueue(h.services);
    const waiting = holdStatus(h.services, { userId: buyer.id, orderId, waitMs: 20_000 });
    await aRequestWaits();
    await running.stop();
    expect(await waiting).toMatchObject({ state: "queued", ticketCount: 1 });
  });

  it("a request's own copy of the services (its logger) wakes the process's worker", async () => {
    const running = startCheckoutPaymentQueue(h.services);
    const kick = vi.spyOn(running, "kick");
    try {
      kickPaymentQueue({ ...h.services, logger: h.services.logger.child({ reqId: "r1" }) });
      expect(kick).toHaveBeenCalledTimes(1);
    } finally {
      await running.stop();
    }
  });
});
