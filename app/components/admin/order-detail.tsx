import { Link } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import { formatUkShortDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";
import { AdminSection, AdminTable, Facts, tdClass } from "./admin-page";
import { OrderStatus, shortId } from "./orders-table";

type Instant = string | Date;

type OrderDetailView = {
  order: {
    id: string;
    email: string | null;
    status: string;
    totalPence: number;
    subtotalPence: number;
    discountPence: number;
    createdAt: Instant;
    paidAt: Instant | null;
    refundedAt: Instant | null;
    refundAttempts: number;
    refundReason: string | null;
    refundLastError: string | null;
    failureReason: string | null;
    providerSessionId: string | null;
    source: string | null;
  };
  lines: {
    competitionId: number;
    title: string;
    quantity: number;
    totalPence: number;
    discountPence: number;
    skillAnswer: string;
    isCorrectAnswer: boolean;
    tickets: { number: number; withdrawnAt: Instant | null }[];
  }[];
  payments: { providerSessionId: string; provider: string; status: string; amountPence: number; updatedAt: Instant }[];
  mails: { id: number; kind: string; subject: string; status: string; createdAt: Instant; sentAt: Instant | null }[];
  audit: { id: number; action: string; actorEmail: string | null; after: unknown; createdAt: Instant }[];
};

export function OrderSummarySection({ order }: Pick<OrderDetailView, "order">) {
  const items: [string, React.ReactNode][] = [
    ["Status", <OrderStatus key="status" order={order} />],
    ["Email", order.email ?? "(none)"],
    ["Placed", formatUkShortDateTime(order.createdAt)],
    ["Paid", order.paidAt ? formatUkShortDateTime(order.paidAt) : "Not paid"],
    ["Total", `${formatPence(order.totalPence)} (discount ${formatPence(order.discountPence)})`],
    ["Bought from", order.source === "basket" ? "Basket" : "Competition page"],
  ];
  if (order.status === "refunded") {
    items.push(["Refund reason", order.refundReason ?? order.failureReason ?? "(none)"]);
    items.push(["Refunded", order.refundedAt ? formatUkShortDateTime(order.refundedAt) : "Not yet"]);
    items.push(["Refund attempts", String(order.refundAttempts)]);
    if (order.refundLastError) items.push(["Provider's last answer", order.refundLastError]);
  }
  return (
    <AdminSection id="summary-title" title="Summary">
      <Facts items={items} />
    </AdminSection>
  );
}

export function OrderLinesSection({ lines }: Pick<OrderDetailView, "lines">) {
  return (
    <AdminSection id="lines-title" title="Lines and tickets">
      <AdminTable
        label="Lines and tickets"
        caption="Lines, answers and ticket numbers"
        columns={["Competition", "Tickets", "Answer", "Ticket numbers", { label: "Total", numeric: true }]}
      >
        {lines.map((line) => (
          <tr key={line.competitionId} className="border-t border-border">
            <td className={tdClass}>
              <Link to={`/competition/${line.competitionId}`} className={textLinkClass}>
                {line.title}
              </Link>
            </td>
            <td className={tdClass}>{line.quantity}</td>
            <td className={tdClass}>
              {line.skillAnswer}{" "}
              <span className={line.isCorrectAnswer ? "text-success" : "text-destructive"}>
                ({line.isCorrectAnswer ? "correct" : "wrong: cannot win"})
              </span>
            </td>
            <td className={tdClass}>
              {line.tickets.length === 0
                ? "None issued"
                : line.tickets.map((t) => (
                    <span key={t.number} className="mr-2 inline-block whitespace-nowrap">
                      {t.withdrawnAt ? <s>{t.number}</s> : t.number}
                      {t.withdrawnAt ? " (withdrawn)" : ""}
                    </span>
                  ))}
            </td>
            <td className={`${tdClass} text-right whitespace-nowrap`}>{formatPence(line.totalPence)}</td>
          </tr>
        ))}
      </AdminTable>
    </AdminSection>
  );
}

export function PaymentSection({ order, payments }: Pick<OrderDetailView, "order" | "payments">) {
  return (
    <AdminSection id="payment-title" title="Payment">
      <p className="text-sm text-muted-foreground">
        Provider session: <span className="font-mono break-all">{order.providerSessionId ?? "none yet"}</span>
      </p>
      {payments.length === 0 ? (
        <p className="mt-2">No payment recorded.</p>
      ) : (
        <ul className="mt-2 space-y-1">
          {payments.map((p) => (
            <li key={p.providerSessionId}>
              {p.provider}: {formatPence(p.amountPence)}, {p.status} (updated {formatUkShortDateTime(p.updatedAt)})
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}

export function MailSection({ mails }: Pick<OrderDetailView, "mails">) {
  return (
    <AdminSection id="mail-title" title="E-mails sent">
      {mails.length === 0 ? (
        <p className="text-muted-foreground">No e-mails about this order.</p>
      ) : (
        <ul className="space-y-2">
          {mails.map((m) => (
            <li key={m.id}>
              <span className="font-medium">{m.subject}</span>{" "}
              <span className="text-muted-foreground">
                ({m.kind}, queued {formatUkShortDateTime(m.createdAt)},{" "}
                {m.sentAt ? `sent ${formatUkShortDateTime(m.sentAt)}` : m.status})
              </span>
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}

export function AuditSection({ audit }: Pick<OrderDetailView, "audit">) {
  return (
    <AdminSection id="audit-title" title="Audit trail">
      {audit.length === 0 ? (
        <p className="text-muted-foreground">No staff action on this order.</p>
      ) : (
        <ol className="space-y-2">
          {audit.map((entry) => (
            <li key={entry.id}>
              <span className="font-medium">{entry.action}</span> by {entry.actorEmail ?? "the system"},{" "}
              {formatUkShortDateTime(entry.createdAt)}
              {entry.after ? (
                <code className="mt-1 block text-xs break-all text-muted-foreground">
                  {JSON.stringify(entry.after)}
                </code>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </AdminSection>
  );
}

export const orderTitle = (id: string) => `Order ${shortId(id)}`;
