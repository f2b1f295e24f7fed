import { Link } from "react-router";
import { AdminErrorBoundary, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { DailyCharts } from "~/components/admin/daily-chart";
import { FunnelTable, SellThroughTable, StatCards, ToDoPanel } from "~/components/admin/dashboard-panels";
import { OrdersTable } from "~/components/admin/orders-table";
import { FormAlert } from "~/components/auth/form-alert";
import { textLinkClass } from "~/components/legal-page";
import { ROLE_MESSAGES } from "~/content/account";
import { pageMeta } from "~/lib/seo";
import { CHART_DAYS, LATEST_PAID_ORDERS } from "~/schemas/admin-orders";
import { getDashboard } from "~/server/admin/dashboard.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/dashboard";

export const permission = { loader: "dashboard:read" } as const;

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  try {
    return { dashboard: await getDashboard(services) };
  } catch (error) {
    services.logger.error({ err: error }, "admin data failed to load");
    return { dashboard: null };
  }
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Admin dashboard", "Paddock administration.", [{ name: "robots", content: "noindex" }]);

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { dashboard } = loaderData;
  if (!dashboard)
    return (
      <AdminPage title="Admin dashboard">
        <FormAlert notice={{ type: "error", title: "Error", description: ROLE_MESSAGES.adminData }} />
      </AdminPage>
    );
  return (
    <AdminPage title="Admin dashboard">
      <section aria-labelledby="stats-title">
        <h2 id="stats-title" className="sr-only">
          Overview
        </h2>
        <StatCards cards={dashboard.cards} />
      </section>
      <AdminSection id="todo-title" title="To do">
        <ToDoPanel todo={dashboard.todo} />
      </AdminSection>
      <AdminSection id="daily-title" title={`Last ${CHART_DAYS} days`}>
        <DailyCharts days={dashboard.daily} />
      </AdminSection>
      <AdminSection id="sell-through-title" title="Sell-through">
        <SellThroughTable rows={dashboard.selling} />
      </AdminSection>
      <AdminSection id="funnel-title" title="Checkout funnel and wrong answers">
        <FunnelTable rows={dashboard.perCompetition} />
      </AdminSection>
      <AdminSection
        id="latest-title"
        title={`Latest ${LATEST_PAID_ORDERS} paid orders`}
        actions={
          <Link to="/admin/orders" className={textLinkClass}>
            All orders
          </Link>
        }
      >
        <OrdersTable orders={dashboard.latest} caption="Latest paid orders, newest first" />
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
