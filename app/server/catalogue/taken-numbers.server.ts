import { and, asc, between, eq, gt, inArray, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import { UNPUBLISHED_STATUSES } from "~/db/constants";
import { competitions, ticketNumbers } from "~/db/schema";
import { type NumberRange, rangeWithin } from "~/domain/number-grid";
import type { Database } from "../platform/db.server";

/** `taken`: the taken numbers from `from` to `to`; `chosenTaken`: those of the chosen numbers asked about. */
export type TakenNumbers = { total: number; from: number; to: number; taken: number[]; chosenTaken: number[] };

export type TakenNumbersResult =
  | { status: "found"; numbers: TakenNumbers }
  | { status: "not-public" }
  | { status: "refused"; message: string };

/** The competition's numbers that `where` picks and no one else may choose now, as an ascending array. */
function takenWhere(competitionId: number, where: SQL | undefined, now: Date, db: Database) {
  const taken = db
    .select({ n: ticketNumbers.ticketNumber })
    .from(ticketNumbers)
    .where(
      and(
        eq(ticketNumbers.competitionId, competitionId),
        where,
        or(isNull(ticketNumbers.heldUntil), gt(ticketNumbers.heldUntil, now)),
      ),
    )
    .orderBy(asc(ticketNumbers.ticketNumber));
  return sql<number[]>`array(${taken})`;
}

/** The one statement `takenNumbers` runs, built apart so its plan can be checked (it must stay index scans). */
export function takenNumbersQuery(
  db: Database,
  competitionId: number,
  range: NumberRange,
  now: Date,
  chosen: readonly number[] = [],
) {
  return db
    .select({
      total: competitions.totalTickets,
      taken: takenWhere(competitionId, between(ticketNumbers.ticketNumber, range.from, range.to), now, db),
      chosenTaken:
        chosen.length === 0
          ? sql<number[]>`'{}'::integer[]`
          : takenWhere(competitionId, inArray(ticketNumbers.ticketNumber, [...chosen]), now, db),
    })
    .from(competitions)
    .where(and(eq(competitions.id, competitionId), notInArray(competitions.status, [...UNPUBLISHED_STATUSES])))
    .limit(1);
}

/**
 * The numbers in `range` that no one else may choose now: issued (held_until null) or held by a pending order
 * whose hold has not run out. A hold past its time is free again, whether or not anything has tidied it away.
 * `chosen` (at most ten numbers anywhere in the competition) are looked up beside the range, so an open grid learns
 * in the same read whether a number chosen on another page was taken.
 * "not-public" when the competition is unknown or a draft; "refused" when the range starts past its last number.
 * One statement: the competition's total with the primary key's range scan of its numbers (and its look-ups of the
 * chosen ones) beside it. The live grid reads this every few seconds per viewer during a sale, so it stays that.
 */
export async function takenNumbers(
  db: Database,
  competitionId: number,
  range: NumberRange,
  now: Date,
  chosen: readonly number[] = [],
): Promise<TakenNumbersResult> {
  const [row] = await takenNumbersQuery(db, competitionId, range, now, chosen);
  if (!row) return { status: "not-public" };
  const within = rangeWithin(range, row.total);
  if (!within.ok) return { status: "refused", message: within.message };
  const { from, to } = within.range;
  const inRange = row.taken.map(Number).filter((n) => n >= from && n <= to);
  const chosenTaken = row.chosenTaken.map(Number);
  return { status: "found", numbers: { total: row.total, from, to, taken: inRange, chosenTaken } };
}
