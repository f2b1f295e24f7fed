import { asc, eq, sql } from "drizzle-orm";
import { competitions, orderLines } from "~/db/schema";
import type { Executor, Tx } from "../platform/db.server";
import { releasePromoUse } from "./promo-codes.server";
import { reverseSiteCredit } from "./site-credit.server";
import { releaseOrderNumbers } from "./ticket-numbers.server";

type ReservedLine = { competitionId: number; quantity: number };

/** An order's lines in lock order (competition id), the order every writer uses so transactions never deadlock. */
export async function linesInLockOrder(tx: Executor, orderId: string) {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.competitionId));
}

/**
 * Gives an order's reserved tickets back, counts and numbers, any promo code's use (ADR 035) and any site credit
 * (ADR 036). Only call while the order is pending (its reservation is held): the competition rows are locked first
 * (in id order), then its numbers are freed (ADR 031), the code's use and the credit given back.
 */
export async function releaseReservation(tx: Tx, orderId: string, lines: ReservedLine[], now: Date) {
  for (const line of [...lines].sort((a, b) => a.competitionId - b.competitionId)) {
    await tx
      .update(competitions)
      .set({ ticketsReserved: sql`${competitions.ticketsReserved} - ${line.quantity}`, updatedAt: sql`now()` })
      .where(eq(competitions.id, line.competitionId));
  }
  await releaseOrderNumbers(tx, orderId, now);
  await releasePromoUse(tx, orderId, now);
  await reverseSiteCredit(tx, orderId, now);
}
