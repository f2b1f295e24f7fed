import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { competitions, orders, postalEntries, tickets, user } from "~/db/schema";
import type { EntrantTicket } from "~/domain/draw-results";
import type { Executor } from "../platform/db.server";

/**
 * Every live (not refunded) ticket of a competition with whoever can be told about it: the e-mail the postal card
 * gave, else the order's checkout e-mail, else the holding account's; and the account, if any. Correctness is the
 * true one: callers reveal it only once the competition has closed.
 */
export async function entrantTickets(db: Executor, competitionId: number): Promise<EntrantTicket[]> {
  const rows = await db
    .select({
      ticketNumber: tickets.ticketNumber,
      entryRef: tickets.entryRef,
      correct: tickets.isCorrectAnswer,
      userId: tickets.userId,
      email: sql<string | null>`coalesce(nullif(trim(${postalEntries.email}), ''), ${orders.email}, ${user.email})`,
    })
    .from(tickets)
    .leftJoin(postalEntries, eq(postalEntries.ticketId, tickets.id))
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(user, eq(user.id, tickets.userId))
    .where(and(eq(tickets.competitionId, competitionId), isNull(tickets.withdrawnAt)))
    .orderBy(asc(tickets.ticketNumber));
  return rows;
}

/** The competition's title (for the words of a message). */
export async function competitionTitle(db: Executor, competitionId: number) {
  const [row] = await db
    .select({ title: competitions.title })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  return row?.title ?? "your competition";
}
