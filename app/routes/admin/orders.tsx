import { AdminErrorBoundary, AdminPage, AdminSection } from "~/components/admin/admin-page";
import { OrderFiltersForm } from "~/components/admin/order-filters";
import { OrdersList } from "~/components/admin/orders-table";
import { pageMeta } from "~/lib/seo";
import { ORDER_TABLE, tableQueryOf } from "~/schemas/admin-tables";
import { listOrders } from "~/server/admin/orders.server";
import { requirePermission } from "~/server/admin/staff.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/orders";

export const permission = { loader: "order:read" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, permission.loader);
  const services = context.get(servicesContext);
  const { query, orders, total, pages, competitions } = await listOrders(services, tableQueryOf(ORDER_TABLE, request));
  return { query, orders, total, pages, competitions };
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Orders", "Paddock orders.", [{ name: "robots", content: "noindex" }]);

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { query, orders, total, pages, competitions } = loaderData;
  const list = { spec: ORDER_TABLE, query, total, pages };
  return (
    <AdminPage title="Orders" intro="Paid orders, newest first. Filter to see every order; sort by a column's heading.">
      <AdminSection id="filters-title" title="Filter">
        <OrderFiltersForm list={list} competitions={competitions} />
      </AdminSection>
      <AdminSection id="orders-title" title={`${total.toLocaleString("en-GB")} ${total === 1 ? "order" : "orders"}`}>
        <OrdersList orders={orders} list={list} />
      </AdminSection>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
