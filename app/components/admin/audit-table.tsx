import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { formatUkShortDateTime } from "~/domain/london-format";
import type { AuditQuery } from "~/schemas/admin-audit";
import { ScrollRegion } from "./scroll-region";

type AuditRow = {
  id: number;
  createdAt: string | Date;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  subject: string | null;
  before: unknown;
  after: unknown;
};

function FilterField({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="mt-1.5">{children}</div>
    </div>
  );
}

/** Filters by action, actor e-mail ("system" for the jobs), subject and London days: a GET form, so links work. */
export function AuditFilters({ query, actions }: { query: AuditQuery; actions: string[] }) {
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter the audit log"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end"
    >
      <FilterField id="audit-action" label="Action">
        <select id="audit-action" name="action" defaultValue={query.action} className={inputClass}>
          <option value="">All actions</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="audit-actor" label="Who (e-mail)">
        <input id="audit-actor" name="actor" type="search" defaultValue={query.actor} className={inputClass} />
      </FilterField>
      <FilterField id="audit-subject" label="Subject">
        <input
          id="audit-subject"
          name="subject"
          type="search"
          defaultValue={query.subject}
          placeholder="competition:12"
          className={inputClass}
        />
      </FilterField>
      <FilterField id="audit-from" label="From (UK date)">
        <input id="audit-from" name="from" type="date" defaultValue={query.from} className={inputClass} />
      </FilterField>
      <FilterField id="audit-to" label="To (UK date)">
        <input id="audit-to" name="to" type="date" defaultValue={query.to} className={inputClass} />
      </FilterField>
      <Button type="submit" variant="outline">
        Apply
      </Button>
    </Form>
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

function Subject({ subject, linkCompetitions }: { subject: string | null; linkCompetitions: boolean }) {
  const competition = subject?.match(/^competition:(\d+)$/)?.[1];
  if (competition && linkCompetitions) return <Link to={`/admin/competitions/${competition}`}>{subject}</Link>;
  return <>{subject ?? "—"}</>;
}

const th = "py-2 pr-4 font-medium whitespace-nowrap";

export function AuditTable({ rows, linkCompetitions }: { rows: AuditRow[]; linkCompetitions: boolean }) {
  if (rows.length === 0) return <p className="text-muted-foreground">No entries match.</p>;
  return (
    <ScrollRegion label="Audit entries">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Audit log, newest first</caption>
        <thead className="text-muted-foreground">
          <tr>
            {["When (UK time)", "Who", "Action", "Subject", "Before", "After"].map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-t border-border align-top" data-audit-id={r.id}>
              <td className="py-2 pr-4 whitespace-nowrap">{formatUkShortDateTime(r.createdAt)}</td>
              <td className="py-2 pr-4 break-all">{r.actorUserId ? (r.actorEmail ?? r.actorUserId) : "system"}</td>
              <td className="py-2 pr-4 whitespace-nowrap">{r.action}</td>
              <td className="py-2 pr-4 whitespace-nowrap">
                <Subject subject={r.subject} linkCompetitions={linkCompetitions} />
              </td>
              <td className="max-w-72 py-2 pr-4">
                <Changes value={r.before} />
              </td>
              <td className="max-w-72 py-2">
                <Changes value={r.after} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
