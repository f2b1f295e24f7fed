import { Link } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import { StatList } from "~/components/stat-list";
import { formatUkDate, formatUkShortDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import type { SellOutProjection } from "~/domain/sell-through";
import { AdminTable, tdClass } from "./admin-page";
import { shortId } from "./orders-table";

type Instant = string | Date;

type StatCardsView = {
  revenuePence: number;
  paidTickets: number;
  postalEntries: number;
  activeCompetitions: number;
  totalOrders: number;
};

const number = (n: number) => n.toLocaleString("en-GB");
const percent = (share: number) => `${(share * 100).toLocaleString("en-GB", { maximumFractionDigits: 1 })}%`;

export function StatCards({ cards }: { cards: StatCardsView }) {
  const items = [
    { label: "Total Revenue", value: formatPence(cards.revenuePence), note: "Paid orders, net of refunds" },
    {
      label: "Tickets Sold",
      value: number(cards.paidTickets + cards.postalEntries),
      note: `Paid ${number(cards.paidTickets)} · Postal ${number(cards.postalEntries)}`,
    },
    { label: "Active Competitions", value: number(cards.activeCompetitions), note: "Open for entries now" },
    { label: "Total Orders", value: number(cards.totalOrders), note: "Paid orders" },
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
            <Link to={`/competition/${c.id}`} className={textLinkClass}>
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

export function ToDoPanel({
  todo,
}: {
  todo: {
    pastClosing: TodoCompetition[];
    toDraw: TodoCompetition[];
    cancelling: TodoCompetition[];
    failedRefunds: { id: string; email: string | null; totalPence: number; attempts: number }[];
  };
}) {
  const groups = [
    {
      title: "Past closing but still open",
      items: todo.pastClosing.map((c) => ({
        key: c.id,
        link: `/competition/${c.id}`,
        text: c.title,
        note: `closed ${formatUkShortDateTime(c.endDate)}`,
      })),
    },
    {
      title: "Closed, winner not drawn",
      items: todo.toDraw.map((c) => ({ key: c.id, link: `/competition/${c.id}`, text: c.title, note: "" })),
    },
    {
      title: "Cancellations under way",
      items: todo.cancelling.map((c) => ({
        key: c.id,
        link: `/admin/competitions/${c.id}/cancel`,
        text: c.title,
        note: "refunds still going through",
      })),
    },
    {
      title: "Refunds the provider refused",
      items: todo.failedRefunds.map((o) => ({
        key: o.id,
        link: `/admin/orders/${o.id}`,
        text: `Order ${shortId(o.id)}`,
        note: `${formatPence(o.totalPence)} to ${o.email ?? "no e-mail"}, ${o.attempts} attempts`,
      })),
    },
  ].filter((group) => group.items.length > 0);
  if (groups.length === 0) return <p className="text-muted-foreground">Nothing to do.</p>;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {groups.map((group) => (
        <div key={group.title}>
          <h3 className="font-semibold">
            {group.title} ({group.items.length})
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
        </div>
      ))}
    </div>
  );
}
