import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { competitions, orders, ticketNumbers } from "~/db/schema";
import { refundPaidOrder } from "~/server/admin/refunds.server";
import { addToBasket } from "~/server/checkout/basket.server";
import {
  abandonOrder,
  CHECKOUT_WINDOW_MS,
  type CheckoutLineInput,
  cancelCheckout,
  openProviderSession,
  PROVIDER_MARGIN_MS,
  placeOrder,
  ticketsHeldByUser,
  verifyPayment,
} from "~/server/checkout/checkout.server";
import { walletBalance } from "~/server/instant-wins/wallet.server";
import { CORRECT, sessionIdFromUrl, useCheckoutHarness, walletMovementsOf } from "./checkout-harness";

// The edges of checkout.server.ts that the journeys elsewhere pass by (issue 26's gaps): an order the site credit
// pays in full, a repeat whose provider call fails, the hold's extension at the payment page, abandoning an order,
// and the tickets a buyer is counted as holding. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
const harness = useCheckoutHarness();

const HOLD_MS = CHECKOUT_WINDOW_MS + PROVIDER_MARGIN_MS;

const lines = (competitionId: number, quantity = 1): CheckoutLineInput[] => [
  { competitionId, quantity, skillAnswer: CORRECT },
];

type Buyer = { id: string; email: string };

/**
 * The first half of a checkout only: the tickets are held (and the credit taken, if asked) and the order written, as
 * by a request whose process went away before it went on to the payment page.
 */
async function heldOnly(
  buyer: Buyer,
  competitionId: number,
  options: { key?: string; quantity?: number; useSiteCredit?: boolean } = {},
) {
  const placed = await placeOrder(
    harness().services,
    {
      userId: buyer.id,
      email: buyer.email,
      lines: lines(competitionId, options.quantity),
      idempotencyKey: options.key ?? randomUUID(),
      source: "single",
      useSiteCredit: options.useSiteCredit,
    },
    { toPayment: true },
  );
  if (!placed.ok) throw new Error(placed.message);
  expect(placed.order).toMatchObject({ paymentStatus: "pending", checkoutUrl: null, queuedAt: null });
  return placed.order;
}

/** Until when each of the order's numbers is held (null: owned), ascending by number. */
async function numbersHeldUntil(orderId: string) {
  const rows = await harness()
    .services.db.select({ heldUntil: ticketNumbers.heldUntil })
    .from(ticketNumbers)
    .where(eq(ticketNumbers.orderId, orderId))
    .orderBy(asc(ticketNumbers.ticketNumber));
  return rows.map((r) => r.heldUntil?.getTime() ?? null);
}

const creditMovementsOf = (orderId: string) => walletMovementsOf(harness().services.db, orderId);

/** Stops the clock at `at` (ms), for the app and the stand-in; the harness puts real time back after each test. */
const clockAt = (at: number) => {
  harness().services.now = () => new Date(at);
};

describe("an order the site credit pays in full (no card, no provider)", () => {
  it("sends the buyer to the result page, which lists their tickets from the database alone", async () => {
    const h = harness();
    const comp = await h.createCompetition({ entryPricePence: 250 });
    const buyer = await h.buyerWithCredit(600);
    const started = await h.checkout(buyer, lines(comp.id, 2), { useSiteCredit: true });
    if (!started.ok) throw new Error(started.message);
    const sessionId = `site_credit_${started.orderId}`;
    expect(started).toEqual({
      ok: true,
      orderId: started.orderId,
      url: `/payment-success?session_id=${sessionId}&order_id=${started.orderId}`,
    });
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "paid", siteCreditPence: 500 });
    const numbers = await h.numbersOf(started.orderId);
    expect(numbers).toHaveLength(2);
    expect(await numbersHeldUntil(started.orderId)).toEqual([null, null]);
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 2, ticketsReserved: 0 });
    expect(await creditMovementsOf(started.orderId)).toEqual(["checkout -500"]);
    expect(await walletBalance(h.services.db, buyer.id)).toBe(100);

    const page = await h.whileProviderDown(() =>
      verifyPayment(h.services, { userId: buyer.id, sessionId, orderId: started.orderId }),
    );
    expect(page).toEqual({
      ok: true,
      status: "paid",
      ticketCount: 2,
      lines: [
        {
          competitionId: comp.id,
          title: comp.title,
          tickets: numbers.map((number) => ({ number, entryRef: expect.any(String) })),
        },
      ],
    });
  });

  it("a competition closed before the credit was settled: refunded to the wallet once, the page says so", async () => {
    const h = harness();
    const comp = await h.createCompetition({ entryPricePence: 500 });
    const buyer = await h.buyerWithCredit(800);
    const key = randomUUID();
    // The hold took the credit, then its request went away before settling; meanwhile the competition closed.
    const order = await heldOnly(buyer, comp.id, { key, useSiteCredit: true });
    expect(order.siteCreditPence).toBe(500);
    expect(await walletBalance(h.services.db, buyer.id)).toBe(300);
    await h.services.db
      .update(competitions)
      .set({ endDate: sql`now() - interval '1 second'` })
      .where(eq(competitions.id, comp.id));

    // The buyer's repeat of that request settles it: it cannot be honoured, so it is refunded, and the buyer is
    // sent to the result page (not told to start again).
    const successUrl = `/payment-success?session_id=site_credit_${order.id}&order_id=${order.id}`;
    const repeat = await h.checkout(buyer, lines(comp.id), { key, useSiteCredit: true });
    expect(repeat).toEqual({ ok: true, orderId: order.id, url: successUrl });
    expect(await h.order(order.id)).toMatchObject({ paymentStatus: "refunded", failureReason: "competition_closed" });
    expect((await h.order(order.id)).refundedAt).not.toBeNull();
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 0, ticketsReserved: 0 });
    expect(await h.ticketsOf(comp.id)).toHaveLength(0);
    expect(await walletBalance(h.services.db, buyer.id)).toBe(800);

    // Again: the same answer, and nothing moves twice.
    expect(await h.checkout(buyer, lines(comp.id), { key, useSiteCredit: true })).toEqual(repeat);
    expect(await walletBalance(h.services.db, buyer.id)).toBe(800);
    expect(await creditMovementsOf(order.id)).toEqual(["checkout -500", "checkout-reversal 500"]);
    expect(await h.mailTo(buyer.email, "order-refunded")).toHaveLength(1);
    expect(
      await verifyPayment(h.services, { userId: buyer.id, sessionId: `site_credit_${order.id}`, orderId: order.id }),
    ).toEqual({
      ok: false,
      message: "We could not honour this payment, so it has been refunded in full. We have e-mailed you the details.",
    });
  });
});

describe("a repeat of a checkout whose provider call fails", () => {
  it("keeps the order and its tickets, reports the failure, and a later repeat gets the payment page", async () => {
    const h = harness();
    const comp = await h.createCompetition({ totalTickets: 50 });
    const buyer = await h.createBuyer();
    const key = randomUUID();
    const order = await heldOnly(buyer, comp.id, { key, quantity: 2 });
    const held = await h.numbersOf(order.id);
    expect(held).toHaveLength(2);

    // No request of this process is at the provider for it: the repeat waits for one elsewhere, then asks itself.
    const provider = h.watchProvider(
      () => new Stripe.errors.StripeAPIError({ message: "Server error", type: "api_error" } as never),
    );
    const logged = vi.spyOn(h.services.logger, "error");
    let repeat: Awaited<ReturnType<typeof h.checkout>>;
    let errors: unknown[][];
    try {
      repeat = await h.checkout(buyer, lines(comp.id, 2), { key });
    } finally {
      errors = [...logged.mock.calls];
      provider.restore();
      logged.mockRestore();
    }
    expect(repeat).toEqual({ ok: false, status: 502, message: "Failed to create checkout session" });
    expect(provider.calls.map((c) => c.idempotencyKey)).toEqual([`checkout-session-${order.id}`]);
    expect(errors).toEqual([
      [expect.objectContaining({ orderId: order.id, err: expect.any(Error) }), "could not create the checkout session"],
    ]);
    expect(await h.order(order.id)).toMatchObject({
      paymentStatus: "pending",
      failureReason: null,
      providerSessionId: null,
      checkoutUrl: null,
    });
    expect(await h.competition(comp.id)).toMatchObject({ ticketsReserved: 2, ticketsSold: 0 });
    expect(await h.numbersOf(order.id)).toEqual(held);

    // The provider is back: the next repeat gets the page, and the tickets held all along are the ones sold.
    const again = await h.checkout(buyer, lines(comp.id, 2), { key });
    if (!again.ok) throw new Error(again.message);
    expect(again.orderId).toBe(order.id);
    expect((await h.pay(again.url)).status).toBe(303);
    expect(await h.order(order.id)).toMatchObject({ paymentStatus: "paid" });
    expect((await h.ticketsOf(comp.id)).map((t) => t.ticketNumber)).toEqual(held);
  }, 60_000);
});

describe("the hold at the payment page: the buyer always gets the whole window there", () => {
  /** An order held at `at` (its hold ends a window and a margin later), and the provider watched. */
  async function orderHeldAt(at: number) {
    const h = harness();
    clockAt(at);
    const comp = await h.createCompetition();
    const order = await heldOnly(await h.createBuyer(), comp.id, { quantity: 2 });
    expect(order.reservationExpiresAt?.getTime()).toBe(at + HOLD_MS);
    return { h, comp, order };
  }

  /** The payment page is made at `at` (by the payment queue's worker or a repeat): the expiry the provider was sent. */
  async function pageMadeAt(order: Awaited<ReturnType<typeof orderHeldAt>>["order"], at: number) {
    const h = harness();
    clockAt(at);
    const provider = h.watchProvider();
    try {
      const session = await openProviderSession(h.services, order);
      expect(session.status).toBe("open");
    } finally {
      provider.restore();
    }
    return provider.calls.map((c) => c.expiresAt.getTime());
  }

  const start = () => Math.ceil(Date.now() / 1000) * 1000;

  it("is not extended while a whole window is left, to the millisecond", async () => {
    const t = start();
    const { h, order } = await orderHeldAt(t);
    // A minute later exactly a window is left: the page keeps the hold's own expiry.
    expect(await pageMadeAt(order, t + PROVIDER_MARGIN_MS)).toEqual([t + HOLD_MS]);
    expect((await h.order(order.id)).reservationExpiresAt?.getTime()).toBe(t + HOLD_MS);
    expect(await numbersHeldUntil(order.id)).toEqual([t + HOLD_MS, t + HOLD_MS]);
  });

  it("is extended, numbers and all, once less than a window is left", async () => {
    const t = start();
    const { h, order } = await orderHeldAt(t);
    const at = t + PROVIDER_MARGIN_MS + 1;
    expect(await pageMadeAt(order, at)).toEqual([at + HOLD_MS]);
    expect((await h.order(order.id)).reservationExpiresAt?.getTime()).toBe(at + HOLD_MS);
    expect(await numbersHeldUntil(order.id)).toEqual([at + HOLD_MS, at + HOLD_MS]);
  });

  it("an order with no stored expiry counts its hold from when it was made", async () => {
    const t = start();
    const { h, order } = await orderHeldAt(t);
    await h.services.db.update(orders).set({ reservationExpiresAt: null }).where(eq(orders.id, order.id));
    const stored = await h.order(order.id);
    expect(await pageMadeAt(stored, t + PROVIDER_MARGIN_MS)).toEqual([t + HOLD_MS]);
    expect((await h.order(order.id)).reservationExpiresAt).toBeNull();
  });

  it("an order cancelled before its page was made is not held again", async () => {
    const t = start();
    const { h, comp, order } = await orderHeldAt(t);
    const cancelledAt = t + 5 * 60_000;
    clockAt(cancelledAt);
    expect(await abandonOrder(h.services, order.id, "cancelled", "cancelled_by_buyer")).toBe(true);
    // The worker still had the order as it was when claimed (pending, held).
    await pageMadeAt(order, cancelledAt + 1000);
    expect(await h.order(order.id)).toMatchObject({
      paymentStatus: "cancelled",
      reservationExpiresAt: new Date(t + HOLD_MS),
    });
    expect(await numbersHeldUntil(order.id)).toEqual([cancelledAt, cancelledAt]);
    expect((await h.competition(comp.id)).ticketsReserved).toBe(0);
  });
});

describe("abandoning an order", () => {
  it("frees a pending order's tickets and closes it with the reason given", async () => {
    const h = harness();
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, lines(comp.id, 3));
    if (!started.ok) throw new Error(started.message);
    expect((await h.competition(comp.id)).ticketsReserved).toBe(3);
    expect(await abandonOrder(h.services, started.orderId, "expired", "session_expired")).toBe(true);
    expect(await h.order(started.orderId)).toMatchObject({
      paymentStatus: "expired",
      failureReason: "session_expired",
    });
    expect((await h.competition(comp.id)).ticketsReserved).toBe(0);
    // Its numbers can be had again by someone else.
    const numbers = await h.numbersOf(started.orderId);
    const other = await h.checkout(await h.createBuyer(), [{ ...lines(comp.id)[0]!, numbers: [numbers[0]] }]);
    expect(other).toMatchObject({ ok: true });
  });

  it("changes nothing on an order that is paid, cancelled, expired or refunded", async () => {
    const h = harness();
    const comp = await h.createCompetition();
    const paid = await h.paidOrder(comp.id, 2);
    const refunded = await h.paidOrder(comp.id, 1);
    expect(await refundPaidOrder(h.services, (await h.createBuyer()).id, refunded.orderId, "Goodwill")).toMatchObject({
      ok: true,
    });
    const buyer = await h.createBuyer();
    const cancelled = await h.checkout(buyer, lines(comp.id));
    const expired = await h.checkout(buyer, lines(comp.id));
    if (!cancelled.ok || !expired.ok) throw new Error("checkout refused");
    await cancelCheckout(h.services, { userId: buyer.id, orderId: cancelled.orderId });
    await abandonOrder(h.services, expired.orderId, "expired", "session_expired");
    const ids = [paid.orderId, refunded.orderId, cancelled.orderId, expired.orderId];
    const before = await Promise.all(ids.map((id) => h.order(id)));
    const competitionBefore = await h.competition(comp.id);
    const numbersBefore = await Promise.all(ids.map(numbersHeldUntil));

    for (const id of ids) expect(await abandonOrder(h.services, id, "cancelled", "cancelled_by_staff")).toBe(false);
    expect(await abandonOrder(h.services, randomUUID(), "cancelled", "cancelled_by_staff")).toBe(false);
    expect(await Promise.all(ids.map((id) => h.order(id)))).toEqual(before);
    expect(before.map((o) => o.paymentStatus)).toEqual(["paid", "refunded", "cancelled", "expired"]);
    expect(await h.competition(comp.id)).toEqual(competitionBefore);
    expect(await Promise.all(ids.map(numbersHeldUntil))).toEqual(numbersBefore);
  });

  it("when asked only for an order without a payment page, leaves one that has a page", async () => {
    const h = harness();
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const withPage = await h.checkout(buyer, lines(comp.id));
    if (!withPage.ok) throw new Error(withPage.message);
    const withoutPage = await heldOnly(buyer, comp.id);
    const failed = (orderId: string) =>
      abandonOrder(h.services, orderId, "cancelled", "session_create_failed", { onlyWithoutSession: true });

    expect(await failed(withPage.orderId)).toBe(false);
    expect(await h.order(withPage.orderId)).toMatchObject({ paymentStatus: "pending", failureReason: null });
    expect((await h.competition(comp.id)).ticketsReserved).toBe(2);
    expect(await failed(withoutPage.id)).toBe(true);
    expect(await h.order(withoutPage.id)).toMatchObject({
      paymentStatus: "cancelled",
      failureReason: "session_create_failed",
    });
    expect((await h.competition(comp.id)).ticketsReserved).toBe(1);
    expect((await h.pay(withPage.url)).status).toBe(303);
  });

  it("another buyer cannot cancel someone's pending checkout", async () => {
    const h = harness();
    const comp = await h.createCompetition();
    const owner = await h.createBuyer();
    const started = await h.checkout(owner, lines(comp.id, 2));
    if (!started.ok) throw new Error(started.message);
    const stranger = await h.createBuyer();
    expect(await cancelCheckout(h.services, { userId: stranger.id, orderId: started.orderId })).toEqual({ ok: false });
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "pending", failureReason: null });
    expect((await h.competition(comp.id)).ticketsReserved).toBe(2);
    expect((await h.standinSession(sessionIdFromUrl(started.url))).status).toBe("open");
  });
});

describe("the tickets a buyer is counted as holding (the per-person cap in the basket)", () => {
  it("counts paid orders and live holds; not cancelled, expired or refunded ones, nor anyone else's", async () => {
    const h = harness();
    const comp = await h.createCompetition({ maxTicketsPerUser: 10 });
    const elsewhere = await h.createCompetition();
    const { buyer, orderId: paidId } = await h.paidOrder(comp.id, 2);
    const checkout = async (competitionId: number, quantity: number) => {
      const started = await h.checkout(buyer, lines(competitionId, quantity));
      if (!started.ok) throw new Error(started.message);
      return started.orderId;
    };
    await checkout(comp.id, 3);
    await cancelCheckout(h.services, { userId: buyer.id, orderId: await checkout(comp.id, 1) });
    await abandonOrder(h.services, await checkout(comp.id, 1), "expired", "session_expired");
    const refunded = await checkout(comp.id, 1);
    expect((await h.pay((await h.order(refunded)).checkoutUrl ?? "")).status).toBe(303);
    expect(await refundPaidOrder(h.services, (await h.createBuyer()).id, refunded, "Goodwill")).toMatchObject({
      ok: true,
    });
    await checkout(elsewhere.id, 4);
    await h.checkout(await h.createBuyer(), lines(comp.id, 5));
    expect((await h.order(paidId)).paymentStatus).toBe("paid");

    const held = await ticketsHeldByUser(h.services.db, buyer.id, [comp.id, elsewhere.id]);
    expect([...held].sort(([a], [b]) => a - b)).toEqual([
      [comp.id, 5],
      [elsewhere.id, 4],
    ]);
    expect([...(await ticketsHeldByUser(h.services.db, buyer.id, [comp.id]))]).toEqual([[comp.id, 5]]);
    expect((await ticketsHeldByUser(h.services.db, buyer.id, [])).size).toBe(0);

    expect(await addToBasket(h.services, buyer.id, { competitionId: comp.id, quantity: 8 })).toEqual({
      ok: true,
      quantityNote:
        `You can have at most 10 tickets for ${comp.title}, and you already have 5: you can add 5 more. ` +
        `Your basket has 5 tickets for ${comp.title} instead of 8.`,
    });
  });
});
