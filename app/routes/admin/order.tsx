import { data } from "react-router";
import { AdminErrorBoundary, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { ConfirmStep } from "~/components/admin/confirm-step";
import {
  AuditSection,
  MailSection,
  OrderLinesSection,
  OrderSummarySection,
  orderTitle,
  PaymentSection,
} from "~/components/admin/order-detail";
import { IntentButton, ReasonForm } from "~/components/admin/reason-form";
import { ORDER_MESSAGES } from "~/content/admin-orders";
import { CONFIRMATIONS } from "~/content/confirmations";
import { pageMeta } from "~/lib/seo";
import { orderCheck, RefundOrderSchema } from "~/schemas/admin-orders";
import { getOrderDetail } from "~/server/admin/orders.server";
import { refundPaidOrder, retryRefund } from "~/server/admin/refunds.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import { askToConfirm, formReply, isConfirmed, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/order";

export const permission = {
  loader: "order:read",
  action: { refund: "order:refund", "retry-refund": "order:refund" },
} as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const staff = requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const detail = await getOrderDetail(services, params.id);
  if (!detail) throw data({ message: ORDER_MESSAGES.notFound }, { status: 404 });
  return { ...detail, canRefund: staff.permissions.has("order:refund") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requirePermission(context, "order:refund");
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, orderCheck.schema);
  if (submission.status !== "success") return refused(submission, orderCheck);
  // A refund moves money and withdraws tickets: the first press only asks, naming the amount and the tickets.
  if (submission.value.intent === "refund" && !isConfirmed(submission))
    return askToConfirm(submission, { refundReason: submission.value.reason });
  const outcome =
    submission.value.intent === "refund"
      ? await refundPaidOrder(services, staff.user.id, params.id, submission.value.reason)
      : await retryRefund(services, staff.user.id, params.id);
  if (!outcome.ok) return formReply(submission, { status: outcome.status, formErrors: [outcome.message] });
  return redirectWithToast(
    services,
    `/admin/orders/${params.id}`,
    outcome.refunded
      ? { type: "success", title: ORDER_MESSAGES.refundedTitle, description: ORDER_MESSAGES.refunded }
      : { type: "error", title: ORDER_MESSAGES.refundFailedTitle, description: ORDER_MESSAGES.refundFailed },
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data && "order" in data ? orderTitle(data.order.id) : "Order", "A Paddock order.", [
    { name: "robots", content: "noindex" },
  ]);

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, lines, payments, mails, audit, canRefund } = loaderData;
  const waitingForRefund = order.status === "refunded" && !order.refundedAt;
  const asked = actionData && "refundReason" in actionData ? actionData.refundReason : null;
  const confirmRefund = typeof asked === "string" ? asked : null;
  const liveTickets = lines.reduce((n, line) => n + line.tickets.filter((t) => !t.withdrawnAt).length, 0);
  const refund = CONFIRMATIONS.refund(order.totalPence, liveTickets);
  return (
    <AdminPage title={orderTitle(order.id)} intro={<span className="font-mono break-all">{order.id}</span>}>
      <OrderSummarySection order={order} />
      {canRefund && order.status === "paid" ? (
        <AdminSection id="refund-title" title="Refund this order">
          <p className="mb-4">
            Refunds the whole order to the buyer's card, withdraws its tickets from the draw and e-mails the buyer.
          </p>
          {confirmRefund ? (
            <ConfirmStep
              title={refund.title}
              values={{ intent: "refund", reason: confirmRefund }}
              confirmLabel={refund.confirmLabel}
              busyLabel="Refunding…"
              backTo={`/admin/orders/${order.id}`}
              destructive
            >
              <p>{refund.consequence}</p>
              <p className="text-sm text-muted-foreground">Reason given to the buyer: {confirmRefund}</p>
            </ConfirmStep>
          ) : (
            <ReasonForm
              id="refund-order"
              intent="refund"
              schema={RefundOrderSchema}
              lastResult={actionData?.result}
              hint="The buyer sees this reason in their refund e-mail."
              submitLabel="Refund order"
              busyLabel="Refunding…"
            />
          )}
        </AdminSection>
      ) : null}
      {canRefund && waitingForRefund ? (
        <AdminSection id="retry-title" title="Refund not yet made">
          <p className="mb-4">
            {order.refundAttempts > 0 ? ORDER_MESSAGES.refusedTimes(order.refundAttempts) : ORDER_MESSAGES.notConfirmed}
          </p>
          <IntentButton
            intent="retry-refund"
            label="Retry refund"
            busyLabel="Retrying…"
            lastResult={actionData?.result}
          />
        </AdminSection>
      ) : null}
      <OrderLinesSection lines={lines} />
      <PaymentSection order={order} payments={payments} />
      <MailSection mails={mails} />
      <AuditSection audit={audit} />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
