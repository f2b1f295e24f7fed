import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "~/db/schema";
import { CHECKOUT_WINDOW_MS, PROVIDER_MARGIN_MS } from "~/server/checkout/checkout.server";
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
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }]);
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
