import { sql } from "drizzle-orm";
import { orders } from "~/db/schema";
import { isUuid } from "~/schemas/ids";
import type { Database } from "../platform/db.server";
import { answeredInOrder, groupCommit } from "../platform/group-commit.server";
import { preparedPerDatabase, textArrayParameter } from "../platform/prepared.server";
import type { Services } from "../platform/services.server";
import { sessionSettled } from "./payment-queue.server";

/** The longest a status request waits for the session to be made before answering "still queued". */
export const MAX_HOLD_WAIT_MS = 20_000;

/**
 * A held order seen by its buyer while the payment queue makes its session (ADR 027): ready (go to the payment
 * page), queued (their tickets are held until `until`, they are `place` in the queue), or closed (paid, cancelled or
 * expired meanwhile: the page says so). Undefined for an order that is not the caller's.
 */
export type HoldStatus =
  | { state: "ready"; url: string }
  | { state: "queued"; place: number; until: Date; ticketCount: number; numbers: number[] }
  | { state: "closed"; paymentStatus: string };

/**
 * Buyers' orders as the hold page shows them, in one statement (ADR 039 §4) for all the status requests that arrive
 * together (ADR 044): each order's state, and while it waits for its session the numbers it holds (ADR 031) and how
 * many queued orders are ahead of it (as `placeInQueue` counts them).
 */
const holdRead = preparedPerDatabase((db: Database) => {
  const waiting = sql`${orders.paymentStatus} = 'pending' and ${orders.checkoutUrl} is null`;
  return db
    .select({
      id: orders.id,
      userId: orders.userId,
      paymentStatus: orders.paymentStatus,
      checkoutUrl: orders.checkoutUrl,
      reservationExpiresAt: orders.reservationExpiresAt,
      createdAt: orders.createdAt,
      numbers: sql<number[] | null>`case when ${waiting} then (select coalesce(array_agg(t.ticket_number
        order by t.competition_id, t.ticket_number), '{}') from ticket_numbers t where t.order_id = ${orders.id}) end`,
      ahead: sql<number | null>`case when ${waiting} and ${orders.queuedAt} is not null then (select count(*)::int
        from orders q where q.queued_at is not null and q.payment_status = 'pending'
          and (q.queued_at, q.id) < (${orders.queuedAt}, ${orders.id})) end`,
    })
    .from(orders)
    .where(sql`${orders.id} = any(${sql.placeholder("orderIds")}::uuid[])`)
    .prepare("hold_statuses");
});

/** The most orders one status read takes. */
const MAX_HOLD_READ = 64;

/** The status reads of one database, grouped: the first at once, those asked meanwhile together. */
const holdReads = preparedPerDatabase((db: Database) =>
  groupCommit(
    answeredInOrder(async (asks: { userId: string; orderId: string }[]) => {
      const ids = [...new Set(asks.map((ask) => ask.orderId.toLowerCase()))];
      const rows = await holdRead(db).execute({ orderIds: textArrayParameter(ids) });
      const byId = new Map(rows.map((row) => [row.id, row]));
      // Only the buyer's own order: another's reads as none.
      return asks.map(({ userId, orderId }) => {
        const row = byId.get(orderId.toLowerCase());
        return row && row.userId === userId ? row : undefined;
      });
    }),
    { maxGroup: MAX_HOLD_READ },
  ),
);

/** The buyer's order `orderId` (a UUID), or none when it is not theirs. */
function readHold(services: Services, userId: string, orderId: string) {
  return holdReads(services.db).submit({ userId, orderId });
}

/**
 * The hold as it is now, or, with `waitMs`, as soon as this process makes its session (or after `waitMs`, read
 * again in case another process made it): one request per buyer instead of polling, and one statement when this
 * process makes the session while the request waits.
 */
export async function holdStatus(
  services: Services,
  input: { userId: string; orderId: string; waitMs?: number },
): Promise<HoldStatus | undefined> {
  if (!isUuid(input.orderId)) return undefined;
  let order = await readHold(services, input.userId, input.orderId);
  const waitMs = Math.min(Math.max(0, input.waitMs ?? 0), MAX_HOLD_WAIT_MS);
  if (order && waitMs > 0 && order.paymentStatus === "pending" && !order.checkoutUrl) {
    // This process made the session: its URL is the answer, with no second read (ADR 042). Otherwise read again.
    const url = await sessionSettled(input.orderId, waitMs);
    if (url) return { state: "ready", url };
    order = await readHold(services, input.userId, input.orderId);
  }
  if (!order) return undefined;
  if (order.paymentStatus !== "pending") return { state: "closed", paymentStatus: order.paymentStatus };
  if (order.checkoutUrl) return { state: "ready", url: order.checkoutUrl };
  const until = order.reservationExpiresAt ?? order.createdAt;
  // The numbers held for it (ADR 031): every ticket of a new order has one from the moment it is held.
  const numbers = (order.numbers ?? []).map(Number);
  const place = 1 + (order.ahead ?? 0);
  return { state: "queued", place, until, ticketCount: numbers.length, numbers };
}
