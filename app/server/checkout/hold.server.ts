import { and, eq } from "drizzle-orm";
import { orders } from "~/db/schema";
import { isUuid } from "~/schemas/ids";
import type { Services } from "../platform/services.server";
import { placeInQueue, sessionSettled } from "./payment-queue.server";
import { orderNumbers } from "./ticket-numbers.server";

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

async function readHold(services: Services, userId: string, orderId: string) {
  const [order] = await services.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order;
}

/**
 * The hold as it is now, or, with `waitMs`, as soon as this process makes its session (or after `waitMs`, read
 * again in case another process made it): one request per buyer instead of polling.
 */
export async function holdStatus(
  services: Services,
  input: { userId: string; orderId: string; waitMs?: number },
): Promise<HoldStatus | undefined> {
  if (!isUuid(input.orderId)) return undefined;
  let order = await readHold(services, input.userId, input.orderId);
  const waitMs = Math.min(Math.max(0, input.waitMs ?? 0), MAX_HOLD_WAIT_MS);
  if (order && waitMs > 0 && order.paymentStatus === "pending" && !order.checkoutUrl) {
    await sessionSettled(order.id, waitMs);
    order = await readHold(services, input.userId, input.orderId);
  }
  if (!order) return undefined;
  if (order.paymentStatus !== "pending") return { state: "closed", paymentStatus: order.paymentStatus };
  if (order.checkoutUrl) return { state: "ready", url: order.checkoutUrl };
  const until = order.reservationExpiresAt ?? order.createdAt;
  // The numbers held for it (ADR 031): every ticket of a new order has one from the moment it is held.
  const numbers = [...(await orderNumbers(services.db, order.id)).values()].flat();
  const place = Math.max(1, await placeInQueue(services.db, order));
  return { state: "queued", place, until, ticketCount: numbers.length, numbers };
}
