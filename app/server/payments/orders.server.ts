import { asc, eq, sql } from "drizzle-orm";
import { competitions, orderLines } from "~/db/schema";
import type { Database } from "../db.server";

/** A Drizzle transaction (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or a transaction: helpers that must join the caller's transaction take this. */
export type Executor = Database | Tx;

export type ReservedLine = { competitionId: number; quantity: number };

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

const dateTimeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/London" });
/** "21 November 2026 at 14:05" in UK time, for messages and e-mails. */
export const formatUkDateTime = (date: Date) => dateTimeFormat.format(date);
