import { Link } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import { formatUkShortDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import { AdminSection, Facts } from "./admin-page";
import { shortId } from "./orders-table";

type Instant = string | Date;

type CancellationView = {
  competition: {
    id: number;
    title: string;
    status: string;
    ticketsSold: number;
    totalTickets: number;
    endDate: Instant;
    cancelReason: string | null;
    cancelledAt: Instant | null;
  };
  counts: { paid: number; pending: number; refunded: number };
  waiting: { id: string; email: string | null; totalPence: number; attempts: number; lastError: string | null }[];
};

export function CancellationSummary({ competition, counts }: Omit<CancellationView, "waiting">) {
  const facts: [string, string][] = [
    ["Status", competition.status],
    ["Tickets sold", `${competition.ticketsSold} of ${competition.totalTickets}`],
    ["Closes", formatUkShortDateTime(competition.endDate)],
    ["Paid orders", String(counts.paid)],
    ["Checkouts in progress", String(counts.pending)],
    ["Orders refunded", String(counts.refunded)],
  ];
  if (competition.cancelReason) facts.push(["Reason for cancelling", competition.cancelReason]);
  if (competition.cancelledAt) facts.push(["Cancelled", formatUkShortDateTime(competition.cancelledAt)]);
  return (
    <AdminSection id="competition-title" title="Competition">
      <Facts items={facts} />
    </AdminSection>
  );
}

export function WaitingRefunds({ waiting }: Pick<CancellationView, "waiting">) {
  if (waiting.length === 0) return <p>Every refund has gone through.</p>;
  return (
    <ul className="space-y-2">
      {waiting.map((order) => (
        <li key={order.id}>
          <Link to={`/admin/orders/${order.id}`} className={`${textLinkClass} font-mono`}>
            {shortId(order.id)}
          </Link>{" "}
          {formatPence(order.totalPence)} to {order.email ?? "no e-mail"}:{" "}
          {order.attempts > 0 ? `refused ${order.attempts} times (${order.lastError ?? "no reason given"})` : "waiting"}
        </li>
      ))}
    </ul>
  );
}
