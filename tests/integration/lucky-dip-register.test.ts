// The register's own functions (ticket-numbers.server.ts, ADR 031) on a competition whose numbers are set up by hand:
// a lucky dip takes only free numbers (an expired hold counts as free), falls back to the free set when the counters'
// guess is wrong or few are free, and returns fewer than asked only when fewer are free; a hold's extension moves only
// that order's held numbers. Both engines.
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ticketNumbers } from "~/db/schema";
import { extendOrderNumbers, luckyDip } from "~/server/checkout/ticket-numbers.server";
import { useCheckoutHarness } from "./checkout-harness";

const h = useCheckoutHarness();
const now = new Date("2026-11-28T12:00:00.000Z");
const later = new Date(now.getTime() + 20 * 60_000);
const earlier = new Date(now.getTime() - 60_000);

/** A competition of `total` numbers, with `rows` already in the register. */
async function register(total: number, rows: { n: number; orderId?: string | null; heldUntil?: Date | null }[]) {
  const comp = await h().createCompetition({ totalTickets: total });
  if (rows.length > 0)
    await h()
      .services.db.insert(ticketNumbers)
      .values(
        rows.map((row) => ({
          competitionId: comp.id,
          ticketNumber: row.n,
          orderId: row.orderId ?? null,
          heldUntil: row.heldUntil ?? null,
        })),
      );
  return comp.id;
}

/** Runs a lucky dip in a transaction of its own, as its callers do. */
const dip = (competitionId: number, total: number, quantity: number, freeGuess: number, orderId: string | null) =>
  h().services.db.transaction((tx) =>
    luckyDip(tx, { competitionId, now, total, quantity, freeGuess }, { orderId, heldUntil: orderId ? later : null }),
  );

const rowsOf = async (competitionId: number) =>
  h()
    .services.db.select()
    .from(ticketNumbers)
    .where(eq(ticketNumbers.competitionId, competitionId))
    .orderBy(asc(ticketNumbers.ticketNumber));

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("a lucky dip in the register", () => {
  it("with plenty free, takes as many distinct numbers as asked, each held for the order", async () => {
    const id = await register(1000, []);
    const orderId = randomUUID();
    const taken = await dip(id, 1000, 6, 1000, orderId);
    expect(new Set(taken).size).toBe(6);
    expect(taken.every((n) => Number.isInteger(n) && n >= 1 && n <= 1000)).toBe(true);
    const rows = await rowsOf(id);
    expect(rows.map((row) => row.ticketNumber)).toEqual([...taken].sort((a, b) => a - b));
    expect(rows.every((row) => row.orderId === orderId && row.heldUntil?.getTime() === later.getTime())).toBe(true);
  });

  it("with few free, takes exactly the free ones; an expired hold is free and taken over", async () => {
    // 20 numbers: 1-16 issued, 17 held by someone until later, 18 held until a minute ago; 19 and 20 never taken.
    const other = randomUUID();
    const id = await register(20, [
      ...range(1, 16).map((n) => ({ n })),
      { n: 17, orderId: other, heldUntil: later },
      { n: 18, orderId: other, heldUntil: earlier },
    ]);
    const taken = await dip(id, 20, 3, 3, null);
    expect([...taken].sort((a, b) => a - b)).toEqual([18, 19, 20]);
    const rows = await rowsOf(id);
    expect(rows.find((row) => row.ticketNumber === 18)).toMatchObject({ orderId: null, heldUntil: null });
    expect(rows.find((row) => row.ticketNumber === 17)).toMatchObject({ orderId: other });
  });

  it("when the counters' guess says many are free but few are, still finds every free number", async () => {
    // 200 numbers, all but 191-195 issued; the guess (all 200 free) sends it to random candidates first.
    const id = await register(
      200,
      [...range(1, 190), ...range(196, 200)].map((n) => ({ n })),
    );
    const taken = await dip(id, 200, 5, 200, null);
    expect([...taken].sort((a, b) => a - b)).toEqual(range(191, 195));
  });

  it("returns fewer than asked only when fewer are free, and takes nothing already taken", async () => {
    const id = await register(
      10,
      range(1, 8).map((n) => ({ n })),
    );
    const before = await rowsOf(id);
    const taken = await dip(id, 10, 5, 2, null);
    expect([...taken].sort((a, b) => a - b)).toEqual([9, 10]);
    const after = await rowsOf(id);
    expect(after.slice(0, 8)).toEqual(before);
    expect(await dip(id, 10, 1, 0, null)).toEqual([]);
  });
});

describe("extending an order's hold on its numbers", () => {
  it("moves that order's held numbers only: not its issued ones, nor another order's", async () => {
    const mine = randomUUID();
    const theirs = randomUUID();
    const id = await register(10, [
      { n: 1, orderId: mine, heldUntil: later },
      { n: 2, orderId: mine, heldUntil: later },
      { n: 3, orderId: mine, heldUntil: null },
      { n: 4, orderId: theirs, heldUntil: later },
    ]);
    const extended = new Date(later.getTime() + 30 * 60_000);
    await extendOrderNumbers(h().services.db, mine, extended);
    const held = await h()
      .services.db.select({ n: ticketNumbers.ticketNumber, until: ticketNumbers.heldUntil })
      .from(ticketNumbers)
      .where(eq(ticketNumbers.competitionId, id))
      .orderBy(asc(ticketNumbers.ticketNumber));
    expect(held.map((row) => [row.n, row.until?.getTime() ?? null])).toEqual([
      [1, extended.getTime()],
      [2, extended.getTime()],
      [3, null],
      [4, later.getTime()],
    ]);
  });
});
