import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { AuditFilters, AuditTable } from "~/components/admin/audit-table";
import { pageMeta } from "~/lib/seo";
import { AUDIT_TABLE, tableQueryOf } from "~/schemas/admin-tables";
import { listAudit } from "~/server/admin/audit.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/audit";

export const permission = { loader: "audit:read" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const { query, entries, total, pages, actions } = await listAudit(
    services,
    tableQueryOf(AUDIT_TABLE, request),
    (permission) => staff.permissions.has(permission),
  );
  return { query, entries, total, pages, actions };
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Audit log", "Every staff action.", [{ name: "robots", content: "noindex" }]);

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { query, entries, total, pages, actions } = loaderData;
  const list = { spec: AUDIT_TABLE, query, total, pages };
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">Audit log</h1>
      <p className="mt-2 max-w-prose text-muted-foreground">
        Every staff action, and every move the system made by itself, with the state before and after. Newest first.
      </p>
      <div className="mt-6">
        <AuditFilters list={list} actions={actions} />
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        {total.toLocaleString("en-GB")} {total === 1 ? "entry" : "entries"}
      </p>
      <div className="mt-3">
        <AuditTable rows={entries} list={list} />
      </div>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
