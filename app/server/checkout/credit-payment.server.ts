import type { OrderRow } from "~/db/schema";
import type { CheckoutSessionSummary } from "../platform/payments.server";
import type { Services } from "../platform/services.server";
import { fulfilCheckoutSession, refundOrder } from "./fulfilment.server";

/** The payment reference of an order paid wholly by site credit: it stands where a provider's session id would. */
export const siteCreditSessionId = (orderId: string) => `site_credit_${orderId}`;

/**
 * An order the buyer's site credit pays in full (ADR 036) has no provider session: it is fulfilled at once through
 * the same function as a paid webhook, with a settled "session" whose card amount is nothing, so everything a paid
 * order gets (numbers sold, instant wins, receipt, exactly once) it gets the same way. A repeat finds it paid and
 * changes nothing. An order that cannot be honoured after all (the competition closed meanwhile) is refunded, which
 * gives the credit back.
 */
export async function payBySiteCredit(services: Services, order: Pick<OrderRow, "id" | "createdAt">) {
  const session: CheckoutSessionSummary = {
    id: siteCreditSessionId(order.id),
    url: null,
    status: "complete",
    paymentStatus: "paid",
    amountTotal: 0,
    currency: "gbp",
    orderId: order.id,
    paymentIntentId: null,
    expiresAt: order.createdAt,
  };
  const outcome = await fulfilCheckoutSession(services, session);
  if (outcome.kind === "refund") await refundOrder(services, order.id);
  return {
    outcome,
    successUrl: `/payment-success?${new URLSearchParams({ session_id: session.id, order_id: order.id })}`,
  };
}
