import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, orders, tickets } from "~/db/schema";
import * as cancelPage from "~/routes/admin/competition-cancel";
import * as orderPage from "~/routes/admin/order";
import * as ordersPage from "~/routes/admin/orders";
import { continueCancellations } from "~/server/admin/cancel.server";
import { reconcileOnce } from "~/server/checkout/reconciler.server";
import type { PaymentProvider } from "~/server/platform/payments.server";
import { readToast } from "~/server/platform/toast.server";
import { useFileValue } from "../support/file-value";
import { signedInAs, type visitor } from "./auth-helpers";
import { CORRECT, useCheckoutHarness, WRONG } from "./checkout-harness";

const h = useCheckoutHarness({ ADMIN_REQUIRE_2FA: "false" });
const admin = useFileValue(() => signedInAs(h().services, "admin"));

/** The provider refuses the next `times` refunds (as Stripe does when a card cannot take one), then works. */
function providerRefuses(times: number) {
  const real = h().services.payments;
  let left = times;
  const refusing: PaymentProvider = {
    ...real,
    async refund(paymentIntentId, idempotencyKey) {
      if (left-- > 0) throw new Error("The card issuer refused the refund.");
      return real.refund(paymentIntentId, idempotencyKey);
    },
  };
  h().services.payments = refusing;
  return () => {
    h().services.payments = real;
  };
}

type Visitor = ReturnType<typeof visitor>;

const orderUrl = (id: string) => `/admin/orders/${id}`;
// The refund's confirmation step sends confirm=yes; without it the page only asks (see the test below).
const refund = (id: string, reason: string, confirm = "yes") =>
  admin().v.post(orderPage, orderUrl(id), { intent: "refund", reason, confirm }, { id });
const retry = (id: string) => admin().v.post(orderPage, orderUrl(id), { intent: "retry-refund" }, { id });

async function lastToast(v: Visitor) {
  const request = new Request(h().services.env.BASE_URL, { headers: { cookie: v.jar.header() } });
  return (await readToast(h().services, request)).toast;
}

const auditOf = (subject: string) => h().services.db.select().from(auditLog).where(eq(auditLog.subject, subject));
const ticketsOfOrder = (orderId: string) => h().services.db.select().from(tickets).where(eq(tickets.orderId, orderId));

describe("refunding an order", () => {
  it("withdraws its tickets, lowers the sold count, e-mails the buyer, logs who did it, refuses twice", async () => {
    const comp = await h().createCompetition({ ticketsSold: 0 });
    const first = await h().paidOrder(comp.id, 3, CORRECT, [1, 2, 3]);
    const second = await h().paidOrder(comp.id, 2, WRONG, [4, 5]);
    expect((await h().competition(comp.id)).ticketsSold).toBe(5);

    const page = await admin().v.get(orderPage, orderUrl(first.orderId), { id: first.orderId });
    expect(page.status).toBe(200);
    expect(page.data.canRefund).toBe(true);
    expect(page.data.lines[0]).toMatchObject({ quantity: 3, skillAnswer: CORRECT, isCorrectAnswer: true });
    expect(page.data.lines[0].tickets.map((t: { number: number }) => t.number)).toEqual([1, 2, 3]);
    expect(page.data.payments[0]).toMatchObject({ providerSessionId: first.sessionId, status: "paid" });
    expect(page.data.mails.map((m: { kind: string }) => m.kind)).toEqual(["order-confirmation"]);
    const wrong = await admin().v.get(orderPage, orderUrl(second.orderId), { id: second.orderId });
    expect(wrong.data.lines[0]).toMatchObject({ skillAnswer: WRONG, isCorrectAnswer: false });

    const missing = await refund(first.orderId, "   ");
    expect(missing.status).toBe(400);
    expect(missing.data.result.error.reason).toEqual(["Please give a reason for the refund."]);

    // The first press only asks, naming the amount and the tickets; the order stays paid.
    const asked = await refund(first.orderId, "The buyer asked by phone.", "");
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({ confirm: true, refundReason: "The buyer asked by phone." });
    expect((await h().competition(comp.id)).ticketsSold).toBe(5);

    const done = await refund(first.orderId, "The buyer asked by phone.");
    expect(done.status).toBe(302);
    expect(done.location).toBe(orderUrl(first.orderId));
    expect(await lastToast(admin().v)).toMatchObject({ type: "success", title: "Order refunded" });

    expect(await h().order(first.orderId)).toMatchObject({
      paymentStatus: "refunded",
      refundedAt: expect.any(Date),
      refundReason: "The buyer asked by phone.",
      refundRequestedBy: admin().id,
      refundAttempts: 1,
      refundLastError: null,
    });
    expect((await h().standinSession(first.sessionId)).refundId).toMatch(/^re_/);
    const withdrawn = await ticketsOfOrder(first.orderId);
    expect(withdrawn.map((t) => t.ticketNumber).sort()).toEqual([1, 2, 3]);
    expect(withdrawn.every((t) => t.withdrawnAt instanceof Date)).toBe(true);
    expect((await h().competition(comp.id)).ticketsSold).toBe(2);

    const [mail, ...more] = await h().mailTo(first.buyer.email, "order-refunded");
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe("Your Paddock payment of £7.13 has been refunded");
    expect(mail?.text).toContain("Reason: The buyer asked by phone.");
    expect(mail?.text).toContain("3 tickets (1, 2, 3), withdrawn from the draw");

    const [audit] = await auditOf(`order:${first.orderId}`);
    expect(audit).toMatchObject({
      actorUserId: admin().id,
      action: "order.refund",
      before: { paymentStatus: "paid" },
      after: { paymentStatus: "refunded", reason: "The buyer asked by phone.", ticketsWithdrawn: 3 },
    });

    const twice = await refund(first.orderId, "Again.");
    expect(twice.status).toBe(409);
    expect(twice.data.result.error[""]).toEqual(["This order has already been refunded."]);
    expect(await h().mailTo(first.buyer.email, "order-refunded")).toHaveLength(1);

    // The refunded numbers stay taken for ever (ADR 015): a buyer choosing one is told it is taken.
    const again = await h().checkout(await h().createBuyer(), [
      { competitionId: comp.id, quantity: 2, skillAnswer: CORRECT, numbers: [2, 6] },
    ]);
    expect(again).toMatchObject({ ok: false, status: 409, taken: { competitionId: comp.id, numbers: [2] } });
    const third = await h().paidOrder(comp.id, 2, CORRECT, [6, 7]);
    expect((await ticketsOfOrder(third.orderId)).map((t) => t.ticketNumber).sort()).toEqual([6, 7]);
    expect((await h().competition(comp.id)).ticketsSold).toBe(4);

    const after = await admin().v.get(orderPage, orderUrl(first.orderId), { id: first.orderId });
    expect(after.data.mails.map((m: { kind: string }) => m.kind)).toEqual(["order-confirmation", "order-refunded"]);
    expect(after.data.audit.map((a: { action: string }) => a.action)).toEqual(["order.refund"]);
    expect(after.data.lines[0].tickets.every((t: { withdrawnAt: Date | null }) => t.withdrawnAt)).toBe(true);
  });

  it("a refund the provider refuses stays visible as failed; staff and the reconciler retry it", async () => {
    const comp = await h().createCompetition({ ticketsSold: 0 });
    const byStaff = await h().paidOrder(comp.id, 1);
    const byReconciler = await h().paidOrder(comp.id, 2);

    const restore = providerRefuses(2);
    try {
      expect((await refund(byStaff.orderId, "Duplicate purchase.")).status).toBe(302);
      expect(await lastToast(admin().v)).toMatchObject({ type: "error", title: "Refund failed" });
      expect((await refund(byReconciler.orderId, "Duplicate purchase.")).status).toBe(302);
    } finally {
      restore();
    }
    for (const { orderId, buyer } of [byStaff, byReconciler]) {
      expect(await h().order(orderId)).toMatchObject({
        paymentStatus: "refunded",
        refundedAt: null,
        refundAttempts: 1,
        refundLastError: "The card issuer refused the refund.",
      });
      expect((await ticketsOfOrder(orderId)).every((t) => t.withdrawnAt)).toBe(true);
      expect(await h().mailTo(buyer.email, "order-refunded")).toHaveLength(0);
    }
    expect((await h().competition(comp.id)).ticketsSold).toBe(0);

    const failedList = await admin().v.get(ordersPage, "/admin/orders?status=refund_failed");
    const listed = failedList.data.orders.map((o: { id: string }) => o.id);
    expect(listed).toEqual(expect.arrayContaining([byStaff.orderId, byReconciler.orderId]));
    const detail = await admin().v.get(orderPage, orderUrl(byStaff.orderId), { id: byStaff.orderId });
    expect(detail.data.order).toMatchObject({ refundAttempts: 1, refundLastError: expect.stringContaining("refused") });

    const retried = await retry(byStaff.orderId);
    expect(retried.status).toBe(302);
    expect(await lastToast(admin().v)).toMatchObject({ type: "success", title: "Order refunded" });
    expect(await h().order(byStaff.orderId)).toMatchObject({
      refundedAt: expect.any(Date),
      refundAttempts: 2,
      refundLastError: null,
    });
    expect(await h().mailTo(byStaff.buyer.email, "order-refunded")).toHaveLength(1);
    expect((await auditOf(`order:${byStaff.orderId}`)).map((a) => a.action)).toEqual([
      "order.refund",
      "order.refund_retry",
    ]);
    const again = await retry(byStaff.orderId);
    expect(again.status).toBe(409);
    expect(again.data.result.error[""]).toEqual(["This order has no refund waiting to be retried."]);

    expect((await reconcileOnce(h().services)).refunded).toBeGreaterThanOrEqual(1);
    expect(await h().order(byReconciler.orderId)).toMatchObject({ refundedAt: expect.any(Date), refundAttempts: 2 });
    expect(await h().mailTo(byReconciler.buyer.email, "order-refunded")).toHaveLength(1);
  });

  it("refuses orders that are not paid, and ids that name no order", async () => {
    const comp = await h().createCompetition();
    const buyer = await h().createBuyer();
    const started = await h().checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    const pending = await refund(started.orderId, "Not paid yet.");
    expect(pending.status).toBe(409);
    expect(pending.data.result.error[""]).toEqual(["Only a paid order can be refunded."]);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await refund(unknown, "No such order.")).status).toBe(404);
    expect((await admin().v.get(orderPage, orderUrl("nonsense"), { id: "nonsense" })).status).toBe(404);
  });
});

describe("cancelling a competition", () => {
  it("stops sales, releases checkouts, refunds every buyer (retrying a refusal) and ends cancelled", async () => {
    const comp = await h().createCompetition({ ticketsSold: 0 });
    const buyers = [
      await h().paidOrder(comp.id, 1),
      await h().paidOrder(comp.id, 2),
      await h().paidOrder(comp.id, 3, WRONG),
    ];
    const waiting = await h().createBuyer();
    const pending = await h().checkout(waiting, [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }]);
    if (!pending.ok) throw new Error(pending.message);
    expect(await h().competition(comp.id)).toMatchObject({ ticketsSold: 6, ticketsReserved: 2 });
    const url = `/admin/competitions/${comp.id}/cancel`;
    const params = { id: String(comp.id) };

    const page = await admin().v.get(cancelPage, url, params);
    expect(page.data.counts).toEqual({ paid: 3, pending: 1, refunded: 0 });
    const unconfirmed = await admin().v.post(
      cancelPage,
      url,
      { intent: "cancel", reason: "The prize is unavailable." },
      params,
    );
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.data.result.error.confirm).toEqual(["Please confirm that every paid order will be refunded."]);
    expect((await h().competition(comp.id)).status).toBe("active");

    const restore = providerRefuses(1);
    let cancelled: Awaited<ReturnType<Visitor["post"]>>;
    try {
      const form = { intent: "cancel", reason: "The prize is unavailable.", confirm: "on" };
      cancelled = await admin().v.post(cancelPage, url, form, params);
    } finally {
      restore();
    }
    expect(cancelled.status).toBe(302);
    expect(await lastToast(admin().v)).toMatchObject({ title: "Cancelling" });
    expect(await h().competition(comp.id)).toMatchObject({
      status: "cancelling",
      cancelReason: "The prize is unavailable.",
      ticketsSold: 0,
      ticketsReserved: 0,
    });
    expect(await h().order(pending.orderId)).toMatchObject({ paymentStatus: "cancelled" });
    const states = await Promise.all(buyers.map((b) => h().order(b.orderId)));
    expect(states.every((o) => o.paymentStatus === "refunded")).toBe(true);
    expect(states.filter((o) => o.refundedAt === null)).toHaveLength(1);

    // It stopped selling the moment it began cancelling.
    const late = await h().checkout(await h().createBuyer(), [
      { competitionId: comp.id, quantity: 1, skillAnswer: CORRECT },
    ]);
    expect(late.ok).toBe(false);

    await continueCancellations(h().services);
    expect(await h().competition(comp.id)).toMatchObject({ status: "cancelled", cancelledAt: expect.any(Date) });
    for (const { buyer, orderId } of buyers) {
      const mails = await h().mailTo(buyer.email, "order-refunded");
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain("has been cancelled: The prize is unavailable.");
      expect(await h().order(orderId)).toMatchObject({ refundedAt: expect.any(Date) });
    }
    expect(await h().mailTo(waiting.email, "order-refunded")).toHaveLength(0);
    const trail = await auditOf(`competition:${comp.id}`);
    expect(trail.map((a) => [a.action, a.actorUserId])).toEqual([
      ["competition.cancel", admin().id],
      ["competition.cancelled", null],
    ]);

    const again = await admin().v.post(cancelPage, url, { intent: "cancel", reason: "Again.", confirm: "on" }, params);
    expect(again.status).toBe(409);
    expect(again.data.result.error[""]).toEqual(["This competition is already cancelled."]);
  });

  it("a competition with no paid orders is cancelled at once", async () => {
    const comp = await h().createCompetition();
    const params = { id: String(comp.id) };
    const form = { intent: "cancel", reason: "Entered by mistake.", confirm: "on" };
    const done = await admin().v.post(cancelPage, `/admin/competitions/${comp.id}/cancel`, form, params);
    expect(done.status).toBe(302);
    expect(await lastToast(admin().v)).toMatchObject({ type: "success", title: "Competition cancelled" });
    expect((await h().competition(comp.id)).status).toBe("cancelled");
  });
});

describe("moderators", () => {
  it("read orders but cannot refund an order or cancel a competition", async () => {
    const moderator = await signedInAs(h().services, "moderator");
    const comp = await h().createCompetition();
    const { orderId } = await h().paidOrder(comp.id, 1);
    expect((await moderator.v.get(ordersPage, "/admin/orders")).status).toBe(200);
    const page = await moderator.v.get(orderPage, orderUrl(orderId), { id: orderId });
    expect(page.status).toBe(200);
    expect(page.data.canRefund).toBe(false);
    const form = { intent: "refund", reason: "I should not be able to." };
    expect((await moderator.v.post(orderPage, orderUrl(orderId), form, { id: orderId })).status).toBe(403);
    const url = `/admin/competitions/${comp.id}/cancel`;
    const params = { id: String(comp.id) };
    expect((await moderator.v.get(cancelPage, url, params)).status).toBe(403);
    const cancel = { intent: "cancel", reason: "Nor this.", confirm: "on" };
    expect((await moderator.v.post(cancelPage, url, cancel, params)).status).toBe(403);
    expect(await h().order(orderId)).toMatchObject({ paymentStatus: "paid" });
    expect((await h().competition(comp.id)).status).toBe("active");
    const [row] = await h()
      .services.db.select({ n: orders.refundAttempts })
      .from(orders)
      .where(and(eq(orders.id, orderId)));
    expect(row?.n).toBe(0);
  });
});
