import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { tickets } from "~/db/schema";
import { fulfilCheckoutSession } from "~/server/checkout/fulfilment.server";
import { setMonthlyLimit } from "~/server/protection/player-protection.server";
import { CORRECT, sessionIdFromUrl, useCheckoutHarness } from "./checkout-harness";

const h = useCheckoutHarness({}, { resetClock: false });

const postgres = process.env.TEST_DB_ENGINE === "postgres";

describe("no ticket is sold twice and none beyond the total", () => {
  // Real concurrency needs real connections: PGlite runs one transaction at a time, so this runs on PostgreSQL.
  it.skipIf(!postgres)(
    "200 simultaneous buyers for the last 10 tickets: exactly 10 sold, numbers unique, capacity never exceeded",
    async () => {
      const comp = await h().createCompetition({ totalTickets: 1000, ticketsSold: 990 });
      const buyers = await Promise.all(Array.from({ length: 200 }, () => h().createBuyer()));

      // Watch the row while the stampede runs: sold + reserved must never pass the total.
      let watching = true;
      let worst = 0;
      const watcher = (async () => {
        while (watching) {
          const c = await h().competition(comp.id);
          worst = Math.max(worst, c.ticketsSold + c.ticketsReserved);
          await new Promise((r) => setTimeout(r, 5));
        }
      })();

      const results = await Promise.all(
        buyers.map((b) => h().checkout(b, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }])),
      );
      const winners = results.flatMap((r) => (r.ok ? [r] : []));
      const losers = results.filter((r) => !r.ok);
      expect(winners).toHaveLength(10);
      expect(new Set(losers.map((r) => !r.ok && r.message))).toEqual(new Set([`Sorry, ${comp.title} has sold out.`]));
      expect(await h().competition(comp.id)).toMatchObject({ ticketsSold: 990, ticketsReserved: 10 });

      // All ten pay at once through the stand-in; each webhook runs fulfilment, and we also run it again directly
      // with the session fetched from the provider, as /payment-success would, to race the webhook.
      await Promise.all(
        winners.map(async (w) => {
          const [paid, session] = await Promise.all([
            h().pay(w.url),
            h().services.payments.retrieveSession(sessionIdFromUrl(w.url)),
          ]);
          expect(paid.status).toBe(303);
          await fulfilCheckoutSession(h().services, await h().services.payments.retrieveSession(session.id));
        }),
      );
      watching = false;
      await watcher;

      expect(worst).toBeLessThanOrEqual(1000);
      expect(await h().competition(comp.id)).toMatchObject({ ticketsSold: 1000, ticketsReserved: 0 });
      const sold = await h().ticketsOf(comp.id);
      expect(new Set(sold.map((t) => t.ticketNumber)).size).toBe(10);
      expect(new Set(sold.map((t) => t.userId)).size).toBe(10);
      const paidOrders =
        await h().services.db.execute(sql`select count(*)::int as n from orders where payment_status = 'paid'
        and id in (select order_id from order_lines where competition_id = ${comp.id})`);
      expect((paidOrders.rows[0] as { n: number }).n).toBe(10);
    },
    120_000,
  );

  it.skipIf(!postgres)(
    "mixed quantities from 100 buyers never oversell and leave no gap or duplicate",
    async () => {
      const comp = await h().createCompetition({ totalTickets: 60, ticketsSold: 0 });
      const buyers = await Promise.all(Array.from({ length: 100 }, () => h().createBuyer()));
      const results = await Promise.all(
        buyers.map((b, i) =>
          h().checkout(b, [{ competitionId: comp.id, quantity: 1 + (i % 4), skillAnswer: CORRECT }]),
        ),
      );
      const winners = results.flatMap((r) => (r.ok ? [r] : []));
      await Promise.all(winners.map((w) => h().pay(w.url)));
      const after = await h().competition(comp.id);
      expect(after.ticketsReserved).toBe(0);
      expect(after.ticketsSold).toBeLessThanOrEqual(60);
      // Quantities are 1-4, so once fewer than 4 are left some buyers are refused: at least 57 sell.
      expect(after.ticketsSold).toBeGreaterThanOrEqual(57);
      const numbers = (await h().ticketsOf(comp.id)).map((t) => t.ticketNumber);
      expect(new Set(numbers).size).toBe(after.ticketsSold);
      expect(numbers.every((n) => n >= 1 && n <= 60)).toBe(true);
    },
    120_000,
  );

  it.skipIf(!postgres)(
    "the conditional UPDATE decides, not the first look: a sale that commits in between wins",
    async () => {
      const comp = await h().createCompetition({ totalTickets: 10, ticketsSold: 7 });
      const buyer = await h().createBuyer();
      const other = new pg.Client({ connectionString: h().services.env.DATABASE_URL });
      await other.connect();
      try {
        // Another sale holds the row, having taken the last 3 tickets, but has not committed yet.
        await other.query("begin");
        await other.query("update competitions set tickets_reserved = tickets_reserved + 3 where id = $1", [comp.id]);
        const attempt = h().checkout(buyer, [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }]);
        // The buyer's first look sees 3 free and goes on; wait until its UPDATE is queued behind the row lock.
        for (let waited = 0; ; waited += 20) {
          const { rows } = await other.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and " +
              "wait_event_type = 'Lock'",
          );
          if (rows[0].n > 0) break;
          if (waited > 10_000) throw new Error("the checkout never waited for the row");
          await new Promise((r) => setTimeout(r, 20));
        }
        await other.query("commit");
        expect(await attempt).toEqual({ ok: false, status: 409, message: `Sorry, ${comp.title} has sold out.` });
      } finally {
        await other.end();
      }
      expect(await h().competition(comp.id)).toMatchObject({ ticketsSold: 7, ticketsReserved: 3 });
    },
  );

  it("one buyer after another for the last 10 tickets: exactly 10 sold, then 'sold out'", async () => {
    const comp = await h().createCompetition({ totalTickets: 30, ticketsSold: 20 });
    const wants = [3, 3, 3, 3, 1, 2, 1];
    const outcomes: string[] = [];
    for (const quantity of wants) {
      const result = await h().checkout(await h().createBuyer(), [
        { competitionId: comp.id, quantity, skillAnswer: CORRECT },
      ]);
      if (result.ok) {
        await h().pay(result.url);
        outcomes.push(`bought ${quantity}`);
      } else {
        outcomes.push(result.message);
      }
    }
    expect(outcomes).toEqual([
      "bought 3",
      "bought 3",
      "bought 3",
      `Only 1 ticket left for ${comp.title}.`,
      "bought 1",
      `Sorry, ${comp.title} has sold out.`,
      `Sorry, ${comp.title} has sold out.`,
    ]);
    expect(await h().competition(comp.id)).toMatchObject({ ticketsSold: 30, ticketsReserved: 0 });
    const numbers = (await h().ticketsOf(comp.id)).map((t) => t.ticketNumber);
    expect(new Set(numbers).size).toBe(10);
    expect(numbers.every((n) => n >= 1 && n <= 30)).toBe(true);
  });

  it("the database itself refuses to hold more than the total, whatever the code does", async () => {
    const comp = await h().createCompetition({ totalTickets: 5, ticketsSold: 5 });
    await expect(
      h().services.db.execute(sql`update competitions set tickets_reserved = 1 where id = ${comp.id}`),
    ).rejects.toThrow();
    const ticket = { competitionId: comp.id, ticketNumber: 1, skillAnswer: CORRECT, isCorrectAnswer: true };
    await h().services.db.insert(tickets).values(ticket);
    await expect(h().services.db.insert(tickets).values(ticket)).rejects.toThrow();
    expect(await h().ticketsOf(comp.id)).toHaveLength(1);
  });
});

describe("one buyer's 20 orders at once", () => {
  // The buyer's advisory lock serialises their checkouts, so the cap and the spend limit count settled numbers.
  it.skipIf(!postgres)("against the per-person cap: exactly the cap is held, never more", async () => {
    const comp = await h().createCompetition({ totalTickets: 500, maxTicketsPerUser: 5 });
    const buyer = await h().createBuyer();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        h().checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    for (const r of results)
      if (!r.ok) expect(r).toMatchObject({ status: 409, message: expect.stringMatching(/most tickets one person/) });
    expect((await h().competition(comp.id)).ticketsReserved).toBe(5);
  });

  it.skipIf(!postgres)("against the monthly spend limit: orders up to the limit, none beyond it", async () => {
    // £1.00 tickets; a limit of £7.00 takes at most seven single-ticket orders.
    const comp = await h().createCompetition({ totalTickets: 500, entryPricePence: 100 });
    const buyer = await h().createBuyer();
    expect(await setMonthlyLimit(h().services, buyer.id, 700, h().services.now())).toMatchObject({ ok: true });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        h().checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(7);
    for (const r of results) if (!r.ok) expect(r.status).toBe(403);
    expect((await h().competition(comp.id)).ticketsReserved).toBe(7);
  });
});
