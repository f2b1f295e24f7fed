import { Link } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import { StatList } from "~/components/stat-list";
import { changeBetween, changeText, type DashboardPeriod, previousLabel } from "~/domain/dashboard-period";
import { formatUkDate, formatUkShortDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import type { SellOutProjection } from "~/domain/sell-through";
import { AdminTable, tdClass } from "./admin-page";
import { shortId } from "./orders-table";

type Instant = string | Date;

type Compared = { current: number; previous: number };

type StatCardsView = {
  revenuePence: Compared;
  tickets: Compared;
  paidTickets: number;
  postalEntries: number;
  paidOrders: Compared;
  activeCompetitions: number;
};

const number = (n: number) => n.toLocaleString("en-GB");
const percent = (share: number) => `${(share * 100).toLocaleString("en-GB", { maximumFractionDigits: 1 })}%`;

/** "vs £80.00 previous 30 days (+25%)": the figure before, and the change, computed on the server's figures. */
function versus({ current, previous }: Compared, format: (n: number) => string, period: DashboardPeriod) {
  return `vs ${format(previous)} ${previousLabel(period)} (${changeText(changeBetween(current, previous))})`;
}

/** The period's figures, each beside the period before it; active competitions are as of now. */
export function StatCards({ cards, period }: { cards: StatCardsView; period: DashboardPeriod }) {
  const items = [
    {
      label: "Total Revenue",
      id: "revenue",
      value: formatPence(cards.revenuePence.current),
      note: `${versus(cards.revenuePence, formatPence, period)}. Paid orders, net of refunds.`,
    },
    {
      label: "Tickets Sold",
      id: "tickets",
      value: number(cards.tickets.current),
      note: [
        `Paid ${number(cards.paidTickets)} · Postal ${number(cards.postalEntries)}`,
        versus(cards.tickets, number, period),
      ].join("; "),
    },
    {
      label: "Total Orders",
      id: "orders",
      value: number(cards.paidOrders.current),
      note: `Paid; ${versus(cards.paidOrders, number, period)}`,
    },
    {
      label: "Active Competitions",
      id: "active",
      value: number(cards.activeCompetitions),
      note: "Open for entries now",
    },
  ];
  return <StatList items={items} layout="cards" />;
}

function projectionText(projection: SellOutProjection) {
  if (projection.kind === "sold_out") return "Sold out";
  if (projection.kind === "on_date") return formatUkDate(projection.date);
  return "Not at this rate";
}

export function SellThroughTable({
  rows,
}: {
  rows: {
    id: number;
    title: string;
    ticketsSold: number;
    totalTickets: number;
    endDate: Instant;
    soldShare: number;
    perDay: number;
    projection: SellOutProjection;
  }[];
}) {
  if (rows.length === 0) return <p className="text-muted-foreground">No competition is open for entries.</p>;
  return (
    <AdminTable
      label="Sell-through"
      caption="Sell-through of each active competition"
      columns={["Competition", "Sold", "Per day (7 days)", "Projected sell-out", "Closes"]}
    >
      {rows.map((c) => (
        <tr key={c.id} className="border-t border-border">
          <td className={tdClass}>
            <Link to={`/admin/competitions/${c.id}`} className={textLinkClass}>
              {c.title}
            </Link>
          </td>
          <td className={`${tdClass} whitespace-nowrap`}>
            {number(c.ticketsSold)} of {number(c.totalTickets)} ({percent(c.soldShare)})
          </td>
          <td className={tdClass}>{c.perDay.toLocaleString("en-GB", { maximumFractionDigits: 1 })}</td>
          <td className={tdClass}>{projectionText(c.projection)}</td>
          <td className={`${tdClass} whitespace-nowrap`}>{formatUkShortDateTime(c.endDate)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function FunnelTable({
  rows,
}: {
  rows: {
    id: number;
    title: string;
    funnel: { viewed: number; answered: number; checkout_started: number; paid: number };
    paidTickets: number;
    wrongAnswers: number;
  }[];
}) {
  if (rows.length === 0) return <p className="text-muted-foreground">No visits or entries yet.</p>;
  const headings = ["Viewed", "Answered", "Checkout started", "Paid", "Wrong answers"];
  return (
    <AdminTable
      label="Checkout funnel and wrong answers"
      caption="Visitors at each checkout step, and the share of paid tickets answering wrongly, per competition"
      columns={["Competition", ...headings.map((label) => ({ label, numeric: true as const }))]}
    >
      {rows.map((c) => (
        <tr key={c.id} className="border-t border-border">
          <th scope="row" className={`${tdClass} font-normal`}>
            {c.title}
          </th>
          {[c.funnel.viewed, c.funnel.answered, c.funnel.checkout_started, c.funnel.paid].map((n, i) => (
            <td key={headings[i]} className={`${tdClass} text-right`}>
              {number(n)}
            </td>
          ))}
          <td className={`${tdClass} text-right whitespace-nowrap`}>
            {c.paidTickets > 0
              ? `${percent(c.wrongAnswers / c.paidTickets)} (${number(c.wrongAnswers)} of ${number(c.paidTickets)})`
              : "No paid tickets"}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

type TodoCompetition = { id: number; title: string; endDate: Instant };
type FirstFew<T> = { items: T[]; total: number };

/** Each to-do links to the admin page that resolves it, and to the full list when there are more than shown. */
export function ToDoPanel({
  todo,
}: {
  todo: {
    pastClosing: FirstFew<TodoCompetition>;
    toDraw: FirstFew<TodoCompetition>;
    cancelling: FirstFew<TodoCompetition>;
    failedRefunds: FirstFew<{ id: string; email: string | null; totalPence: number; attempts: number }>;
  };
}) {
  const groups = [
    {
      title: "Past closing but still open",
      total: todo.pastClosing.total,
      all: "/admin/competitions?status=active&sort=closes",
      items: todo.pastClosing.items.map((c) => ({
        key: c.id,
        link: `/admin/competitions/${c.id}`,
        text: c.title,
        note: `closed ${formatUkShortDateTime(c.endDate)}`,
      })),
    },
    {
      title: "Closed, winner not drawn",
      total: todo.toDraw.total,
      all: "/admin/competitions?status=closed&sort=closes",
      items: todo.toDraw.items.map((c) => ({
        key: c.id,
        link: `/admin/competitions/${c.id}/draw`,
        text: `Draw ${c.title}`,
        note: `closed ${formatUkShortDateTime(c.endDate)}`,
      })),
    },
    {
      title: "Cancellations under way",
      total: todo.cancelling.total,
      all: "/admin/competitions?status=cancelling",
      items: todo.cancelling.items.map((c) => ({
        key: c.id,
        link: `/admin/competitions/${c.id}/cancel`,
        text: c.title,
        note: "refunds still going through",
      })),
    },
    {
      title: "Refunds the provider refused",
      total: todo.failedRefunds.total,
      all: "/admin/orders?status=refund_failed",
      items: todo.failedRefunds.items.map((o) => ({
        key: o.id,
        link: `/admin/orders/${o.id}`,
        text: `Order ${shortId(o.id)}`,
        note: `${formatPence(o.totalPence)} to ${o.email ?? "no e-mail"}, ${o.attempts} attempts`,
      })),
    },
  ].filter((group) => group.total > 0);
  if (groups.length === 0) return <p className="text-muted-foreground">Nothing to do.</p>;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {groups.map((group) => (
        <div key={group.title}>
          <h3 className="font-semibold">
            {group.title} ({number(group.total)})
          </h3>
          <ul className="mt-2 space-y-1">
            {group.items.map((item) => (
              <li key={item.key}>
                <Link to={item.link} className={textLinkClass}>
                  {item.text}
                </Link>
                {item.note ? <span className="text-muted-foreground"> · {item.note}</span> : null}
              </li>
            ))}
          </ul>
          {group.total > group.items.length ? (
            <p className="mt-2">
              <Link to={group.all} className={textLinkClass}>
                View all {number(group.total)}
                <span className="sr-only"> {group.title.toLowerCase()}</span>
              </Link>
            </p>
          ) : null}
        </div>
      ))}
    </div>
  );
}
