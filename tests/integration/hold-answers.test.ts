// The hold as its caller sees it (reservations.server.ts, ADR 039). `paddock_hold_batch` answers a made hold with
// little more than its order's id: the order row, the numbers, the session and the queue place handed back are
// rebuilt in TypeScript, so here each is compared with what the statement wrote. A group member that met a deadlock
// or a serialization failure is sent again alone, and any other error is thrown; the hold's optional arguments
// (promo code, funnel key, session terms) reach the statement, or are left out of it. Both engines.
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funnelEvents, orders, promoCodes, promoRedemptions, ticketNumbers } from "~/db/schema";
import type { SessionTerms } from "~/server/checkout/payment-queue.server";
import { HoldRefusedError, holdOrder, holdOrderGrouped, holdsWaiting } from "~/server/checkout/reservations.server";
import { CORRECT, gatedHoldDatabase, useCheckoutHarness } from "./checkout-harness";

const h = useCheckoutHarness({}, { resetClock: false });

type HoldInput = Parameters<typeof holdOrder>[1];
type Buyer = { id: string; email: string };
type Competition = { id: number; entryPricePence: number };
type Line = { comp: Competition; quantity: number; chosen?: number[]; candidates?: number[]; promoOff?: number };

/** One request a second, at most one at once: a second hold at the same moment finds the bucket empty. */
const TERMS: SessionTerms = { rate: 1, burst: 1, leaseMs: 90_000 };
const HOLD_MS = 20 * 60_000;

// Each test holds at a moment of its own, a minute after the last test's, so the shared bucket has refilled.
let clock = Date.now();
const nextMoment = () => {
  clock += 60_000;
  return new Date(clock);
};

/** A hold as the checkout prices it: each line at its competition's price, less a 10p discount and any promo's. */
function holdInput(buyer: Buyer, lines: Line[], now: Date, extra: Partial<HoldInput> = {}): HoldInput {
  const priced = lines.map(({ comp, quantity, chosen = [], candidates = [], promoOff = 0 }) => ({
    competitionId: comp.id,
    quantity,
    unitPricePence: comp.entryPricePence,
    discountPence: 10,
    promoDiscountPence: promoOff,
    totalPence: quantity * comp.entryPricePence - 10 - promoOff,
    skillAnswer: CORRECT,
    chosen,
    candidates,
  }));
  const sum = (pick: (line: (typeof priced)[number]) => number) => priced.reduce((s, line) => s + pick(line), 0);
  return {
    userId: buyer.id,
    email: buyer.email,
    idempotencyKey: randomUUID(),
    source: lines.length > 1 ? "basket" : "single",
    termsVersion: "2026-11-hold-answers",
    now,
    expiresAt: new Date(now.getTime() + HOLD_MS),
    lines: priced,
    subtotalPence: sum((line) => line.quantity * line.unitPricePence),
    discountPence: sum((line) => line.discountPence),
    promoDiscountPence: sum((line) => line.promoDiscountPence),
    totalPence: sum((line) => line.totalPence),
    promo: null,
    monthlyLimitPence: null,
    monthStart: new Date(now.getTime() - 24 * 3_600_000),
    ...extra,
  };
}

function created(result: Awaited<ReturnType<typeof holdOrder>>) {
  if (result.kind !== "created") throw new Error(`expected a new order, got ${result.kind}`);
  return result;
}

/** The numbers an order holds, per competition, ascending; each held until the hold's end. */
async function numbersInDatabase(orderId: string, heldUntil: Date) {
  const rows = await h()
    .services.db.select()
    .from(ticketNumbers)
    .where(eq(ticketNumbers.orderId, orderId))
    .orderBy(asc(ticketNumbers.competitionId), asc(ticketNumbers.ticketNumber));
  for (const row of rows) expect(row.heldUntil?.getTime()).toBe(heldUntil.getTime());
  const byCompetition = new Map<number, number[]>();
  for (const row of rows)
    byCompetition.set(row.competitionId, [...(byCompetition.get(row.competitionId) ?? []), row.ticketNumber]);
  return byCompetition;
}

const ascending = (numbers: Map<number, number[]>) =>
  new Map([...numbers].map(([id, list]) => [id, [...list].sort((a, b) => a - b)]));

/** A queued order's place as the hold page counts it: 1 + the pending queued orders ahead of it. */
async function placeInDatabase(orderId: string) {
  const { rows } = await h().services.db.execute<{ place: number }>(
    sql`select 1 + count(*)::int as place from ${orders} q, ${orders} o
        where o.id = ${orderId} and q.queued_at is not null and q.payment_status = 'pending'
          and (q.queued_at, q.id) < (o.queued_at, o.id)`,
  );
  return Number(rows[0]?.place);
}

/** Every timestamp of the row in ms, so a failure names the field that differs. */
const times = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).flatMap(([key, value]) => (value instanceof Date ? [[key, value.getTime()]] : [])),
  );

/** The order handed back, field by field, against the row read back (timestamps compared as ms). */
async function expectTheRowWritten(order: Awaited<ReturnType<typeof created>>["order"]) {
  const row = await h().order(order.id);
  expect(times(order)).toEqual(times(row));
  expect(order).toStrictEqual(row);
  return row;
}

describe("the order a hold hands back is the row it wrote", () => {
  it("claimed for the provider's next request: the lease from the hold's moment, one attempt, not queued", async () => {
    const a = await h().createCompetition({ totalTickets: 20 });
    const b = await h().createCompetition({ entryPricePence: 400 });
    const buyer = await h().createBuyer();
    const now = nextMoment();
    const input = holdInput(
      buyer,
      [
        { comp: a, quantity: 3, chosen: [5], candidates: [9, 3, 7] },
        { comp: b, quantity: 2, candidates: [2, 11] },
      ],
      now,
      { session: TERMS },
    );
    const held = created(await holdOrder(h().services.db, input));

    expect(held.session).toBe("claimed");
    expect(held.place).toBeNull();
    const row = await expectTheRowWritten(held.order);
    expect(row).toMatchObject({ paymentStatus: "pending", queuedAt: null, sessionAttempts: 1, source: "basket" });
    expect(row.nextSessionAttemptAt?.getTime()).toBe(now.getTime() + TERMS.leaseMs);
    expect(row.createdAt.getTime()).toBe(now.getTime());

    // The chosen number first, then the lucky dip's candidates in their order.
    expect(held.numbers).toEqual(
      new Map([
        [a.id, [5, 9, 3]],
        [b.id, [2, 11]],
      ]),
    );
    expect(ascending(held.numbers)).toEqual(await numbersInDatabase(row.id, input.expiresAt));

    // The same key again is a repeat, not a second order.
    expect(await holdOrder(h().services.db, { ...input, now: nextMoment() })).toMatchObject({ kind: "existing" });
  });

  it("queued behind a claimed one: queued at its moment, no lease, no attempt, its place in the queue", async () => {
    const comp = await h().createCompetition({ totalTickets: 50 });
    const [first, second, third] = await Promise.all([h().createBuyer(), h().createBuyer(), h().createBuyer()]);
    if (!first || !second || !third) throw new Error("no buyers");
    const now = nextMoment();
    // The first takes the bucket's one request; the next two, a moment later each, find it empty and queue.
    const claimed = created(
      await holdOrder(h().services.db, holdInput(first, [{ comp, quantity: 1 }], now, { session: TERMS })),
    );
    expect(claimed.session).toBe("claimed");
    const inputs = [second, third].map((buyer, i) =>
      holdInput(buyer, [{ comp, quantity: 2, chosen: [40 + i] }], new Date(now.getTime() + 100 * (i + 1)), {
        session: TERMS,
      }),
    );
    const queued = [];
    for (const input of inputs) queued.push(created(await holdOrderGrouped(h().services.db, input)));

    try {
      expect(queued.map((q) => [q.session, q.place])).toEqual([
        ["queued", 1],
        ["queued", 2],
      ]);
      for (const [i, q] of queued.entries()) {
        const input = inputs[i] as HoldInput;
        const row = await expectTheRowWritten(q.order);
        expect(row).toMatchObject({ sessionAttempts: 0, nextSessionAttemptAt: null });
        expect(row.queuedAt?.getTime()).toBe(input.now.getTime());
        expect(q.place).toBe(await placeInDatabase(row.id));
        expect(q.numbers.get(comp.id)?.[0]).toBe(40 + i);
        expect(ascending(q.numbers)).toEqual(await numbersInDatabase(row.id, input.expiresAt));
      }
    } finally {
      // Out of the queue again, so a later test's hold finds none and is claimed.
      await h()
        .services.db.update(orders)
        .set({ queuedAt: null })
        .where(
          inArray(
            orders.id,
            queued.map((q) => q.order.id),
          ),
        );
    }
  });

  it("without session terms: neither claimed nor queued", async () => {
    const comp = await h().createCompetition();
    const buyer = await h().createBuyer();
    const input = holdInput(buyer, [{ comp, quantity: 1, candidates: [17] }], nextMoment());
    const held = created(await holdOrderGrouped(h().services.db, input));
    expect([held.session, held.place]).toEqual([null, null]);
    const row = await expectTheRowWritten(held.order);
    expect(row).toMatchObject({ queuedAt: null, nextSessionAttemptAt: null, sessionAttempts: 0, source: "single" });
    expect(held.numbers).toEqual(new Map([[comp.id, [17]]]));
  });
});

describe("the hold's optional arguments reach the statement", () => {
  async function promoCode(maxUsesPerPerson: number | null) {
    const [row] = await h()
      .services.db.insert(promoCodes)
      .values({ code: `HOLD${randomUUID().slice(0, 8)}`, kind: "fixed", value: 50, maxUsesPerPerson })
      .returning();
    if (!row) throw new Error("no promo code");
    return row;
  }
  const usesOf = async (codeId: number) => {
    const [row] = await h().services.db.select().from(promoCodes).where(eq(promoCodes.id, codeId));
    return row?.uses;
  };
  const redemptionsOf = (codeId: number) =>
    h().services.db.select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, codeId));
  const funnelOf = (competitionId: number) =>
    h()
      .services.db.select({ stage: funnelEvents.stage, visitorKey: funnelEvents.visitorKey })
      .from(funnelEvents)
      .where(eq(funnelEvents.competitionId, competitionId))
      .orderBy(asc(funnelEvents.stage));

  it("a hold without a promo code, funnel key or session terms records none of them", async () => {
    const comp = await h().createCompetition();
    const buyer = await h().createBuyer();
    // The optional keys given as null, and left out altogether (as `holdInput` leaves them).
    const given = holdInput(buyer, [{ comp, quantity: 1 }], nextMoment(), { funnelKey: null, session: null });
    const leftOut = holdInput(buyer, [{ comp, quantity: 2 }], nextMoment());
    expect(Object.keys(leftOut)).not.toContain("funnelKey");
    expect(Object.keys(leftOut)).not.toContain("session");
    for (const input of [given, leftOut]) {
      const held = created(await holdOrderGrouped(h().services.db, input));
      expect(held.session).toBeNull();
      expect(await h().order(held.order.id)).toMatchObject({
        sessionAttempts: 0,
        queuedAt: null,
        promoDiscountPence: 0,
      });
    }
    expect(await funnelOf(comp.id)).toEqual([]);
    expect(await h().services.db.select().from(promoRedemptions).where(eq(promoRedemptions.userId, buyer.id))).toEqual(
      [],
    );
  });

  it("a hold with them records the code's use, the funnel's two steps and the session's claim", async () => {
    const comp = await h().createCompetition();
    const code = await promoCode(null);
    const buyer = await h().createBuyer();
    const funnelKey = `visitor-${randomUUID()}`;
    const input = holdInput(buyer, [{ comp, quantity: 2, promoOff: 50 }], nextMoment(), {
      promo: { codeId: code.id, maxUsesPerPerson: null },
      funnelKey,
      session: TERMS,
    });
    const held = created(await holdOrderGrouped(h().services.db, input));

    expect(held.session).toBe("claimed");
    expect(await h().order(held.order.id)).toMatchObject({ sessionAttempts: 1, promoDiscountPence: 50 });
    expect(await usesOf(code.id)).toBe(1);
    expect(await redemptionsOf(code.id)).toMatchObject([
      { orderId: held.order.id, userId: buyer.id, discountPence: 50, releasedAt: null },
    ]);
    expect(await funnelOf(comp.id)).toEqual([
      { stage: "answered", visitorKey: funnelKey },
      { stage: "checkout_started", visitorKey: funnelKey },
    ]);
  });

  it("the per-person limit given with the code is the one the hold keeps; without one, it keeps none", async () => {
    const comp = await h().createCompetition();
    const code = await promoCode(1);
    const buyer = await h().createBuyer();
    const withCode = (maxUsesPerPerson: number | null) =>
      holdInput(buyer, [{ comp, quantity: 1, promoOff: 50 }], nextMoment(), {
        promo: { codeId: code.id, maxUsesPerPerson },
      });
    created(await holdOrder(h().services.db, withCode(1)));

    // The checkout's own look at the code's uses came earlier (another tab, say): the hold itself refuses.
    const refused = await holdOrder(h().services.db, withCode(1)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HoldRefusedError);
    expect((refused as HoldRefusedError).refused).toEqual({ refusal: "promo_per_person", used: 1 });
    expect(await usesOf(code.id)).toBe(1);

    created(await holdOrder(h().services.db, withCode(null)));
    expect(await usesOf(code.id)).toBe(2);
  });
});

/** A gated copy of the app's handle; `statements`: the holds in every statement sent, the retries alone among them. */
function gatedDatabase() {
  const { db, groups, release } = gatedHoldDatabase(h().services.db);
  return { db, statements: groups, release };
}

describe("a group member's deadlock or serialization failure is sent again alone", () => {
  // The batch takes every lock up front in one order, so it does not deadlock by itself; PostgreSQL may still answer
  // one hold's subtransaction with 40P01 or 40001 (a deadlock with another writer, a serializable snapshot). Here a
  // trigger in this file's database makes it happen: the first insert of a marked buyer's order fails with the code
  // marked for it. A sequence counts the tries, since a sequence is not rolled back with the hold's subtransaction.
  beforeAll(async () => {
    const { db } = h().services;
    await db.execute(
      sql`create table test_hold_faults (email text primary key, code text not null, tries text not null)`,
    );
    await db.execute(
      sql.raw(`create function test_hold_fault() returns trigger language plpgsql as $$
        declare f record;
        begin
          select * into f from test_hold_faults where email = new.email;
          if found and nextval(f.tries::regclass) = 1 then
            raise exception 'test fault % for %', f.code, new.email using errcode = f.code;
          end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql`create trigger test_hold_fault before insert on orders for each row execute function test_hold_fault()`,
    );
  });
  afterAll(async () => {
    await h().services.db.execute(sql`drop trigger if exists test_hold_fault on orders`);
  });

  /** A buyer whose order's first insert fails with `code`; `tries()` counts the inserts the hold attempted. */
  async function faultedBuyer(code: string) {
    const buyer = await h().createBuyer();
    const tries = `test_hold_tries_${randomUUID().replaceAll("-", "")}`;
    await h().services.db.execute(sql.raw(`create sequence ${tries}`));
    await h().services.db.execute(sql`insert into test_hold_faults values (${buyer.email}, ${code}, ${tries})`);
    const count = async () => {
      const { rows } = await h().services.db.execute<{ n: number }>(
        sql.raw(`select case when is_called then last_value else 0 end::int as n from ${tries}`),
      );
      return Number(rows[0]?.n);
    };
    return { buyer, tries: count };
  }

  /** Three holds in one group behind an opener: two plain buyers' around the faulted buyer's. */
  async function groupAround(faulted: Buyer) {
    const comp = await h().createCompetition({ totalTickets: 100 });
    const [opener, before, after] = await Promise.all([h().createBuyer(), h().createBuyer(), h().createBuyer()]);
    if (!opener || !before || !after) throw new Error("no buyers");
    const now = nextMoment();
    const input = (buyer: Buyer, number: number) => holdInput(buyer, [{ comp, quantity: 1, chosen: [number] }], now);
    const gated = gatedDatabase();
    const opened = holdOrderGrouped(gated.db, input(opener, 1));
    const inputs = [input(before, 2), input(faulted, 3), input(after, 4)];
    const asks = inputs.map((hold) => holdOrderGrouped(gated.db, hold).catch((error: unknown) => error as Error));
    await expect.poll(() => holdsWaiting(gated.db), { timeout: 20_000 }).toBe(3);
    gated.release();
    created(await opened);
    const [first, middle, last] = await Promise.all(asks);
    return { comp, inputs, first, middle, last, statements: gated.statements };
  }

  it.each(["40P01", "40001"])(
    "%s: the hold is made by its second try, alone; the group's others once",
    async (code) => {
      const { buyer, tries } = await faultedBuyer(code);
      const { comp, inputs, first, middle, last, statements } = await groupAround(buyer);

      expect(statements).toEqual([1, 3, 1]);
      expect(await tries()).toBe(2);
      for (const result of [first, middle, last]) expect(result).toMatchObject({ kind: "created", session: null });
      const held = created(middle as Awaited<ReturnType<typeof holdOrder>>);
      expect(held.order).toMatchObject({ userId: buyer.id, idempotencyKey: inputs[1]?.idempotencyKey });
      await expectTheRowWritten(held.order);
      expect(held.numbers).toEqual(new Map([[comp.id, [3]]]));
      expect(await h().services.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(1);
      expect((await h().competition(comp.id)).ticketsReserved).toBe(4);
    },
  );

  it("another error (55P03, a lock not available) is thrown with its code, not tried again", async () => {
    const { buyer, tries } = await faultedBuyer("55P03");
    const { comp, first, middle, last, statements } = await groupAround(buyer);

    expect(statements).toEqual([1, 3]);
    expect(await tries()).toBe(1);
    expect(middle).toBeInstanceOf(Error);
    expect(middle).toMatchObject({ code: "55P03", message: `test fault 55P03 for ${buyer.email}` });
    expect(middle).not.toBeInstanceOf(HoldRefusedError);
    for (const result of [first, last]) expect(result).toMatchObject({ kind: "created" });
    // The failed hold's writes went with its subtransaction; its neighbours' stayed.
    expect(await h().services.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
    expect((await h().competition(comp.id)).ticketsReserved).toBe(3);
    const held = await h()
      .services.db.select({ n: ticketNumbers.ticketNumber })
      .from(ticketNumbers)
      .where(and(eq(ticketNumbers.competitionId, comp.id), isNotNull(ticketNumbers.heldUntil)))
      .orderBy(asc(ticketNumbers.ticketNumber));
    expect(held.map((row) => row.n)).toEqual([1, 2, 4]);
  });
});
