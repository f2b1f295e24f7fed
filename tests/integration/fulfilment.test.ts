import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { payments } from "~/db/schema";
import { abandonOrder, verifyPayment } from "~/server/checkout/checkout.server";
import { CannotHonour, fulfilCheckoutSession, sellLines } from "~/server/checkout/fulfilment.server";
import { reconcileOnce } from "~/server/checkout/reconciler.server";
import { CORRECT, createCheckoutHarness, type Harness, sessionIdFromUrl } from "./checkout-harness";

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A buyer checks out and pays at the stand-in while the webhook endpoint is down, so no event has arrived yet. */
async function paidButUnannounced(competitionId: number, quantity: number) {
  const buyer = await h.createBuyer();
  const started = await h.checkout(buyer, [{ competitionId, quantity, skillAnswer: CORRECT }]);
  if (!started.ok) throw new Error(started.message);
  expect((await h.payUnannounced(started.url)).status).toBe(303);
  const sessionId = sessionIdFromUrl(started.url);
  return { buyer, orderId: started.orderId, sessionId, url: started.url };
}

describe("webhooks are idempotent and order-independent", () => {
  it("a completed event delivered 20 times, amid stale expired and failed events, fulfils once", async () => {
    const comp = await h.createCompetition({ ticketsSold: 7 });
    const { buyer, orderId, sessionId } = await paidButUnannounced(comp.id, 3);
    const held = await h.numbersOf(orderId);
    expect(held).toHaveLength(3);
    // As Stripe sends it for a card authorised only (capture_method=manual, ADR 018): complete, not yet paid.
    const completed = await h.sessionJson(sessionId);
    expect(completed).toMatchObject({ status: "complete", payment_status: "unpaid" });
    const stale = { ...completed, status: "expired", payment_status: "unpaid" };

    const deliveries = Array.from({ length: 20 }, () => h.deliver("checkout.session.completed", completed));
    const noise = [
      h.deliver("checkout.session.expired", stale),
      h.deliver("checkout.session.async_payment_failed", { ...completed, payment_status: "unpaid" }),
      h.deliver("checkout.session.async_payment_succeeded", completed),
    ];
    const answers = await Promise.all([...deliveries, ...noise]);
    expect(answers.map((a) => a.status)).toEqual(Array(23).fill(200));
    // Later replays of every kind, after it was fulfilled.
    for (const type of [
      "checkout.session.expired",
      "checkout.session.completed",
      "checkout.session.async_payment_failed",
    ]) {
      expect((await h.deliver(type, type === "checkout.session.completed" ? completed : stale)).body).toMatchObject({
        outcome: "already_final",
      });
    }

    expect(await h.order(orderId)).toMatchObject({ paymentStatus: "paid" });
    // Its tickets carry the numbers its hold took at Pay (ADR 031).
    expect((await h.ticketsOf(comp.id)).map((t) => t.ticketNumber)).toEqual(held);
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 10, ticketsReserved: 0 });
    expect(await h.services.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
    expect(await h.mailTo(buyer.email, "order-confirmation")).toHaveLength(1);
  });

  it("an expired event overtaking the completed one: tickets released, then retaken when payment lands", async () => {
    const comp = await h.createCompetition({ totalTickets: 20, ticketsSold: 10 });
    const { buyer, orderId, sessionId } = await paidButUnannounced(comp.id, 4);
    const held = await h.numbersOf(orderId);
    const completed = await h.sessionJson(sessionId);
    expect(
      (await h.deliver("checkout.session.expired", { ...completed, status: "expired", payment_status: "unpaid" })).body,
    ).toMatchObject({ outcome: "released" });
    expect(await h.order(orderId)).toMatchObject({ paymentStatus: "expired" });
    expect((await h.competition(comp.id)).ticketsReserved).toBe(0);

    expect((await h.deliver("checkout.session.completed", completed)).body).toMatchObject({ outcome: "fulfilled" });
    expect(await h.order(orderId)).toMatchObject({ paymentStatus: "paid" });
    // No one took its numbers meanwhile, so it gets the same ones back.
    expect((await h.ticketsOf(comp.id)).map((t) => t.ticketNumber)).toEqual(held);
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 14, ticketsReserved: 0 });
    expect(await h.mailTo(buyer.email, "order-confirmation")).toHaveLength(1);
  });

  it("finds the order by its session when the session names none, and ignores a session of no order", async () => {
    const comp = await h.createCompetition({ ticketsSold: 0 });
    const { orderId, sessionId } = await paidButUnannounced(comp.id, 1);
    const session = await h.services.payments.retrieveSession(sessionId);
    expect(await fulfilCheckoutSession(h.services, { ...session, id: "cs_test_nobody", orderId: null })).toEqual({
      kind: "ignored",
      reason: "no order for this session",
    });
    expect(await fulfilCheckoutSession(h.services, { ...session, orderId: null })).toMatchObject({
      kind: "fulfilled",
      orderId,
    });
  });

  it("ignores a session that belongs to no order, or to a different order than the one it names", async () => {
    expect(
      (
        await h.deliver("checkout.session.completed", {
          id: "cs_test_unknown",
          object: "checkout.session",
          status: "complete",
          payment_status: "paid",
          metadata: {},
          expires_at: 0,
        })
      ).body,
    ).toMatchObject({
      outcome: "ignored",
    });
    const comp = await h.createCompetition();
    const a = await paidButUnannounced(comp.id, 1);
    const b = await paidButUnannounced(comp.id, 1);
    const forgedMix = { ...(await h.sessionJson(a.sessionId)), metadata: { order_id: b.orderId } };
    expect((await h.deliver("checkout.session.completed", forgedMix)).body).toMatchObject({ outcome: "ignored" });
    expect((await h.order(b.orderId)).paymentStatus).toBe("pending");
  });
});

describe("an authorised payment is captured", () => {
  it("fulfils an authorised payment from the capture's answer, not asking for the session again", async () => {
    const comp = await h.createCompetition({ ticketsSold: 4 });
    const { orderId, sessionId } = await paidButUnannounced(comp.id, 2);
    const held = await h.numbersOf(orderId);
    const authorised = await h.services.payments.retrieveSession(sessionId);
    const retrieve = vi.spyOn(h.services.payments, "retrieveSession");
    try {
      expect(await fulfilCheckoutSession(h.services, authorised)).toMatchObject({ kind: "fulfilled" });
      expect(retrieve).not.toHaveBeenCalled();
    } finally {
      retrieve.mockRestore();
    }
    expect(await h.order(orderId)).toMatchObject({ paymentStatus: "paid" });
    expect((await h.ticketsOf(comp.id)).map((t) => t.ticketNumber)).toEqual(held);
    // The provider agrees: the session it holds is paid and its intent captured.
    expect(await h.standinSession(sessionId)).toMatchObject({
      paymentStatus: "paid",
      paymentIntentStatus: "succeeded",
    });
  });

  it("asks for the session when the capture answers with the payment not yet settled", async () => {
    const comp = await h.createCompetition({ ticketsSold: 0 });
    const { orderId, sessionId } = await paidButUnannounced(comp.id, 1);
    const authorised = await h.services.payments.retrieveSession(sessionId);
    const capture = h.services.payments.capturePaymentIntent.bind(h.services.payments);
    const unsettled = vi
      .spyOn(h.services.payments, "capturePaymentIntent")
      .mockImplementation(async (...args) => ({ ...(await capture(...args)), status: "processing" }));
    const retrieve = vi.spyOn(h.services.payments, "retrieveSession");
    try {
      expect(await fulfilCheckoutSession(h.services, authorised)).toMatchObject({ kind: "fulfilled" });
      expect(retrieve).toHaveBeenCalledExactlyOnceWith(sessionId);
    } finally {
      unsettled.mockRestore();
      retrieve.mockRestore();
    }
    expect(await h.order(orderId)).toMatchObject({ paymentStatus: "paid" });
  });
});

describe("payments that cannot be honoured are refunded and the buyer told", () => {
  it("paid after the reservation lapsed and the competition sold out: refunded in full and e-mailed", async () => {
    const comp = await h.createCompetition({ totalTickets: 10, ticketsSold: 5 });
    const late = await h.createBuyer();
    const started = await h.checkout(late, [{ competitionId: comp.id, quantity: 3, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    // The reservation lapses and is given back while the buyer is still on the payment page...
    expect(await abandonOrder(h.services, started.orderId, "expired", "session_expired")).toBe(true);
    // ...someone else buys every remaining ticket...
    const quick = await h.createBuyer();
    const rest = await h.checkout(quick, [{ competitionId: comp.id, quantity: 5, skillAnswer: CORRECT }]);
    if (!rest.ok) throw new Error(rest.message);
    await h.pay(rest.url);
    // ...and then the first buyer's payment goes through.
    await h.pay(started.url);

    const order = await h.order(started.orderId);
    expect(order).toMatchObject({
      paymentStatus: "refunded",
      failureReason: "sold_out_after_expiry",
      refundedAt: expect.any(Date),
    });
    const standin = await h.standinSession(sessionIdFromUrl(started.url));
    expect(standin.refundId).toMatch(/^re_/);
    const [payment] = await h.services.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ status: "refunded", amountPence: order.totalAmountPence });
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 10, ticketsReserved: 0 });
    expect((await h.ticketsOf(comp.id)).every((t) => t.userId === quick.id)).toBe(true);

    const [mail] = await h.mailTo(late.email, "order-refunded");
    expect(mail?.subject).toBe("Your Paddock payment of £7.13 has been refunded");
    expect(mail?.text?.replace(/\s+/g, " ")).toContain(
      "your payment arrived after your reserved tickets had been released, " +
        "and the competition had sold out in the meantime",
    );
    expect(mail?.text).toContain("No tickets were issued.");
    expect(await h.mailTo(late.email, "order-confirmation")).toHaveLength(0);
    const seen = await verifyPayment(h.services, { userId: late.id, sessionId: standin.id, orderId: order.id });
    expect(seen).toEqual({
      ok: false,
      message: "We could not honour this payment, so it has been refunded in full. We have e-mailed you the details.",
    });

    // A replay of the event changes nothing and refunds nothing twice.
    expect((await h.deliver("checkout.session.completed", await h.sessionJson(standin.id))).body).toMatchObject({
      outcome: "already_final",
    });
    expect(await h.mailTo(late.email, "order-refunded")).toHaveLength(1);
  });

  it("paid after the reservation lapsed but tickets are still there: takes them again and fulfils", async () => {
    const comp = await h.createCompetition({ totalTickets: 10, ticketsSold: 5 });
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    const held = await h.numbersOf(started.orderId);
    await abandonOrder(h.services, started.orderId, "expired", "session_expired");
    expect((await h.competition(comp.id)).ticketsReserved).toBe(0);
    await h.pay(started.url);
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "paid" });
    expect((await h.ticketsOf(comp.id)).map((t) => t.ticketNumber)).toEqual(held);
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 7, ticketsReserved: 0 });
  });

  it("refunds when the competition closed before the payment completed", async () => {
    const comp = await h.createCompetition({ ticketsSold: 3 });
    const { buyer, orderId, sessionId } = await paidButUnannounced(comp.id, 2);
    await h.services.db.execute(
      sql`update competitions set end_date = now() - interval '1 minute' where id = ${comp.id}`,
    );
    const outcome = await fulfilCheckoutSession(h.services, await h.services.payments.retrieveSession(sessionId));
    expect(outcome).toMatchObject({ kind: "refund", reason: "competition_closed" });
    expect(await h.order(orderId)).toMatchObject({ paymentStatus: "refunded", refundedAt: expect.any(Date) });
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 3, ticketsReserved: 0 });
    expect((await h.mailTo(buyer.email, "order-refunded"))[0]?.text).toContain(
      "the competition closed before your payment completed",
    );
  });

  it("keeps trying a refund the provider could not make, and tells the buyer only once it is made", async () => {
    const comp = await h.createCompetition({ ticketsSold: 0 });
    const { buyer, orderId, sessionId } = await paidButUnannounced(comp.id, 1);
    // Captured (the credit card cap allowed it) before the provider went down.
    const authorised = await h.services.payments.retrieveSession(sessionId);
    await h.services.payments.capturePaymentIntent(authorised.paymentIntentId ?? "", `test-${orderId}`);
    const session = await h.services.payments.retrieveSession(sessionId);
    await h.services.db.execute(sql`update competitions set status = 'cancelled' where id = ${comp.id}`);
    expect(await h.whileProviderDown(() => fulfilCheckoutSession(h.services, session))).toMatchObject({
      kind: "refund",
    });
    expect(await h.order(orderId)).toMatchObject({ paymentStatus: "refunded", refundedAt: null });
    expect(await h.mailTo(buyer.email, "order-refunded")).toHaveLength(0);

    const report = await reconcileOnce(h.services);
    expect(report.refunded).toBe(1);
    expect(await h.order(orderId)).toMatchObject({ refundedAt: expect.any(Date) });
    expect((await h.standinSession(sessionId)).refundId).toMatch(/^re_/);
    expect(await h.mailTo(buyer.email, "order-refunded")).toHaveLength(1);
    expect((await reconcileOnce(h.services)).refunded).toBe(0);
  }, 60_000);
});

// The demo seed sells its invented buyers' orders with sellLines (no provider session, so no payment or receipt).
describe("sellLines", () => {
  it("sells a held order's lines with the numbers it holds and answers what was allocated", async () => {
    const comp = await h.createCompetition({ title: "Test seed saddle", ticketsSold: 2 });
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    const held = await h.numbersOf(started.orderId);
    const order = await h.order(started.orderId);
    const allocated = await h.services.db.transaction((tx) => sellLines(tx, order, true, h.services.now()));
    const sold = await h.ticketsOf(comp.id);
    expect(sold.map((t) => t.ticketNumber)).toEqual(held);
    expect(allocated).toEqual([
      {
        competitionId: comp.id,
        title: "Test seed saddle",
        skillAnswer: CORRECT,
        tickets: sold.map((t) => ({ number: t.ticketNumber, entryRef: t.entryRef })),
        instantWins: [],
      },
    ]);
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 4, ticketsReserved: 0 });
  });

  it("throws CannotHonour with the reason when a line cannot be sold, and other faults as they are", async () => {
    const comp = await h.createCompetition({ ticketsSold: 0 });
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    await h.services.db.execute(
      sql`update competitions set end_date = now() - interval '1 minute' where id = ${comp.id}`,
    );
    const order = await h.order(started.orderId);
    const refused = await h.services.db
      .transaction((tx) => sellLines(tx, order, true, h.services.now()))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CannotHonour);
    expect(refused).toMatchObject({ reason: "competition_closed", message: "competition_closed" });
    expect(await h.ticketsOf(comp.id)).toEqual([]);
    const broken = await h.services.db
      .transaction((tx) => sellLines(tx, { ...order, id: "not-an-order" }, true, h.services.now()))
      .catch((error: unknown) => error);
    expect(broken).toBeInstanceOf(Error);
    expect(broken).not.toBeInstanceOf(CannotHonour);
    expect((await h.order(order.id)).paymentStatus).toBe("pending");
  });
});
