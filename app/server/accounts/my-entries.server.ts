import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { sqlList, type TicketSource } from "~/db/constants";
import { competitions, tickets } from "~/db/schema";
import { ANSWER_REVEALED_STATUSES } from "~/domain/answer-reveal";
import type { Services } from "../platform/services.server";

/**
 * A ticket's correctness as its owner may see it: true or false once the competition has closed, null before
 * (no answer oracle: app/domain/answer-reveal.ts). Every query that shows an entrant their own tickets uses this.
 */
export const revealedCorrectnessSql = sql<boolean | null>`case when ${competitions.status} in (${sql.raw(
  sqlList(ANSWER_REVEALED_STATUSES),
)}) then ${tickets.isCorrectAnswer} end`;

export type MyEntry = {
  competitionId: number;
  title: string;
  status: string;
  /** Null until the competition closes. */
  correct: boolean | null;
  /** Once drawn, whether one of these tickets holds the prize; null before, and for entries not in the draw. */
  result: "won" | "not-won" | null;
  tickets: { number: number; entryRef: string; source: TicketSource }[];
};

/**
 * The account's live tickets (paid and postal), grouped by competition and answer, newest competition first, with
 * the draw's result for them once drawn (a redraw that passes the prize on moves it with the winner).
 */
export async function getMyEntries(services: Services, userId: string): Promise<MyEntry[]> {
  const rows = await services.db
    .select({
      competitionId: tickets.competitionId,
      title: competitions.title,
      status: competitions.status,
      correct: revealedCorrectnessSql,
      number: tickets.ticketNumber,
      entryRef: tickets.entryRef,
      source: tickets.source,
      winnerTicketNumber: competitions.winnerTicketNumber,
    })
    .from(tickets)
    .innerJoin(competitions, eq(competitions.id, tickets.competitionId))
    .where(and(eq(tickets.userId, userId), isNull(tickets.withdrawnAt)))
    .orderBy(desc(competitions.endDate), asc(tickets.competitionId), asc(tickets.ticketNumber));
  const groups = new Map<string, MyEntry>();
  for (const { number, entryRef, source, winnerTicketNumber, ...row } of rows) {
    const key = `${row.competitionId}:${row.correct}`;
    const drawn = row.status === "completed" && row.correct === true && winnerTicketNumber !== null;
    const group = groups.get(key) ?? { ...row, result: drawn ? "not-won" : null, tickets: [] };
    if (drawn && number === winnerTicketNumber) group.result = "won";
    group.tickets.push({ number, entryRef, source });
    groups.set(key, group);
  }
  return [...groups.values()];
}
