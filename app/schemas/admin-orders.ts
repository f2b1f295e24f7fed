import { CANCEL_MESSAGES, ORDER_MESSAGES } from "~/content/admin-orders";
import { z } from "~/schemas/zod";
import { formCheck, tooLongMessage } from "./form";

export const REASON_MAX = 500;

const reasonField = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(REASON_MAX, tooLongMessage(REASON_MAX));

export const RefundOrderSchema = z.object({
  intent: z.literal("refund"),
  reason: reasonField(ORDER_MESSAGES.reasonRequired),
});
const RetryRefundSchema = z.object({ intent: z.literal("retry-refund") });
export const OrderActionSchema = z.discriminatedUnion("intent", [RefundOrderSchema, RetryRefundSchema]);
export const orderCheck = formCheck(OrderActionSchema);

export const CancelCompetitionSchema = z.object({
  intent: z.literal("cancel"),
  reason: reasonField(CANCEL_MESSAGES.reasonRequired),
  confirm: z.literal("on", { error: CANCEL_MESSAGES.confirmRequired }),
});
const ContinueCancellationSchema = z.object({ intent: z.literal("continue") });
export const CancelActionSchema = z.discriminatedUnion("intent", [CancelCompetitionSchema, ContinueCancellationSchema]);
export const cancelCheck = formCheck(CancelActionSchema);
