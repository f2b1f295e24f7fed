import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ticketNumbers } from "~/db/schema";
import { abandonOrder, CHECKOUT_WINDOW_MS, PROVIDER_MARGIN_MS } from "~/server/checkout/checkout.server";
import { fulfilCheckoutSession } from "~/server/checkout/fulfilment.server";
import { CORRECT, type Harness, sessionIdFromUrl, useCheckoutHarness } from "./checkout-harness";

// Chosen numbers and lucky dip at the hold (ADR 031): numbers are taken when the buyer presses Pay, exactly the
// chosen ones, and a number belongs to one order or ticket at a time.

const harness = useCheckoutHarness();
let h: Harness;
beforeEach(() => {
  h = harness();
});

const postgres = process.env.TEST_DB_ENGINE === "postgres";

async function ordersFor(competitionId: number) {
  const { rows } = await h.services.db.execute<{ n: number }>(
    sql`select count(*)::int as n from orders
      where id in (select order_id from order_lines where competition_id = ${competitionId})`,
  );
  return Number(rows[0]?.n ?? 0);
}

describe("choosing numbers", () => {
  it("holds exactly the chosen numbers at Pay, and the paid tickets carry them", async () => {
    const comp = await h.createCompetition({ totalTickets: 500 });
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [
      { competitionId: comp.id, quantity: 3, skillAnswer: CORRECT, numbers: ["230", "5", "17"] },
    ]);
    if (!started.ok) throw new Error(started.message);
    expect(await h.numbersOf(started.orderId)).toEqual([5, 17, 230]);
    const [held] = await h.services.db
      .select()
      .from(ticketNumbers)
      .where(eq(ticketNumbers.orderId, started.orderId))
      .limit(1);
    expect(held?.heldUntil?.getTime()).toBe((await h.order(started.orderId)).reservationExpiresAt?.getTime());
    expect(await h.competition(comp.id)).toMatchObject({ ticketsReserved: 3, ticketsSold: 0 });

    await h.pay(started.url);
    expect((await h.ticketsOf(comp.id)).map((t) => t.ticketNumber)).toEqual([5, 17, 230]);
    const issued = await h.services.db.select().from(ticketNumbers).where(eq(ticketNumbers.competitionId, comp.id));
    expect(issued.every((row) => row.heldUntil === null && row.orderId === started.orderId)).toBe(true);
  });

  it("chosen numbers and a lucky dip for the rest of the quantity, all distinct", async () => {
    const comp = await h.createCompetition({ totalTickets: 50 });
    const started = await h.checkout(await h.createBuyer(), [
      { competitionId: comp.id, quantity: 5, skillAnswer: CORRECT, numbers: "8,9" },
    ]);
    if (!started.ok) throw new Error(started.message);
    const numbers = await h.numbersOf(started.orderId);
    expect(numbers).toHaveLength(5);
    expect(numbers).toEqual(expect.arrayContaining([8, 9]));
    expect(numbers.every((n) => n >= 1 && n <= 50)).toBe(true);
  });

  it("says which chosen numbers were taken in between, and holds, reserves and orders nothing", async () => {
    const comp = await h.createCompetition({ totalTickets: 100 });
    const first = await h.checkout(await h.createBuyer(), [
      { competitionId: comp.id, quantity: 2, skillAnswer: CORRECT, numbers: [10, 11] },
    ]);
    if (!first.ok) throw new Error(first.message);
    const before = await h.competition(comp.id);
    const second = await h.checkout(await h.createBuyer(), [
      { competitionId: comp.id, quantity: 3, skillAnswer: CORRECT, numbers: [11, 12, 10] },
    ]);
    expect(second).toEqual({
      ok: false,
      status: 409,
      message:
        "Tickets 10 and 11 were taken by someone else while you were choosing. Your other numbers are kept: " +
        "choose others, or pay now and we will pick 2 at random for you.",
      taken: { competitionId: comp.id, numbers: [11, 10] },
    });
    expect(await h.competition(comp.id)).toMatchObject({
      ticketsReserved: before.ticketsReserved,
      ticketsSold: before.ticketsSold,
    });
    expect(await ordersFor(comp.id)).toBe(1);
    const taken = await h.services.db.select().from(ticketNumbers).where(eq(ticketNumbers.competitionId, comp.id));
    expect(taken.map((row) => row.ticketNumber).sort((a, b) => a - b)).toEqual([10, 11]);
  });

  it("refuses bad numbers with a message naming the problem, changing nothing", async () => {
    const comp = await h.createCompetition({ totalTickets: 100 });
    const buyer = await h.createBuyer();
    const cases: [unknown, number, string][] = [
      [["0"], 1, "There is no ticket 0 in this competition: choose from 1 to 100."],
      [["101"], 1, "There is no ticket 101 in this competition: choose from 1 to 100."],
      [["3", "3"], 2, "You chose ticket 3 twice."],
      [["1", "2", "3"], 2, "You chose 3 numbers for 2 tickets: choose 2 or buy 3."],
      [["2.5"], 1, '"2.5" is not a ticket number: use whole numbers.'],
      [["1e1"], 1, '"1e1" is not a ticket number: use whole numbers.'],
    ];
    for (const [numbers, quantity, message] of cases) {
      const result = await h.checkout(buyer, [{ competitionId: comp.id, quantity, skillAnswer: CORRECT, numbers }]);
      expect(result).toEqual({ ok: false, status: 422, message });
    }
    expect(await h.competition(comp.id)).toMatchObject({ ticketsReserved: 0, ticketsSold: 0 });
    expect(await ordersFor(comp.id)).toBe(0);
  });

  it("a lapsed hold's number is free again; the late payer gets another number, never a double", async () => {
    const comp = await h.createCompetition({ totalTickets: 20 });
    const early = await h.createBuyer();
    const first = await h.checkout(early, [
      { competitionId: comp.id, quantity: 1, skillAnswer: CORRECT, numbers: [7] },
    ]);
    if (!first.ok) throw new Error(first.message);
    expect(await h.payUnannounced(first.url)).toMatchObject({ status: 303 });

    // Past the hold's expiry (the order is still pending: its payment has not been settled yet).
    h.advanceClock(CHECKOUT_WINDOW_MS + PROVIDER_MARGIN_MS + 1000);
    const second = await h.checkout(await h.createBuyer(), [
      { competitionId: comp.id, quantity: 1, skillAnswer: CORRECT, numbers: [7] },
    ]);
    if (!second.ok) throw new Error(second.message);
    expect(await h.numbersOf(second.orderId)).toEqual([7]);
    expect(await h.numbersOf(first.orderId)).toEqual([]);

    // The first buyer's payment lands late: fulfilled with another number, told which.
    const session = await h.services.payments.retrieveSession(sessionIdFromUrl(first.url));
    expect(await fulfilCheckoutSession(h.services, session)).toMatchObject({ kind: "fulfilled" });
    const mine = await h.numbersOf(first.orderId);
    expect(mine).toHaveLength(1);
    expect(mine).not.toContain(7);
    const [mail] = await h.mailTo(early.email, "order-confirmation");
    expect(mail?.text).toContain(String(mine[0]));
    await h.pay(second.url);
    const sold = (await h.ticketsOf(comp.id)).map((t) => t.ticketNumber);
    expect(new Set(sold).size).toBe(2);
    expect(sold).toContain(7);
  });

  it("an abandoned checkout frees its numbers at once", async () => {
    const comp = await h.createCompetition({ totalTickets: 20 });
    const first = await h.checkout(await h.createBuyer(), [
      { competitionId: comp.id, quantity: 2, skillAnswer: CORRECT, numbers: [1, 2] },
    ]);
    if (!first.ok) throw new Error(first.message);
    expect(await abandonOrder(h.services, first.orderId, "cancelled", "buyer_cancelled")).toBe(true);
    const second = await h.checkout(await h.createBuyer(), [
      { competitionId: comp.id, quantity: 2, skillAnswer: CORRECT, numbers: [2, 1] },
    ]);
    if (!second.ok) throw new Error(second.message);
    expect(await h.numbersOf(second.orderId)).toEqual([1, 2]);
    expect((await h.order(first.orderId)).paymentStatus).toBe("cancelled");
  });

  it("a lucky dip in a nearly sold-out competition finds exactly the free numbers", async () => {
    const comp = await h.createCompetition({ totalTickets: 12 });
    const taken = [1, 2, 3, 4, 5, 7, 8, 10, 11];
    await h.paidOrder(comp.id, 9, CORRECT, taken.slice(0, 9));
    const dip = await h.checkout(await h.createBuyer(), [
      { competitionId: comp.id, quantity: 3, skillAnswer: CORRECT },
    ]);
    if (!dip.ok) throw new Error(dip.message);
    expect(await h.numbersOf(dip.orderId)).toEqual([6, 9, 12]);
  });

  it("the database refuses a ticket for a number another order holds, whatever writes it", async () => {
    const comp = await h.createCompetition({ totalTickets: 20 });
    const held = await h.checkout(await h.createBuyer(), [
      { competitionId: comp.id, quantity: 1, skillAnswer: CORRECT, numbers: [4] },
    ]);
    if (!held.ok) throw new Error(held.message);
    await expect(
      h.services.db.execute(
        sql`insert into tickets (competition_id, ticket_number, skill_answer, is_correct_answer)
          values (${comp.id}, 4, ${CORRECT}, true)`,
      ),
    ).rejects.toThrow();
  });
});

describe("many buyers choosing overlapping numbers at once", () => {
  // Real concurrency needs real connections: PGlite runs one transaction at a time, so this runs on PostgreSQL.
  it.skipIf(!postgres)(
    "60 buyers each choosing 3 of 40 numbers: no number held twice, each winner holds exactly its choice",
    async () => {
      const comp = await h.createCompetition({ totalTickets: 40 });
      const buyers = await Promise.all(Array.from({ length: 60 }, () => h.createBuyer()));
      // Overlapping choices: buyer i wants i, i+1, i+2 (mod 40), so neighbours compete for two numbers each.
      const choices = buyers.map((_, i) => [0, 1, 2].map((k) => ((i + k) % 40) + 1));
      const results = await Promise.all(
        buyers.map((b, i) =>
          h.checkout(b, [{ competitionId: comp.id, quantity: 3, skillAnswer: CORRECT, numbers: choices[i] }]),
        ),
      );
      const owners = new Map<number, string>();
      for (const [i, result] of results.entries()) {
        if (!result.ok) {
          expect(result.status).toBe(409);
          continue;
        }
        const numbers = await h.numbersOf(result.orderId);
        expect(numbers).toEqual([...(choices[i] as number[])].sort((a, b) => a - b));
        for (const n of numbers) {
          expect(owners.has(n)).toBe(false);
          owners.set(n, result.orderId);
        }
      }
      // Every refusal named numbers that a winner does hold.
      for (const result of results)
        if (!result.ok && result.taken) for (const n of result.taken.numbers) expect(owners.has(n)).toBe(true);
      const winners = results.filter((r) => r.ok).length;
      expect(winners).toBeGreaterThanOrEqual(1);
      expect(await h.competition(comp.id)).toMatchObject({ ticketsReserved: winners * 3 });
      const rows = await h.services.db.select().from(ticketNumbers).where(eq(ticketNumbers.competitionId, comp.id));
      expect(rows).toHaveLength(winners * 3);
    },
    120_000,
  );

  it.skipIf(!postgres)(
    "80 lucky dips and chosen numbers racing for the last 30 numbers: all 30 held once, never more",
    async () => {
      const comp = await h.createCompetition({ totalTickets: 30 });
      const buyers = await Promise.all(Array.from({ length: 80 }, () => h.createBuyer()));
      const results = await Promise.all(
        buyers.map((b, i) =>
          h.checkout(b, [
            {
              competitionId: comp.id,
              quantity: 1 + (i % 2),
              skillAnswer: CORRECT,
              numbers: i % 3 === 0 ? [(i % 30) + 1] : [],
            },
          ]),
        ),
      );
      const held = (
        await Promise.all(results.map((r) => (r.ok ? h.numbersOf(r.orderId) : Promise.resolve([]))))
      ).flat();
      expect(new Set(held).size).toBe(held.length);
      expect(held.length).toBeLessThanOrEqual(30);
      expect(held.length).toBeGreaterThanOrEqual(29);
      expect((await h.competition(comp.id)).ticketsReserved).toBe(held.length);
    },
    120_000,
  );
});
