import { eq, sql } from "drizzle-orm";
import { tickets } from "~/db/schema";
import { allocateNumbers, numberingBase } from "~/domain/ticket-allocation";
import type { Tx } from "../platform/db.server";

/**
 * The numbers `quantity` new tickets take, paid or postal alike: called after the UPDATE that counted them into
 * tickets_sold (its RETURNING gives `soldBefore`), which holds the competition's row lock to the commit, so numbers
 * continue past every number issued before, refunded ones included (ADR 015).
 */
export async function nextTicketNumbers(tx: Tx, competitionId: number, soldBefore: number, quantity: number) {
  const [issued] = await tx
    .select({ highest: sql<number>`coalesce(max(${tickets.ticketNumber}), 0)` })
    .from(tickets)
    .where(eq(tickets.competitionId, competitionId));
  return allocateNumbers(numberingBase(Number(soldBefore), Number(issued?.highest ?? 0)), quantity);
}
