import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { STATUS_LABELS } from "~/content/admin-competitions";
import { COMPETITION_STATUSES, type CompetitionStatus } from "~/db/constants";
import { formatUkShortDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import type { AdminCompetitionQuery } from "~/schemas/admin-competition";
import { ExportParticipants } from "./export-participants";
import { ScrollRegion } from "./scroll-region";
import { StatusBadge } from "./status-badge";

type CompetitionListRow = {
  id: number;
  title: string;
  status: CompetitionStatus;
  ticketsSold: number;
  totalTickets: number;
  revenuePence: number;
  goLiveAt: string | Date | null;
  endDate: string | Date;
  featured: boolean;
};

/** Search and status filter: a GET form, so a filtered list is a link that works without JavaScript. */
export function CompetitionFilters({ query }: { query: AdminCompetitionQuery }) {
  return (
    <Form method="get" role="search" aria-label="Filter competitions" className="flex flex-wrap items-end gap-3">
      <div className="min-w-56 flex-1">
        <label htmlFor="competition-search" className="block text-sm font-medium">
          Search
        </label>
        <input
          id="competition-search"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder="Title or prize"
          className={`${inputClass} mt-1.5`}
        />
      </div>
      <div>
        <label htmlFor="competition-status" className="block text-sm font-medium">
          Status
        </label>
        <select
          id="competition-status"
          name="status"
          defaultValue={query.status ?? ""}
          className={`${inputClass} mt-1.5`}
        >
          <option value="">All statuses</option>
          {COMPETITION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline">
        Apply
      </Button>
    </Form>
  );
}

const th = "py-2 pr-4 font-medium whitespace-nowrap";

/** What the signed-in staff member may do from the list: each shows its own link. */
type CompetitionListPowers = { edit: boolean; postal: boolean; export: boolean };

export function CompetitionsTable({ rows, can }: { rows: CompetitionListRow[]; can: CompetitionListPowers }) {
  const anyAction = can.edit || can.postal || can.export;
  if (rows.length === 0) return <p className="text-muted-foreground">No competitions match.</p>;
  return (
    <ScrollRegion label="Competitions table">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Competitions, newest first</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className={th}>
              Title
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={`${th} text-right`}>
              Sold / total
            </th>
            <th scope="col" className={`${th} text-right`}>
              Revenue
            </th>
            <th scope="col" className={th}>
              Closes (UK time)
            </th>
            <th scope="col" className={th}>
              Featured
            </th>
            {anyAction ? (
              <th scope="col" className={th}>
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.id} className="border-t border-border align-top" data-competition-id={c.id}>
              <td className="min-w-48 py-2 pr-4 font-medium">{c.title}</td>
              <td className="py-2 pr-4">
                <StatusBadge status={c.status} />
              </td>
              <td className="py-2 pr-4 text-right whitespace-nowrap tabular-nums">
                {c.ticketsSold.toLocaleString("en-GB")} / {c.totalTickets.toLocaleString("en-GB")}
              </td>
              <td className="py-2 pr-4 text-right whitespace-nowrap tabular-nums">{formatPence(c.revenuePence)}</td>
              <td className="py-2 pr-4 whitespace-nowrap">{formatUkShortDateTime(c.endDate)}</td>
              <td className="py-2 pr-4">{c.featured ? "Yes" : "No"}</td>
              {anyAction ? <CompetitionActions competition={c} can={can} /> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

const POSTAL_STATUSES: readonly CompetitionStatus[] = ["active", "closed"];

function CompetitionActions({ competition: c, can }: { competition: CompetitionListRow; can: CompetitionListPowers }) {
  return (
    <td className="py-2 whitespace-nowrap">
      {can.edit ? (
        <>
          <Link
            to={`/admin/competitions/${c.id}`}
            className={buttonClass("outline", "sm")}
            aria-label={`Edit ${c.title}`}
          >
            Edit
          </Link>{" "}
          <Link
            to={`/admin/create-competition?copy=${c.id}`}
            className={buttonClass("ghost", "sm")}
            aria-label={`Duplicate ${c.title}`}
          >
            Duplicate
          </Link>{" "}
        </>
      ) : null}
      {can.postal && POSTAL_STATUSES.includes(c.status) ? (
        <Link
          to={`/admin/competitions/${c.id}/postal`}
          className={buttonClass("ghost", "sm")}
          aria-label={`Postal entries for ${c.title}`}
        >
          Postal entries
        </Link>
      ) : null}{" "}
      {can.export && c.status !== "draft" && c.status !== "scheduled" ? (
        <ExportParticipants competitionId={c.id} title={c.title} />
      ) : null}
    </td>
  );
}
