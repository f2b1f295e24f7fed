// Fulfilments settled together (ADR 040, drizzle/0029): one order's fault never costs another its tickets, and every
// order is settled exactly once, however its webhooks arrive.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { emailOutbox, funnelEvents, notifications, orders, payments } from "~/db/schema";
import { abandonOrder } from "~/server/checkout/checkout.server";
import { fulfilCheckoutSession } from "~/server/checkout/fulfilment.server";
import { CORRECT, type Harness, sessionIdFromUrl, useCheckoutHarness } from "./checkout-harness";

const harness = useCheckoutHarness();

const postgres = process.env.TEST_DB_ENGINE === "postgres";
const CREDIT = "4242 4242 4242 4242";
const DEBIT = "4000 0566 5566 5556";

/**
 * Makes writing `orderId`'s payment (or, with "orders", its order row) raise, as a fault in one order's fulfilment
 * would; returns the cure.
 */
async function faultFor(orderId: string, table: "payments" | "orders" = "payments") {
  const column = table === "payments" ? "order_id" : "id";
  const name = `paddock_test_fault_${randomUUID().replaceAll("-", "")}`;
  await harness().services.db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin
      if new.${column} = '${orderId}' then raise exception 'a fault for the test'; end if; return new; end $$`),
  );
  await harness().services.db.execute(
    sql.raw(`create trigger ${name} before insert or update on ${table} for each row execute function ${name}()`),
  );
  return async () => {
    await harness().services.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await harness().services.db.execute(sql.raw(`drop function ${name}()`));
  };
}

type Buyer = Awaited<ReturnType<Harness["createBuyer"]>>;

/** An order paid at the stand-in while the webhook endpoint is down: authorised, not yet heard of by the app. */
async function authorised(buyer: Buyer, competitionId: number, card: string) {
  const started = await harness().checkout(buyer, [{ competitionId, quantity: 1, skillAnswer: CORRECT }]);
  if (!started.ok) throw new Error(started.message);
  expect((await harness().payUnannounced(started.url, card)).status).toBe(303);
  return { orderId: started.orderId, sessionId: sessionIdFromUrl(started.url), buyer };
}

/** The provider's session once the authorised payment is captured: paid, as a webhook would then carry it. */
async function captured(o: { orderId: string; sessionId: string }) {
  const payments = harness().services.payments;
  const session = await payments.retrieveSession(o.sessionId);
  await payments.capturePaymentIntent(session.paymentIntentId ?? "", `test-${o.orderId}`);
  return payments.retrieveSession(o.sessionId);
}

/** The messages of an error and its causes (the drivers wrap a database's error differently). */
const messages = (error: unknown): string[] =>
  error instanceof Error ? [error.message, ...messages((error as { cause?: unknown }).cause)] : [];

const receiptsOf = (orderIds: string[], emails: string[]) =>
  harness()
    .services.db.select()
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.to, emails), eq(emailOutbox.kind, "order-confirmation")))
    .then((rows) => rows.filter((row) => orderIds.some((id) => row.text.includes(id.slice(0, 8)))));

describe("paddock_each of paddock_fulfil_item", () => {
  it("settles each order in its own subtransaction: a fault rolls back that order alone", async () => {
    const comp = await harness().createCompetition();
    const [good, faulty] = [
      await authorised(await harness().createBuyer(), comp.id, DEBIT),
      await authorised(await harness().createBuyer(), comp.id, DEBIT),
    ];
    const price = (await harness().order(good.orderId)).totalAmountPence;
    const item = (o: { orderId: string; sessionId: string }, key: number) => ({
      key,
      orderId: o.orderId,
      sessionId: o.sessionId,
      paid: true,
      sessionStatus: "complete",
      failed: false,
      amount: price,
      currency: "gbp",
      paymentIntent: null,
      now: new Date().toISOString(),
    });
    const cure = await faultFor(faulty.orderId);
    try {
      const result = await harness().services.db.execute<{ outcomes: { key: number; outcome: { kind: string } }[] }>(
        sql`select paddock_each('paddock_fulfil_item',
          ${JSON.stringify([item(faulty, 0), item(good, 1), item(good, 2)])}::jsonb) as outcomes`,
      );
      const byKey = new Map(result.rows[0]?.outcomes.map((o) => [o.key, o.outcome.kind]));
      expect(byKey).toEqual(
        new Map([
          [0, "error"],
          [1, "fulfilled"],
          [2, "already_final"],
        ]),
      );
    } finally {
      await cure();
    }
    expect(await harness().order(good.orderId)).toMatchObject({ paymentStatus: "paid" });
    expect(await harness().order(faulty.orderId)).toMatchObject({ paymentStatus: "pending" });
    expect(await harness().services.db.select().from(payments).where(eq(payments.orderId, faulty.orderId))).toEqual([]);
    expect(await harness().numbersOf(faulty.orderId)).toHaveLength(1);
  });
});

describe("paddock_each of paddock_authorise_item", () => {
  it("decides each payment in its own subtransaction: a fault rolls back that one alone", async () => {
    const comp = await harness().createCompetition();
    const good = await authorised(await harness().createBuyer(), comp.id, DEBIT);
    const faulty = await authorised(await harness().createBuyer(), comp.id, DEBIT);
    const now = new Date().toISOString();
    const item = (o: { orderId: string; sessionId: string }, key: number) => ({
      key,
      orderId: o.orderId,
      sessionId: o.sessionId,
      funding: "debit",
      credit: false,
      amount: null,
      cap: 25_000,
      monthStart: now,
      notCredit: ["debit", "prepaid"],
      now,
    });
    const cure = await faultFor(faulty.orderId, "orders");
    try {
      const result = await harness().services.db.execute<{ outcomes: { key: number; outcome: { kind: string } }[] }>(
        sql`select paddock_each('paddock_authorise_item', ${JSON.stringify([item(faulty, 0), item(good, 1)])}::jsonb)
          as outcomes`,
      );
      const byKey = new Map(result.rows[0]?.outcomes.map((o) => [o.key, o.outcome.kind]));
      expect(byKey).toEqual(
        new Map([
          [0, "error"],
          [1, "capture"],
        ]),
      );
    } finally {
      await cure();
    }
    expect(await harness().order(good.orderId)).toMatchObject({ cardFunding: "debit" });
    expect(await harness().order(faulty.orderId)).toMatchObject({ cardFunding: null, paymentStatus: "pending" });
  });
});

describe("orders settled together", () => {
  it("answers each order with its own outcome; each paid one has its receipt, notification and paid step", async () => {
    const h = harness();
    const saddle = await h.createCompetition({ title: "Test batch saddle" });
    const rug = await h.createCompetition({ title: "Test batch rug" });
    const closing = await h.createCompetition();
    const buyer = () => h.createBuyer();
    const leader = await authorised(await buyer(), saddle.id, DEBIT);
    const plain = await authorised(await buyer(), saddle.id, DEBIT);
    const basketBuyer = await buyer();
    const basket = await h.checkout(
      basketBuyer,
      [
        { competitionId: saddle.id, quantity: 2, skillAnswer: CORRECT },
        { competitionId: rug.id, quantity: 1, skillAnswer: CORRECT },
      ],
      { source: "basket" },
    );
    if (!basket.ok) throw new Error(basket.message);
    expect((await h.payUnannounced(basket.url, DEBIT)).status).toBe(303);
    const basketOrder = { orderId: basket.orderId, sessionId: sessionIdFromUrl(basket.url), buyer: basketBuyer };
    const lapsed = await authorised(await buyer(), rug.id, DEBIT);
    const closed = await authorised(await buyer(), closing.id, DEBIT);
    const mismatched = await authorised(await buyer(), saddle.id, DEBIT);
    const unpaid = await h.checkout(await buyer(), [{ competitionId: rug.id, quantity: 1, skillAnswer: CORRECT }]);
    if (!unpaid.ok) throw new Error(unpaid.message);
    const done = await h.paidOrder(saddle.id, 1);

    const sessions = [
      await captured(leader),
      await captured(plain),
      await captured(basketOrder),
      await captured(lapsed),
      await captured(closed),
      { ...(await captured(mismatched)), amountTotal: 1 },
      { ...(await h.services.payments.retrieveSession(sessionIdFromUrl(unpaid.url))), status: "expired" as const },
      await h.services.payments.retrieveSession(done.sessionId),
    ];
    await abandonOrder(h.services, lapsed.orderId, "expired", "session_expired");
    await h.services.db.execute(
      sql`update competitions set end_date = now() - interval '1 minute' where id = ${closing.id}`,
    );
    const alert = vi.spyOn(h.services.logger, "error");
    const kick = vi.spyOn(h.services.mail, "kick");
    let answers: unknown[];
    try {
      // The leader goes alone; the rest arrive while it is settled, and are settled together after it.
      answers = await Promise.all(sessions.map((s) => fulfilCheckoutSession(h.services, s)));
      expect(alert).toHaveBeenCalledWith(
        { orderId: mismatched.orderId, session: mismatched.sessionId, amount: 1, currency: "gbp" },
        "paid amount does not match the order",
      );
      expect(kick).toHaveBeenCalled();
    } finally {
      alert.mockRestore();
      kick.mockRestore();
    }
    const fulfilled = (o: { orderId: string; buyer: { id: string } }, ids: number[], reallocated = false) => ({
      kind: "fulfilled",
      orderId: o.orderId,
      reallocated,
      userId: o.buyer.id,
      competitionIds: ids,
    });
    expect(answers).toEqual([
      fulfilled(leader, [saddle.id]),
      fulfilled(plain, [saddle.id]),
      fulfilled(basketOrder, [saddle.id, rug.id]),
      fulfilled(lapsed, [rug.id], true),
      { kind: "refund", orderId: closed.orderId, reason: "competition_closed" },
      { kind: "refund", orderId: mismatched.orderId, reason: "amount_mismatch" },
      { kind: "released", orderId: unpaid.orderId, status: "expired" },
      { kind: "already_final", orderId: done.orderId, status: "paid" },
    ]);

    // Each paid order has its own receipt and notification, counting its own tickets; the refunds were made.
    for (const [o, count, titles] of [
      [leader, 1, "Test batch saddle"],
      [plain, 1, "Test batch saddle"],
      [basketOrder, 3, "Test batch saddle, Test batch rug"],
      [lapsed, 1, "Test batch rug"],
    ] as const) {
      const tickets = count === 1 ? "1 ticket" : `${count} tickets`;
      const id = o.orderId.slice(0, 8);
      const [receipt, ...more] = await h.mailTo(o.buyer.email, "order-confirmation");
      expect(more).toEqual([]);
      expect(receipt?.subject).toBe(`Your Paddock entry is confirmed: ${tickets}`);
      const total = (await h.order(o.orderId)).totalAmountPence;
      expect(receipt?.text).toContain(`Thank you for your order ${id}. Your ${tickets}`);
      expect(receipt?.text).toContain(`Total paid: £${(total / 100).toFixed(2)}`);
      const notes = await h.services.db
        .select({ kind: notifications.kind, body: notifications.body })
        .from(notifications)
        .where(eq(notifications.userId, o.buyer.id));
      expect(notes).toEqual([
        {
          kind: "order-confirmed",
          body: `Your ${tickets} for ${titles} ${count === 1 ? "is" : "are"} confirmed (order ${id}).`,
        },
      ]);
    }
    // Only the orders that could not be honoured were refunded at the provider.
    for (const o of [leader, plain, basketOrder, lapsed])
      expect((await h.standinSession(o.sessionId)).refundId).toBeNull();
    for (const o of [closed, mismatched]) {
      expect(await h.order(o.orderId)).toMatchObject({ paymentStatus: "refunded", refundedAt: expect.any(Date) });
      expect(await h.mailTo(o.buyer.email, "order-refunded")).toHaveLength(1);
      expect(await h.mailTo(o.buyer.email, "order-confirmation")).toEqual([]);
    }
    const paidSteps = async (competitionId: number) =>
      (
        await h.services.db
          .select()
          .from(funnelEvents)
          .where(and(eq(funnelEvents.competitionId, competitionId), eq(funnelEvents.stage, "paid")))
      ).length;
    // The paid step of each buyer per competition: the saddle's three buyers here and the earlier paid order's.
    expect(await paidSteps(saddle.id)).toBe(4);
    expect(await paidSteps(rug.id)).toBe(2);
    expect(await paidSteps(closing.id)).toBe(0);
    expect(await h.competition(saddle.id)).toMatchObject({ ticketsSold: 5, ticketsReserved: 0 });
    expect(await h.competition(rug.id)).toMatchObject({ ticketsSold: 2, ticketsReserved: 0 });
  });

  it("settles again alone an order that failed within the group, and says which", async () => {
    const h = harness();
    const comp = await h.createCompetition();
    const leader = await authorised(await h.createBuyer(), comp.id, DEBIT);
    const good = await authorised(await h.createBuyer(), comp.id, DEBIT);
    const faulty = await authorised(await h.createBuyer(), comp.id, DEBIT);
    const sessions = [await captured(leader), await captured(faulty), await captured(good)];
    const warn = vi.spyOn(h.services.logger, "warn");
    const cure = await faultFor(faulty.orderId);
    let settled: PromiseSettledResult<{ kind: string }>[];
    try {
      settled = await Promise.allSettled(sessions.map((s) => fulfilCheckoutSession(h.services, s)));
      expect(warn).toHaveBeenCalledWith(
        { orderId: faulty.orderId, kind: "error", sqlstate: "P0001", message: "a fault for the test" },
        "fulfilment in a batch failed",
      );
    } finally {
      warn.mockRestore();
      await cure();
    }
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value.kind : "rejected"))).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    // Its rejection is the fault met when it was settled alone.
    const rejected = settled[1];
    expect(rejected?.status === "rejected" && messages(rejected.reason)).toContain("a fault for the test");
    // Settled alone, it failed again and was left as it was, for the provider's retry.
    expect(await h.order(faulty.orderId)).toMatchObject({ paymentStatus: "pending" });
    expect(await h.mailTo(faulty.buyer.email, "order-confirmation")).toEqual([]);
    expect(await fulfilCheckoutSession(h.services, sessions[1]!)).toMatchObject({ kind: "fulfilled" });
    expect(await h.mailTo(faulty.buyer.email, "order-confirmation")).toHaveLength(1);
  });
});

describe("a batch that fails as a whole", () => {
  it("is settled again order by order: every order paid once, with its receipt", async () => {
    const comp = await harness().createCompetition();
    const paid = [];
    for (let i = 0; i < 5; i++) paid.push(await authorised(await harness().createBuyer(), comp.id, DEBIT));
    // Paid (captured) already, so they reach the group together: the first alone, the others as one group.
    const sessions = [];
    for (const o of paid) sessions.push(await captured(o));
    // The receipts' statement of a batch (several receipts at once) fails; one receipt alone is written.
    const db = harness().services.db;
    await db.execute(
      sql.raw(`create function paddock_test_one_receipt() returns trigger language plpgsql as $$ begin
        if (select count(*) from written) > 1 then raise exception 'a batch fault for the test'; end if;
        return null; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger paddock_test_one_receipt after insert on email_outbox referencing new table as written
        for each statement execute function paddock_test_one_receipt()`),
    );
    let outcomes: { kind: string }[];
    const warn = vi.spyOn(harness().services.logger, "warn");
    try {
      outcomes = await Promise.all(sessions.map((s) => fulfilCheckoutSession(harness().services, s)));
      // The group's failure is logged with its fault and how many orders it held (all but the first).
      const logged = warn.mock.calls.filter((call) => call[1] === "a batch of fulfilments failed");
      expect(logged.map(([fields]) => (fields as { orders: number }).orders)).toEqual([paid.length - 1]);
      expect(messages((logged[0]?.[0] as { err: unknown } | undefined)?.err)).toContain("a batch fault for the test");
    } finally {
      warn.mockRestore();
      await db.execute(sql.raw("drop trigger paddock_test_one_receipt on email_outbox"));
      await db.execute(sql.raw("drop function paddock_test_one_receipt()"));
    }
    expect(outcomes.map((o) => o.kind)).toEqual(paid.map(() => "fulfilled"));
    const ids = paid.map((o) => o.orderId);
    expect(await db.select().from(payments).where(inArray(payments.orderId, ids))).toHaveLength(ids.length);
    expect(
      await receiptsOf(
        ids,
        paid.map((o) => o.buyer.email),
      ),
    ).toHaveLength(ids.length);
    expect(await harness().competition(comp.id)).toMatchObject({ ticketsSold: ids.length, ticketsReserved: 0 });
  });
});

describe("many webhooks at once", () => {
  // Real concurrency needs real connections: PGlite runs one transaction at a time, so this runs on PostgreSQL.
  it.skipIf(!postgres)(
    "each order right and settled once: card-cap refusals, a repeated delivery and a faulty order among them",
    async () => {
      const comp = await harness().createCompetition({ totalTickets: 100 });
      const dear = await harness().createCompetition({ entryPricePence: 15_000, totalTickets: 100 });
      const plain = [];
      for (let i = 0; i < 16; i++) plain.push(await authorised(await harness().createBuyer(), comp.id, DEBIT));
      // £150 twice on one credit card: the cap (£250) takes one of them, whichever is decided first.
      const capped = await harness().createBuyer();
      const dearOrders = [await authorised(capped, dear.id, CREDIT), await authorised(capped, dear.id, CREDIT)];
      const faulty = await authorised(await harness().createBuyer(), comp.id, DEBIT);
      const all = [...plain, ...dearOrders, faulty];
      const events = await Promise.all(all.map((o) => harness().sessionJson(o.sessionId)));
      const repeated = events[0] as Record<string, unknown>;

      const cure = await faultFor(faulty.orderId);
      let answers: { status: number }[];
      try {
        answers = await Promise.all(
          [...events, repeated, repeated].map((e) => harness().deliver("checkout.session.completed", e)),
        );
      } finally {
        await cure();
      }
      // The faulty order's webhook failed (the provider retries it); every other one was answered.
      expect(answers.map((a) => a.status)).toEqual([...all.map((o) => (o === faulty ? 500 : 200)), 200, 200]);
      expect(await harness().order(faulty.orderId)).toMatchObject({ paymentStatus: "pending" });

      // The provider's retry, once the fault is gone.
      expect(
        (await harness().deliver("checkout.session.completed", events.at(-1) as Record<string, unknown>)).status,
      ).toBe(200);

      const rows = await harness()
        .services.db.select()
        .from(orders)
        .where(
          inArray(
            orders.id,
            all.map((o) => o.orderId),
          ),
        );
      const status = new Map(rows.map((r) => [r.id, r]));
      for (const o of [...plain, faulty]) expect(status.get(o.orderId)?.paymentStatus).toBe("paid");
      const dearRows = dearOrders.map((o) => status.get(o.orderId));
      expect(dearRows.filter((r) => r?.paymentStatus === "paid")).toHaveLength(1);
      expect(dearRows.filter((r) => r?.failureReason === "credit_card_cap")).toHaveLength(1);

      const paidIds = rows.filter((r) => r.paymentStatus === "paid").map((r) => r.id);
      const paymentRows = await harness().services.db.select().from(payments).where(inArray(payments.orderId, paidIds));
      expect(paymentRows).toHaveLength(paidIds.length);
      expect(new Set(paymentRows.map((p) => p.orderId)).size).toBe(paidIds.length);
      const emails = [...new Set(all.map((o) => o.buyer.email))];
      expect(await receiptsOf(paidIds, emails)).toHaveLength(paidIds.length);
      // Tickets: one each, numbers unique, counters equal to the rows.
      const sold = await harness().ticketsOf(comp.id);
      expect(sold).toHaveLength(plain.length + 1);
      expect(new Set(sold.map((t) => t.ticketNumber)).size).toBe(sold.length);
      expect(await harness().competition(comp.id)).toMatchObject({ ticketsSold: plain.length + 1, ticketsReserved: 0 });
      expect(await harness().competition(dear.id)).toMatchObject({ ticketsSold: 1, ticketsReserved: 0 });
    },
  );
});
