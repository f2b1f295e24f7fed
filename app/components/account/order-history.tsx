import { Link } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import { formatUkShortDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import type { OrderHistoryEntry } from "~/server/accounts/account.server";
import { TicketNumberRanges } from "./ticket-number-ranges";

const STATUS_LABELS: Record<string, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  cancelled: "Cancelled",
  expired: "Expired",
  refunded: "Refunded",
};

/** Orders newest first; each line names its competition, quantity, total and ticket numbers. */
export function OrderHistory({ orders }: { orders: OrderHistoryEntry[] }) {
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
      {orders.map((order) => {
        const short = order.id.slice(0, 8);
        return (
          <li key={order.id} className="rounded-md border border-border p-4" data-order-id={order.id}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold">
                Order {short}{" "}
                <span className="font-normal text-muted-foreground">· {formatUkShortDateTime(order.createdAt)}</span>
              </p>
              <p>
                <span className="mr-3 rounded-full bg-muted px-2.5 py-0.5 text-sm">
                  {STATUS_LABELS[order.status] ?? order.status}
                </span>
                <span className="font-semibold">{formatPence(order.totalPence)}</span>
              </p>
            </div>
            <ul className="mt-3 divide-y divide-border border-t border-border" aria-label={`Lines in order ${short}`}>
              {order.lines.map((line) => (
                <li key={line.competitionId} className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-6">
                  <Link to={`/competition/${line.competitionId}`} className={`${textLinkClass} font-medium`}>
                    {line.competitionTitle}
                  </Link>
                  <p className="text-sm sm:text-right">
                    {line.quantity} {line.quantity === 1 ? "ticket" : "tickets"} ·{" "}
                    <span className="font-semibold">{formatPence(line.totalPence)}</span>
                  </p>
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm sm:col-span-2">
                    <span className="text-muted-foreground">Ticket numbers:</span>
                    {line.ticketNumbers.length ? (
                      <TicketNumberRanges
                        numbers={line.ticketNumbers}
                        label={`Ticket numbers for ${line.competitionTitle} in order ${short}`}
                      />
                    ) : (
                      <span className="text-muted-foreground">Not issued</span>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
