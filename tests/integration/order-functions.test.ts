// The order path's two SQL functions (drizzle/0023, ADR 027 phase 5): paddock_hold checks the prices it is given and
// writes nothing when it refuses; paddock_fulfil settles a paid session exactly once however many callers race.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, funnelEvents, notifications, orders, payments } from "~/db/schema";
import { fulfilCheckoutSession } from "~/server/checkout/fulfilment.server";
import { holdOrder } from "~/server/checkout/reservations.server";
import { CORRECT, createCheckoutHarness, type Harness, sessionIdFromUrl } from "./checkout-harness";

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("paddock_hold", () => {
  it("refuses a price that is not the competition's, writing no order, line, number or count", async () => {
    const comp = await h.createCompetition({ entryPricePence: 250 });
    const buyer = await h.createBuyer();
    const now = h.services.now();
    const line = {
      competitionId: comp.id,
      quantity: 2,
      unitPricePence: 1,
      discountPence: 0,
      promoDiscountPence: 0,
      totalPence: 2,
      skillAnswer: CORRECT,
      chosen: [1],
      candidates: [2, 3, 4],
    };
    const attempt = holdOrder(h.services.db, {
      userId: buyer.id,
      email: buyer.email,
      idempotencyKey: randomUUID(),
      source: "single",
      termsVersion: "test",
      now,
      expiresAt: new Date(now.getTime() + 60_000),
      lines: [line],
      subtotalPence: 2,
      discountPence: 0,
      promoDiscountPence: 0,
      totalPence: 2,
      promo: null,
      monthlyLimitPence: null,
      monthStart: now,
    });
    await expect(attempt).rejects.toMatchObject({ code: "PDK03" });
    expect(await h.services.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
    expect(await h.competition(comp.id)).toMatchObject({ ticketsReserved: 0, ticketsSold: 0 });
  });
});

describe("paddock_fulfil", () => {
  it("settles one paid session once when ten callers race: one payment, receipt, notification, step", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    expect((await h.payUnannounced(started.url)).status).toBe(303);
    const session = await h.services.payments.retrieveSession(sessionIdFromUrl(started.url));

    const outcomes = await Promise.all(Array.from({ length: 10 }, () => fulfilCheckoutSession(h.services, session)));
    expect(outcomes.filter((o) => o.kind === "fulfilled")).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === "already_final")).toHaveLength(9);

    const db = h.services.db;
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "paid" });
    expect(await db.select().from(payments).where(eq(payments.orderId, started.orderId))).toHaveLength(1);
    expect(await h.ticketsOf(comp.id)).toHaveLength(2);
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 2, ticketsReserved: 0 });
    const receipts = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, buyer.email), eq(emailOutbox.kind, "order-confirmation")));
    expect(receipts).toHaveLength(1);
    const notes = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.id), eq(notifications.kind, "order-confirmed")));
    expect(notes).toHaveLength(1);
    const steps = await db
      .select()
      .from(funnelEvents)
      .where(and(eq(funnelEvents.competitionId, comp.id), eq(funnelEvents.stage, "paid")));
    expect(steps).toHaveLength(1);
  });
});
