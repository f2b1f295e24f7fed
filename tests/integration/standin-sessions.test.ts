// The payment stand-in answers a repeated idempotency key as Stripe does (ADR 043: it writes a new session in one
// statement and reads the earlier one only when the key was used before): the same session for the same request,
// Stripe's idempotency error for another order, and the first answer even once the request's expiry is out of range.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckoutHarness, type Harness } from "./checkout-harness";

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness();
});
afterAll(() => h.close());

const request = (key: string, orderId = randomUUID(), expiresInMs = 60 * 60 * 1000) => ({
  orderId,
  email: "repeat@example.test",
  items: [{ name: "Ticket", amountPence: 250 }],
  expiresAt: new Date(Date.now() + expiresInMs),
  idempotencyKey: key,
});

describe("the stand-in's Checkout Sessions and idempotency keys", () => {
  it("answer a repeated request, even several at once, with the one session made first", async () => {
    const first = request(randomUUID());
    const sessions = await Promise.all(
      Array.from({ length: 4 }, () => h.services.payments.createCheckoutSession(first)),
    );
    expect(new Set(sessions.map((s) => s.id)).size).toBe(1);
    expect(sessions[0]).toMatchObject({ status: "open", amountTotal: 250, orderId: first.orderId });
    const again = await h.services.payments.createCheckoutSession(first);
    expect(again.id).toBe(sessions[0]?.id);
  });

  it("refuse a key used before for another order, with Stripe's idempotency error, and make nothing", async () => {
    const key = randomUUID();
    const made = await h.services.payments.createCheckoutSession(request(key));
    await expect(h.services.payments.createCheckoutSession(request(key))).rejects.toMatchObject({
      code: "idempotency_key_in_use",
    });
    expect((await h.services.payments.retrieveSession(made.id)).status).toBe("open");
  });

  it("replay the first answer to a key whose request would now be refused, and refuse it without the key", async () => {
    const key = randomUUID();
    const first = request(key);
    const made = await h.services.payments.createCheckoutSession(first);
    // Ten minutes ahead: below Stripe's 30-minute minimum, so a new request like it is refused.
    const tooSoon = { ...first, expiresAt: new Date(Date.now() + 10 * 60 * 1000) };
    expect((await h.services.payments.createCheckoutSession(tooSoon)).id).toBe(made.id);
    await expect(
      h.services.payments.createCheckoutSession({ ...tooSoon, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ param: "expires_at" });
  });
});
