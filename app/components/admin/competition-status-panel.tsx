import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/auth/form-alert";
import { Button, buttonClass } from "~/components/ui/button";
import type { CompetitionStatus } from "~/db/constants";
import { formatUkWeekdayDateTime } from "~/domain/london-format";
import type { FormNotice } from "~/schemas/form";
import { ConfirmStep } from "./confirm-step";
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
  /** Which cancel link it offers (admins only): to cancel it, or to follow a cancellation's refunds. */
  cancelPage?: "cancel" | "refunds" | null;
  cancelled?: boolean;
  /** The server asked to confirm scheduling: the question replaces the buttons. */
  confirmSchedule?: boolean;
  title?: string;
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
  const here = `/admin/competitions/${id}`;
  const linkClass = buttonClass("ghost", "sm");
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
      {props.confirmSchedule && props.canSchedule ? (
        <div className="mt-4">
          <ConfirmStep
            title="Schedule this competition?"
            values={{ intent: "schedule" }}
            confirmLabel="Yes, schedule it"
            busyLabel="Scheduling…"
            backTo={here}
          >
            <p>
              {props.title ? `“${props.title}” ` : "It "}goes live by itself on{" "}
              {goLiveAt ? formatUkWeekdayDateTime(goLiveAt) : "its go-live time"} and takes entries until{" "}
              {formatUkWeekdayDateTime(endDate)}.
            </p>
            <p>From then its closing date, prize, price and question cannot change: entrants rely on them.</p>
          </ConfirmStep>
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {props.canSchedule ? <IntentButton intent="schedule" label="Schedule" /> : null}
          {props.canUnschedule ? <IntentButton intent="unschedule" label="Back to draft" variant="outline" /> : null}
          <Link to={`/admin/create-competition?copy=${id}`} className={buttonClass("outline", "sm")}>
            Duplicate
          </Link>
          {props.published && !props.cancelled ? (
            <Link to={`${here}/draw`} className={buttonClass(drawDue ? "primary" : "outline", "sm")}>
              {drawDue ? "Select winner" : "Draw"}
            </Link>
          ) : null}
        </div>
      )}
      <nav aria-label="This competition's pages" className="mt-4 border-t border-border pt-3">
        <ul className="flex flex-wrap gap-1">
          <li>
            <a href="#pictures" className={linkClass}>
              Pictures
            </a>
          </li>
          <li>
            <Link to={`${here}/instant-wins`} className={linkClass}>
              Instant wins
            </Link>
          </li>
          {props.published ? (
            <li>
              <Link to={`${here}/postal`} className={linkClass}>
                Postal entries
              </Link>
            </li>
          ) : null}
          <li>
            {props.published ? (
              <Link to={`/competition/${id}`} className={linkClass}>
                View public page
              </Link>
            ) : (
              <Link to={`/competition/${id}?preview=1`} className={linkClass}>
                Preview public page
              </Link>
            )}
          </li>
          {props.cancelPage === "cancel" ? (
            <li>
              <Link to={`${here}/cancel`} className={`${linkClass} text-destructive`}>
                Cancel competition
              </Link>
            </li>
          ) : props.cancelPage === "refunds" && props.cancelled ? (
            <li>
              <Link to={`${here}/cancel`} className={linkClass}>
                Cancellation and refunds
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
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
