import { Link } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import { ORDER_STATUS_LABELS } from "~/content/admin-orders";
import { formatUkShortDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import type { ListOf, ORDER_TABLE } from "~/schemas/admin-tables";
import { AdminTable, tdClass } from "./admin-page";
import { type DataColumn, DataTable } from "./data-table";

type OrderSummary = {
  id: string;
  email: string | null;
  status: string;
  totalPence: number;
  createdAt: string | Date;
  paidAt: string | Date | null;
  refundedAt: string | Date | null;
  refundAttempts: number;
  lines: { competitionId: number; title: string; quantity: number }[];
};

/** An id as the spec shows it: its first 8 characters. */
export const shortId = (id: string | number) => String(id).slice(0, 8);

/** Refunded orders read as pending or failed until the provider has confirmed the refund. */
function orderStatusKey(order: Pick<OrderSummary, "status" | "refundedAt" | "refundAttempts">) {
  if (order.status !== "refunded" || order.refundedAt) return order.status;
  return order.refundAttempts > 0 ? "refund_failed" : "refund_pending";
}

export function OrderStatus({ order }: { order: Pick<OrderSummary, "status" | "refundedAt" | "refundAttempts"> }) {
  const key = orderStatusKey(order);
  const tone = key === "refund_failed" ? "border-destructive text-destructive" : "border-border";
  return (
    <span className={`inline-block rounded-full border px-2.5 py-0.5 text-sm whitespace-nowrap ${tone}`}>
      {ORDER_STATUS_LABELS[key] ?? key}
    </span>
  );
}

// Six columns, an e-mail address among them: narrower, a phone wraps them into slivers; the table scrolls instead.
const ORDERS_MIN_WIDTH = "min-w-[48rem]";

function OrderRow({ order }: { order: OrderSummary }) {
  return (
    <tr className="border-t border-border" data-order-id={order.id}>
      <td className={tdClass}>
        <Link
          to={`/admin/orders/${order.id}`}
          className={`${textLinkClass} font-mono`}
          aria-label={`Order ${shortId(order.id)}`}
        >
          {shortId(order.id)}
        </Link>
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>{formatUkShortDateTime(order.paidAt ?? order.createdAt)}</td>
      <td className={`${tdClass} min-w-44 break-all`}>{order.email ?? "(none)"}</td>
      <td className={tdClass}>
        {order.lines.map((line) => (
          <span key={line.competitionId} className="block">
            {line.title} × {line.quantity}
          </span>
        ))}
      </td>
      <td className={`${tdClass} text-right whitespace-nowrap`}>{formatPence(order.totalPence)}</td>
      <td className={tdClass}>
        <OrderStatus order={order} />
      </td>
    </tr>
  );
}

/** A short, fixed list of orders (the dashboard's latest). */
export function OrdersTable({ orders, caption }: { orders: OrderSummary[]; caption: string }) {
  if (orders.length === 0) return <p className="text-muted-foreground">No orders match.</p>;
  return (
    <AdminTable
      label={caption}
      caption={caption}
      minWidth={ORDERS_MIN_WIDTH}
      columns={["Order", "Date", "Email", "Competitions", { label: "Total", numeric: true }, "Status"]}
    >
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} />
      ))}
    </AdminTable>
  );
}

type OrderList = ListOf<typeof ORDER_TABLE>;

/** The Orders tab's list: sorted by its headings, a page at a time. */
export function OrdersList({ orders, list }: { orders: OrderSummary[]; list: OrderList }) {
  const columns: DataColumn<OrderList["query"]["sort"]>[] = [
    { label: "Order" },
    { label: "Date", sort: "created" },
    { label: "Email", sort: "email" },
    { label: "Competitions" },
    { label: "Total", sort: "total", numeric: true },
    { label: "Status" },
  ];
  return (
    <DataTable
      list={list}
      label="Orders"
      caption="Orders"
      columns={columns}
      empty="No orders match."
      minWidth={ORDERS_MIN_WIDTH}
    >
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} />
      ))}
    </DataTable>
  );
}
