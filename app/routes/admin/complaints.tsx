import { AdminErrorBoundary, AdminPage, AdminSection, AdminTable, tdClass } from "~/components/admin/admin-page";
import { FormAlert } from "~/components/auth/form-alert";
import { PostButton } from "~/components/ui/post-button";
import { formatUkDate, formatUkShortDateTime } from "~/domain/london-format";
import { pageMeta } from "~/lib/seo";
import { complaintProgressCheck } from "~/schemas/complaint";
import { errorNotice } from "~/schemas/form";
import { listComplaints, progressComplaint } from "~/server/admin/complaints.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/complaints";

export const permission = {
  loader: "complaint:read",
  action: { answered: "complaint:answer", resolved: "complaint:answer" },
} as const;

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  return listComplaints(context.get(servicesContext));
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requirePermission(context, "complaint:answer").user;
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, complaintProgressCheck.schema);
  if (submission.status !== "success") return refused(submission, complaintProgressCheck);
  const { intent, complaintId } = submission.value;
  const outcome = await progressComplaint(services, staff.id, complaintId, intent);
  if (outcome.ok) return redirectWithToast(services, "/admin/complaints", { type: "success", title: outcome.message });
  return formReply(submission, { status: outcome.status, notice: errorNotice("Not changed", outcome.message) });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Complaints", "Complaints from the public.", [{ name: "robots", content: "noindex" }]);

type Row = Awaited<ReturnType<typeof listComplaints>>["pending"][number];

function ComplaintRow({ c, actions }: { c: Row; actions: boolean }) {
  return (
    <tr className="border-t border-border" data-testid="complaint-row">
      <td className={`${tdClass} font-medium whitespace-nowrap`}>{c.reference}</td>
      <td className={tdClass}>
        {c.ageDays} {c.ageDays === 1 ? "day" : "days"}
        <span className="block text-xs text-muted-foreground">{formatUkShortDateTime(c.createdAt)}</span>
      </td>
      <td className={tdClass}>
        {formatUkDate(c.replyDue)}
        {c.overdue ? <strong className="block text-destructive">Overdue</strong> : null}
      </td>
      <td className={tdClass}>
        {c.name}
        <span className="block wrap-anywhere text-xs text-muted-foreground">{c.email}</span>
      </td>
      <td className={tdClass}>{c.orderReference ?? "None"}</td>
      <td className={`${tdClass} max-w-md whitespace-pre-line wrap-anywhere`}>{c.details}</td>
      <td className={tdClass}>{c.status}</td>
      {actions ? (
        <td className={`${tdClass} space-y-2`}>
          {c.status === "open" ? (
            <PostButton values={{ intent: "answered", complaintId: c.id }} size="sm" variant="outline">
              Mark answered<span className="sr-only"> {c.reference}</span>
            </PostButton>
          ) : null}
          <PostButton values={{ intent: "resolved", complaintId: c.id }} size="sm" variant="outline">
            Mark resolved<span className="sr-only"> {c.reference}</span>
          </PostButton>
        </td>
      ) : null}
    </tr>
  );
}

const COLUMNS = ["Reference", "Age", "Reply due", "From", "Order", "Details", "Status"];

export default function ComplaintsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, resolved } = loaderData;
  return (
    <AdminPage title="Complaints" intro="Open and answered complaints, oldest first. Every change is logged.">
      {actionData?.notice ? <FormAlert notice={actionData.notice} /> : null}
      <AdminSection id="pending-complaints-title" title={`${pending.length} not resolved`}>
        {pending.length ? (
          <AdminTable
            label="Complaints not resolved"
            caption="Complaints not resolved, oldest first"
            columns={[...COLUMNS, "Actions"]}
          >
            {pending.map((c) => (
              <ComplaintRow key={c.id} c={c} actions />
            ))}
          </AdminTable>
        ) : (
          <p>No complaints are waiting.</p>
        )}
      </AdminSection>
      <AdminSection id="resolved-complaints-title" title="Recently resolved">
        {resolved.length ? (
          <AdminTable label="Recently resolved complaints" caption="Recently resolved complaints" columns={COLUMNS}>
            {resolved.map((c) => (
              <ComplaintRow key={c.id} c={c} actions={false} />
            ))}
          </AdminTable>
        ) : (
          <p>None yet.</p>
        )}
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
