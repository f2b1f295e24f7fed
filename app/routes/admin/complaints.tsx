import { Link } from "react-router";
import { AdminErrorBoundary, AdminPage, AdminSection, tdClass } from "~/components/admin/admin-page";
import { type DataColumn, DataTable, FilterSelect, optionsOf, TableFilters } from "~/components/admin/data-table";
import { FormAlert } from "~/components/auth/form-alert";
import { PostButton } from "~/components/ui/post-button";
import { formatUkDate, formatUkShortDateTime } from "~/domain/london-format";
import { pageMeta } from "~/lib/seo";
import { COMPLAINT_FILTER_STATUSES, COMPLAINT_TABLE, tableQueryOf } from "~/schemas/admin-tables";
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requirePermission(context, permission.loader);
  const { query, complaints, total, pages } = await listComplaints(
    context.get(servicesContext),
    tableQueryOf(COMPLAINT_TABLE, request),
  );
  return { query, complaints, total, pages, canAnswer: staff.permissions.has("complaint:answer") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requirePermission(context, "complaint:answer").user;
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, complaintProgressCheck.schema);
  if (submission.status !== "success") return refused(submission, complaintProgressCheck);
  const { intent, complaintId } = submission.value;
  const outcome = await progressComplaint(services, staff.id, complaintId, intent);
  // Back to the list as it was (its filters, sort and page), which the form's page address carries.
  const back = `/admin/complaints${new URL(request.url).search}`;
  if (outcome.ok) return redirectWithToast(services, back, { type: "success", title: outcome.message });
  return formReply(submission, { status: outcome.status, notice: errorNotice("Not changed", outcome.message) });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Complaints", "Complaints from the public.", [{ name: "robots", content: "noindex" }]);

type Row = Awaited<ReturnType<typeof listComplaints>>["complaints"][number];

function ComplaintRow({ c, actions }: { c: Row; actions: boolean }) {
  return (
    <tr className="border-t border-border" data-testid="complaint-row">
      <td className={`${tdClass} font-medium whitespace-nowrap`}>
        <Link to={`/admin/complaints/${c.id}`} className="text-primary underline">
          {c.reference}
        </Link>
        <span className="block text-xs font-normal text-muted-foreground">Read and reply</span>
      </td>
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
      <td className={tdClass}>{COMPLAINT_STATUS_LABELS[c.status]}</td>
      {actions ? (
        <td className={`${tdClass} space-y-2`}>
          {c.status === "resolved" ? null : c.status === "open" ? (
            <PostButton values={{ intent: "answered", complaintId: c.id }} size="sm" variant="outline">
              Mark answered<span className="sr-only"> {c.reference}</span>
            </PostButton>
          ) : null}
          {c.status === "resolved" ? null : (
            <PostButton values={{ intent: "resolved", complaintId: c.id }} size="sm" variant="outline">
              Mark resolved<span className="sr-only"> {c.reference}</span>
            </PostButton>
          )}
        </td>
      ) : null}
    </tr>
  );
}

const COMPLAINT_STATUS_LABELS: Record<(typeof COMPLAINT_FILTER_STATUSES)[number], string> = {
  unresolved: "Not resolved",
  open: "Open",
  answered: "Answered",
  resolved: "Resolved",
  all: "All",
};

type Sort = Route.ComponentProps["loaderData"]["query"]["sort"];

export default function ComplaintsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, complaints, total, pages, canAnswer } = loaderData;
  const list = { spec: COMPLAINT_TABLE, query, total, pages };
  const columns: DataColumn<Sort>[] = [
    { label: "Reference" },
    { label: "Age", sort: "received" },
    { label: "Reply due" },
    { label: "From", sort: "name" },
    { label: "Order" },
    { label: "Details" },
    { label: "Status", sort: "status" },
    ...(canAnswer ? [{ label: "Actions" }] : []),
  ];
  return (
    <AdminPage
      title="Complaints"
      intro={
        "Complaints not yet resolved, oldest first, unless you filter or sort. Open a reference to read its " +
        "replies and write one. Every change is logged."
      }
    >
      {actionData?.notice ? <FormAlert notice={actionData.notice} /> : null}
      <TableFilters
        list={list}
        label="Filter complaints"
        search={{ label: "Search", placeholder: "Name, e-mail or PDK-C-…" }}
      >
        <FilterSelect
          name="status"
          label="Status"
          value={query.filters.status}
          options={optionsOf(COMPLAINT_FILTER_STATUSES, COMPLAINT_STATUS_LABELS)}
        />
      </TableFilters>
      <AdminSection
        id="complaints-title"
        title={`${total.toLocaleString("en-GB")} ${total === 1 ? "complaint" : "complaints"}`}
      >
        <DataTable list={list} label="Complaints" caption="Complaints" columns={columns} empty="No complaints match.">
          {complaints.map((c) => (
            <ComplaintRow key={c.id} c={c} actions={canAnswer} />
          ))}
        </DataTable>
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
