import { data } from "react-router";
import { AdminErrorBoundary, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { CancellationSummary, WaitingRefunds } from "~/components/admin/cancellation";
import { IntentButton, ReasonForm } from "~/components/admin/reason-form";
import { CANCEL_MESSAGES } from "~/content/admin-orders";
import { pageMeta } from "~/lib/seo";
import { CancelCompetitionSchema, cancelCheck } from "~/schemas/admin-orders";
import { CompetitionIdParamSchema } from "~/schemas/competition-query";
import {
  type CancelOutcome,
  cancelCompetition,
  continueCancellation,
  getCancellation,
} from "~/server/admin/cancel.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/competition-cancel";

export const permission = {
  loader: "competition:cancel",
  action: { cancel: "competition:cancel", continue: "competition:cancel" },
} as const;

function requireCompetitionId(raw: string) {
  const id = CompetitionIdParamSchema.safeParse(raw);
  if (!id.success) throw data({ message: CANCEL_MESSAGES.notFound }, { status: 404 });
  return id.data;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const cancellation = await getCancellation(services, requireCompetitionId(params.id));
  if (!cancellation) throw data({ message: CANCEL_MESSAGES.notFound }, { status: 404 });
  return cancellation;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requirePermission(context, "competition:cancel");
  const services = context.get(servicesContext);
  const id = requireCompetitionId(params.id);
  const submission = await readSubmission(services, request, cancelCheck.schema);
  if (submission.status !== "success") return refused(submission, cancelCheck);
  let outcome: CancelOutcome;
  if (submission.value.intent === "cancel") {
    outcome = await cancelCompetition(services, staff.user.id, id, submission.value.reason);
  } else {
    const progress = await continueCancellation(services, id, staff.user.id);
    outcome = progress ? { ok: true, ...progress } : { ok: false, status: 409, message: CANCEL_MESSAGES.notCancelling };
  }
  if (!outcome.ok) return formReply(submission, { status: outcome.status, formErrors: [outcome.message] });
  return redirectWithToast(
    services,
    `/admin/competitions/${id}/cancel`,
    outcome.status === "cancelled"
      ? { type: "success", title: CANCEL_MESSAGES.cancelledTitle, description: CANCEL_MESSAGES.cancelled }
      : { type: "error", title: CANCEL_MESSAGES.cancellingTitle, description: CANCEL_MESSAGES.cancelling },
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    data && "competition" in data ? `Cancel ${data.competition.title}` : "Cancel a competition",
    "Cancel a Paddock competition.",
    [{ name: "robots", content: "noindex" }],
  );

export default function CancelCompetitionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { competition, counts, waiting } = loaderData;
  const underWay = competition.status === "cancelling" || competition.status === "cancelled";
  return (
    <AdminPage title={`Cancel ${competition.title}`}>
      <CancellationSummary competition={competition} counts={counts} />
      {underWay ? (
        <AdminSection id="refunds-title" title="Refunds">
          <WaitingRefunds waiting={waiting} />
          {competition.status === "cancelling" ? (
            <div className="mt-4">
              <IntentButton
                intent="continue"
                label="Retry refunds now"
                busyLabel="Retrying…"
                lastResult={actionData?.result}
              />
            </div>
          ) : null}
        </AdminSection>
      ) : competition.status === "completed" ? (
        <AdminSection id="cancel-title" title="Cancel">
          <p>{CANCEL_MESSAGES.drawn}</p>
        </AdminSection>
      ) : (
        <AdminSection id="cancel-title" title="Cancel this competition">
          <p className="mb-4">
            Sales stop at once and checkouts in progress are released. Every paid order is refunded in full to the
            buyer's card, its tickets are withdrawn from the draw and the buyer is e-mailed. The competition shows as
            cancelling until every refund has gone through.
          </p>
          <ReasonForm
            id="cancel-competition"
            intent="cancel"
            schema={CancelCompetitionSchema}
            lastResult={actionData?.result}
            hint="Buyers see this reason in their refund e-mail."
            confirmLabel="I understand that every paid order will be refunded and this cannot be undone."
            submitLabel="Cancel competition"
            busyLabel="Cancelling…"
          />
        </AdminSection>
      )}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
