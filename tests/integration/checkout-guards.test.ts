// The checkout's guards against selling more than it may. Each test was seen to fail with its rule broken in the code
// (docs/quality.md lists which break each one catches).
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, playerLimits } from "~/db/schema";
import { startCheckout } from "~/server/checkout/checkout.server";
import type { Services } from "~/server/platform/services.server";
import { CORRECT, useCheckoutHarness } from "./checkout-harness";

const h = useCheckoutHarness({}, { resetClock: false });

const postgres = process.env.TEST_DB_ENGINE === "postgres";

type Hooks = { beforeStart?: () => Promise<void>; beforeCommit?: () => Promise<void> };

/**
 * The app's services on the same database, whose FIRST hold (`paddock_hold_and_queue`, the checkout's first
 * `execute`, one statement) runs `beforeStart` just before it is sent and `beforeCommit` after its work, just before
 * it commits (the statement is run in a transaction for it): a way to put another buyer's step exactly there.
 */
function servicesWithFirstHoldHooks(hooks: Hooks): Services {
  const db = h().services.db;
  let first = true;
  const execute = async (query: Parameters<typeof db.execute>[0]) => {
    if (!first) return db.execute(query);
    first = false;
    await hooks.beforeStart?.();
    return db.transaction(async (tx) => {
      const result = await tx.execute(query);
      if (!result.rows[0] || !("held" in result.rows[0]))
        throw new Error("the first statement hooked was not the hold");
      // As before holds were grouped (ADR 039), only a hold that was made waits: a refused one has nothing to commit.
      const [held] = (result.rows[0] as { held: { kind: string }[] }).held;
      if (held?.kind === "created") await hooks.beforeCommit?.();
      return result;
    });
  };
  const hooked = new Proxy(db, {
    get: (target, prop, receiver) => (prop === "execute" ? execute : Reflect.get(target, prop, receiver)),
  });
  return { ...h().services, db: hooked };
}

/** Waits until another connection to this database is queued behind a lock (a row, or the buyer's advisory lock). */
async function untilSomeoneWaitsForALock() {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const { rows } = await h().services.db.execute(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((rows[0] as { n: number }).n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("no connection waited for a lock within 10 s");
}

const ordersOf = (userId: string) => h().services.db.select().from(orders).where(eq(orders.userId, userId));

describe("the reservation's conditional UPDATE (sold + reserved + quantity <= total)", () => {
  it("refuses with 'only N left' when others reserved the tickets after the first look; nothing changes", async () => {
    const comp = await h().createCompetition({ totalTickets: 10, ticketsSold: 5 });
    const buyer = await h().createBuyer();
    const other = await h().createBuyer();
    // The buyer's first look sees 5 free; before its hold is sent, another buyer reserves 4 of them.
    const services = servicesWithFirstHoldHooks({
      beforeStart: async () => {
        const taken = await h().checkout(other, [{ competitionId: comp.id, quantity: 4, skillAnswer: CORRECT }]);
        if (!taken.ok) throw new Error(taken.message);
      },
    });
    const result = await startCheckout(services, {
      userId: buyer.id,
      email: buyer.email,
      lines: [{ competitionId: comp.id, quantity: 3, skillAnswer: CORRECT }],
      idempotencyKey: randomUUID(),
      source: "single",
    });
    expect(result).toEqual({ ok: false, status: 409, message: `Only 1 ticket left for ${comp.title}.` });
    expect(await h().competition(comp.id)).toMatchObject({ ticketsSold: 5, ticketsReserved: 4 });
    expect(await ordersOf(buyer.id)).toEqual([]);
  });
});

describe("one checkout at a time per buyer (different idempotency keys, so no unique index helps)", () => {
  // PGlite runs one transaction at a time, so there the two checkouts cannot overlap and the rule holds by itself;
  // on PostgreSQL the first checkout waits before committing until the second is queued behind a lock, which
  // is the buyer's advisory lock when it is taken, and otherwise the competition row after its own checks passed.
  async function twoAtOnce(buyer: { id: string; email: string }, competitionId: number, quantity: number) {
    const services = servicesWithFirstHoldHooks(postgres ? { beforeCommit: untilSomeoneWaitsForALock } : {});
    // Each as if from an app process of its own: its own database handle, so the two holds are two transactions and
    // not one group of the same process (ADR 039; tests/integration/hold-batch.test.ts covers a group).
    const attempt = () =>
      startCheckout(
        { ...services, db: new Proxy(services.db, {}) },
        {
          userId: buyer.id,
          email: buyer.email,
          lines: [{ competitionId, quantity, skillAnswer: CORRECT }],
          idempotencyKey: randomUUID(),
          source: "single",
        },
      );
    return Promise.all([attempt(), attempt()]);
  }

  it("the per-person cap: cap 5, two checkouts of 3 at once, exactly one goes through", async () => {
    const comp = await h().createCompetition({ maxTicketsPerUser: 5 });
    const buyer = await h().createBuyer();
    const results = await twoAtOnce(buyer, comp.id, 3);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({
      ok: false,
      status: 409,
      message: `You can have at most 5 tickets for ${comp.title}, and you already have 3: you can add 2 more.`,
    });
    expect((await h().competition(comp.id)).ticketsReserved).toBe(3);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it("the spend limit: £10 a month, two £8 checkouts at once, exactly one goes through", async () => {
    const comp = await h().createCompetition({ entryPricePence: 800 });
    const buyer = await h().createBuyer();
    await h().services.db.insert(playerLimits).values({ userId: buyer.id, monthlyLimitPence: 1000 });
    const results = await twoAtOnce(buyer, comp.id, 1);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, status: 403, block: { code: "spend_limit" } });
    expect((await h().competition(comp.id)).ticketsReserved).toBe(1);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });
});

describe("POST /api/checkout takes the lines from the client", () => {
  it("refuses two lines for the same competition (5 + 5 with a cap of 5) and reserves nothing", async () => {
    const comp = await h().createCompetition({ maxTicketsPerUser: 5 });
    const buyer = await h().signedInBuyer();
    const line = { competitionId: comp.id, quantity: 5, skillAnswer: CORRECT };
    const response = await fetch(`${h().baseUrl}/api/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: h().services.env.BASE_URL, Cookie: buyer.cookie },
      body: JSON.stringify({ lines: [line, line] }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Each competition can appear only once in a checkout." });
    expect((await h().competition(comp.id)).ticketsReserved).toBe(0);
    expect(await ordersOf(buyer.id)).toEqual([]);
  });

  it("refuses a post from another site, or with no Origin unless Fetch Metadata says same-origin", async () => {
    const comp = await h().createCompetition();
    const buyer = await h().signedInBuyer();
    const body = JSON.stringify({ lines: [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }] });
    const send = (headers: Record<string, string>) =>
      fetch(`${h().baseUrl}/api/checkout`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: buyer.cookie, ...headers },
        body,
      });
    const refused: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
      {},
    ];
    for (const headers of refused) {
      expect((await send(headers)).status).toBe(403);
    }
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect((await send({ "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
  });
});
