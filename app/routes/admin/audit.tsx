import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { AuditFilters, AuditTable } from "~/components/admin/audit-table";
import { Pager } from "~/components/admin/pager";
import { pageMeta } from "~/lib/seo";
import { AUDIT_PAGE_SIZE, parseAuditQuery } from "~/schemas/admin-audit";
import { listAudit } from "~/server/admin/audit.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/audit";

export const permission = { loader: "audit:read" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const query = parseAuditQuery(new URL(request.url).searchParams);
  const page = await listAudit(services, query);
  return { query, ...page, linkCompetitions: staff.permissions.has("competition:edit") };
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Audit log", "Every staff action.", [{ name: "robots", content: "noindex" }]);

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { query, entries, total, actions, linkCompetitions } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">Audit log</h1>
      <p className="mt-2 max-w-prose text-muted-foreground">
        Every staff action, and every move the system made by itself, with the state before and after. Newest first.
      </p>
      <div className="mt-6">
        <AuditFilters query={query} actions={actions} />
      </div>
      <p className="mt-6 text-sm text-muted-foreground">
        {total.toLocaleString("en-GB")} {total === 1 ? "entry" : "entries"}
      </p>
      <div className="mt-3">
        <AuditTable rows={entries} linkCompetitions={linkCompetitions} />
      </div>
      <Pager page={query.page} pageSize={AUDIT_PAGE_SIZE} total={total} label="Audit pages" />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
