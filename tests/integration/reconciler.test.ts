import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { orders } from "~/db/schema";
import { CHECKOUT_WINDOW_MS, PROVIDER_MARGIN_MS, verifyPayment } from "~/server/checkout/checkout.server";
import { reconcileOnce, STALE_AFTER_MS } from "~/server/checkout/reconciler.server";
import { CORRECT, createCheckoutHarness, type Harness, sessionIdFromUrl } from "./checkout-harness";

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness();
});
afterAll(async () => {
  await h?.close();
});

const PAST_EXPIRY = CHECKOUT_WINDOW_MS + PROVIDER_MARGIN_MS + 60_000;

describe("the reconciler repairs what webhooks missed", () => {
  it("a crash between payment and fulfilment (paid at the provider, no webhook delivered) is fulfilled", async () => {
    const comp = await h.createCompetition({ ticketsSold: 12 });
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [
      { competitionId: comp.id, quantity: 2, skillAnswer: CORRECT, numbers: [13, 14] },
    ]);
    if (!started.ok) throw new Error(started.message);
    expect((await h.payUnannounced(started.url)).status).toBe(303);
    // Authorised at the provider (capture_method=manual); the app captures when it settles the order.
    expect(await h.standinSession(sessionIdFromUrl(started.url))).toMatchObject({
      paymentStatus: "unpaid",
      paymentIntentStatus: "requires_capture",
    });
    expect((await h.order(started.orderId)).paymentStatus).toBe("pending");

    // Too soon: the order is neither stale nor lapsed, so nothing is asked yet.
    expect((await reconcileOnce(h.services)).checked).toBe(0);
    h.advanceClock(STALE_AFTER_MS + 1000);
    // Two processes' passes at once: the order is claimed by one of them only.
    const [one, two] = await Promise.all([reconcileOnce(h.services), reconcileOnce(h.services)]);
    expect((one?.fulfilled ?? 0) + (two?.fulfilled ?? 0)).toBe(1);

    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "paid" });
    expect(await h.standinSession(sessionIdFromUrl(started.url))).toMatchObject({
      paymentStatus: "paid",
      paymentIntentStatus: "succeeded",
    });
    expect((await h.ticketsOf(comp.id)).map((t) => t.ticketNumber)).toEqual([13, 14]);
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 14, ticketsReserved: 0 });
    expect(await h.mailTo(buyer.email, "order-confirmation")).toHaveLength(1);
  });

  it("an expired reservation frees its tickets; its session is expired and the order kept as abandoned", async () => {
    const comp = await h.createCompetition({ totalTickets: 10, ticketsSold: 4 });
    const dawdler = await h.createBuyer();
    const started = await h.checkout(dawdler, [{ competitionId: comp.id, quantity: 6, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    const other = await h.createBuyer();
    expect(await h.checkout(other, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }])).toMatchObject({
      ok: false,
      message: `Sorry, ${comp.title} has sold out.`,
    });

    h.advanceClock(PAST_EXPIRY);
    // Expiring the session makes the provider send checkout.session.expired, so the webhook or the reconciler
    // (whichever gets the order's lock first) gives the tickets back.
    expect((await reconcileOnce(h.services)).errors).toBe(0);
    expect(await h.order(started.orderId)).toMatchObject({
      paymentStatus: "expired",
      failureReason: "session_expired",
    });
    expect((await h.standinSession(sessionIdFromUrl(started.url))).status).toBe("expired");
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 4, ticketsReserved: 0 });

    const now = await h.checkout(other, [{ competitionId: comp.id, quantity: 6, skillAnswer: CORRECT }]);
    expect(now.ok).toBe(true);
    // The expired session can no longer be paid.
    expect((await h.pay(started.url)).status).toBe(410);
  });

  it("recovers the session of an order whose process died before recording it, then settles it", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    const sessionId = sessionIdFromUrl(started.url);
    expect((await h.payUnannounced(started.url)).status).toBe(303);
    // As if the process had died between creating the session and writing its id down.
    await h.services.db
      .update(orders)
      .set({ providerSessionId: null, checkoutUrl: null })
      .where(eq(orders.id, started.orderId));

    h.advanceClock(STALE_AFTER_MS + 1000);
    await reconcileOnce(h.services);
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "paid", providerSessionId: sessionId });
    expect((await h.ticketsOf(comp.id)).length).toBe(1);
  });

  it("leaves a checkout alone while its buyer may still be paying", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    h.advanceClock(STALE_AFTER_MS + 1000);
    await reconcileOnce(h.services);
    expect((await h.order(started.orderId)).paymentStatus).toBe("pending");
    expect((await h.standinSession(sessionIdFromUrl(started.url))).status).toBe("open");
    expect((await h.competition(comp.id)).ticketsReserved).toBe(1);
  });
});

describe("how soon and how often the reconciler asks the provider (issue 29)", () => {
  const MINUTE = 60_000;

  /** Counts the provider look-ups the app makes for one session. */
  function countCalls(sessionId: string) {
    const calls = { retrieve: 0 };
    const payments = h.services.payments;
    h.services.payments = {
      ...payments,
      retrieveSession: (id) => {
        if (id === sessionId) calls.retrieve++;
        return payments.retrieveSession(id);
      },
    };
    return calls;
  }

  /** A buyer at the payment page with one ticket of a new competition. */
  async function openCheckout() {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    return { comp, buyer, ...started, sessionId: sessionIdFromUrl(started.url) };
  }

  afterEach(() => {
    h.providerDown(false);
    h.resetClock();
  });

  it("a charged buyer whose webhook was lost has tickets from the first pass after a minute", async () => {
    const { comp, url, orderId } = await openCheckout();
    expect((await h.payUnannounced(url)).status).toBe(303);
    h.advanceClock(MINUTE + 1000);
    await reconcileOnce(h.services);
    expect(await h.order(orderId)).toMatchObject({ paymentStatus: "paid" });
    expect(await h.ticketsOf(comp.id)).toHaveLength(1);
  });

  it("an abandoned checkout is asked about at 1, 2, 4, 8 and 16 minutes, then once more as it lapses", async () => {
    const { orderId, sessionId } = await openCheckout();
    const calls = countCalls(sessionId);
    const askedAt: number[] = [];
    // A pass every minute until the reservation (31 minutes) has lapsed.
    for (let minute = 1; minute <= 31; minute++) {
      h.advanceClock(MINUTE);
      const before = calls.retrieve;
      await reconcileOnce(h.services);
      if (calls.retrieve > before) askedAt.push(minute);
    }
    // Five looks while the buyer may still pay, then the lapse's look, which releases the tickets.
    expect(askedAt).toEqual([1, 2, 4, 8, 16, 31]);
    expect((await h.order(orderId)).paymentStatus).toBe("expired");
  });

  it("a buyer back on the success page before the payment settled brings the next look to the next pass", async () => {
    const { buyer, orderId, sessionId } = await openCheckout();
    const calls = countCalls(sessionId);
    h.advanceClock(2.5 * MINUTE);
    await reconcileOnce(h.services);
    expect(calls.retrieve).toBe(1);
    h.advanceClock(MINUTE);
    await reconcileOnce(h.services);
    // Not due until the checkout is 4.5 minutes old (twice 2.5, less half a pass).
    expect(calls.retrieve).toBe(1);
    const back = await verifyPayment(h.services, { userId: buyer.id, sessionId, orderId });
    expect(back).toEqual({ ok: true, status: "pending" });
    expect(calls.retrieve).toBe(2);
    await reconcileOnce(h.services);
    expect(calls.retrieve).toBe(3);
  });
});
