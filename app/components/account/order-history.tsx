import { Link } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import { formatPence } from "~/domain/money";
import { formatDateTime } from "./format";

export type OrderView = {
  id: string;
  createdAt: string | Date;
  status: string;
  totalPence: number;
  lines: Array<{ competitionId: number; competitionTitle: string; quantity: number; totalPence: number; ticketNumbers: number[] }>;
};

const STATUS_LABELS: Record<string, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  cancelled: "Cancelled",
  expired: "Expired",
  refunded: "Refunded",
};

/** Orders newest first; each line names its competition, quantity, total and ticket numbers. */
export function OrderHistory({ orders }: { orders: OrderView[] }) {
  if (orders.length === 0) {
    return (
      <p className="text-muted-foreground">
        You have no orders yet.{" "}
        <Link to="/competitions" className={textLinkClass}>
          Browse competitions
        </Link>
      </p>
    );
  }
  return (
    <ol className="space-y-4" aria-label="Orders, newest first">
      {orders.map((order) => (
        <li key={order.id} className="rounded-md border border-border p-4" data-order-id={order.id}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-semibold">
              Order {order.id.slice(0, 8)} <span className="font-normal text-muted-foreground">· {formatDateTime(order.createdAt)}</span>
            </p>
            <p>
              <span className="mr-3 rounded-full bg-muted px-2.5 py-0.5 text-sm">{STATUS_LABELS[order.status] ?? order.status}</span>
              <span className="font-semibold">{formatPence(order.totalPence)}</span>
            </p>
          </div>
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Lines in order {order.id.slice(0, 8)}</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">Competition</th>
                <th scope="col" className="py-1 pr-3 font-medium">Tickets</th>
                <th scope="col" className="py-1 pr-3 font-medium">Total</th>
                <th scope="col" className="py-1 font-medium">Ticket numbers</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.competitionId} className="border-t border-border">
                  <td className="py-2 pr-3">
                    <Link to={`/competition/${line.competitionId}`} className={textLinkClass}>
                      {line.competitionTitle}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">{line.quantity}</td>
                  <td className="py-2 pr-3">{formatPence(line.totalPence)}</td>
                  <td className="py-2">{line.ticketNumbers.length ? line.ticketNumbers.join(", ") : <span className="text-muted-foreground">Not issued</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </li>
      ))}
    </ol>
  );
}
