// The stand-in's PaymentIntents as Stripe answers them (ADR 018): captured once, found by their own id.
import { describe, expect, it } from "vitest";
import { CORRECT, sessionIdFromUrl, useCheckoutHarness } from "./checkout-harness";

const harness = useCheckoutHarness();

describe("the stand-in's capture", () => {
  it("captures an authorisation once, then answers Stripe's 400; an unknown intent is a 404", async () => {
    const h = harness();
    const comp = await h.createCompetition();
    const started = await h.checkout(await h.createBuyer(), [
      { competitionId: comp.id, quantity: 1, skillAnswer: CORRECT },
    ]);
    if (!started.ok) throw new Error(started.message);
    expect((await h.payUnannounced(started.url, "4000 0566 5566 5556")).status).toBe(303);
    const session = await h.services.payments.retrieveSession(sessionIdFromUrl(started.url));
    const intent = session.paymentIntentId as string;

    expect(await h.services.payments.capturePaymentIntent(intent, "capture-1")).toMatchObject({
      id: intent,
      status: "succeeded",
      funding: null,
    });
    await expect(h.services.payments.capturePaymentIntent(intent, "capture-2")).rejects.toMatchObject({
      statusCode: 400,
      code: "payment_intent_unexpected_state",
      message: expect.stringContaining("because it has a status of succeeded"),
    });
    await expect(h.services.payments.cancelPaymentIntent(intent, "cancel-1")).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(h.services.payments.capturePaymentIntent("pi_none", "capture-3")).rejects.toMatchObject({
      statusCode: 404,
      message: "No such payment_intent: 'pi_none'",
    });
    expect(await h.services.payments.retrievePaymentIntent(intent)).toMatchObject({ status: "succeeded" });
  });
});
