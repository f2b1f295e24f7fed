import { asc, eq, sql } from "drizzle-orm";
import { competitions, orderLines } from "~/db/schema";
import type { Executor, Tx } from "../platform/db.server";

type ReservedLine = { competitionId: number; quantity: number };

/** An order's lines in lock order (competition id), the order every writer uses so transactions never deadlock. */
export async function linesInLockOrder(tx: Executor, orderId: string) {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.competitionId));
}

/** Gives an order's reserved tickets back. Only call while the order is pending (its reservation is held). */
export async function releaseReservation(tx: Tx, lines: ReservedLine[]) {
  for (const line of [...lines].sort((a, b) => a.competitionId - b.competitionId)) {
    await tx
      .update(competitions)
      .set({ ticketsReserved: sql`${competitions.ticketsReserved} - ${line.quantity}`, updatedAt: sql`now()` })
      .where(eq(competitions.id, line.competitionId));
  }
}
