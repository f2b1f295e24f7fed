import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ticketNumbers } from "~/db/schema";
import { CHOSEN_NOT_WHOLE } from "~/domain/number-grid";
import * as numbersRoute from "~/routes/catalogue/competition-numbers";
import { takenNumbers, takenNumbersQuery } from "~/server/catalogue/taken-numbers.server";
import { createCompetition } from "~/server/demo/factories.server";
import { servicesContext } from "~/server/platform/context";
import { createTestServices, type TestServices } from "../support/services";

const NOW = new Date("2026-11-27T12:00:00.000Z");
const MINUTE_MS = 60_000;

let services: TestServices;
let live: Awaited<ReturnType<typeof createCompetition>>;

beforeAll(async () => {
  services = await createTestServices();
  services.now = () => NOW;
  live = await createCompetition(services.db, { totalTickets: 2500 });
  await services.db.insert(ticketNumbers).values([
    // Issued for ever: a paid ticket, and a postal entry's number (no order).
    { competitionId: live.id, ticketNumber: 3, orderId: crypto.randomUUID(), heldUntil: null },
    { competitionId: live.id, ticketNumber: 40, orderId: null, heldUntil: null },
    // Held by a pending order for another ten minutes.
    { competitionId: live.id, ticketNumber: 17, orderId: crypto.randomUUID(), heldUntil: at(10 * MINUTE_MS) },
    // A hold that ran out a minute ago: free again.
    { competitionId: live.id, ticketNumber: 18, orderId: crypto.randomUUID(), heldUntil: at(-MINUTE_MS) },
    // A hold ending this very instant has ended.
    { competitionId: live.id, ticketNumber: 19, orderId: crypto.randomUUID(), heldUntil: NOW },
    { competitionId: live.id, ticketNumber: 1000, orderId: null, heldUntil: null },
    { competitionId: live.id, ticketNumber: 1001, orderId: null, heldUntil: null },
    { competitionId: live.id, ticketNumber: 2500, orderId: null, heldUntil: null },
  ]);
}, 60_000);

afterAll(async () => {
  await services?.dispose();
});

/** The statement with its parameters written in as literals, to EXPLAIN it as the planner sees it run. */
function inline(text: string, params: unknown[]) {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const value = params[Number(i) - 1];
    return typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}

function at(ms: number) {
  return new Date(NOW.getTime() + ms);
}

/** GET /api/competitions/:id/numbers through the resource route, as the grid asks for it. */
async function get(id: number | string, query = "") {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const request = new Request(`${services.env.BASE_URL}/api/competitions/${id}/numbers${query}`);
  const response: Response = await numbersRoute.loader({ request, params: { id: String(id) }, context } as never);
  return { status: response.status, cache: response.headers.get("cache-control"), body: await response.json() };
}

describe("the taken numbers of a competition", () => {
  it("are the issued numbers and those held by holds still running; an expired hold's number is free", async () => {
    const res = await get(live.id, "?from=1&to=100");
    expect(res.status).toBe(200);
    expect(res.cache).toBe("no-store");
    expect(res.body).toEqual({ total: 2500, from: 1, to: 100, taken: [3, 17, 40], chosenTaken: [] });
  });

  it("a held number becomes free the moment its hold runs out", async () => {
    const later = at(10 * MINUTE_MS + 1);
    const read = await takenNumbers(services.db, live.id, { from: 1, to: 100 }, later);
    expect(read).toEqual({
      status: "found",
      numbers: { total: 2500, from: 1, to: 100, taken: [3, 40], chosenTaken: [] },
    });
  });

  it("reads the range asked for only, inclusive at both ends", async () => {
    expect((await get(live.id, "?from=40&to=1000")).body).toEqual({
      total: 2500,
      from: 40,
      to: 1000,
      taken: [40, 1000],
      chosenTaken: [],
    });
    expect((await get(live.id, "?from=1001&to=1001")).body.taken).toEqual([1001]);
    expect((await get(live.id, "?from=41&to=999")).body.taken).toEqual([]);
  });

  it("cuts a range past 1,000 numbers, or past the last ticket, and says what it read", async () => {
    expect((await get(live.id, "?from=1&to=5000")).body).toEqual({
      total: 2500,
      from: 1,
      to: 1000,
      taken: [3, 17, 40, 1000],
      chosenTaken: [],
    });
    expect((await get(live.id, "?from=2001&to=3000")).body).toEqual({
      total: 2500,
      from: 2001,
      to: 2500,
      taken: [2500],
      chosenTaken: [],
    });
    // Without a range: the first 1,000.
    expect((await get(live.id)).body).toMatchObject({ from: 1, to: 1000 });
  });

  it("says which chosen numbers are taken, wherever they are, in the same read as the page", async () => {
    const res = await get(live.id, "?from=1&to=100&chosen=5,17,18,1001,2500,99999");
    expect(res.status).toBe(200);
    // 17 is held, 1001 and 2500 issued (off the page); 5 is free, 18's hold ran out, 99999 is past the last ticket.
    expect(res.body).toEqual({ total: 2500, from: 1, to: 100, taken: [3, 17, 40], chosenTaken: [17, 1001, 2500] });
    const later = await takenNumbers(services.db, live.id, { from: 101, to: 200 }, at(10 * MINUTE_MS + 1), [17, 40]);
    expect(later).toMatchObject({ status: "found", numbers: { taken: [], chosenTaken: [40] } });
  });

  it.each([
    ["?from=1&to=10&chosen=0", CHOSEN_NOT_WHOLE],
    ["?from=1&to=10&chosen=5,5", CHOSEN_NOT_WHOLE],
    ["?from=1&to=10&chosen=1,2,3,4,5,6,7,8,9,10,11", CHOSEN_NOT_WHOLE],
    ["?from=0&to=10", "from and to must be whole numbers of at least 1."],
    ["?from=abc", "from and to must be whole numbers of at least 1."],
    ["?from=1&to=2.5", "from and to must be whole numbers of at least 1."],
    ["?from=20&to=10", "to must not be less than from."],
    ["?from=2501&to=2600", "from must be at most 2500, the competition's last ticket number."],
  ])("refuses %s with 400 and a message", async (query, error) => {
    const res = await get(live.id, query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it("is 404 for a draft, an unknown competition and a malformed id", async () => {
    const draft = await createCompetition(services.db, { status: "draft" });
    await services.db.insert(ticketNumbers).values({ competitionId: draft.id, ticketNumber: 1, heldUntil: null });
    for (const id of [draft.id, 999_999, "abc", "1.5"]) {
      const res = await get(id, "?from=1&to=10");
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toEqual({ error: "There is no such competition." });
    }
  });

  it("another competition's numbers are not this one's", async () => {
    const other = await createCompetition(services.db, { totalTickets: 100 });
    await services.db.insert(ticketNumbers).values({ competitionId: other.id, ticketNumber: 5, heldUntil: null });
    expect((await get(other.id, "?from=1&to=100")).body).toEqual({
      total: 100,
      from: 1,
      to: 100,
      taken: [5],
      chosenTaken: [],
    });
    expect((await get(live.id, "?from=5&to=5")).body.taken).toEqual([]);
  });

  it("reads the page and the chosen numbers by the primary key's index rather than the whole table", async () => {
    const plan = await services.db.transaction(async (tx) => {
      // The test table is tiny, so the planner would scan it; forbid that to see the index serve the query.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const query = takenNumbersQuery(services.db, live.id, { from: 1, to: 100 }, NOW, [5, 1001, 2500]).toSQL();
      return tx.execute(sql.join([sql.raw("EXPLAIN "), sql.raw(inline(query.sql, query.params))]));
    });
    const text = JSON.stringify(plan.rows);
    expect(text).toContain("ticket_numbers_pkey");
    expect(text).toContain("competitions_pkey");
    expect(text).not.toContain("Seq Scan");
  });
});
