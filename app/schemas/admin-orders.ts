import { CANCEL_MESSAGES, ORDER_MESSAGES } from "~/content/admin-orders";
import { ORDER_STATUSES } from "~/db/constants";
import { z } from "~/schemas/zod";
import { formCheck, tooLongMessage } from "./form";
import { DbIdSchema } from "./ids";
import { searchText } from "./search-text";

export const ORDERS_PAGE_SIZE = 50;
/** The dashboard's latest paid orders (the spec's 50) and the days its chart covers. */
export const LATEST_PAID_ORDERS = 50;
export const CHART_DAYS = 30;
export const REASON_MAX = 500;

/** The Orders tab's status filter: the order statuses, refunds the provider has not confirmed, or everything. */
export const ORDER_FILTER_STATUSES = [...ORDER_STATUSES, "refund_failed", "all"] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const optionalDay = z
  .string()
  .regex(DAY)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
  .optional()
  .catch(undefined);

/** The Orders tab's query string. Anything malformed falls back to its default rather than failing the page. */
export const OrderFiltersSchema = z.object({
  status: z.enum(ORDER_FILTER_STATUSES).catch("paid").default("paid"),
  competition: DbIdSchema.optional().catch(undefined),
  email: searchText(254).transform((value) => value || undefined),
  from: optionalDay,
  to: optionalDay,
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type OrderFilters = z.infer<typeof OrderFiltersSchema>;

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
