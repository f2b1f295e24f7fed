import { Form } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { AdminPage, AdminSection, Facts, tdClass } from "~/components/admin/admin-page";
import { type DataColumn, DataTable, FilterSelect, optionsOf, TableFilters } from "~/components/admin/data-table";
import { FormAlert } from "~/components/auth/form-alert";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { PostButton } from "~/components/ui/post-button";
import { formatUkShortDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import { pageMeta } from "~/lib/seo";
import { AUTO_SEND_CHOICES, recoveryCheck } from "~/schemas/admin-recovery";
import { RECOVERY_TABLE, tableQueryOf } from "~/schemas/admin-tables";
import { errorNotice } from "~/schemas/form";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import { formReply, readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { type AbandonedRow, listAbandonedCheckouts } from "~/server/recovery/abandoned.server";
import { dismissAbandoned, sendRecoveryEmail, setAutoSend } from "~/server/recovery/send.server";
import type { Route } from "./+types/admin-recovery";

export const permission = { loader: "recovery:send", action: "recovery:send" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  return listAbandonedCheckouts(context.get(servicesContext), tableQueryOf(RECOVERY_TABLE, request));
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requirePermission(context, permission.action).user;
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, recoveryCheck.schema);
  if (submission.status !== "success") return refused(submission, recoveryCheck);
  const input = submission.value;
  const back = (title: string, description?: string) =>
    redirectWithToast(services, `/admin/recovery${new URL(request.url).search}`, {
      type: "success",
      title,
      description,
    });
  if (input.intent === "auto") {
    await setAutoSend(services, staff.id, input.autoSendHours);
    return back(
      input.autoSendHours === null
        ? "Automatic recovery e-mails are off"
        : `Recovery e-mails will be sent ${hoursText(input.autoSendHours)} after a checkout is abandoned`,
    );
  }
  if (input.intent === "send") {
    const sent = await sendRecoveryEmail(services, input.orderId, staff.id);
    if (sent.ok) return back("Recovery e-mail sent", `Sent to ${sent.email}.`);
    return formReply(submission, { status: 409, notice: errorNotice("Not sent", sent.message) });
  }
  const dismissed = await dismissAbandoned(services, input.orderId, staff.id);
  if (dismissed.ok) return back("Removed from the list");
  return formReply(submission, { status: 409, notice: errorNotice("Not changed", dismissed.message) });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Recovery", "Abandoned checkouts and recovery e-mails.", [{ name: "robots", content: "noindex" }]);

const hoursText = (hours: number) =>
  hours % 24 === 0 ? `${hours / 24} ${hours === 24 ? "day" : "days"}` : `${hours} ${hours === 1 ? "hour" : "hours"}`;

function RecoveryCell({ row }: { row: AbandonedRow }) {
  if (!row.recovery) return <>Not sent</>;
  return (
    <>
      Sent {formatUkShortDateTime(row.recovery.sentAt)}
      <span className="block text-xs text-muted-foreground">
        {row.recovery.automatic ? "Automatically" : "By staff"}
        {row.recovery.used ? "; link used" : ""}
      </span>
    </>
  );
}

function AbandonedRowView({ row }: { row: AbandonedRow }) {
  const who = <span className="sr-only"> for {row.email}</span>;
  return (
    <tr className="border-t border-border" data-testid="abandoned-row">
      <td className={`${tdClass} wrap-anywhere`}>{row.email}</td>
      <td className={tdClass}>
        <ul>
          {row.lines.map((line) => (
            <li key={line.competitionId}>{line.title}</li>
          ))}
        </ul>
      </td>
      <td className={`${tdClass} text-right`}>{row.quantity}</td>
      <td className={`${tdClass} text-right`}>{formatPence(row.totalPence)}</td>
      <td className={`${tdClass} whitespace-nowrap`}>
        {row.abandonedAgo}
        <span className="block text-xs text-muted-foreground">
          {row.status === "expired" ? "Expired" : "Cancelled"} {formatUkShortDateTime(row.abandonedAt)}
        </span>
      </td>
      <td className={tdClass}>
        <RecoveryCell row={row} />
      </td>
      <td className={`${tdClass} max-w-xs`}>{row.basisText}</td>
      {/* relative: the buttons' screen-reader text stays inside the table's scrolling region on a phone. */}
      <td className={`${tdClass} relative space-y-2`}>
        {row.canSend ? (
          <PostButton values={{ intent: "send", orderId: row.orderId }} size="sm">
            Send recovery e-mail{who}
          </PostButton>
        ) : null}
        <PostButton values={{ intent: "dismiss", orderId: row.orderId }} size="sm" variant="outline">
          Dismiss{who}
        </PostButton>
      </td>
    </tr>
  );
}

type Sort = Route.ComponentProps["loaderData"]["query"]["sort"];

const COLUMNS: DataColumn<Sort>[] = [
  { label: "E-mail", sort: "email" },
  { label: "Competitions" },
  { label: "Quantity", numeric: true },
  { label: "Total", sort: "total", numeric: true },
  { label: "Abandoned", sort: "abandoned" },
  { label: "Recovery" },
  { label: "Lawful basis" },
  { label: "Actions" },
];

export default function RecoveryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { abandoned, total, pages, query, stats, autoSendHours } = loaderData;
  const list = { spec: RECOVERY_TABLE, query, total, pages };
  return (
    <AdminPage
      title="Recovery"
      intro={
        "Checkouts that expired or were cancelled without payment. A recovery e-mail goes only to people with " +
        "marketing consent, or existing customers under the soft opt-in, and always carries a one-click opt-out."
      }
    >
      {actionData?.notice ? <FormAlert notice={actionData.notice} /> : null}
      <AdminSection id="recovery-results-title" title="Results">
        <Facts
          items={[
            ["Recovery e-mails sent", String(stats.sent)],
            ["Links used", String(stats.used)],
            ["Recovered checkouts paid", String(stats.paid)],
            ["Value of recovered checkouts", formatPence(stats.paidValuePence)],
          ]}
        />
      </AdminSection>
      <AdminSection
        id="abandoned-title"
        title={`${total.toLocaleString("en-GB")} abandoned ${total === 1 ? "checkout" : "checkouts"}`}
      >
        <div className="mb-4">
          <TableFilters list={list} label="Filter abandoned checkouts" search={{ label: "E-mail contains" }}>
            <FilterSelect
              name="status"
              label="Ended"
              value={query.filters.status}
              any="Expired or cancelled"
              options={optionsOf(["expired", "cancelled"] as const, { expired: "Expired", cancelled: "Cancelled" })}
            />
            <FilterSelect
              name="recovery"
              label="Recovery e-mail"
              value={query.filters.recovery}
              any="Sent or not"
              options={optionsOf(["sent", "not-sent"] as const, { sent: "Sent", "not-sent": "Not sent" })}
            />
          </TableFilters>
        </div>
        <DataTable
          list={list}
          label="Abandoned checkouts"
          caption="Abandoned checkouts"
          columns={COLUMNS}
          empty="No abandoned checkouts."
        >
          {abandoned.map((row) => (
            <AbandonedRowView key={row.orderId} row={row} />
          ))}
        </DataTable>
      </AdminSection>
      <AdminSection id="auto-send-title" title="Automatic recovery e-mail">
        <p className="mb-3 text-sm text-muted-foreground">
          When on, one recovery e-mail is sent for each checkout abandoned in the last few days, the chosen time after
          it was abandoned, to people the law allows; at most one a week to anyone.
        </p>
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="auto" />
          <div>
            <label htmlFor="auto-send-hours" className="block text-sm font-medium">
              Send automatically
            </label>
            <select
              id="auto-send-hours"
              name="autoSendHours"
              defaultValue={autoSendHours === null ? "off" : String(autoSendHours)}
              className={`${inputClass} mt-1.5`}
            >
              <option value="off">Off</option>
              {AUTO_SEND_CHOICES.map((hours) => (
                <option key={hours} value={String(hours)}>
                  {hoursText(hours)} after abandonment
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline">
            Save
          </Button>
        </Form>
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
