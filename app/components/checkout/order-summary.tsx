import { formatPence } from "~/domain/money";
import type { PricedLine } from "~/domain/pricing";

type SummaryLine = { competitionId: number; title: string; pricing: PricedLine };
type SummaryTotals = { subtotalPence: number; discountPence: number; totalPence: number };

/** One line's price: unit × quantity, the multi-buy discount when it applies, and the line total. */
export function LinePrice({ pricing }: { pricing: PricedLine }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted-foreground">
        {pricing.quantity} × {formatPence(pricing.unitPricePence)}
      </dt>
      <dd className="text-right tabular-nums">{formatPence(pricing.subtotalPence)}</dd>
      {pricing.discountPence > 0 ? (
        <>
          <dt className="text-muted-foreground">Multi-buy discount ({pricing.discountPercent}%)</dt>
          <dd className="text-right tabular-nums text-success">−{formatPence(pricing.discountPence)}</dd>
        </>
      ) : null}
      <dt className="font-semibold">Line total</dt>
      <dd className="text-right font-semibold tabular-nums">{formatPence(pricing.totalPence)}</dd>
    </dl>
  );
}

/** The order summary shown identically on the basket and the checkout review (spec section 9). */
export function OrderSummary({
  lines,
  totals,
  title = "Order summary",
}: {
  lines: SummaryLine[];
  totals: SummaryTotals;
  title?: string;
}) {
  return (
    <section
      aria-labelledby="order-summary-title"
      className="rounded-lg border border-border bg-card p-5 text-card-foreground"
    >
      <h2 id="order-summary-title" className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-4 divide-y divide-border">
        {lines.map((line) => (
          <li key={line.competitionId} className="py-3 first:pt-0">
            <p className="mb-1 font-medium">{line.title}</p>
            <LinePrice pricing={line.pricing} />
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-border pt-3">
        <dt>Subtotal</dt>
        <dd className="text-right tabular-nums">{formatPence(totals.subtotalPence)}</dd>
        {totals.discountPence > 0 ? (
          <>
            <dt>You save</dt>
            <dd className="text-right font-medium tabular-nums text-success">{formatPence(totals.discountPence)}</dd>
          </>
        ) : null}
        <dt className="text-lg font-bold">Total</dt>
        <dd className="text-right text-lg font-bold tabular-nums" data-testid="order-total">
          {formatPence(totals.totalPence)}
        </dd>
      </dl>
    </section>
  );
}
