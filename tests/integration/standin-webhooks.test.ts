// The payment stand-in retries webhook events as Stripe does, durably (issue 29): an event the app did not take is
// kept in the database and delivered with backoff, by whichever stand-in runs next, even after a kill -9.
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { stripeStandinWebhookDeliveries } from "~/db/schema";
import { mountPayments } from "../../server/payments";
import { retryDelayMs } from "../../server/stand-ins/payments";
import { CORRECT, createCheckoutHarness, type Harness } from "./checkout-harness";

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness();
});
afterAll(() => h.close());
afterEach(() => {
  h.resetClock();
  h.control.webhooksDown = false;
});

const pendingEvents = () => h.services.db.select().from(stripeStandinWebhookDeliveries);

/** A stand-in as a newly started app process makes it: the same database, nothing of the old one's memory. */
async function restartedStandin() {
  const standin = await mountPayments(express(), h.services, {
    publicBaseUrl: h.baseUrl,
    standin: { now: () => h.services.now() },
  });
  if (!standin) throw new Error("no stand-in was mounted");
  return standin;
}

/** A buyer pays while the app's webhook endpoint is down: the provider has the money, the app has heard nothing. */
async function paymentNobodyHeard(quantity = 2) {
  // The clock the app and the stand-in share stands still, so the test says when each retry is due.
  const instant = new Date();
  h.services.now = () => instant;
  const competition = await h.createCompetition();
  const buyer = await h.createBuyer();
  const started = await h.checkout(buyer, [{ competitionId: competition.id, quantity, skillAnswer: CORRECT }]);
  if (!started.ok) throw new Error(started.message);
  expect((await h.payUnannounced(started.url)).status).toBe(303);
  expect((await h.order(started.orderId)).paymentStatus).not.toBe("paid");
  return { orderId: started.orderId, competitionId: competition.id };
}

describe("the stand-in's webhook retries", () => {
  it("deliver a payment's event that failed after the stand-in restarts, and the buyer gets the tickets", async () => {
    const { orderId, competitionId } = await paymentNobodyHeard(2);
    expect(await pendingEvents()).toMatchObject([
      { type: "checkout.session.completed", attempts: 1, lastError: "webhook endpoint answered 503" },
    ]);

    // The process dies with its retry pending; a new one starts a second later and looks at once.
    h.advanceClock(1000);
    const retries = (await restartedStandin()).webhooks.start();
    await retries.stop(); // waits for the pass it makes on starting

    expect((await h.order(orderId)).paymentStatus).toBe("paid");
    expect(await h.ticketsOf(competitionId)).toHaveLength(2);
    expect(await pendingEvents()).toEqual([]);
  });

  it("wait 1 s, then 2 s, doubling, and never try an event before it is due", async () => {
    const { orderId } = await paymentNobodyHeard();
    h.control.webhooksDown = true;
    const attemptsSoFar = async () => (await pendingEvents()).map((event) => event.attempts);
    const dueIn = async () =>
      (await pendingEvents()).map((e) => e.nextAttemptAt.getTime() - h.services.now().getTime());

    expect(await dueIn()).toEqual([1000]);
    expect(await h.standin.webhooks.deliverDue()).toBe(0);
    expect(await attemptsSoFar()).toEqual([1]);

    h.advanceClock(1000);
    expect(await h.standin.webhooks.deliverDue()).toBe(0);
    expect(await attemptsSoFar()).toEqual([2]);
    expect(await dueIn()).toEqual([2000]);

    h.advanceClock(1000);
    expect(await h.standin.webhooks.deliverDue()).toBe(0);
    expect(await attemptsSoFar()).toEqual([2]);

    h.advanceClock(1000);
    h.control.webhooksDown = false;
    expect(await h.standin.webhooks.deliverDue()).toBe(1);
    expect((await h.order(orderId)).paymentStatus).toBe("paid");
    expect(await pendingEvents()).toEqual([]);
  });

  it("run in the background: a stand-in started before an event is due delivers it when it falls due", async () => {
    const { orderId } = await paymentNobodyHeard();
    h.resetClock();
    // Its retry falls due a moment after the stand-in starts, so the first look finds nothing to do.
    const dueAt = new Date(Date.now() + 1500);
    await h.services.db.update(stripeStandinWebhookDeliveries).set({ nextAttemptAt: dueAt });
    const retries = (await restartedStandin()).webhooks.start();
    try {
      await vi.waitFor(async () => expect((await h.order(orderId)).paymentStatus).toBe("paid"), {
        timeout: 15_000,
        interval: 100,
      });
    } finally {
      await retries.stop();
    }
    expect(await pendingEvents()).toEqual([]);
  });

  it("wait twice as long after each failure, an hour at most", () => {
    const afterFailures = [1, 2, 3, 4, 12, 13, 40];
    expect(afterFailures.map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 2_048_000, 3_600_000, 3_600_000]);
  });

  it("are made by one process when two look at once", async () => {
    const { orderId } = await paymentNobodyHeard();
    h.advanceClock(1000);
    const [one, other] = [await restartedStandin(), await restartedStandin()];
    const delivered = await Promise.all([one.webhooks.deliverDue(), other.webhooks.deliverDue()]);
    expect(delivered.sort()).toEqual([0, 1]);
    expect((await h.order(orderId)).paymentStatus).toBe("paid");
  });

  it("stop after three days, as Stripe's do, leaving the order to the reconciler", async () => {
    await paymentNobodyHeard();
    h.control.webhooksDown = true;
    h.advanceClock(3 * 24 * 60 * 60 * 1000);
    expect(await h.standin.webhooks.deliverDue()).toBe(0);
    expect(await pendingEvents()).toEqual([]);
  });
});
