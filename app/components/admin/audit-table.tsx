import { Link } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import type { SubjectView } from "~/domain/audit-subject";
import { formatUkShortDateTime } from "~/domain/london-format";
import type { AUDIT_TABLE, ListOf } from "~/schemas/admin-tables";
import { DataTable, FilterDay, FilterSelect, FilterText, TableFilters } from "./data-table";

type AuditRow = {
  id: number;
  createdAt: string | Date;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  subject: string | null;
  before: unknown;
  after: unknown;
  subjectView: SubjectView;
};

type AuditList = ListOf<typeof AUDIT_TABLE>;

/** Filters by action, actor e-mail ("system" for the jobs), subject and UK days: a GET form, so links work. */
export function AuditFilters({ list, actions }: { list: AuditList; actions: string[] }) {
  const { filters, ignored } = list.query;
  return (
    <TableFilters list={list} label="Filter the audit log">
      <FilterSelect
        name="action"
        label="Action"
        value={filters.action}
        any="All actions"
        options={actions.map((action) => [action, action] as const)}
      />
      <FilterText name="actor" label="Who (e-mail)" hint="or system" value={filters.actor} />
      <FilterText name="subject" label="Subject" hint="competition, or competition:12" value={filters.subject} />
      <FilterDay name="from" label="From (UK date)" value={filters.from} invalid={ignored.includes("from")} />
      <FilterDay name="to" label="To (UK date)" value={filters.to} invalid={ignored.includes("to")} />
    </TableFilters>
  );
}

const shown = (value: unknown) => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
};

/** A before or after state as "field: value" lines. */
function Changes({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-muted-foreground">—</span>;
  if (typeof value !== "object" || Array.isArray(value)) return <span className="break-words">{shown(value)}</span>;
  return (
    <ul className="space-y-0.5">
      {Object.entries(value).map(([key, v]) => (
        <li key={key} className="break-words">
          <span className="text-muted-foreground">{key}:</span> {shown(v)}
        </li>
      ))}
    </ul>
  );
}

function Subject({ view }: { view: SubjectView }) {
  if (view.href)
    return (
      <Link to={view.href} className={textLinkClass}>
        {view.text}
      </Link>
    );
  return <>{view.text}</>;
}

export function AuditTable({ rows, list }: { rows: AuditRow[]; list: AuditList }) {
  return (
    <DataTable
      list={list}
      label="Audit entries"
      caption="Audit log"
      columns={[
        { label: "When (UK time)", sort: "when" },
        { label: "Who" },
        { label: "Action" },
        { label: "Subject" },
        { label: "Before" },
        { label: "After" },
      ]}
      empty="No entries match."
      minWidth="min-w-[48rem]"
    >
      {rows.map((r) => (
        <tr key={r.id} className="border-t border-border align-top" data-audit-id={r.id}>
          <td className="py-2 pr-4 whitespace-nowrap">{formatUkShortDateTime(r.createdAt)}</td>
          <td className="min-w-44 py-2 pr-4 break-all">{r.actorUserId ? (r.actorEmail ?? r.actorUserId) : "system"}</td>
          <td className="py-2 pr-4 whitespace-nowrap">{r.action}</td>
          <td className="min-w-48 py-2 pr-4" data-subject={r.subject ?? ""}>
            <Subject view={r.subjectView} />
          </td>
          <td className="max-w-72 py-2 pr-4">
            <Changes value={r.before} />
          </td>
          <td className="max-w-72 py-2">
            <Changes value={r.after} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
