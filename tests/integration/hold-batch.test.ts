// Holds in groups (ADR 039, drizzle/0028 `paddock_hold_batch`): the holds that arrive while one is in the database go
// together as one statement, and each is still answered on its own: a sold-out, a cap, a spend limit or a taken
// number refuses that hold only (its writes rolled back), the others are made, and a key repeated in the group makes
// one order. Both engines; the race between two processes' groups needs real connections (PostgreSQL).
import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, playerLimits, ticketNumbers } from "~/db/schema";
import { takenNumbersMessage } from "~/domain/chosen-numbers";
import { type CheckoutLineInput, startCheckout } from "~/server/checkout/checkout.server";
import { holdsWaiting } from "~/server/checkout/reservations.server";
import type { Services } from "~/server/platform/services.server";
import { CORRECT, gatedHoldDatabase, useCheckoutHarness } from "./checkout-harness";

const h = useCheckoutHarness({}, { resetClock: false });

const postgres = process.env.TEST_DB_ENGINE === "postgres";

/**
 * The app's services with a database handle of their own (so a group of their own), whose first statement (the first
 * hold, sent alone) waits until `release`; the size of every group of holds sent is recorded.
 */
function gatedServices() {
  const { db, groups, release } = gatedHoldDatabase(h().services.db);
  const services: Services = { ...h().services, db };
  return { services, groups, release };
}

const buy = (services: Services, buyer: { id: string; email: string }, lines: CheckoutLineInput[], key?: string) =>
  startCheckout(services, {
    userId: buyer.id,
    email: buyer.email,
    lines,
    idempotencyKey: key ?? randomUUID(),
    source: "single",
  });

const line = (competitionId: number, quantity: number, numbers?: number[]): CheckoutLineInput => ({
  competitionId,
  quantity,
  skillAnswer: CORRECT,
  ...(numbers ? { numbers } : {}),
});

/** Held numbers per competition: how many, and how many distinct. */
async function heldNumbers(competitionId: number) {
  const rows = await h()
    .services.db.select({ n: ticketNumbers.ticketNumber })
    .from(ticketNumbers)
    .where(and(eq(ticketNumbers.competitionId, competitionId), isNotNull(ticketNumbers.heldUntil)));
  return { count: rows.length, distinct: new Set(rows.map((r) => r.n)).size, numbers: rows.map((r) => r.n) };
}

describe("one group of holds, each answered on its own", () => {
  it("makes the holds that can be made and refuses the others for their own reasons, in one statement", async () => {
    const soldOut = await h().createCompetition({ totalTickets: 10 });
    const capped = await h().createCompetition({ maxTicketsPerUser: 2 });
    const numbered = await h().createCompetition({ totalTickets: 100 });
    const priced = await h().createCompetition({ entryPricePence: 800 });
    const opener = await h().createCompetition();
    const repeated = await h().createCompetition();

    // Before the group: one buyer holds their cap of 2, another holds number 7.
    const atCap = await h().createBuyer();
    const capFirst = await h().checkout(atCap, [line(capped.id, 2)]);
    const holder = await h().createBuyer();
    const seven = await h().checkout(holder, [line(numbered.id, 1, [7])]);
    if (!capFirst.ok || !seven.ok) throw new Error("the set-up's holds were refused");
    const limited = await h().createBuyer();
    await h().services.db.insert(playerLimits).values({ userId: limited.id, monthlyLimitPence: 1000 });

    const rush = await Promise.all(Array.from({ length: 12 }, () => h().createBuyer()));
    const capOther = await h().createBuyer();
    const chooser = await h().createBuyer();
    const repeater = await h().createBuyer();
    const repeatKey = randomUUID();

    const { services, groups, release } = gatedServices();
    const first = buy(services, await h().createBuyer(), [line(opener.id, 1)]);
    const asks = [
      ...rush.map((buyer) => buy(services, buyer, [line(soldOut.id, 1)])),
      buy(services, atCap, [line(capped.id, 1)]),
      buy(services, capOther, [line(capped.id, 1)]),
      buy(services, chooser, [line(numbered.id, 2, [7, 8])]),
      buy(services, repeater, [line(repeated.id, 1)], repeatKey),
      buy(services, repeater, [line(repeated.id, 1)], repeatKey),
      buy(services, limited, [line(priced.id, 1)]),
      buy(services, limited, [line(priced.id, 1)]),
    ];
    // Every ask waits behind the first hold, so all of them go in the next group.
    await expect.poll(() => holdsWaiting(services.db), { timeout: 20_000 }).toBe(asks.length);
    release();
    const opened = await first;
    const results = await Promise.all(asks);
    expect(opened.ok).toBe(true);
    expect(groups).toEqual([1, asks.length]);

    const rushed = results.slice(0, 12);
    expect(rushed.filter((r) => r.ok)).toHaveLength(10);
    for (const refused of rushed.filter((r) => !r.ok))
      expect(refused).toEqual({ ok: false, status: 409, message: `Sorry, ${soldOut.title} has sold out.` });
    expect(await h().competition(soldOut.id)).toMatchObject({ ticketsReserved: 10, ticketsSold: 0 });
    expect(await heldNumbers(soldOut.id)).toMatchObject({ count: 10, distinct: 10 });

    const [overCap, underCap, taken, repeatA, repeatB, spendA, spendB] = results.slice(12);
    expect(overCap).toEqual({
      ok: false,
      status: 409,
      message: `You already have the most tickets one person can hold for ${capped.title} (2).`,
    });
    expect(underCap?.ok).toBe(true);
    expect(await h().competition(capped.id)).toMatchObject({ ticketsReserved: 3 });

    expect(taken).toEqual({
      ok: false,
      status: 409,
      message: takenNumbersMessage([7]),
      taken: { competitionId: numbered.id, numbers: [7] },
    });
    // The refused hold's writes are gone: number 8 is free again, and the chooser has no order.
    expect((await heldNumbers(numbered.id)).numbers).toEqual([7]);
    expect(await h().competition(numbered.id)).toMatchObject({ ticketsReserved: 1 });
    expect(await h().services.db.select().from(orders).where(eq(orders.userId, chooser.id))).toEqual([]);

    if (!repeatA?.ok || !repeatB?.ok) throw new Error("a repeated key was refused");
    expect(repeatB.orderId).toBe(repeatA.orderId);
    expect(await h().services.db.select().from(orders).where(eq(orders.userId, repeater.id))).toHaveLength(1);
    expect(await h().competition(repeated.id)).toMatchObject({ ticketsReserved: 1 });

    expect([spendA, spendB].filter((r) => r?.ok)).toHaveLength(1);
    expect([spendA, spendB].find((r) => !r?.ok)).toMatchObject({
      ok: false,
      status: 403,
      block: { code: "spend_limit" },
    });
  });
});

describe("two processes' groups at once (PostgreSQL: real connections)", () => {
  it.skipIf(!postgres)(
    "120 buyers via two handles, 50 tickets in each of two competitions, baskets both ways: none oversold, no dupes",
    async () => {
      const a = await h().createCompetition({ totalTickets: 50 });
      const b = await h().createCompetition({ totalTickets: 50 });
      const buyers = await Promise.all(Array.from({ length: 120 }, () => h().createBuyer()));
      // Two app processes: two database handles, so two groups in flight at once, on the same rows.
      const processes = [h().services, { ...h().services, db: new Proxy(h().services.db, {}) }];
      const results = await Promise.all(
        buyers.map((buyer, i) => {
          const services = processes[i % 2] as Services;
          // Some choose numbers (overlapping on purpose), some buy a basket of both (lines in either order).
          if (i % 5 === 0) return buy(services, buyer, [line(a.id, 2, [1 + (i % 7), 20 + (i % 3)])]);
          if (i % 5 === 1) return buy(services, buyer, [line(b.id, 1), line(a.id, 1)]);
          if (i % 5 === 2) return buy(services, buyer, [line(a.id, 1), line(b.id, 2)]);
          return buy(services, buyer, [line(i % 2 === 0 ? a.id : b.id, 1)]);
        }),
      );
      const refusals = results.flatMap((r) => (r.ok ? [] : [r.message]));
      for (const message of refusals) expect(message).not.toBe("Failed to create checkout session");
      for (const comp of [a, b]) {
        const row = await h().competition(comp.id);
        const held = await heldNumbers(comp.id);
        expect(row.ticketsReserved).toBeLessThanOrEqual(50);
        expect(held.count).toBe(row.ticketsReserved);
        expect(held.distinct).toBe(held.count);
      }
      const { rows } = await h().services.db.execute(
        sql`select count(*)::int as n from ${orders} o where o.payment_status = 'pending'
            and o.user_id = any(${`{${buyers.map((b) => b.id).join(",")}}`}::text[])`,
      );
      expect((rows[0] as { n: number }).n).toBe(results.filter((r) => r.ok).length);
    },
  );
});
