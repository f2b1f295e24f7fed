import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { createPaymentProvider, standinCredentials, toSessionSummary } from "~/server/platform/payments.server";
import { signPayload } from "../../server/stand-ins/payments";

const authSecret = "provider-test-secret-provider-test-secret";
const payload = JSON.stringify({
  id: "evt_1",
  object: "event",
  type: "checkout.session.completed",
  data: { object: { id: "cs_test_1" } },
});

describe("the payment provider", () => {
  it("uses real Stripe when STRIPE_SECRET_KEY is set, and lets the browser go to Stripe's checkout", () => {
    const stripe = createPaymentProvider({
      secretKey: "sk_test_123",
      webhookSecret: "whsec_abc",
      baseUrl: "https://paddock.example",
      authSecret,
    });
    expect(stripe.mode).toBe("stripe");
    expect(stripe.checkoutOrigins).toEqual(["https://checkout.stripe.com"]);
    const standin = createPaymentProvider({ baseUrl: "http://localhost:3000", authSecret });
    expect(standin.mode).toBe("standin");
    expect(standin.checkoutOrigins).toEqual([]);
  });

  it("the stand-in signs events as Stripe does: Stripe's own verifier accepts them, a tampered body fails", () => {
    const secret = "whsec_abc";
    const header = signPayload(payload, secret, Math.floor(Date.now() / 1000));
    const event = Stripe.webhooks.constructEvent(payload, header, secret);
    expect(event.id).toBe("evt_1");
    const provider = createPaymentProvider({
      secretKey: "sk_test_123",
      webhookSecret: secret,
      baseUrl: "https://paddock.example",
      authSecret,
    });
    expect(provider.constructEvent(Buffer.from(payload), header).type).toBe("checkout.session.completed");
    // And the SDK's test header is what our verifier accepts.
    const sdkHeader = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(provider.constructEvent(payload, sdkHeader).id).toBe("evt_1");
    expect(() => provider.constructEvent(payload.replace("cs_test_1", "cs_test_2"), header)).toThrow();
    expect(() => provider.constructEvent(payload, undefined)).toThrow();
  });

  it("refuses webhooks with real Stripe when no webhook secret is configured", () => {
    const provider = createPaymentProvider({
      secretKey: "sk_test_123",
      baseUrl: "https://paddock.example",
      authSecret,
    });
    expect(() =>
      provider.constructEvent(payload, signPayload(payload, "whsec_any", Math.floor(Date.now() / 1000))),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it("derives the stand-in's key and webhook secret from the app secret (stable, and different per deployment)", () => {
    expect(standinCredentials(authSecret)).toEqual(standinCredentials(authSecret));
    expect(standinCredentials(authSecret).webhookSecret).not.toBe(standinCredentials(`${authSecret}x`).webhookSecret);
    expect(standinCredentials(authSecret).apiKey).toMatch(/^sk_test_standin_/);
    expect(standinCredentials(authSecret, "whsec_given").webhookSecret).toBe("whsec_given");
  });

  it("reads a Checkout Session into the facts the app acts on", () => {
    const summary = toSessionSummary({
      id: "cs_test_9",
      url: null,
      status: "complete",
      payment_status: "paid",
      amount_total: 713,
      currency: "gbp",
      metadata: { order_id: "2b1d3c59-1f55-4a8e-9c55-9a0d2f3c1b22" },
      client_reference_id: "2b1d3c59-1f55-4a8e-9c55-9a0d2f3c1b22",
      payment_intent: { id: "pi_1" },
      expires_at: 1_800_000_000,
    } as unknown as Stripe.Checkout.Session);
    expect(summary).toEqual({
      id: "cs_test_9",
      url: null,
      status: "complete",
      paymentStatus: "paid",
      amountTotal: 713,
      currency: "gbp",
      orderId: "2b1d3c59-1f55-4a8e-9c55-9a0d2f3c1b22",
      paymentIntentId: "pi_1",
      expiresAt: new Date(1_800_000_000_000),
    });
  });
});
