import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/auth/form-alert";
import { Button, buttonClass } from "~/components/ui/button";
import type { CompetitionStatus } from "~/db/constants";
import { formatUkWeekdayDateTime } from "~/domain/london-format";
import type { FormNotice } from "~/schemas/form";
import { StatusBadge } from "./status-badge";

type StatusPanelProps = {
  id: number;
  status: CompetitionStatus;
  ticketsSold: number;
  totalTickets: number;
  goLiveAt: string | Date | null;
  endDate: string | Date;
  closedAt: string | Date | null;
  published: boolean;
  canSchedule: boolean;
  canUnschedule: boolean;
  canDelete: boolean;
  notice?: FormNotice | null;
};

function IntentButton({
  intent,
  label,
  variant,
}: {
  intent: string;
  label: string;
  variant?: "outline" | "destructive";
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" size="sm" variant={variant} disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

/** Where the competition is in its life, and the moves staff can make from here. */
export function CompetitionStatusPanel(props: StatusPanelProps) {
  const { id, status, goLiveAt, endDate, closedAt } = props;
  const drawDue = status === "closed";
  return (
    <section
      aria-labelledby="status-title"
      className="rounded-lg border border-border bg-card p-5 text-card-foreground sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="status-title" className="text-lg font-semibold">
          Status
        </h2>
        <StatusBadge status={status} />
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Goes live</dt>
        <dd>{goLiveAt ? formatUkWeekdayDateTime(goLiveAt) : "Not set"}</dd>
        <dt className="text-muted-foreground">Closes</dt>
        <dd>{formatUkWeekdayDateTime(endDate)}</dd>
        {closedAt ? (
          <>
            <dt className="text-muted-foreground">Closed</dt>
            <dd>{formatUkWeekdayDateTime(closedAt)}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Tickets sold</dt>
        <dd>
          {props.ticketsSold.toLocaleString("en-GB")} of {props.totalTickets.toLocaleString("en-GB")}
        </dd>
      </dl>
      <div className="mt-4">
        <FormAlert notice={props.notice} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {props.canSchedule ? <IntentButton intent="schedule" label="Schedule" /> : null}
        {props.canUnschedule ? <IntentButton intent="unschedule" label="Back to draft" variant="outline" /> : null}
        <Link to={`/admin/create-competition?copy=${id}`} className={buttonClass("outline", "sm")}>
          Duplicate
        </Link>
        <Link to={`/admin/competitions/${id}/instant-wins`} className={buttonClass("outline", "sm")}>
          Instant wins
        </Link>
        {props.published ? (
          <Link to={`/admin/competitions/${id}/draw`} className={buttonClass(drawDue ? "primary" : "outline", "sm")}>
            {drawDue ? "Select winner" : "Draw"}
          </Link>
        ) : null}
        {props.published ? (
          <Link to={`/competition/${id}`} className={buttonClass("ghost", "sm")}>
            View public page
          </Link>
        ) : null}
      </div>
      {props.canDelete ? (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-medium">Delete this draft</summary>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <p className="text-sm text-muted-foreground">This cannot be undone.</p>
            <IntentButton intent="delete" label="Yes, delete the draft" variant="destructive" />
          </div>
        </details>
      ) : null}
    </section>
  );
}
