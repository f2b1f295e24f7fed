import { Link, useLocation } from "react-router";
import { AdminErrorBoundary, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { DailyCharts } from "~/components/admin/daily-chart";
import { FunnelTable, SellThroughTable, StatCards, ToDoPanel } from "~/components/admin/dashboard-panels";
import { PeriodPicker } from "~/components/admin/dashboard-period";
import { OrdersTable } from "~/components/admin/orders-table";
import { FormAlert } from "~/components/auth/form-alert";
import { textLinkClass } from "~/components/legal-page";
import { ROLE_MESSAGES } from "~/content/account";
import { DASHBOARD_TOP, periodLabel, readDashboardPeriod } from "~/domain/dashboard-period";
import { pageMeta } from "~/lib/seo";
import { getDashboard } from "~/server/admin/dashboard.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/dashboard";

export const permission = { loader: "dashboard:read" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const period = readDashboardPeriod(params, services.now());
  try {
    return { dashboard: await getDashboard(services, period, { funnelAll: params.get("funnel") === "all" }) };
  } catch (error) {
    services.logger.error({ err: error }, "admin data failed to load");
    return { dashboard: null };
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Admin dashboard", "Paddock administration.", [{ name: "robots", content: "noindex" }]);

function ViewAll({ to, what }: { to: string; what: string }) {
  return (
    <Link to={to} className={textLinkClass}>
      View all<span className="sr-only"> {what}</span>
    </Link>
  );
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { dashboard } = loaderData;
  const { search } = useLocation();
  if (!dashboard)
    return (
      <AdminPage title="Admin dashboard">
        <FormAlert notice={{ type: "error", title: "Error", description: ROLE_MESSAGES.adminData }} />
      </AdminPage>
    );
  const { period, perCompetition } = dashboard;
  const funnelAll = perCompetition.rows.length > DASHBOARD_TOP;
  // The funnel table's own switch keeps the period the page shows.
  const funnelSwitch = new URLSearchParams(search);
  if (funnelAll) funnelSwitch.delete("funnel");
  else funnelSwitch.set("funnel", "all");
  return (
    <AdminPage title="Admin dashboard">
      <section aria-labelledby="stats-title" className="space-y-4">
        <h2 id="stats-title" className="text-xl font-semibold">
          {periodLabel(period)}
        </h2>
        <PeriodPicker period={period} />
        <StatCards cards={dashboard.cards} period={period} />
      </section>
      <AdminSection id="todo-title" title="To do">
        <ToDoPanel todo={dashboard.todo} />
      </AdminSection>
      <AdminSection id="daily-title" title={`By day: ${periodLabel(period).toLowerCase()}`}>
        <DailyCharts days={dashboard.daily} />
      </AdminSection>
      <AdminSection
        id="sell-through-title"
        title="Sell-through, closing soonest"
        actions={<ViewAll to="/admin/competitions?status=active&sort=closes" what="active competitions" />}
      >
        <SellThroughTable rows={dashboard.selling} />
      </AdminSection>
      <AdminSection
        id="funnel-title"
        title="Checkout funnel and wrong answers"
        actions={
          perCompetition.total > DASHBOARD_TOP ? (
            <Link to={`/admin?${funnelSwitch}`} className={textLinkClass} preventScrollReset>
              {funnelAll ? "Show the newest 5" : `Show all ${perCompetition.total}`}
              <span className="sr-only"> competitions in the funnel table</span>
            </Link>
          ) : null
        }
      >
        <FunnelTable rows={perCompetition.rows} />
      </AdminSection>
      <AdminSection
        id="latest-title"
        title="Latest paid orders"
        actions={<ViewAll to="/admin/orders" what="paid orders" />}
      >
        <OrdersTable orders={dashboard.latest} caption="Latest paid orders, newest first" />
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
