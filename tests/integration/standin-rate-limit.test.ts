// The payment stand-in keeps Stripe's per-endpoint rate limit (STRIPE_STANDIN_RATE_LIMIT, issue 27), so the app
// meets a 429 here as it would at Stripe. The clock is held still: "within a second" is the stand-in's clock.
import { randomUUID } from "node:crypto";
import express from "express";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { stripeStandinSessions } from "~/db/schema";
import { standinCredentials } from "~/server/platform/payments.server";
import { mountPayments } from "../../server/payments";
import { listen } from "../support/http-server";
import { createCheckoutHarness, type Harness } from "./checkout-harness";

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness({ STRIPE_STANDIN_RATE_LIMIT: "3" });
});
afterAll(() => h.close());
afterEach(() => h.resetClock());

/** Stops the clock the app and the stand-in share at one instant, an hour past the last test's, so none overlaps. */
let held = Date.now();
function holdClock() {
  held += 60 * 60 * 1000;
  const instant = new Date(held);
  h.services.now = () => instant;
  return instant;
}

const sessionFor = (at: Date) => ({
  orderId: randomUUID(),
  email: "rush@example.test",
  items: [{ name: "Ticket", amountPence: 250 }],
  expiresAt: new Date(at.getTime() + 60 * 60 * 1000),
  idempotencyKey: randomUUID(),
});

/** A Checkout Session created over raw HTTP, to read the stand-in's own status and body. */
function createSessionRaw(baseUrl: string) {
  const params = new URLSearchParams({
    mode: "payment",
    "line_items[0][quantity]": "1",
    "line_items[0][price_data][currency]": "gbp",
    "line_items[0][price_data][unit_amount]": "250",
    "line_items[0][price_data][product_data][name]": "Ticket",
    success_url: "http://localhost:3999/payment-success",
    cancel_url: "http://localhost:3999/payment-cancelled",
  });
  return fetch(`${baseUrl}/stripe-standin/v1/checkout/sessions`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${standinCredentials(h.services.env.AUTH_SECRET).apiKey}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: params,
  });
}

describe("the stand-in's rate limit", () => {
  it("answers a request past the limit in a second with Stripe's 429, which the SDK raises", async () => {
    const at = holdClock();
    const provider = h.services.payments;
    const before = (await h.services.db.select().from(stripeStandinSessions)).length;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await provider.createCheckoutSession(sessionFor(at)));

    const refused = await provider.createCheckoutSession(sessionFor(at)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect(refused).toMatchObject({ statusCode: 429, rawType: "invalid_request_error" });

    const raw = await createSessionRaw(h.baseUrl);
    expect(raw.status).toBe(429);
    expect(await raw.json()).toEqual({
      error: {
        type: "invalid_request_error",
        message: expect.stringMatching(/^Request rate limit exceeded\./),
      },
    });
    // Nothing was created for the refused requests.
    expect((await h.services.db.select().from(stripeStandinSessions)).length).toBe(before + 3);

    // Another endpoint has its own count: reading a session still answers at the same instant.
    const first = made[0];
    if (!first) throw new Error("no session was made");
    expect((await provider.retrieveSession(first.id)).id).toBe(first.id);

    // A second later the endpoint takes requests again.
    h.advanceClock(1000);
    expect((await provider.createCheckoutSession(sessionFor(at))).status).toBe("open");
  });

  it("counts a sliding second: requests spread over the second before still count", async () => {
    const start = holdClock();
    for (let i = 0; i < 2; i++) expect((await createSessionRaw(h.baseUrl)).status).toBe(200);
    h.advanceClock(600);
    expect((await createSessionRaw(h.baseUrl)).status).toBe(200);
    // 900 ms after the first two: all three are still within the last second.
    h.advanceClock(300);
    expect((await createSessionRaw(h.baseUrl)).status).toBe(429);
    // 1000 ms after the first two they have left the window; the third has not.
    h.services.now = () => new Date(start.getTime() + 1000);
    expect((await createSessionRaw(h.baseUrl)).status).toBe(200);
    expect((await createSessionRaw(h.baseUrl)).status).toBe(200);
    expect((await createSessionRaw(h.baseUrl)).status).toBe(429);
  });

  it("is off at 0: more requests in one instant than Stripe's sandbox takes in a second all succeed", async () => {
    holdClock();
    const app = express();
    const unlimited = { ...h.services, env: { ...h.services.env, STRIPE_STANDIN_RATE_LIMIT: 0 } };
    await mountPayments(app, unlimited, { standin: { now: () => h.services.now() } });
    const server = await listen(app);
    try {
      const statuses = [];
      for (let i = 0; i < 30; i++) statuses.push((await createSessionRaw(`http://127.0.0.1:${server.port}`)).status);
      expect(statuses).toEqual(Array(30).fill(200));
    } finally {
      await server.close();
    }
  });
});
