import { randomInt } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { candidateCount, pickFrom, randomCandidates } from "~/domain/lucky-dip";
import type { Executor, Tx } from "../platform/db.server";

/**
 * The register of taken numbers (`ticket_numbers`, ADR 031): a number is taken while a row holds it for an order
 * (`held_until` in the future) or has issued it to a ticket (`held_until` null, for ever). A row whose hold has passed
 * is free, and the next buyer who asks for the number takes the row over. Every function here runs while its caller
 * holds the competition's row lock (the counters' UPDATE comes first in each writer), so two holds of one competition
 * never race on these rows: a number a statement sees as free stays free until its own insert.
 */

const randomBelow = (bound: number) => randomInt(bound);
/** Rounds of random candidates before drawing from the free set itself (a shortfall is rare: lucky-dip.ts). */
const MAX_CANDIDATE_ROUNDS = 3;

type Where = { competitionId: number; now: Date };
/** Who the numbers are for: an order's hold until a time, or issued for ever (`heldUntil` null). */
type Holder = { orderId: string | null; heldUntil: Date | null };

const intArray = (numbers: readonly number[]) => sql`${`{${numbers.join(",")}}`}::integer[]`;
const takenNow = (where: Where, n: SQL) =>
  sql`exists (select 1 from ticket_numbers t where t.competition_id = ${where.competitionId}
    and t.ticket_number = ${n} and (t.held_until is null or t.held_until > ${where.now}))`;

async function numbersOf(db: Executor, query: SQL): Promise<number[]> {
  const result = await db.execute<{ ticket_number: number }>(query);
  return result.rows.map((row) => Number(row.ticket_number));
}

/** Takes the given numbers (or those of them still free, when `limit` is set), returning the ones taken. */
function insertNumbers(tx: Tx, where: Where, holder: Holder, numbers: readonly number[], limit?: number) {
  if (numbers.length === 0) return Promise.resolve([]);
  return numbersOf(
    tx,
    sql`insert into ticket_numbers (competition_id, ticket_number, order_id, held_until)
      select ${where.competitionId}, c.n, ${holder.orderId}::uuid, ${holder.heldUntil}::timestamptz
      from unnest(${intArray(numbers)}) with ordinality as c(n, i)
      ${limit === undefined ? sql`` : sql`where not ${takenNow(where, sql`c.n`)} order by c.i limit ${limit}`}
      on conflict (competition_id, ticket_number) do update
        set order_id = excluded.order_id, held_until = excluded.held_until
        where ticket_numbers.held_until is not null and ticket_numbers.held_until <= ${where.now}
      returning ticket_number`,
  );
}

async function freeNumbers(tx: Tx, where: Where, total: number): Promise<number[]> {
  return numbersOf(
    tx,
    sql`select n as ticket_number from generate_series(1, ${total}::integer) as n
      where not ${takenNow(where, sql`n`)} order by n`,
  );
}

/**
 * Lucky dip: `quantity` numbers of 1..total chosen uniformly at random among the free ones (crypto random), taken
 * for the holder. `freeGuess` is how many the counters say are free: while at least a quarter are, random candidates
 * are tried in one statement; below that (or after a rare shortfall) the free set itself is read and drawn from.
 * Returns fewer than asked only when fewer are free.
 */
export async function luckyDip(
  tx: Tx,
  where: Where & { total: number; quantity: number; freeGuess: number },
  holder: Holder,
): Promise<number[]> {
  const taken: number[] = [];
  for (let round = 0; round < MAX_CANDIDATE_ROUNDS && taken.length < where.quantity; round++) {
    const wanted = where.quantity - taken.length;
    const count = candidateCount(wanted, where.freeGuess - taken.length, where.total);
    if (count === null) break;
    taken.push(...(await insertNumbers(tx, where, holder, randomCandidates(where.total, count, randomBelow), wanted)));
  }
  if (taken.length < where.quantity) {
    const free = await freeNumbers(tx, where, where.total);
    taken.push(...(await insertNumbers(tx, where, holder, pickFrom(free, where.quantity - taken.length, randomBelow))));
  }
  return taken;
}

/** Moves an order's hold on its numbers to its new expiry (the payment page's window after a wait in the queue). */
export async function extendOrderNumbers(db: Executor, orderId: string, heldUntil: Date): Promise<void> {
  await db.execute(
    sql`update ticket_numbers set held_until = ${heldUntil}
      where order_id = ${orderId}::uuid and held_until is not null`,
  );
}
