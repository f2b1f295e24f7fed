import { useLocation } from "react-router";
import { AdminErrorBoundary, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { OrderFiltersForm, Pagination } from "~/components/admin/order-filters";
import { OrdersTable } from "~/components/admin/orders-table";
import { pageMeta } from "~/lib/seo";
import { OrderFiltersSchema } from "~/schemas/admin-orders";
import { listOrders } from "~/server/admin/orders.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/orders";

export const permission = { loader: "order:read" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const filters = OrderFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { filters, ...(await listOrders(services, filters)) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Orders", "Paddock orders.", [{ name: "robots", content: "noindex" }]);

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { filters, orders, total, page, pageCount, competitions } = loaderData;
  const { search } = useLocation();
  return (
    <AdminPage title="Orders" intro="Paid orders first, newest first. Filter to see every order.">
      <AdminSection id="filters-title" title="Filter">
        <OrderFiltersForm filters={filters} competitions={competitions} />
      </AdminSection>
      <AdminSection id="orders-title" title={`${total.toLocaleString("en-GB")} ${total === 1 ? "order" : "orders"}`}>
        <OrdersTable orders={orders} caption="Orders, newest first" />
        <Pagination page={page} pageCount={pageCount} search={search} />
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
