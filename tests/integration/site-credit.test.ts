import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments, walletLedger } from "~/db/schema";
import { refundPaidOrder } from "~/server/admin/refunds.server";
import {
  abandonOrder,
  CHECKOUT_WINDOW_MS,
  cancelCheckout,
  PROVIDER_MARGIN_MS,
} from "~/server/checkout/checkout.server";
import { reconcileOnce } from "~/server/checkout/reconciler.server";
import { creditWallet, walletBalance } from "~/server/instant-wins/wallet.server";
import { CORRECT, sessionIdFromUrl, useCheckoutHarness, walletMovementsOf } from "./checkout-harness";

// Site credit spent at checkout (ADR 036): on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
const harness = useCheckoutHarness();

const PAST_EXPIRY = CHECKOUT_WINDOW_MS + PROVIDER_MARGIN_MS + 60_000;
const one = (competitionId: number) => [{ competitionId, quantity: 1, skillAnswer: CORRECT }];

const buyerWithCredit = (pence: number) => harness().buyerWithCredit(pence);

/** A buyer with `creditPence` of credit has started paying £5 for one ticket, asking to use the credit. */
async function startWithCredit(creditPence: number) {
  const h = harness();
  const comp = await h.createCompetition({ entryPricePence: 500 });
  const buyer = await buyerWithCredit(creditPence);
  const started = await h.checkout(buyer, one(comp.id), { useSiteCredit: true });
  if (!started.ok) throw new Error(started.message);
  return { h, comp, buyer, started };
}

const balanceOf = (userId: string) => walletBalance(harness().services.db, userId);
const movementsOf = (orderId: string) => walletMovementsOf(harness().services.db, orderId);

describe("a buyer spends site credit at checkout", () => {
  it("credit pays part: the order records it, the wallet is debited, the card pays only the rest", async () => {
    const { h, comp, buyer, started } = await startWithCredit(200);
    expect(await h.order(started.orderId)).toMatchObject({ totalAmountPence: 500, siteCreditPence: 200 });
    expect(await movementsOf(started.orderId)).toEqual(["checkout -200"]);
    expect(await balanceOf(buyer.id)).toBe(0);
    const session = await h.standinSession(sessionIdFromUrl(started.url));
    expect(session.amountTotal).toBe(300);

    expect((await h.pay(started.url)).status).toBe(303);
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "paid" });
    const [payment] = await h.services.db.select().from(payments).where(eq(payments.orderId, started.orderId));
    expect(payment?.amountPence).toBe(300);
    expect(await h.ticketsOf(comp.id)).toHaveLength(1);
    const [mail] = await h.mailTo(buyer.email, "order-confirmation");
    expect(JSON.stringify(mail)).toContain("Paid from your site credit: £2.00");
    expect(await balanceOf(buyer.id)).toBe(0);
  });

  it("credit pays it all: no provider session, fulfilled at once exactly once, a repeat changes nothing", async () => {
    const h = harness();
    const comp = await h.createCompetition({ entryPricePence: 500 });
    const buyer = await buyerWithCredit(1200);
    const key = randomUUID();
    const started = await h.checkout(buyer, one(comp.id), { useSiteCredit: true, key });
    if (!started.ok) throw new Error(started.message);
    expect(started.url).toBe(`/payment-success?session_id=site_credit_${started.orderId}&order_id=${started.orderId}`);
    expect(await h.order(started.orderId)).toMatchObject({
      paymentStatus: "paid",
      siteCreditPence: 500,
      providerSessionId: `site_credit_${started.orderId}`,
      checkoutUrl: null,
    });
    expect(await h.ticketsOf(comp.id)).toHaveLength(1);
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 1, ticketsReserved: 0 });
    expect(await balanceOf(buyer.id)).toBe(700);

    const again = await h.checkout(buyer, one(comp.id), { useSiteCredit: true, key });
    expect(again).toMatchObject({ ok: true, orderId: started.orderId, url: started.url });
    expect(await h.ticketsOf(comp.id)).toHaveLength(1);
    expect(await movementsOf(started.orderId)).toEqual(["checkout -500"]);
    expect(await h.mailTo(buyer.email, "order-confirmation")).toHaveLength(1);
    const rows = await h.services.db.select().from(payments).where(eq(payments.orderId, started.orderId));
    expect(rows.map((p) => p.amountPence)).toEqual([0]);
  });

  it("a remainder under £0.30 is not left to the card: credit stops where the card pays £0.30", async () => {
    const { h, buyer, started } = await startWithCredit(480);
    expect(await h.order(started.orderId)).toMatchObject({ siteCreditPence: 470 });
    expect((await h.standinSession(sessionIdFromUrl(started.url))).amountTotal).toBe(30);
    expect(await balanceOf(buyer.id)).toBe(10);
  });

  it("credit is spent only when the buyer asks", async () => {
    const h = harness();
    const comp = await h.createCompetition({ entryPricePence: 500 });
    const buyer = await buyerWithCredit(1000);
    const started = await h.checkout(buyer, one(comp.id));
    if (!started.ok) throw new Error(started.message);
    expect(await h.order(started.orderId)).toMatchObject({ siteCreditPence: 0 });
    expect((await h.standinSession(sessionIdFromUrl(started.url))).amountTotal).toBe(500);
    expect(await balanceOf(buyer.id)).toBe(1000);
  });

  it("a basket's provider lines share the credit and add up to what the card pays", async () => {
    const h = harness();
    const a = await h.createCompetition({ entryPricePence: 300 });
    const b = await h.createCompetition({ entryPricePence: 100 });
    const buyer = await buyerWithCredit(101);
    const started = await h.checkout(buyer, [...one(a.id), ...one(b.id)], { useSiteCredit: true, source: "basket" });
    if (!started.ok) throw new Error(started.message);
    const session = await h.standinSession(sessionIdFromUrl(started.url));
    expect(session.amountTotal).toBe(299);
    expect(session.lineItems.map((item) => item.amount_total)).toEqual([224, 75]);
  });
});

describe("credit comes back when the order is not paid, and with a refund", () => {
  it("a cancelled checkout gives the credit back", async () => {
    const { h, buyer, started } = await startWithCredit(300);
    expect(await balanceOf(buyer.id)).toBe(0);
    expect(await cancelCheckout(h.services, { userId: buyer.id, orderId: started.orderId })).toEqual({ ok: true });
    expect(await movementsOf(started.orderId)).toEqual(["checkout -300", "checkout-reversal 300"]);
    expect(await balanceOf(buyer.id)).toBe(300);
  });

  it("a hold that lapses (the reconciler expires it) gives the credit back once", async () => {
    const { h, buyer, started } = await startWithCredit(250);
    h.advanceClock(PAST_EXPIRY);
    await reconcileOnce(h.services);
    await reconcileOnce(h.services);
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "expired" });
    expect(await movementsOf(started.orderId)).toEqual(["checkout -250", "checkout-reversal 250"]);
    expect(await balanceOf(buyer.id)).toBe(250);
  });

  it("a payment arriving after the lapse is honoured and takes its credit again", async () => {
    const { h, buyer, started } = await startWithCredit(200);
    await abandonOrder(h.services, started.orderId, "expired", "session_expired");
    expect(await balanceOf(buyer.id)).toBe(200);
    await h.pay(started.url);
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "paid" });
    expect(await movementsOf(started.orderId)).toEqual([
      "checkout -200",
      "checkout-reversal 200",
      "checkout-retaken -200",
    ]);
    expect(await balanceOf(buyer.id)).toBe(0);
  });

  it("a late payment whose credit was spent meanwhile is refunded, the wallet never below zero", async () => {
    const h = harness();
    const comp = await h.createCompetition({ entryPricePence: 500 });
    const other = await h.createCompetition({ entryPricePence: 500 });
    const buyer = await buyerWithCredit(200);
    const started = await h.checkout(buyer, one(comp.id), { useSiteCredit: true });
    if (!started.ok) throw new Error(started.message);
    await abandonOrder(h.services, started.orderId, "expired", "session_expired");
    const spent = await h.checkout(buyer, one(other.id), { useSiteCredit: true });
    if (!spent.ok) throw new Error(spent.message);
    expect(await balanceOf(buyer.id)).toBe(0);
    await h.pay(started.url);
    expect(await h.order(started.orderId)).toMatchObject({
      paymentStatus: "refunded",
      failureReason: "site_credit_spent",
    });
    expect((await h.order(started.orderId)).refundedAt).not.toBeNull();
    expect(await balanceOf(buyer.id)).toBe(0);
    expect(await h.ticketsOf(comp.id)).toHaveLength(0);
    const [mail] = await h.mailTo(buyer.email, "order-refunded");
    expect(JSON.stringify(mail)).toContain("£3.00 to your card");
  });

  it("a staff refund of an order paid partly by credit puts the credit back in the wallet", async () => {
    const { h, buyer, started } = await startWithCredit(200);
    await h.pay(started.url);
    const staff = await h.createBuyer();
    expect(await refundPaidOrder(h.services, staff.id, started.orderId, "Duplicate order")).toMatchObject({ ok: true });
    expect(await movementsOf(started.orderId)).toEqual(["checkout -200", "refund 200"]);
    expect(await balanceOf(buyer.id)).toBe(200);
    const [mail] = await h.mailTo(buyer.email, "order-refunded");
    expect(JSON.stringify(mail)).toContain("£3.00 to your card and £2.00 to your site credit");
  });

  it("a refund of an order paid wholly by credit asks the provider nothing and fills the wallet again", async () => {
    const { h, buyer, started } = await startWithCredit(500);
    const staff = await h.createBuyer();
    expect(await refundPaidOrder(h.services, staff.id, started.orderId, "Goodwill")).toMatchObject({ ok: true });
    expect((await h.order(started.orderId)).refundedAt).not.toBeNull();
    expect(await balanceOf(buyer.id)).toBe(500);
  });
});

describe("the wallet never goes below zero", () => {
  it("the database refuses a debit beyond the balance", async () => {
    const h = harness();
    const buyer = await buyerWithCredit(100);
    const debit = (amountPence: number, ref: string) =>
      h.services.db.transaction((tx) =>
        creditWallet(tx, { userId: buyer.id, amountPence, reason: "checkout", ref, at: h.services.now() }),
      );
    await expect(debit(-101, randomUUID())).rejects.toThrow();
    await debit(-100, randomUUID());
    expect(await balanceOf(buyer.id)).toBe(0);
    const [row] = await h.services.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(walletLedger)
      .where(and(eq(walletLedger.userId, buyer.id), eq(walletLedger.reason, "checkout")));
    expect(row?.n).toBe(1);
  });

  it("two orders one after the other: the second gets only what the first left", async () => {
    const h = harness();
    const comp = await h.createCompetition({ entryPricePence: 500 });
    const buyer = await buyerWithCredit(700);
    const first = await h.checkout(buyer, one(comp.id), { useSiteCredit: true });
    const second = await h.checkout(buyer, one(comp.id), { useSiteCredit: true });
    if (!first.ok || !second.ok) throw new Error("checkout refused");
    expect((await h.order(first.orderId)).siteCreditPence).toBe(500);
    expect((await h.order(second.orderId)).siteCreditPence).toBe(200);
    expect(await balanceOf(buyer.id)).toBe(0);
  });
});
