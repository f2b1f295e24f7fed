import { Plus } from "lucide-react";
import { Link } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { CompetitionFilters, CompetitionsTable } from "~/components/admin/competitions-table";
import { buttonClass } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import { COMPETITION_TABLE, tableQueryOf } from "~/schemas/admin-tables";
import { listAdminCompetitions } from "~/server/admin/competitions.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/competitions";

export const permission = { loader: "competition:read" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const { competitions, total, pages, query } = await listAdminCompetitions(
    services,
    tableQueryOf(COMPETITION_TABLE, request),
  );
  const can = {
    edit: staff.permissions.has("competition:edit"),
    postal: staff.permissions.has("postal:record"),
    export: staff.permissions.has("participants:export"),
  };
  return { query, competitions, total, pages, can };
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Competitions", "Staff list of competitions.", [{ name: "robots", content: "noindex" }]);

export default function AdminCompetitionsPage({ loaderData }: Route.ComponentProps) {
  const { query, competitions, total, pages, can } = loaderData;
  const list = { spec: COMPETITION_TABLE, query, total, pages };
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Competitions</h1>
        {can.edit ? (
          <Link to="/admin/create-competition" className={buttonClass("primary", "sm")}>
            <Plus aria-hidden="true" className="h-4 w-4" /> New competition
          </Link>
        ) : null}
      </div>
      <div className="mt-6">
        <CompetitionFilters list={list} />
      </div>
      <p className="mt-6 text-sm text-muted-foreground" aria-live="polite">
        {total.toLocaleString("en-GB")} {total === 1 ? "competition" : "competitions"}
      </p>
      <div className="mt-3">
        <CompetitionsTable rows={competitions} can={can} list={list} />
      </div>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
