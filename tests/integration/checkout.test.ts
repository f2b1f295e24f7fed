import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { basketItems, orderLines, orders, payments, stripeStandinSessions } from "~/db/schema";
import { refundPaidOrder } from "~/server/admin/refunds.server";
import { addToBasket } from "~/server/checkout/basket.server";
import {
  type CheckoutLineInput,
  cancelCheckout,
  competitionsOf,
  startCheckout,
  verifyPayment,
} from "~/server/checkout/checkout.server";
import { pauseAccount, readEntryFactsWith } from "~/server/protection/player-protection.server";
import { CORRECT, createCheckoutHarness, type Harness, sessionIdFromUrl, WRONG } from "./checkout-harness";

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("paying through the Stripe stand-in", () => {
  it("sells numbered tickets, records the payment, e-mails the buyer and shows them on the success page", async () => {
    const comp = await h.createCompetition({ ticketsSold: 40, entryPricePence: 250 });
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: "3", skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    expect(started.url).toBe(`${h.baseUrl}/stripe-standin/pay/${sessionIdFromUrl(started.url)}`);
    expect((await h.competition(comp.id)).ticketsReserved).toBe(3);

    // The hosted page: TEST MODE, merchant, amount in pounds (3 × £2.50 less 5% = £7.13), labelled fields.
    const page = await (await fetch(started.url)).text();
    expect(page).toContain("TEST MODE");
    expect(page).toContain("Pay Paddock");
    expect(page).toContain("Pay £7.13");
    for (const label of ["Card number", "Expiry (MM / YY)", "CVC", "Name on card"])
      expect(page).toContain(`>${label}</label>`);
    expect(page).toContain(`/payment-cancelled?order_id=${started.orderId}`);

    const paid = await h.pay(started.url);
    expect(paid.status).toBe(303);
    const sessionId = sessionIdFromUrl(started.url);
    expect(paid.location).toBe(
      `${h.services.env.BASE_URL}/payment-success?session_id=${sessionId}&order_id=${started.orderId}`,
    );

    // The signed webhook arrived before the redirect: the order is paid and its tickets carry the numbers it held (a
    // lucky dip among the free numbers: this competition's 40 earlier sales were counted without numbers).
    const order = await h.order(started.orderId);
    expect(order).toMatchObject({
      paymentStatus: "paid",
      totalAmountPence: 713,
      providerSessionId: sessionId,
      termsVersion: expect.any(String),
    });
    const sold = await h.ticketsOf(comp.id);
    expect(sold.map((t) => t.ticketNumber)).toEqual(await h.numbersOf(order.id));
    expect(new Set(sold.map((t) => t.ticketNumber)).size).toBe(3);
    expect(sold.every((t) => t.isCorrectAnswer && t.userId === buyer.id && t.orderId === order.id)).toBe(true);
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 43, ticketsReserved: 0 });
    const [payment] = await h.services.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ providerSessionId: sessionId, status: "paid", amountPence: 713 });

    const [mail] = await h.mailTo(buyer.email, "order-confirmation");
    expect(mail?.subject).toBe("Your Paddock entry is confirmed: 3 tickets");
    for (const t of sold) expect(mail?.text).toContain(`    ${t.ticketNumber}  ${t.entryRef}`);
    expect(mail?.text).toContain("Your answer is recorded.");

    const verified = await verifyPayment(h.services, { userId: buyer.id, sessionId, orderId: order.id });
    expect(verified).toEqual({
      ok: true,
      status: "paid",
      ticketCount: 3,
      lines: [
        {
          competitionId: comp.id,
          title: comp.title,
          tickets: sold.map((t) => ({ number: t.ticketNumber, entryRef: t.entryRef })),
        },
      ],
    });
  });

  it("takes nothing for a declined card or one without funds, and says why on the page", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);

    const declined = await h.pay(started.url, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(declined.html).toContain("Your card was declined.");
    const broke = await h.pay(started.url, "4000000000009995");
    expect(broke.html).toContain("Your card has insufficient funds.");
    const typo = await h.pay(started.url, "4242 4242 4242 4241");
    expect(typo.html).toContain("Your card number is invalid.");

    expect((await h.order(started.orderId)).paymentStatus).toBe("pending");
    expect(await h.ticketsOf(comp.id)).toEqual([]);
    expect((await h.standinSession(sessionIdFromUrl(started.url))).status).toBe("open");
    expect(
      await verifyPayment(h.services, {
        userId: buyer.id,
        sessionId: sessionIdFromUrl(started.url),
        orderId: started.orderId,
      }),
    ).toEqual({ ok: true, status: "pending" });
  });

  it("marks tickets bought with a wrong answer as not able to win, and the e-mail does not say so", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: WRONG }]);
    if (!started.ok) throw new Error(started.message);
    await h.pay(started.url);
    const [ticket] = await h.ticketsOf(comp.id);
    expect(ticket).toMatchObject({ ticketNumber: expect.any(Number), skillAnswer: WRONG, isCorrectAnswer: false });
    const [mail] = await h.mailTo(buyer.email, "order-confirmation");
    expect(mail?.text).toContain(`  ${ticket?.ticketNumber}  ${ticket?.entryRef}`);
    expect(mail?.text).toContain("Your answer is recorded.");
    expect(mail?.text).not.toMatch(/cannot win|not correct/);
  });

  it("pays for a basket of two competitions in one payment and clears only those basket lines", async () => {
    const first = await h.createCompetition({ entryPricePence: 500 });
    const second = await h.createCompetition({ entryPricePence: 100 });
    const other = await h.createCompetition();
    const buyer = await h.createBuyer();
    for (const c of [first, second, other])
      await addToBasket(h.services, buyer.id, { competitionId: c.id, quantity: 1, skillAnswer: CORRECT });
    const provider = h.watchProvider();
    const started = await h.checkout(
      buyer,
      [
        { competitionId: second.id, quantity: 5, skillAnswer: WRONG },
        { competitionId: first.id, quantity: 2, skillAnswer: CORRECT },
      ],
      { source: "basket" },
    );
    provider.restore();
    if (!started.ok) throw new Error(started.message);
    // What the payment page says of each line: the tickets and their price, then any saving.
    expect(provider.calls.flatMap((call) => call.items.map((item) => item.description))).toEqual([
      "2 tickets at £5.00",
      "5 tickets at £1.00, multi-buy saving £0.50",
    ]);
    expect(provider.calls.map((call) => call.email)).toEqual([buyer.email]);
    expect((await h.order(started.orderId)).source).toBe("basket");
    const session = await h.standinSession(sessionIdFromUrl(started.url));
    // £10.00 + 5 × £1.00 less 10% = £14.50, charged once.
    expect(session.amountTotal).toBe(1450);
    // One line per competition, in the competitions' order whatever order the basket sent, each named by its title.
    expect(session.lineItems.map((l) => [l.name, l.amount_total])).toEqual([
      [`${first.title}: 2 tickets`, 1000],
      [`${second.title}: 5 tickets`, 450],
    ]);
    await h.pay(started.url);
    expect((await h.order(started.orderId)).paymentStatus).toBe("paid");
    expect((await h.ticketsOf(first.id)).length).toBe(2);
    expect((await h.ticketsOf(second.id)).every((t) => !t.isCorrectAnswer)).toBe(true);
    const left = await h.services.db.select().from(basketItems).where(eq(basketItems.userId, buyer.id));
    expect(left.map((l) => l.competitionId)).toEqual([other.id]);
  });
});

describe("the server decides", () => {
  it("ignores prices sent by the client: the amount charged is the database's", async () => {
    const comp = await h.createCompetition({ entryPricePence: 999 });
    const buyer = await h.createBuyer();
    const forged = {
      competitionId: comp.id,
      quantity: 2,
      skillAnswer: CORRECT,
      unitPricePence: 1,
      totalPence: 1,
      price: 0,
      discountPercent: 100,
    };
    const started = await h.checkout(buyer, [forged]);
    if (!started.ok) throw new Error(started.message);
    expect(await h.order(started.orderId)).toMatchObject({
      subtotalPence: 1998,
      discountPence: 0,
      totalAmountPence: 1998,
    });
    const [line] = await h.services.db.select().from(orderLines).where(eq(orderLines.orderId, started.orderId));
    expect(line).toMatchObject({ unitPricePence: 999, totalPence: 1998 });
    expect((await h.standinSession(sessionIdFromUrl(started.url))).amountTotal).toBe(1998);
  });

  it("makes one order and one payment session for a double click (same idempotency key)", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const key = crypto.randomUUID();
    const line = { competitionId: comp.id, quantity: 2, skillAnswer: CORRECT };
    const [a, b, c] = await Promise.all([
      h.checkout(buyer, [line], { key }),
      h.checkout(buyer, [line], { key }),
      h.checkout(buyer, [line], { key }),
    ]);
    if (!a?.ok || !b?.ok || !c?.ok) throw new Error("a repeat was refused");
    expect(new Set([a.orderId, b.orderId, c.orderId]).size).toBe(1);
    expect(new Set([a.url, b.url, c.url]).size).toBe(1);
    expect(await h.services.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(1);
    expect((await h.competition(comp.id)).ticketsReserved).toBe(2);
    const sessions = await h.services.db.select().from(stripeStandinSessions);
    expect(sessions.filter((s) => s.metadata.order_id === a.orderId)).toHaveLength(1);
  });

  /** Holds the provider's session creation until `release`, counting the calls (a slow provider). */
  function gateProvider() {
    const real = h.services.payments;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls: string[] = [];
    h.services.payments = {
      ...real,
      async createCheckoutSession(input) {
        calls.push(input.orderId);
        await gate;
        return real.createCheckoutSession(input);
      },
    };
    return { calls, release, restore: () => h.providerDown(false) };
  }

  /**
   * The answers of the holds' statements, as they come back (`kind` "existing": the key had made an order), for the
   * checkouts made with `services`: a copy of the app's with a database handle of its own, whose groups of holds go
   * through its `execute` (the app's own keeps a pool connection for them: ADR 039).
   */
  function watchHolds() {
    const execute = h.services.db.execute.bind(h.services.db);
    const kinds: string[] = [];
    const spy = vi.spyOn(h.services.db, "execute").mockImplementation((async (query: Parameters<typeof execute>[0]) => {
      const result = await execute(query);
      // The hold's statement answers each hold of its group (ADR 039): one here.
      const held = (result.rows[0] as { held?: { kind?: string }[] } | undefined)?.held;
      if (Array.isArray(held)) for (const one of held) if (one.kind) kinds.push(one.kind);
      return result;
    }) as unknown as typeof execute);
    const services = { ...h.services, db: new Proxy(h.services.db, {}) };
    const checkout = (buyer: { id: string; email: string }, lines: CheckoutLineInput[], key: string) =>
      startCheckout(services, { userId: buyer.id, email: buyer.email, lines, idempotencyKey: key, source: "single" });
    return { kinds, services, checkout, restore: () => spy.mockRestore() };
  }

  /** Until a hold's statement answers that the key made an order already: a repeat found the first's order. */
  async function repeatFoundOrder(kinds: readonly string[]) {
    await expect.poll(() => kinds.includes("existing"), { timeout: 30_000 }).toBe(true);
  }

  it("answers a repeat arriving while the first request is at the provider with that request's session", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const key = crypto.randomUUID();
    const line = { competitionId: comp.id, quantity: 1, skillAnswer: CORRECT };
    const provider = gateProvider();
    const gated = h.services.payments;
    let providerAnswered = false;
    h.services.payments = {
      ...gated,
      async createCheckoutSession(input) {
        const session = await gated.createCheckoutSession(input);
        providerAnswered = true;
        return session;
      },
    };
    const holds = watchHolds();
    try {
      const first = holds.checkout(buyer, [line], key);
      await expect.poll(() => provider.calls.length).toBe(1);
      let repeatAfterProvider: boolean | undefined;
      const repeat = holds.checkout(buyer, [line], key).finally(() => {
        repeatAfterProvider = providerAnswered;
      });
      // The repeat finds the order (its hold's statement answers that the key made one already) while the first
      // request is at the provider, waits for the creator, and does not answer before the provider does.
      await repeatFoundOrder(holds.kinds);
      expect(repeatAfterProvider).toBeUndefined();
      provider.release();
      const [a, b] = await Promise.all([first, repeat]);
      if (!a.ok || !b.ok) throw new Error("a request was refused");
      expect(repeatAfterProvider).toBe(true);
      expect(b).toEqual(a);
      expect(provider.calls).toEqual([a.orderId]);
    } finally {
      holds.restore();
      provider.restore();
    }
  });

  it("lets a repeat wait for a first request served by another app process, then answer with its session", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const key = crypto.randomUUID();
    const line = { competitionId: comp.id, quantity: 1, skillAnswer: CORRECT };
    // A fresh copy of the checkout module stands for another process: it shares the database, not the memory.
    vi.resetModules();
    const otherProcess = await import("~/server/checkout/checkout.server");
    const provider = gateProvider();
    const holds = watchHolds();
    try {
      const first = otherProcess.startCheckout(holds.services, {
        userId: buyer.id,
        email: buyer.email,
        lines: [line],
        idempotencyKey: key,
        source: "single",
      });
      await expect.poll(() => provider.calls.length).toBe(1);
      let answered = false;
      const repeat = holds.checkout(buyer, [line], key).finally(() => {
        answered = true;
      });
      // The provider answers the other process only once this request has found its order and is waiting for it.
      await repeatFoundOrder(holds.kinds);
      expect(answered).toBe(false);
      provider.release();
      const [a, b] = await Promise.all([first, repeat]);
      if (!a.ok || !b.ok) throw new Error("a request was refused");
      expect(b).toEqual(a);
      expect(provider.calls).toEqual([a.orderId]);
      expect(await h.services.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(1);
    } finally {
      holds.restore();
      provider.restore();
    }
  });

  it.each([
    ["no answer", { quantity: 1, skillAnswer: "" }, 400, "Please answer the skill question to proceed."],
    [
      "an answer that is not an option",
      { quantity: 1, skillAnswer: "Hacking" },
      422,
      "Please answer the skill question to proceed.",
    ],
    ["no tickets", { quantity: 0, skillAnswer: CORRECT }, 400, "Choose between 1 and 10 tickets."],
    ["eleven tickets", { quantity: "11", skillAnswer: CORRECT }, 400, "Choose between 1 and 10 tickets."],
    ["a fraction", { quantity: 1.5, skillAnswer: CORRECT }, 400, "Choose between 1 and 10 tickets."],
    ["words", { quantity: "three", skillAnswer: CORRECT }, 400, "Choose between 1 and 10 tickets."],
  ])("refuses %s and reserves nothing", async (_name, input, status, message) => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const result = await h.checkout(buyer, [{ competitionId: comp.id, ...input }]);
    expect(result).toEqual({ ok: false, status, message });
    expect((await h.competition(comp.id)).ticketsReserved).toBe(0);
  });

  it("refuses closed, unpublished and unknown competitions", async () => {
    const buyer = await h.createBuyer();
    const ended = await h.createCompetition({ endDate: new Date(Date.now() - 1000) });
    const completed = await h.createCompetition({ status: "completed" });
    const draft = await h.createCompetition({ status: "draft" });
    const line = (competitionId: number) => [{ competitionId, quantity: 1, skillAnswer: CORRECT }];
    expect(await h.checkout(buyer, line(ended.id))).toMatchObject({
      ok: false,
      status: 409,
      message: `${ended.title}: This competition has ended.`,
    });
    expect(await h.checkout(buyer, line(completed.id))).toMatchObject({
      ok: false,
      status: 409,
      message: `${completed.title}: This competition is not open for entries.`,
    });
    expect(await h.checkout(buyer, line(draft.id))).toMatchObject({
      ok: false,
      status: 400,
      message: "This competition could not be found.",
    });
    expect(await h.checkout(buyer, line(987_654))).toMatchObject({ ok: false, status: 400 });
    expect(await h.checkout(buyer, [])).toMatchObject({ ok: false, status: 400, message: "Your basket is empty." });
  });

  it("says how many are left, and when none are, without reserving any", async () => {
    const comp = await h.createCompetition({ totalTickets: 50, ticketsSold: 48 });
    const buyer = await h.createBuyer();
    expect(await h.checkout(buyer, [{ competitionId: comp.id, quantity: 3, skillAnswer: CORRECT }])).toEqual({
      ok: false,
      status: 409,
      message: `Only 2 tickets left for ${comp.title}.`,
    });
    expect((await h.checkout(buyer, [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }])).ok).toBe(true);
    expect(await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }])).toEqual({
      ok: false,
      status: 409,
      message: `Sorry, ${comp.title} has sold out.`,
    });
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 48, ticketsReserved: 2 });
  });

  it("reserves nothing at all when one line of a basket cannot be had", async () => {
    const plenty = await h.createCompetition();
    const scarce = await h.createCompetition({ totalTickets: 10, ticketsSold: 9 });
    const buyer = await h.createBuyer();
    const result = await h.checkout(buyer, [
      { competitionId: plenty.id, quantity: 4, skillAnswer: CORRECT },
      { competitionId: scarce.id, quantity: 2, skillAnswer: CORRECT },
    ]);
    expect(result).toMatchObject({ ok: false, status: 409, message: `Only 1 ticket left for ${scarce.title}.` });
    expect((await h.competition(plenty.id)).ticketsReserved).toBe(0);
    expect(await h.services.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(0);
  });

  it("holds each person to the competition's cap, counting paid tickets and live reservations", async () => {
    const comp = await h.createCompetition({ maxTicketsPerUser: 5 });
    const buyer = await h.createBuyer();
    const first = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }]);
    if (!first.ok) throw new Error(first.message);
    await h.pay(first.url);
    const second = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }]);
    expect(second.ok).toBe(true);
    expect(await h.checkout(buyer, [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }])).toEqual({
      ok: false,
      status: 409,
      message: `You can have at most 5 tickets for ${comp.title}, and you already have 4: you can add 1 more.`,
    });
    expect((await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }])).ok).toBe(true);
    expect(await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }])).toMatchObject({
      ok: false,
      message: `You already have the most tickets one person can hold for ${comp.title} (5).`,
    });
    // Someone else is not affected by this buyer's cap.
    expect(
      (await h.checkout(await h.createBuyer(), [{ competitionId: comp.id, quantity: 5, skillAnswer: CORRECT }])).ok,
    ).toBe(true);
  });
});

describe("POST /api/checkout (the create-payment call)", () => {
  const post = (body: unknown, headers: Record<string, string>) =>
    fetch(`${h.baseUrl}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: h.services.env.BASE_URL, ...headers },
      body: JSON.stringify(body),
    });

  it("answers a signed-in buyer with the payment url, charging the database's price whatever is sent", async () => {
    const comp = await h.createCompetition({ entryPricePence: 400 });
    const buyer = await h.signedInBuyer();
    const response = await post(
      { competitionId: comp.id, quantity: 3, skillAnswer: CORRECT, unitPrice: 0.01, totalPrice: 0.03 },
      { Cookie: buyer.cookie },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; orderId: string };
    expect(body.url).toMatch(/\/stripe-standin\/pay\/cs_test_/);
    expect(await h.order(body.orderId)).toMatchObject({ userId: buyer.id, totalAmountPence: 1140 });
    expect((await h.standinSession(sessionIdFromUrl(body.url))).amountTotal).toBe(1140);
  });

  it("refuses with no session, from another origin, and with the server's message when checkout refuses", async () => {
    const comp = await h.createCompetition({ totalTickets: 10, ticketsSold: 10 });
    const buyer = await h.signedInBuyer();
    expect((await post({ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }, {})).status).toBe(401);
    expect(
      (
        await post(
          { competitionId: comp.id, quantity: 1, skillAnswer: CORRECT },
          { Cookie: buyer.cookie, Origin: "https://evil.example" },
        )
      ).status,
    ).toBe(403);
    expect((await post({ competitionId: "x" }, { Cookie: buyer.cookie })).status).toBe(400);
    const soldOut = await post({ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }, { Cookie: buyer.cookie });
    expect(soldOut.status).toBe(409);
    expect(await soldOut.json()).toEqual({ error: `Sorry, ${comp.title} has sold out.` });
  });
});

describe("verification and cancellation", () => {
  /** A buyer pays for 2 tickets while the webhook is down: the provider has the money, the order is still pending. */
  async function paidUnannounced() {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    expect((await h.payUnannounced(started.url)).status).toBe(303);
    expect((await h.order(started.orderId)).paymentStatus).toBe("pending");
    return { comp, buyer, started };
  }

  it("shows nothing of another buyer's order", async () => {
    const comp = await h.createCompetition();
    const owner = await h.createBuyer();
    const stranger = await h.createBuyer();
    const started = await h.checkout(owner, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    await h.pay(started.url);
    const sessionId = sessionIdFromUrl(started.url);
    expect(await verifyPayment(h.services, { userId: stranger.id, sessionId, orderId: started.orderId })).toEqual({
      ok: false,
      message: "Order not found",
    });
    expect(
      await verifyPayment(h.services, { userId: owner.id, sessionId: "cs_test_other", orderId: started.orderId }),
    ).toEqual({ ok: false, message: "Order not found" });
    expect(await verifyPayment(h.services, { userId: owner.id, sessionId, orderId: "not-a-uuid" })).toEqual({
      ok: false,
      message: "Order not found",
    });
    expect(await cancelCheckout(h.services, { userId: stranger.id, orderId: started.orderId })).toEqual({ ok: false });
  });

  it("a paid or refunded order's result page comes from the database, without asking the provider", async () => {
    const comp = await h.createCompetition();
    const { buyer, orderId, sessionId } = await h.paidOrder(comp.id, 2);
    const input = { userId: buyer.id, sessionId, orderId };
    const withProviderDown = () => h.whileProviderDown(() => verifyPayment(h.services, input));
    expect(await withProviderDown()).toMatchObject({ ok: true, status: "paid", ticketCount: 2 });
    const staff = await h.createBuyer();
    expect(await refundPaidOrder(h.services, staff.id, orderId, "The prize is no longer available.")).toMatchObject({
      ok: true,
    });
    expect(await withProviderDown()).toEqual({
      ok: false,
      message: "We could not honour this payment, so it has been refunded in full. We have e-mailed you the details.",
    });
  });

  it("a buyer who paid in another tab and then cancels is paid: the provider says the session completed", async () => {
    const { comp, buyer, started } = await paidUnannounced();
    expect(await cancelCheckout(h.services, { userId: buyer.id, orderId: started.orderId })).toEqual({ ok: true });
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "paid" });
    expect(await h.ticketsOf(comp.id)).toHaveLength(2);
    // Cancelling a cancelled checkout again is fine; a paid one is not cancelled.
    const other = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
    if (!other.ok) throw new Error(other.message);
    expect(await cancelCheckout(h.services, { userId: buyer.id, orderId: other.orderId })).toEqual({ ok: true });
    expect(await cancelCheckout(h.services, { userId: buyer.id, orderId: other.orderId })).toEqual({ ok: true });
    expect(await cancelCheckout(h.services, { userId: buyer.id, orderId: started.orderId })).toEqual({ ok: false });
  });

  it("fulfils on the success page when the webhook is late", async () => {
    const { comp, buyer, started } = await paidUnannounced();
    const verified = await verifyPayment(h.services, {
      userId: buyer.id,
      sessionId: sessionIdFromUrl(started.url),
      orderId: started.orderId,
    });
    expect(verified).toMatchObject({ ok: true, status: "paid", ticketCount: 2 });
    expect((await h.ticketsOf(comp.id)).map((t) => t.ticketNumber)).toEqual(await h.numbersOf(started.orderId));
    expect(await h.numbersOf(started.orderId)).toHaveLength(2);
  });

  it("gives the tickets back at once when the buyer cancels, and the payment page stops taking payment", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 4, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    expect(await cancelCheckout(h.services, { userId: buyer.id, orderId: started.orderId })).toEqual({ ok: true });
    expect(await h.order(started.orderId)).toMatchObject({
      paymentStatus: "cancelled",
      failureReason: "cancelled_by_buyer",
    });
    expect((await h.competition(comp.id)).ticketsReserved).toBe(0);
    expect((await h.standinSession(sessionIdFromUrl(started.url))).status).toBe("expired");
    const late = await h.pay(started.url);
    expect(late.status).toBe(410);
    expect(late.html).toContain("This checkout session has expired");
    expect(await cancelCheckout(h.services, { userId: buyer.id, orderId: started.orderId })).toEqual({ ok: true });
  });

  it("cancelling while the provider cannot be reached gives the tickets back and says what is left", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 3, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    const warn = vi.spyOn(h.services.logger, "warn");
    const cancel = () => cancelCheckout(h.services, { userId: buyer.id, orderId: started.orderId });
    expect(await h.whileProviderDown(cancel)).toEqual({ ok: true });
    const warned = [...warn.mock.calls];
    warn.mockRestore();
    expect(warned).toEqual([
      [
        expect.objectContaining({ orderId: started.orderId, err: expect.any(Error) }),
        "could not expire the checkout session; the reconciler will retry",
      ],
    ]);
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "cancelled" });
    expect((await h.competition(comp.id)).ticketsReserved).toBe(0);
  });

  it("says 'Failed to create checkout session' and holds nothing when the provider is unreachable", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const result = await h.whileProviderDown(() =>
      h.checkout(buyer, [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }]),
    );
    expect(result).toEqual({ ok: false, status: 502, message: "Failed to create checkout session" });
    expect((await h.competition(comp.id)).ticketsReserved).toBe(0);
    const [order] = await h.services.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(order).toMatchObject({ paymentStatus: "cancelled", failureReason: "session_create_failed" });
  }, 60_000);

  it("refuses a webhook whose signature does not match", async () => {
    const response = await h.deliver(
      "checkout.session.completed",
      { id: "cs_test_forged", object: "checkout.session" },
      { secret: "whsec_wrong" },
    );
    expect(response.status).toBe(400);
  });
});

describe("the buyer's facts read with the session (ADR 042)", () => {
  it("are used for the same competitions in any order, and never for others", async () => {
    const [comp, other] = [await h.createCompetition(), await h.createCompetition()];
    const buyer = await h.createBuyer();
    const start = async (lineIds: number[], readFor: number[]) => {
      const facts = await readEntryFactsWith(h.services.db, buyer.id, h.services.now(), competitionsOf(readFor));
      // A block only these facts carry: a refusal in its words shows that the checkout used them.
      const blockFor = () => ({ code: "paused" as const, message: "Refused by the facts read with the session." });
      return startCheckout(h.services, {
        userId: buyer.id,
        email: buyer.email,
        lines: lineIds.map((competitionId) => ({ competitionId, quantity: 1, skillAnswer: CORRECT })),
        idempotencyKey: randomUUID(),
        source: "basket",
        prefetched: { ids: readFor, facts: { ...facts, blockFor } },
      });
    };
    const used = { ok: false, status: 403, message: "Refused by the facts read with the session." };
    expect(await start([comp.id], [comp.id])).toMatchObject(used);
    expect(await start([other.id, comp.id], [comp.id, other.id])).toMatchObject(used);
    // Read for other competitions, or fewer: the checkout reads its own facts, and nothing blocks this buyer.
    expect(await start([comp.id], [other.id])).toMatchObject({ ok: true });
    expect(await start([comp.id, other.id], [comp.id])).toMatchObject({ ok: true });
    const third = await h.createCompetition();
    expect(await start([comp.id, third.id], [comp.id, other.id])).toMatchObject({ ok: true });
  });
});

describe("requests refused before anything is held, and repeats of a finished order", () => {
  const one = (competitionId: number): CheckoutLineInput[] => [{ competitionId, quantity: 1, skillAnswer: CORRECT }];
  const ordersOf = (userId: string) => h.services.db.select().from(orders).where(eq(orders.userId, userId));
  const INVALID = "This checkout request is not valid. Please reload the page and try again.";

  it("refuses a malformed key, too many lines or a competition id that is not one, and orders nothing", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const invalid = { ok: false, status: 400, message: INVALID };
    expect(await h.checkout(buyer, one(comp.id), { key: "1234567" })).toEqual(invalid);
    expect(await h.checkout(buyer, one(comp.id), { key: "k".repeat(201) })).toEqual(invalid);
    expect(await h.checkout(buyer, one(comp.id), { key: "        12345678        " })).toMatchObject({ ok: true });
    expect(await h.checkout(buyer, one(comp.id), { key: "k".repeat(200) })).toMatchObject({ ok: true });
    const lines = Array.from({ length: 21 }, (_, i) => ({
      competitionId: comp.id + i,
      quantity: 1,
      skillAnswer: CORRECT,
    }));
    expect(await h.checkout(buyer, lines)).toEqual(invalid);
    const notFound = { ok: false, status: 400, message: "This competition could not be found." };
    // Twenty lines is the most a checkout may have: these are read, and the first unknown one is refused.
    expect(await h.checkout(buyer, lines.slice(1))).toEqual(notFound);
    for (const competitionId of ["abc", 0, -3, 1.5] as unknown as number[])
      expect(await h.checkout(buyer, [{ competitionId, quantity: 1, skillAnswer: CORRECT }])).toEqual(notFound);
    expect(await h.checkout(buyer, [null as unknown as CheckoutLineInput])).toEqual(notFound);
    expect(await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: 42 }])).toEqual({
      ok: false,
      status: 400,
      message: "Please answer the skill question to proceed.",
    });
    expect(await ordersOf(buyer.id)).toHaveLength(2);
    expect((await h.competition(comp.id)).ticketsReserved).toBe(2);
  });

  it("a repeat of a paid order's request says it is paid; of a cancelled one, to start again", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const paid = await h.checkout(buyer, one(comp.id), { key: "repeat-of-a-paid-order" });
    if (!paid.ok) throw new Error(paid.message);
    expect((await h.pay(paid.url)).status).toBe(303);
    expect(await h.checkout(buyer, one(comp.id), { key: "repeat-of-a-paid-order" })).toEqual({
      ok: false,
      status: 409,
      message: "This order has already been paid.",
    });
    const cancelled = await h.checkout(buyer, one(comp.id), { key: "repeat-of-a-cancelled-order" });
    if (!cancelled.ok) throw new Error(cancelled.message);
    expect(await cancelCheckout(h.services, { userId: buyer.id, orderId: cancelled.orderId })).toEqual({ ok: true });
    expect(await h.checkout(buyer, one(comp.id), { key: "repeat-of-a-cancelled-order" })).toEqual({
      ok: false,
      status: 409,
      message: "This checkout has expired or was cancelled. Please start again.",
    });
    expect(await ordersOf(buyer.id)).toHaveLength(2);
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 1, ticketsReserved: 0 });
    // A paid order cannot be cancelled.
    expect(await cancelCheckout(h.services, { userId: buyer.id, orderId: paid.orderId })).toEqual({ ok: false });
    expect(await h.order(paid.orderId)).toMatchObject({ paymentStatus: "paid", failureReason: null });
  });

  it("a repeat of the request that took the last tickets finds its order; others hear none are left", async () => {
    const comp = await h.createCompetition({ totalTickets: 2 });
    const buyer = await h.createBuyer();
    const lines = [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }];
    const first = await h.checkout(buyer, lines, { key: "took-the-last-two" });
    if (!first.ok) throw new Error(first.message);
    expect(await h.checkout(buyer, lines, { key: "took-the-last-two" })).toMatchObject({
      ok: true,
      orderId: first.orderId,
      url: first.url,
    });
    const again = await h.checkout(buyer, lines, { key: "a-new-request-now" });
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect(await h.checkout(await h.createBuyer(), one(comp.id))).toEqual(again);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 0, ticketsReserved: 2 });
  });

  it("a paused or ineligible buyer is refused with the block; a request from before the pause is found", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const first = await h.checkout(buyer, one(comp.id), { key: "before-the-pause" });
    if (!first.ok) throw new Error(first.message);
    expect((await h.order(first.orderId)).source).toBe("single");
    await pauseAccount(h.services, buyer.id, 1, h.services.now());
    expect(await h.checkout(buyer, one(comp.id), { key: "before-the-pause" })).toMatchObject({
      ok: true,
      orderId: first.orderId,
      url: first.url,
    });
    const paused = await h.checkout(buyer, one(comp.id), { key: "during-the-pause" });
    expect(paused).toMatchObject({ ok: false, status: 403, block: { code: "paused" } });
    expect(paused.ok ? "" : paused.message).toMatch(
      /^Your account is paused until .+\. You can enter again after that\.$/,
    );
    const ineligible = await h.checkout(await h.createBuyer({ eligible: false }), one(comp.id));
    expect(ineligible).toMatchObject({ ok: false, status: 403, block: { code: "eligibility_required" } });
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    expect(await h.competition(comp.id)).toMatchObject({ ticketsReserved: 1 });
  });

  it("the result page: unpaid asks the reconciler to look at once; cancelled says nothing was taken", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, one(comp.id));
    if (!started.ok) throw new Error(started.message);
    const input = { userId: buyer.id, sessionId: sessionIdFromUrl(started.url), orderId: started.orderId };
    expect((await h.order(started.orderId)).nextReconcileAt).toBeNull();
    const before = h.services.now().getTime();
    expect(await verifyPayment(h.services, input)).toEqual({ ok: true, status: "pending" });
    const asked = (await h.order(started.orderId)).nextReconcileAt;
    expect(asked?.getTime()).toBeGreaterThanOrEqual(before);
    expect(asked?.getTime()).toBeLessThanOrEqual(h.services.now().getTime());

    // The provider cannot be asked: the page says so and nothing changes.
    const logged = vi.spyOn(h.services.logger, "error");
    const verified = await h.whileProviderDown(() => verifyPayment(h.services, input));
    const errors = [...logged.mock.calls];
    logged.mockRestore();
    expect(verified).toEqual({ ok: false, message: "Failed to verify payment" });
    expect(errors).toEqual([
      [expect.objectContaining({ orderId: started.orderId, err: expect.any(Error) }), "payment verification failed"],
    ]);
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "pending" });

    expect(await cancelCheckout(h.services, { userId: buyer.id, orderId: started.orderId })).toEqual({ ok: true });
    expect(await verifyPayment(h.services, input)).toEqual({
      ok: false,
      message: "This checkout was not completed, so no payment was taken.",
    });
  }, 60_000);
});
