import { and, asc, between, eq, gt, isNull, notInArray, or, sql } from "drizzle-orm";
import { UNPUBLISHED_STATUSES } from "~/db/constants";
import { competitions, ticketNumbers } from "~/db/schema";
import { type NumberRange, rangeWithin } from "~/domain/number-grid";
import type { Database } from "../platform/db.server";

export type TakenNumbers = { total: number; from: number; to: number; taken: number[] };

export type TakenNumbersResult =
  | { status: "found"; numbers: TakenNumbers }
  | { status: "not-public" }
  | { status: "refused"; message: string };

/**
 * The numbers in `range` that no one else may choose now: issued (held_until null) or held by a pending order
 * whose hold has not run out. A hold past its time is free again, whether or not anything has tidied it away.
 * "not-public" when the competition is unknown or a draft; "refused" when the range starts past its last number.
 * One round trip: the competition's total with the primary key's range scan of its numbers beside it.
 */
export async function takenNumbers(
  db: Database,
  competitionId: number,
  range: NumberRange,
  now: Date,
): Promise<TakenNumbersResult> {
  const taken = db
    .select({ n: ticketNumbers.ticketNumber })
    .from(ticketNumbers)
    .where(
      and(
        eq(ticketNumbers.competitionId, competitionId),
        between(ticketNumbers.ticketNumber, range.from, range.to),
        or(isNull(ticketNumbers.heldUntil), gt(ticketNumbers.heldUntil, now)),
      ),
    )
    .orderBy(asc(ticketNumbers.ticketNumber));
  const [row] = await db
    .select({ total: competitions.totalTickets, taken: sql<number[]>`array(${taken})` })
    .from(competitions)
    .where(and(eq(competitions.id, competitionId), notInArray(competitions.status, [...UNPUBLISHED_STATUSES])))
    .limit(1);
  if (!row) return { status: "not-public" };
  const within = rangeWithin(range, row.total);
  if (!within.ok) return { status: "refused", message: within.message };
  const { from, to } = within.range;
  const inRange = row.taken.map(Number).filter((n) => n >= from && n <= to);
  return { status: "found", numbers: { total: row.total, from, to, taken: inRange } };
}
