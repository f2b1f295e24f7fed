import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { supportServicesText } from "~/content/support";
import { orders } from "~/db/schema";
import { NOT_CREDIT_FUNDING } from "~/domain/credit-card-cap";
import { londonMonthStart } from "~/domain/london-time";
import { refundPaidOrder } from "~/server/admin/refunds.server";
import { verifyPayment } from "~/server/checkout/checkout.server";
import { fulfilCheckoutSession } from "~/server/checkout/fulfilment.server";
import { createVerifiedUser } from "~/server/demo/factories.server";
import { CORRECT, createCheckoutHarness, type Harness, sessionIdFromUrl } from "./checkout-harness";

const CREDIT = "4242 4242 4242 4242";
const DEBIT = "4000 0566 5566 5556";
const PREPAID = "5105 1051 0510 5100";
const DAY = 86_400_000;

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness();
});
afterAll(async () => {
  await h?.close();
});
// Each test starts on the real clock; one moves it to a month's end.
beforeEach(() => {
  h.services.now = () => new Date();
});

type Buyer = Awaited<ReturnType<Harness["createBuyer"]>>;

/** One checkout of `pence` (a single ticket at that price), paid at the stand-in with `card`. */
async function buy(buyer: Buyer, pence: number, card: string) {
  const comp = await h.createCompetition({ entryPricePence: pence, endDate: new Date(Date.now() + 60 * DAY) });
  const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
  if (!started.ok) throw new Error(started.message);
  const paid = await h.pay(started.url, card);
  expect(paid.status).toBe(303);
  const sessionId = sessionIdFromUrl(started.url);
  return { comp, orderId: started.orderId, sessionId, order: await h.order(started.orderId) };
}

describe("credit cards are capped at £250 a calendar month", () => {
  it("takes £200 on a credit card, then refuses £60 more before any money moves, and says why", async () => {
    const buyer = await h.createBuyer();
    const first = await buy(buyer, 20_000, CREDIT);
    expect(first.order).toMatchObject({ paymentStatus: "paid", cardFunding: "credit" });

    const second = await buy(buyer, 6_000, CREDIT);
    expect(second.order).toMatchObject({ paymentStatus: "cancelled", failureReason: "credit_card_cap" });
    expect(second.order.cardFunding).toBe("credit");
    // No money moved: the authorisation was cancelled, never captured, and nothing needs refunding.
    const standin = await h.standinSession(second.sessionId);
    expect(standin).toMatchObject({ paymentStatus: "unpaid", paymentIntentStatus: "canceled", refundId: null });
    expect(await h.competition(second.comp.id)).toMatchObject({ ticketsSold: 0, ticketsReserved: 0 });
    expect(await h.ticketsOf(second.comp.id)).toEqual([]);
    expect(await h.mailTo(buyer.email, "order-confirmation")).toHaveLength(1);
    const [told] = await h.mailTo(buyer.email, "payment-refused");
    expect(told?.subject).toBe("Your Paddock payment was not taken");
    expect(told?.text).toContain("Your card has not been charged");
    expect(told?.text).toContain("You have £50.00 left on credit cards this month");
    // Every message that says no to a payment also says where to find help (the fair-play duties).
    expect(told?.text).toContain(supportServicesText());

    const result = await verifyPayment(h.services, {
      userId: buyer.id,
      sessionId: second.sessionId,
      orderId: second.orderId,
    });
    expect(result).toMatchObject({ ok: true, status: "refused" });
    expect(result.ok && result.status === "refused" && result.message).toContain(
      "You have £50.00 left on credit cards this month; you can pay with a debit card instead.",
    );
  });

  it("a debit or prepaid card is not capped", async () => {
    const buyer = await h.createBuyer();
    await buy(buyer, 20_000, CREDIT);
    const debit = await buy(buyer, 9_000, DEBIT);
    expect(debit.order).toMatchObject({ paymentStatus: "paid", cardFunding: "debit" });
    expect(await h.standinSession(debit.sessionId)).toMatchObject({ paymentIntentStatus: "succeeded" });
    const prepaid = await buy(buyer, 9_000, PREPAID);
    expect(prepaid.order).toMatchObject({ paymentStatus: "paid", cardFunding: "prepaid" });
  });

  it("takes exactly £250 on credit, and a refunded payment no longer counts", async () => {
    const buyer = await h.createBuyer();
    const big = await buy(buyer, 20_000, CREDIT);
    expect((await buy(buyer, 5_000, CREDIT)).order.paymentStatus).toBe("paid");
    expect((await buy(buyer, 100, CREDIT)).order.failureReason).toBe("credit_card_cap");

    const staff = await createVerifiedUser(h.services, { roles: ["admin"] });
    expect(await refundPaidOrder(h.services, staff.id, big.orderId, "Refund for the cap test")).toMatchObject({
      ok: true,
    });
    expect((await buy(buyer, 19_000, CREDIT)).order.paymentStatus).toBe("paid");
  });

  it("starts afresh when the London calendar month turns", async () => {
    const buyer = await h.createBuyer();
    // The next London month starts at `turn`; half an hour before it is still this month.
    const turn = londonMonthStart(new Date(Date.now() + 32 * DAY));
    h.services.now = () => new Date(turn.getTime() - 30 * 60_000);
    await buy(buyer, 24_000, CREDIT);
    expect((await buy(buyer, 2_000, CREDIT)).order.failureReason).toBe("credit_card_cap");
    h.services.now = () => new Date(turn.getTime() + 1000);
    expect((await buy(buyer, 2_000, CREDIT)).order.paymentStatus).toBe("paid");
  });

  it("credit payments decided at the same moment cannot slip past the cap together", async () => {
    const buyer = await h.createBuyer();
    // Six £100 payments authorised while the webhook endpoint is down; then all decided at once, as several
    // processes would: two fit under £250, four do not.
    const started = [];
    for (let i = 0; i < 6; i++) {
      const comp = await h.createCompetition({ entryPricePence: 10_000 });
      const out = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
      if (!out.ok) throw new Error(out.message);
      expect((await h.payUnannounced(out.url, CREDIT)).status).toBe(303);
      started.push(out);
    }
    const sessions = await Promise.all(
      started.map((s) => h.services.payments.retrieveSession(sessionIdFromUrl(s.url))),
    );
    const outcomes = await Promise.all(sessions.map((s) => fulfilCheckoutSession(h.services, s)));
    expect(outcomes.filter((o) => o.kind === "fulfilled")).toHaveLength(2);
    const rows = await h.services.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(rows.filter((r) => r.paymentStatus === "paid")).toHaveLength(2);
    expect(rows.filter((r) => r.failureReason === "credit_card_cap")).toHaveLength(4);
  });
});

describe("what the cap counts (paddock_credit_card_spent, drizzle/0027)", () => {
  it("counts credit payments this London month: not refunded ones, debit cards or the order itself", async () => {
    const buyer = await h.createBuyer();
    const now = new Date("2026-11-23T12:00:00Z");
    const card = (at: string, pence: number, funding: string, status: "paid" | "pending" | "refunded" = "paid") => ({
      userId: buyer.id,
      subtotalPence: pence,
      totalAmountPence: pence,
      paymentStatus: status,
      cardFunding: funding,
      ...(status === "pending" ? { authorisedAt: new Date(at) } : { paidAt: new Date(at) }),
    });
    const [self] = await h.services.db
      .insert(orders)
      .values([
        card("2026-11-20T10:00:00Z", 9000, "credit"), // the order being decided: never counts itself
        card("2026-11-01T00:00:00Z", 1000, "credit"), // 1 November 00:00 GMT: this month
        card("2026-10-31T23:59:59Z", 2000, "credit"), // last month
        card("2026-11-10T10:00:00Z", 4000, "debit"),
        card("2026-11-11T10:00:00Z", 8000, "credit", "refunded"),
        card("2026-11-12T10:00:00Z", 500, "unknown"),
        card("2026-11-13T10:00:00Z", 200, "credit", "pending"), // authorised, not yet captured
        card("2026-11-23T12:00:00.005Z", 300, "credit"), // decided a moment later by another process: still counts
      ])
      .returning({ id: orders.id });
    const result = await h.services.db.execute<{ spent: number }>(
      sql`select paddock_credit_card_spent(${buyer.id}, ${self?.id}::uuid, ${londonMonthStart(now)}::timestamptz,
        ${`{${NOT_CREDIT_FUNDING.join(",")}}`}::text[]) as spent`,
    );
    expect(Number(result.rows[0]?.spent)).toBe(2000);
  });
});

describe("settling an authorised payment (card-authorisation.server.ts)", () => {
  type Started = { orderId: string; url: string; comp: { id: number } };

  /** A checkout of one £`pence` ticket, paid at the stand-in with `card` while no webhook arrives: authorised only. */
  async function authorised(buyer: Buyer, pence: number, card: string) {
    const comp = await h.createCompetition({ entryPricePence: pence, endDate: new Date(Date.now() + 60 * DAY) });
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    expect((await h.payUnannounced(started.url, card)).status).toBe(303);
    const session = await h.services.payments.retrieveSession(sessionIdFromUrl(started.url));
    expect(session).toMatchObject({ status: "complete", paymentStatus: "unpaid" });
    return { started: { ...started, comp } as Started, session, intentId: String(session.paymentIntentId) };
  }

  const released = async ({ comp }: Started) => {
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 0, ticketsReserved: 0 });
    expect(await h.ticketsOf(comp.id)).toEqual([]);
  };

  it("an authorisation cancelled at the provider first: the order is cancelled and its tickets released", async () => {
    const buyer = await h.createBuyer();
    const { started, session, intentId } = await authorised(buyer, 500, DEBIT);
    await h.services.payments.cancelPaymentIntent(intentId, `test-cancel-${started.orderId}`);
    expect(await fulfilCheckoutSession(h.services, session)).toEqual({
      kind: "released",
      orderId: started.orderId,
      status: "cancelled",
    });
    expect(await h.order(started.orderId)).toMatchObject({
      paymentStatus: "cancelled",
      failureReason: "authorisation_cancelled",
      providerSessionId: session.id,
    });
    await released(started);
    expect(await h.mailTo(buyer.email)).toEqual([]);
    // Seen again (a repeated event): nothing changes.
    expect(await fulfilCheckoutSession(h.services, session)).toMatchObject({ kind: "released" });
    expect(await h.order(started.orderId)).toMatchObject({ failureReason: "authorisation_cancelled" });
  });

  it("a payment refused for the cap keeps its reason when its cancelled authorisation is seen again", async () => {
    const buyer = await h.createBuyer();
    await buy(buyer, 25_000, CREDIT);
    const { started, session } = await authorised(buyer, 100, CREDIT);
    expect(await fulfilCheckoutSession(h.services, session)).toMatchObject({ kind: "released" });
    expect(await h.order(started.orderId)).toMatchObject({ failureReason: "credit_card_cap" });
    expect(await fulfilCheckoutSession(h.services, session)).toMatchObject({ kind: "released" });
    expect(await h.order(started.orderId)).toMatchObject({
      paymentStatus: "cancelled",
      failureReason: "credit_card_cap",
    });
    expect(await h.mailTo(buyer.email, "payment-refused")).toHaveLength(1);
  });

  it("an authorisation another process already captured is fulfilled from the provider's answer", async () => {
    const buyer = await h.createBuyer();
    const { started, session, intentId } = await authorised(buyer, 700, DEBIT);
    await h.services.payments.capturePaymentIntent(intentId, `test-capture-${started.orderId}`);
    // The session as the webhook carried it still says unpaid; the intent says captured.
    expect(await fulfilCheckoutSession(h.services, session)).toMatchObject({ kind: "fulfilled" });
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "paid", totalAmountPence: 700 });
    expect(await h.ticketsOf(started.comp.id)).toHaveLength(1);
    expect(await h.standinSession(sessionIdFromUrl(started.url))).toMatchObject({ paymentIntentStatus: "succeeded" });
  });

  it("a capture refused as already captured meanwhile still fulfils; a failed one does not", async () => {
    const buyer = await h.createBuyer();
    const real = h.services.payments;
    /** The app's services whose provider captures with `capture` instead. */
    const capturing = (capture: (id: string) => Promise<never>) => ({
      ...h.services,
      payments: {
        ...real,
        retrievePaymentIntent: (id: string) => real.retrievePaymentIntent(id),
        capturePaymentIntent: capture,
      },
    });
    // Another process captures between this one's look and its own capture, so its capture is refused.
    const raced = await authorised(buyer, 800, DEBIT);
    const racing = capturing(async (id) => {
      await real.capturePaymentIntent(id, `other-process-${id}`);
      throw new Error("This PaymentIntent could not be captured because it has a status of succeeded.");
    });
    expect(await fulfilCheckoutSession(racing, raced.session)).toMatchObject({ kind: "fulfilled" });
    expect(await h.order(raced.started.orderId)).toMatchObject({ paymentStatus: "paid", cardFunding: "debit" });

    // A capture that fails with the money still only authorised: the order stays pending for the reconciler.
    const failed = await authorised(buyer, 900, DEBIT);
    const failing = capturing(async () => {
      throw new Error("the provider is unreachable");
    });
    await expect(fulfilCheckoutSession(failing, failed.session)).rejects.toThrow("the provider is unreachable");
    expect(await h.order(failed.started.orderId)).toMatchObject({ paymentStatus: "pending", failureReason: null });
    expect(await h.standinSession(sessionIdFromUrl(failed.started.url))).toMatchObject({
      paymentIntentStatus: "requires_capture",
    });
    expect(await h.competition(failed.started.comp.id)).toMatchObject({ ticketsReserved: 1, ticketsSold: 0 });
  });

  it("after capturing, the provider's session is asked for when the event's copy disagrees on the amount", async () => {
    const buyer = await h.createBuyer();
    const { started, session } = await authorised(buyer, 1_200, DEBIT);
    // An event whose copy of the session is a penny short: the money captured is the provider's, and so is the
    // session's amount, which matches the order.
    const forged = { ...session, amountTotal: 1_199 };
    expect(await fulfilCheckoutSession(h.services, forged)).toMatchObject({ kind: "fulfilled" });
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "paid", totalAmountPence: 1_200 });
    expect((await h.standinSession(sessionIdFromUrl(started.url))).refundId).toBeNull();
  });

  it("a buyer already past the cap is told £0.00 is left, by e-mail and on the result page", async () => {
    const buyer = await h.createBuyer();
    // £300 on a credit card this month, recorded before the cap was lowered: more than the whole allowance.
    await h.services.db.insert(orders).values({
      userId: buyer.id,
      subtotalPence: 30_000,
      totalAmountPence: 30_000,
      paymentStatus: "paid",
      cardFunding: "credit",
      paidAt: new Date(),
    });
    const { started, session } = await authorised(buyer, 100, CREDIT);
    expect(await fulfilCheckoutSession(h.services, session)).toMatchObject({ kind: "released" });
    await released(started);
    const [told] = await h.mailTo(buyer.email, "payment-refused");
    expect(told?.subject).toBe("Your Paddock payment was not taken");
    expect(told?.text).toContain(
      "We did not take this payment. Credit card payments are limited to £250.00 per person each calendar month " +
        "(UK time), and this one would have gone over that limit.",
    );
    expect(told?.text).toContain("You have £0.00 left on credit cards this month; you can pay with a debit card");
    const result = await verifyPayment(h.services, {
      userId: buyer.id,
      sessionId: session.id,
      orderId: started.orderId,
    });
    expect(result).toEqual({
      ok: true,
      status: "refused",
      message: expect.stringContaining("You have £0.00 left on credit cards this month"),
    });
  });
});
