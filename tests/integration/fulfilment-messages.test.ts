// What a paid order does besides numbering its tickets: the confirmation e-mail with each competition's own numbers,
// the notification, the emptied basket and the funnel's "paid" step. Written for the survivors of the use-case
// mutation run (docs/quality.md); each assertion was seen to fail with its line broken.
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BANK_PROCESSING } from "~/content/policy";
import { supportServicesText } from "~/content/support";
import { basketItems, funnelEvents, instantWins, notifications, orders, payments, walletLedger } from "~/db/schema";
import { ANSWER_RECORDED } from "~/domain/answer-reveal";
import { formatUkDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import { PromoCodeFormSchema, type PromoCodeValues } from "~/schemas/admin-promo-code";
import { cancelCompetition } from "~/server/admin/cancel.server";
import { createPromoCode } from "~/server/admin/promo-codes.server";
import { refundPaidOrder } from "~/server/admin/refunds.server";
import { abandonOrder } from "~/server/checkout/checkout.server";
import { fulfilCheckoutSession, refundOrder } from "~/server/checkout/fulfilment.server";
import { creditWallet } from "~/server/instant-wins/wallet.server";
import { CORRECT, createCheckoutHarness, type Harness, sessionIdFromUrl } from "./checkout-harness";

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness();
});
afterAll(async () => {
  await h?.close();
});

async function pay(buyer: { id: string; email: string }, lines: { competitionId: number; quantity: number }[]) {
  const started = await h.checkout(
    buyer,
    lines.map((l) => ({ ...l, skillAnswer: CORRECT })),
    { source: "basket" },
  );
  if (!started.ok) throw new Error(started.message);
  expect((await h.pay(started.url)).status).toBe(303);
  return h.order(started.orderId);
}

const notificationsOf = (userId: string) =>
  h.services.db
    .select({ title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.userId, userId));

/** Every field of a buyer's notifications, in the order of their event keys. */
const fullNotificationsOf = (userId: string) =>
  h.services.db
    .select({
      kind: notifications.kind,
      eventKey: notifications.eventKey,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.eventKey));

const DEBIT = "4000 0566 5566 5556";
const short = (id: string) => id.slice(0, 8);
const origin = () => new URL(h.services.env.BASE_URL).origin;
/** An e-mail's text: its blocks, one blank line apart; a block's lines given as an array are one per line. */
const blocks = (...parts: (string | string[])[]) =>
  parts.map((p) => (Array.isArray(p) ? p.join("\n") : p)).join("\n\n");
const bank = `Refunds usually reach your account within ${BANK_PROCESSING}, depending on your bank.`;

/** The one e-mail of this kind to this buyer. */
async function onlyMail(email: string, kind: string) {
  const mails = await h.mailTo(email, kind);
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

/** A buyer whose wallet holds `pence` of site credit. */
async function buyerWithCredit(pence: number) {
  const buyer = await h.createBuyer();
  const ref = `instant-win:test-${buyer.id}`;
  await creditWallet(h.services.db, {
    userId: buyer.id,
    amountPence: pence,
    reason: "instant-win",
    ref,
    at: h.services.now(),
  });
  return buyer;
}

/** A buyer checks out (one line each) and pays at the stand-in while the webhook endpoint is down. */
async function paidUnannounced(
  buyer: { id: string; email: string },
  lines: { competitionId: number; quantity: number }[],
  card?: string,
) {
  const started = await h.checkout(
    buyer,
    lines.map((l) => ({ ...l, skillAnswer: CORRECT })),
    { source: lines.length > 1 ? "basket" : "single" },
  );
  if (!started.ok) throw new Error(started.message);
  expect((await h.payUnannounced(started.url, card)).status).toBe(303);
  return { orderId: started.orderId, sessionId: sessionIdFromUrl(started.url) };
}

/** The provider's session once the authorised payment is captured: paid, as a webhook would then carry it. */
async function capturedSession(sessionId: string, orderId: string) {
  const authorised = await h.services.payments.retrieveSession(sessionId);
  await h.services.payments.capturePaymentIntent(authorised.paymentIntentId ?? "", `test-${orderId}`);
  return h.services.payments.retrieveSession(sessionId);
}

describe("a paid order of two competitions from the basket", () => {
  it("e-mails each competition's own numbers, notifies, empties the basket and counts the paid step", async () => {
    const saddle = await h.createCompetition({ title: "Test saddle", ticketsSold: 0 });
    const rug = await h.createCompetition({ title: "Test rug", ticketsSold: 0 });
    const buyer = await h.createBuyer();
    await h.services.db.insert(basketItems).values([
      { userId: buyer.id, competitionId: saddle.id, quantity: 3, skillAnswer: CORRECT },
      { userId: buyer.id, competitionId: rug.id, quantity: 1, skillAnswer: CORRECT },
    ]);
    const order = await pay(buyer, [
      { competitionId: saddle.id, quantity: 3 },
      { competitionId: rug.id, quantity: 1 },
    ]);
    expect(order.paymentStatus).toBe("paid");

    const mails = await h.mailTo(buyer.email, "order-confirmation");
    expect(mails.map((m) => m.subject)).toEqual(["Your Paddock entry is confirmed: 4 tickets"]);
    const text = mails[0]!.text;
    expect(text).toContain(`Thank you for your order ${order.id.slice(0, 8)}. Your 4 tickets have been confirmed.`);
    expect(text).toContain(`Total paid: ${formatPence(order.totalAmountPence)}`);
    expect(text).toContain("Ticket numbers and entry references:");
    expect(text).toContain("Ticket number and entry reference:");
    expect(text).toContain(`Your answer: ${CORRECT}`);
    expect(text).toContain("You can see your tickets at any time in your account.");
    const origin = new URL(h.services.env.BASE_URL).origin;
    expect(text).toContain(`Your tickets, in your account: ${origin}/account`);
    for (const comp of [saddle, rug]) expect(text).toContain(`${comp.title}: ${origin}/competition/${comp.id}`);
    expect(text).toContain(`How the draw is made, and how to check it: ${origin}/fair-play#draws`);
    expect(mails[0]!.html).toContain(`href="${origin}/fair-play#draws"`);
    for (const comp of [saddle, rug]) {
      for (const ticket of await h.ticketsOf(comp.id)) {
        expect(text).toContain(`  ${ticket.ticketNumber}  ${ticket.entryRef}`);
      }
    }
    // The saddle's block lists the saddle's three tickets before the rug's title begins.
    const saddleBlock = text.slice(text.indexOf("Test saddle"), text.indexOf("Test rug"));
    expect(saddleBlock.match(/^ +\d+ {2}[0-9A-F]{16}$/gm)).toHaveLength(3);

    expect(await notificationsOf(buyer.id)).toEqual([
      {
        title: "Order confirmed",
        body: `Your 4 tickets for Test saddle, Test rug are confirmed (order ${order.id.slice(0, 8)}).`,
        link: "/account",
      },
    ]);
    expect(await h.services.db.select().from(basketItems).where(eq(basketItems.userId, buyer.id))).toEqual([]);
    for (const comp of [saddle, rug]) {
      const paid = await h.services.db
        .select()
        .from(funnelEvents)
        .where(and(eq(funnelEvents.competitionId, comp.id), eq(funnelEvents.stage, "paid")));
      expect(paid).toHaveLength(1);
    }
  });
});

describe("a paid order of one ticket", () => {
  it("says so in the singular, in the e-mail and the notification", async () => {
    const comp = await h.createCompetition({ title: "Test numnah", ticketsSold: 0 });
    const buyer = await h.createBuyer();
    const order = await pay(buyer, [{ competitionId: comp.id, quantity: 1 }]);
    const [mail] = await h.mailTo(buyer.email, "order-confirmation");
    expect(mail?.subject).toBe("Your Paddock entry is confirmed: 1 ticket");
    expect(mail?.text).toContain("Your 1 ticket has been confirmed.");
    expect(await notificationsOf(buyer.id)).toEqual([
      {
        title: "Order confirmed",
        body: `Your 1 ticket for Test numnah is confirmed (order ${order.id.slice(0, 8)}).`,
        link: "/account",
      },
    ]);
  });
});

// Issue 26: a refund the provider answers without an error but does not carry out (its status "failed" or "canceled")
// is not a refund: the order keeps waiting for one, with the provider's answer for staff, and the buyer is not told.
describe("a refund the provider answers but does not make", () => {
  it.each(["failed", "canceled"])("keeps the order waiting when the refund is %s, and says so", async (status) => {
    const comp = await h.createCompetition({ ticketsSold: 0 });
    const { orderId, buyer } = await h.paidOrder(comp.id, 1);
    await h.services.db.update(orders).set({ paymentStatus: "refunded" }).where(eq(orders.id, orderId));
    const real = h.services.payments;
    h.services.payments = { ...real, refund: async () => ({ id: "re_answered", status }) };
    const alert = vi.spyOn(h.services.logger, "error");
    try {
      expect(await refundOrder(h.services, orderId, "pi_answered")).toBe(false);
      // Staff are alerted, with the order and the provider's answer.
      expect(alert).toHaveBeenCalledWith(
        { err: new Error(`The provider answered that refund re_answered ${status}.`), orderId },
        "refund failed; the reconciler will retry",
      );
    } finally {
      h.services.payments = real;
      alert.mockRestore();
    }
    expect(await h.order(orderId)).toMatchObject({
      paymentStatus: "refunded",
      refundedAt: null,
      refundAttempts: 1,
      refundLastError: `The provider answered that refund re_answered ${status}.`,
    });
    expect(await h.mailTo(buyer.email, "order-refunded")).toHaveLength(0);
    // Once the provider makes it, the order is refunded and the buyer told.
    expect(await refundOrder(h.services, orderId)).toBe(true);
    expect(await h.order(orderId)).toMatchObject({ refundedAt: expect.any(Date), refundAttempts: 2 });
    expect(await h.mailTo(buyer.email, "order-refunded")).toHaveLength(1);
  });
});

describe("a receipt with a promo code, site credit and instant wins, then a staff refund", () => {
  it("tells each in the receipt and the notifications, then refunds card and credit and says where", async () => {
    const staff = await h.createBuyer();
    const promo = PromoCodeFormSchema.parse({ promo: "RECEIPT10", kind: "percent", value: "10", competitionIds: [] });
    expect(await createPromoCode(h.services, staff.id, promo as PromoCodeValues)).toMatchObject({ ok: true });
    const comp = await h.createCompetition({
      title: "Test halter",
      ticketsSold: 0,
      entryPricePence: 500,
      totalTickets: 100,
    });
    await h.services.db.insert(instantWins).values([
      { competitionId: comp.id, ticketNumber: 7, prizeKind: "site-credit", amountPence: 300, prize: "£3 credit" },
      { competitionId: comp.id, ticketNumber: 8, prizeKind: "cash", amountPence: 1000, prize: "£10" },
    ]);
    const buyer = await buyerWithCredit(200);
    const started = await h.checkout(
      buyer,
      [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT, numbers: [7, 8] }],
      { promoCode: "RECEIPT10", useSiteCredit: true },
    );
    if (!started.ok) throw new Error(started.message);
    expect((await h.pay(started.url, DEBIT)).status).toBe(303);
    const order = await h.order(started.orderId);
    expect(order).toMatchObject({
      paymentStatus: "paid",
      totalAmountPence: 900,
      promoDiscountPence: 100,
      siteCreditPence: 200,
    });
    const id = short(order.id);
    const [seven, eight] = await h.ticketsOf(comp.id);

    const receipt = await onlyMail(buyer.email, "order-confirmation");
    expect(receipt.subject).toBe("Your Paddock entry is confirmed: 2 tickets");
    expect(receipt.text).toContain(
      blocks(
        `Thank you for your order ${id}. Your 2 tickets have been confirmed.`,
        [
          "Test halter",
          "  Ticket numbers and entry references:",
          `    7  ${seven?.entryRef}`,
          `    8  ${eight?.entryRef}`,
          `  Your answer: ${CORRECT}`,
          `  ${ANSWER_RECORDED}`,
        ],
        [
          "You won 2 instant prizes!",
          "    Ticket 7: £3.00 site credit (£3 credit)",
          "    Ticket 8: £10.00 cash (£10)",
          "  Site credit is already in your wallet (see your account).",
          "  Claim cash and prizes from your account.",
        ],
        "Promo code saving: £1.00",
        "Paid from your site credit: £2.00",
        "Total paid: £9.00",
        "You can see your tickets at any time in your account. " +
          "The draw takes place after the competition closes, and we contact the winner directly.",
        [
          "Links:",
          `  Your tickets, in your account: ${origin()}/account`,
          `  Test halter: ${origin()}/competition/${comp.id}`,
          `  How the draw is made, and how to check it: ${origin()}/fair-play#draws`,
        ],
        supportServicesText(),
      ),
    );
    // The order's notification and each instant win's, written at the moment it was paid.
    const at = order.paidAt;
    const [win7, win8] = await h.services.db
      .select({ id: instantWins.id })
      .from(instantWins)
      .where(eq(instantWins.competitionId, comp.id))
      .orderBy(asc(instantWins.ticketNumber));
    expect(await fullNotificationsOf(buyer.id)).toEqual(
      [
        {
          kind: "order-confirmed",
          eventKey: `order-confirmed:${order.id}`,
          title: "Order confirmed",
          body: `Your 2 tickets for Test halter are confirmed (order ${id}).`,
          link: "/account",
          createdAt: at,
        },
        {
          kind: "instant-win",
          eventKey: `instant-win:${win7?.id}`,
          title: "You won an instant prize!",
          body: "Ticket 7 won £3.00 site credit (£3 credit). It is in your wallet.",
          link: "/account",
          createdAt: at,
        },
        {
          kind: "instant-win",
          eventKey: `instant-win:${win8?.id}`,
          title: "You won an instant prize!",
          body: "Ticket 8 won £10.00 cash (£10). Claim it from your account.",
          link: "/account",
          createdAt: at,
        },
      ].sort((a, b) => a.eventKey.localeCompare(b.eventKey)),
    );

    // Staff refund it: card and credit go back, and the buyer is told where each went, with the reason given.
    expect(await refundPaidOrder(h.services, staff.id, order.id, "Test reason")).toEqual({
      ok: true,
      refunded: true,
      lastError: null,
    });
    const refunded = await h.order(order.id);
    expect(refunded).toMatchObject({
      paymentStatus: "refunded",
      refundedAt: expect.any(Date),
      refundAttempts: 1,
      refundLastError: null,
    });
    const [payment] = await h.services.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment?.status).toBe("refunded");
    const credited = await h.services.db
      .select({ reason: walletLedger.reason, amountPence: walletLedger.amountPence })
      .from(walletLedger)
      .where(and(eq(walletLedger.ref, order.id), eq(walletLedger.reason, "refund")));
    expect(credited).toEqual([{ reason: "refund", amountPence: 200 }]);
    const mail = await onlyMail(buyer.email, "order-refunded");
    expect(mail.subject).toBe("Your Paddock payment of £9.00 has been refunded");
    expect(mail.text).toContain(
      blocks(
        `We have refunded your order ${id} in full.`,
        "Reason: Test reason",
        "  Test halter: 2 tickets (7, 8), withdrawn from the draw",
        [
          `We refunded £7.00 to your card and £2.00 to your site credit on ${formatUkDateTime(refunded.refundedAt!)}.`,
          bank,
        ],
        supportServicesText(),
      ),
    );
    const refundNote = (await fullNotificationsOf(buyer.id)).find((n) => n.kind === "refund-issued");
    expect(refundNote).toEqual({
      kind: "refund-issued",
      eventKey: `refund-issued:${order.id}`,
      title: "Refund issued",
      body: `We refunded £7.00 to your card and £2.00 to your site credit for order ${id}.`,
      link: "/account",
      createdAt: refunded.refundedAt,
    });
  });
});

/**
 * One ticket paid for while the buyer's account is deleted (the order keeps its e-mail, not its user; with
 * `withoutAddress` it has none either): fulfilled for nobody's account. Returns the order's id.
 */
async function paidAfterAccountWent(
  buyer: { id: string; email: string },
  competitionId: number,
  { withoutAddress = false } = {},
) {
  const { orderId, sessionId } = await paidUnannounced(buyer, [{ competitionId, quantity: 1 }]);
  if (withoutAddress) await h.services.db.update(orders).set({ email: null }).where(eq(orders.id, orderId));
  await h.services.db.execute(sql`delete from "user" where id = ${buyer.id}`);
  expect(await fulfilCheckoutSession(h.services, await h.services.payments.retrieveSession(sessionId))).toEqual({
    kind: "fulfilled",
    orderId,
    reallocated: false,
    userId: null,
    competitionIds: [competitionId],
  });
  return orderId;
}

describe("a receipt for a buyer whose account has gone", () => {
  it("has no account link, and no notification or funnel step is written", async () => {
    const comp = await h.createCompetition({ title: "Test girth", ticketsSold: 0 });
    const buyer = await h.createBuyer();
    const orderId = await paidAfterAccountWent(buyer, comp.id);
    const [ticket] = await h.ticketsOf(comp.id);
    const receipt = await onlyMail(buyer.email, "order-confirmation");
    expect(receipt.text).toContain(
      blocks(
        [
          "Test girth",
          "  Ticket number and entry reference:",
          `    ${ticket?.ticketNumber}  ${ticket?.entryRef}`,
          `  Your answer: ${CORRECT}`,
          `  ${ANSWER_RECORDED}`,
        ],
        `Total paid: ${formatPence((await h.order(orderId)).totalAmountPence)}`,
      ),
    );
    expect(receipt.text).toContain(
      ["Links:", `  Test girth: ${origin()}/competition/${comp.id}`, "  How the draw is made"].join("\n"),
    );
    expect(receipt.text).not.toContain("/account");
    expect(receipt.text).not.toContain("Promo code saving");
    expect(receipt.text).not.toContain("site credit");
    expect(await h.services.db.select().from(notifications).where(eq(notifications.userId, buyer.id))).toEqual([]);
    expect(
      await h.services.db
        .select()
        .from(funnelEvents)
        .where(and(eq(funnelEvents.competitionId, comp.id), eq(funnelEvents.stage, "paid"))),
    ).toEqual([]);
  });
});

describe("an order with neither an account nor an address", () => {
  it("is paid and refunded with nobody to write to, and nothing fails for it", async () => {
    const comp = await h.createCompetition({ ticketsSold: 0 });
    const buyer = await h.createBuyer();
    const orderId = await paidAfterAccountWent(buyer, comp.id, { withoutAddress: true });
    expect(await h.ticketsOf(comp.id)).toHaveLength(1);
    const staff = await h.createBuyer();
    expect(await refundPaidOrder(h.services, staff.id, orderId, "Test reason")).toEqual({
      ok: true,
      refunded: true,
      lastError: null,
    });
    expect(await h.order(orderId)).toMatchObject({ paymentStatus: "refunded", refundedAt: expect.any(Date) });
    expect(await h.mailTo(buyer.email)).toEqual([]);
  });
});

describe("a staff refund because a competition was cancelled", () => {
  it("names the cancelled competition and its reason, and lists every line's withdrawn numbers", async () => {
    const saddle = await h.createCompetition({ title: "Test cooler", ticketsSold: 0 });
    const rug = await h.createCompetition({ title: "Test bridle", ticketsSold: 0 });
    const buyer = await h.createBuyer();
    const order = await pay(buyer, [
      { competitionId: saddle.id, quantity: 2 },
      { competitionId: rug.id, quantity: 1 },
    ]);
    const staff = await h.createBuyer();
    expect(await cancelCompetition(h.services, staff.id, rug.id, "The bridle was lost")).toMatchObject({ ok: true });
    const refunded = await h.order(order.id);
    expect(refunded).toMatchObject({ paymentStatus: "refunded", refundedAt: expect.any(Date) });
    const saddleNumbers = (await h.ticketsOf(saddle.id)).map((t) => t.ticketNumber);
    const [rugTicket] = await h.ticketsOf(rug.id);
    const mail = await onlyMail(buyer.email, "order-refunded");
    expect(mail.text).toContain(
      blocks(
        `We have refunded your order ${short(order.id)} in full.`,
        "Test bridle has been cancelled: The bridle was lost",
        [
          `  Test cooler: 2 tickets (${saddleNumbers.join(", ")}), withdrawn from the draw`,
          `  Test bridle: 1 ticket (${rugTicket?.ticketNumber}), withdrawn from the draw`,
        ],
        [
          `We refunded ${formatPence(order.totalAmountPence)} to your card on ` +
            `${formatUkDateTime(refunded.refundedAt!)}.`,
          bank,
        ],
      ),
    );
  });

  it("names each cancelled competition, saying only that it was cancelled when no reason is recorded", async () => {
    const mask = await h.createCompetition({ title: "Test fly mask", ticketsSold: 0 });
    const sheet = await h.createCompetition({ title: "Test fly sheet", ticketsSold: 0 });
    const buyer = await h.createBuyer();
    const order = await pay(buyer, [
      { competitionId: mask.id, quantity: 1 },
      { competitionId: sheet.id, quantity: 1 },
    ]);
    await h.services.db.execute(sql`update competitions set status = 'cancelled' where id = ${mask.id}`);
    await h.services.db.execute(
      sql`update competitions set status = 'cancelled', cancel_reason = 'Torn' where id = ${sheet.id}`,
    );
    const staff = await h.createBuyer();
    const kick = vi.spyOn(h.services.mail, "kick");
    try {
      expect(await refundPaidOrder(h.services, staff.id, order.id, "Staff's own words")).toMatchObject({ ok: true });
      // The e-mail goes out at once, not at the outbox's next poll.
      expect(kick).toHaveBeenCalled();
    } finally {
      kick.mockRestore();
    }
    const mail = await onlyMail(buyer.email, "order-refunded");
    expect(mail.text).toContain(
      blocks(`We have refunded your order ${short(order.id)} in full.`, [
        "Test fly mask has been cancelled.",
        "Test fly sheet has been cancelled: Torn",
      ]),
    );
    expect(mail.text).not.toContain("Staff's own words");
  });
});

describe("a payment that cannot be honoured: the refund e-mail says why", () => {
  /** The could-not-honour e-mail, whole but for the reason's words. */
  const couldNotHonour = (order: { id: string; totalAmountPence: number; refundedAt: Date | null }, title: string) => [
    `  ${title}: 1 ticket`,
    [
      `We have refunded the full ${formatPence(order.totalAmountPence)} on ${formatUkDateTime(order.refundedAt!)}: ` +
        `${formatPence(order.totalAmountPence)} to your card. No tickets were issued.`,
      bank,
    ],
    supportServicesText(),
  ];

  it("the competition was cancelled before the payment completed", async () => {
    const comp = await h.createCompetition({ title: "Test numnah pad", ticketsSold: 0 });
    const buyer = await h.createBuyer();
    const { orderId, sessionId } = await paidUnannounced(buyer, [{ competitionId: comp.id, quantity: 1 }]);
    const session = await capturedSession(sessionId, orderId);
    await h.services.db.execute(sql`update competitions set status = 'cancelled' where id = ${comp.id}`);
    expect(await fulfilCheckoutSession(h.services, session)).toEqual({
      kind: "refund",
      orderId,
      reason: "competition_cancelled",
    });
    const order = await h.order(orderId);
    expect(order).toMatchObject({ paymentStatus: "refunded", refundedAt: expect.any(Date) });
    expect((await h.standinSession(sessionId)).refundId).toMatch(/^re_/);
    const mail = await onlyMail(buyer.email, "order-refunded");
    expect(mail.subject).toBe(`Your Paddock payment of ${formatPence(order.totalAmountPence)} has been refunded`);
    expect(mail.text).toContain(
      blocks(
        `We're sorry: we could not give you the tickets for order ${short(orderId)}, because the competition was ` +
          "cancelled before your payment completed.",
        ...couldNotHonour(order, "Test numnah pad"),
      ),
    );
    expect(await fullNotificationsOf(buyer.id)).toEqual([
      {
        kind: "refund-issued",
        eventKey: `refund-issued:${orderId}`,
        title: "Refund issued",
        body: `We refunded ${formatPence(order.totalAmountPence)} to your card for order ${short(orderId)}.`,
        link: "/account",
        createdAt: order.refundedAt,
      },
    ]);
  });

  it("the amount paid does not match the order: refunded, and staff alerted", async () => {
    const comp = await h.createCompetition({ title: "Test lead rope", ticketsSold: 0 });
    const buyer = await h.createBuyer();
    const { orderId, sessionId } = await paidUnannounced(buyer, [{ competitionId: comp.id, quantity: 1 }]);
    const session = { ...(await capturedSession(sessionId, orderId)), amountTotal: 1 };
    const alert = vi.spyOn(h.services.logger, "error");
    try {
      expect(await fulfilCheckoutSession(h.services, session)).toEqual({
        kind: "refund",
        orderId,
        reason: "amount_mismatch",
      });
      expect(alert).toHaveBeenCalledWith(
        { orderId, session: sessionId, amount: 1, currency: session.currency },
        "paid amount does not match the order",
      );
    } finally {
      alert.mockRestore();
    }
    expect(await h.competition(comp.id)).toMatchObject({ ticketsSold: 0, ticketsReserved: 0 });
    const order = await h.order(orderId);
    const mail = await onlyMail(buyer.email, "order-refunded");
    expect(mail.text).toContain(
      blocks(
        `We're sorry: we could not give you the tickets for order ${short(orderId)}, because the amount paid did ` +
          "not match your order.",
        ...couldNotHonour(order, "Test lead rope"),
      ),
    );
  });

  it("the site credit it used was spent while the payment was late", async () => {
    const comp = await h.createCompetition({ title: "Test hoof pick", entryPricePence: 500, ticketsSold: 0 });
    const other = await h.createCompetition({ entryPricePence: 500, ticketsSold: 0 });
    const buyer = await buyerWithCredit(200);
    const one = (competitionId: number) => [{ competitionId, quantity: 1, skillAnswer: CORRECT }];
    const started = await h.checkout(buyer, one(comp.id), { useSiteCredit: true });
    if (!started.ok) throw new Error(started.message);
    await abandonOrder(h.services, started.orderId, "expired", "session_expired");
    const spent = await h.checkout(buyer, one(other.id), { useSiteCredit: true });
    if (!spent.ok) throw new Error(spent.message);
    await h.pay(started.url);
    const order = await h.order(started.orderId);
    expect(order).toMatchObject({ paymentStatus: "refunded", failureReason: "site_credit_spent" });
    const mail = await onlyMail(buyer.email, "order-refunded");
    expect(mail.text).toContain(
      blocks(
        `We're sorry: we could not give you the tickets for order ${short(order.id)}, because your payment arrived ` +
          "after your reserved tickets had been released, and the site credit it used had been spent in the meantime.",
        "  Test hoof pick: 1 ticket",
        [
          `We have refunded the full £5.00 on ${formatUkDateTime(order.refundedAt!)}: £3.00 to your card and £2.00 ` +
            "to your site credit. No tickets were issued.",
          bank,
        ],
      ),
    );
  });

  it("a refund for a reason the e-mail has no words for says that the order could not be honoured", async () => {
    const comp = await h.createCompetition({ title: "Test brush", ticketsSold: 0 });
    const { orderId, buyer } = await h.paidOrder(comp.id, 1);
    await h.services.db
      .update(orders)
      .set({ paymentStatus: "refunded", failureReason: "payment_failed" })
      .where(eq(orders.id, orderId));
    expect(await refundOrder(h.services, orderId)).toBe(true);
    const mail = await onlyMail(buyer.email, "order-refunded");
    expect(mail.text).toContain(
      `we could not give you the tickets for order ${short(orderId)}, because we could not honour your order.`,
    );
    // A second call finds it refunded already: nothing more is sent.
    expect(await refundOrder(h.services, orderId)).toBe(false);
    expect(await h.mailTo(buyer.email, "order-refunded")).toHaveLength(1);
  });
});
