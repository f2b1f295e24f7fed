import { data, Link } from "react-router";
import { AdminErrorBoundary, AdminPage, AdminSection, AdminTable, tdClass } from "~/components/admin/admin-page";
import { PostalEntryForm } from "~/components/admin/postal-entry-form";
import { StatusBadge } from "~/components/admin/status-badge";
import { textLinkClass } from "~/components/legal-page";
import { StatList } from "~/components/stat-list";
import { POSTAL_LIST_LIMIT, POSTAL_MESSAGES } from "~/content/postal";
import { POSTAL_REJECTION_REASONS } from "~/db/constants";
import { formatUkDateTime } from "~/domain/london-format";
import { pageMeta } from "~/lib/seo";
import { CompetitionIdParamSchema } from "~/schemas/competition-query";
import { errorNotice, formCheck } from "~/schemas/form";
import { PostalEntrySchema } from "~/schemas/postal";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { getPostalPage, type RecordPostalOutcome, recordPostalEntry } from "~/server/postal/postal-entries.server";
import type { Route } from "./+types/postal-entries";

export const permission = { loader: "postal:record", action: "postal:record" } as const;

const postalCheck = formCheck(PostalEntrySchema);

function requireCompetitionId(raw: string) {
  const id = CompetitionIdParamSchema.safeParse(raw);
  if (!id.success) throw data({ message: POSTAL_MESSAGES.notFound }, { status: 404 });
  return id.data;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const page = await getPostalPage(context.get(servicesContext), requireCompetitionId(params.id));
  if (!page) throw data({ message: POSTAL_MESSAGES.notFound }, { status: 404 });
  return page;
}

function outcomeToast(outcome: Extract<RecordPostalOutcome, { ok: true }>) {
  return outcome.outcome === "accepted"
    ? {
        type: "success" as const,
        title: POSTAL_MESSAGES.acceptedTitle,
        description: POSTAL_MESSAGES.accepted(outcome.ticketNumber),
      }
    : {
        type: "error" as const,
        title: POSTAL_MESSAGES.rejectedTitle,
        description: POSTAL_MESSAGES.rejected(outcome.reason, outcome.detail),
      };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requirePermission(context, permission.action);
  const services = context.get(servicesContext);
  const id = requireCompetitionId(params.id);
  const submission = await readSubmission(services, request, PostalEntrySchema);
  if (submission.status !== "success") return refused(submission, postalCheck);
  const outcome = await recordPostalEntry(services, staff.user.id, id, submission.value);
  if (!outcome.ok) {
    return outcome.field
      ? formReply(submission, { status: outcome.status, fieldErrors: { [outcome.field]: [outcome.message] } })
      : formReply(submission, { status: outcome.status, notice: errorNotice("Not recorded", outcome.message) });
  }
  return redirectWithToast(services, `/admin/competitions/${id}/postal`, outcomeToast(outcome));
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    data && "competition" in data ? `Postal entries: ${data.competition.title}` : "Postal entries",
    "Record free postal entries.",
    [{ name: "robots", content: "noindex" }],
  );

export default function PostalEntriesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { competition, counts, rejections, entries } = loaderData;
  return (
    <AdminPage title={`Postal entries: ${competition.title}`}>
      <p>
        <Link to={`/admin/competitions/${competition.id}`} className={textLinkClass}>
          Back to the competition
        </Link>
      </p>
      <AdminSection id="postal-counts-title" title="Outcomes">
        <StatList
          items={[
            { label: "Status", value: <StatusBadge status={competition.status} /> },
            { label: "Entries close", value: formatUkDateTime(competition.closesAt) },
            { label: "Accepted", value: counts.accepted, id: "accepted" },
            { label: "Rejected", value: counts.rejected, id: "rejected" },
            ...POSTAL_REJECTION_REASONS.map((reason) => ({
              label: `Rejected: ${reason}`,
              value: rejections[reason] ?? 0,
            })),
          ]}
        />
      </AdminSection>
      <AdminSection id="postal-record-title" title="Record an entry from its card">
        <PostalEntryForm
          skillQuestion={competition.skillQuestion}
          skillOptions={competition.skillOptions}
          lastResult={actionData?.result}
          notice={actionData?.notice}
        />
      </AdminSection>
      <AdminSection id="postal-list-title" title="Entries recorded">
        {entries.length === 0 ? (
          <p>No postal entries have been recorded for this competition.</p>
        ) : (
          <AdminTable
            label="Postal entries recorded"
            caption={`The latest ${POSTAL_LIST_LIMIT} postal entries, newest first`}
            columns={["Recorded", "Received", "Envelope", "Name", "Outcome", "Ticket", "By"]}
          >
            {entries.map((e) => (
              <tr key={e.id} data-testid="postal-entry" className="border-t border-border">
                <td className={tdClass}>{formatUkDateTime(e.recordedAt)}</td>
                <td className={tdClass}>{formatUkDateTime(e.receivedAt)}</td>
                <td className={tdClass}>{e.envelopeRef}</td>
                <td className={tdClass}>{e.fullName || "(not given)"}</td>
                <td className={tdClass}>
                  {e.outcome === "accepted" ? "Accepted" : `Rejected: ${e.reason}`}
                  {e.reasonDetail ? <span className="block text-muted-foreground">{e.reasonDetail}</span> : null}
                </td>
                <td className={tdClass}>{e.ticketNumber ?? "–"}</td>
                <td className={tdClass}>{e.recordedBy ?? "–"}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
