import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { STATUS_LABELS } from "~/content/admin-competitions";
import { COMPETITION_STATUSES, type CompetitionStatus } from "~/db/constants";
import { formatUkDate, formatUkShortDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import type { COMPETITION_TABLE, ListOf } from "~/schemas/admin-tables";
import { type DataColumn, DataTable, FilterSelect, optionsOf, TableFilters } from "./data-table";
import { ExportParticipants } from "./export-participants";
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
  createdAt: string | Date;
};

type CompetitionList = ListOf<typeof COMPETITION_TABLE>;

/** Search, status and featured: a GET form, so a filtered list is a link that works without JavaScript. */
export function CompetitionFilters({ list }: { list: CompetitionList }) {
  const { filters } = list.query;
  return (
    <TableFilters list={list} label="Filter competitions" search={{ label: "Search", placeholder: "Title or prize" }}>
      <FilterSelect
        name="status"
        label="Status"
        value={filters.status}
        any="All statuses"
        options={optionsOf(COMPETITION_STATUSES, STATUS_LABELS)}
      />
      <FilterSelect
        name="featured"
        label="Featured"
        value={filters.featured}
        any="All"
        options={[["yes", "Featured only"]]}
      />
    </TableFilters>
  );
}

/** What the signed-in staff member may do from the list: each shows its own link. */
type CompetitionListPowers = { edit: boolean; postal: boolean; export: boolean };

export function CompetitionsTable({
  rows,
  can,
  list,
}: {
  rows: CompetitionListRow[];
  can: CompetitionListPowers;
  list: CompetitionList;
}) {
  const anyAction = can.edit || can.postal || can.export;
  const columns: DataColumn<CompetitionList["query"]["sort"]>[] = [
    { label: "Title", sort: "title" },
    { label: "Status", sort: "status" },
    { label: "Sold / total", sort: "sold", numeric: true },
    { label: "Revenue", numeric: true },
    { label: "Closes (UK time)", sort: "closes" },
    { label: "Featured" },
    { label: "Created", sort: "created" },
    ...(anyAction ? [{ label: "Actions", hidden: true }] : []),
  ];
  return (
    <DataTable
      list={list}
      label="Competitions table"
      caption="Competitions"
      columns={columns}
      empty="No competitions match."
    >
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
          <td className="py-2 pr-4 whitespace-nowrap">{formatUkDate(c.createdAt)}</td>
          {anyAction ? <CompetitionActions competition={c} can={can} /> : null}
        </tr>
      ))}
    </DataTable>
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
