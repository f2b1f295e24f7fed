// Wording of the Orders tab, refunds and cancellations (the spec has none of its own here).

export const ORDER_MESSAGES = {
  notFound: "Order not found.",
  reasonRequired: "Please give a reason for the refund.",
  notPaid: "Only a paid order can be refunded.",
  alreadyRefunded: "This order has already been refunded.",
  drawn: "This order's competition has been drawn, so its tickets cannot be withdrawn.",
  refundedTitle: "Order refunded",
  refunded:
    "The payment has gone back to the buyer's card, their tickets are out of the draw and we have e-mailed them.",
  refundFailedTitle: "Refund failed",
  refundFailed:
    "The payment provider refused the refund. The tickets are out of the draw; retry from this page " +
    "(it is also retried every few minutes).",
  nothingToRetry: "This order has no refund waiting to be retried.",
  failedToLoad: "Failed to load orders.",
  refusedTimes: (attempts: number) =>
    `The payment provider refused this refund ${attempts === 1 ? "once" : `${attempts} times`}. ` +
    "It is retried every few minutes; you can retry it now.",
  notConfirmed: "The refund has not been confirmed by the payment provider yet.",
} as const;

export const CANCEL_MESSAGES = {
  notFound: "Competition not found.",
  reasonRequired: "Please give a reason for cancelling.",
  confirmRequired: "Please confirm that every paid order will be refunded.",
  already: "This competition is already cancelled.",
  drawn: "A competition whose winner has been drawn cannot be cancelled.",
  notCancelling: "This competition is not being cancelled.",
  cancelledTitle: "Competition cancelled",
  cancelled: "Every paid order has been refunded and each buyer e-mailed.",
  cancellingTitle: "Cancelling",
  cancelling:
    "Sales have stopped. Some refunds have not gone through yet; they are retried every few minutes until they do.",
} as const;

/** How an order's status reads to staff. */
export const ORDER_STATUS_LABELS: Record<string, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  cancelled: "Cancelled",
  expired: "Expired",
  refunded: "Refunded",
  refund_failed: "Refund failed",
  refund_pending: "Refund pending",
};
