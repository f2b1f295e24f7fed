import { asc, eq, inArray } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { competitions, orderLines } from "~/db/schema";
import type { Executor } from "../platform/db.server";

/**
 * The one query for an order's lines with their competitions' titles, for one order or several: the account's
 * orders, the admin's order list and order page, the payment provider's line items and the refund e-mail.
 * Each caller adds the columns it shows (`columns`) to the line's competition, title and quantity. Lines come in
 * the order they were added, or by competition where what is built from them must come out the same every time
 * (the provider's items under one idempotency key).
 */
export function orderLinesWithTitle<Extra extends SelectedFields = Record<never, never>>(
  db: Executor,
  orderIds: string | readonly string[],
  options: { columns?: Extra; by?: "added" | "competition" } = {},
) {
  const columns = {
    competitionId: orderLines.competitionId,
    title: competitions.title,
    quantity: orderLines.quantity,
    ...(options.columns as Extra),
  };
  return db
    .select(columns)
    .from(orderLines)
    .innerJoin(competitions, eq(competitions.id, orderLines.competitionId))
    .where(typeof orderIds === "string" ? eq(orderLines.orderId, orderIds) : inArray(orderLines.orderId, [...orderIds]))
    .orderBy(options.by === "competition" ? asc(orderLines.competitionId) : asc(orderLines.id));
}
