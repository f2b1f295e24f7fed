import { formatPence } from "~/domain/money";
import { MIN_TICKETS, MULTI_BUY_TIERS, priceLine } from "~/domain/pricing";

/** "1-2 tickets full price, 3-4 tickets 5% off, 5 or more 10% off", from the tiers the prices use. */
function tiersText(): string {
  const ascending = [...MULTI_BUY_TIERS].sort((a, b) => a.minQuantity - b.minQuantity);
  const parts: string[] = [];
  let from: number = MIN_TICKETS;
  let percent = 0;
  for (const tier of ascending) {
    parts.push(`${from}-${tier.minQuantity - 1} tickets ${percent ? `${percent}% off` : "full price"}`);
    from = tier.minQuantity;
    percent = tier.percent;
  }
  parts.push(`${from} or more ${percent}% off`);
  return parts.join(", ");
}

/** The same priceLine the server charges with, in pence, shown to 2 decimals with the saving. */
export function PriceSummary({
  unitPricePence,
  quantity,
  className = "",
}: {
  unitPricePence: number;
  quantity: number;
  className?: string;
}) {
  const line = priceLine(unitPricePence, quantity);
  return (
    <section aria-labelledby="price-summary-title" className={`rounded-md bg-muted p-4 ${className}`}>
      <h3 id="price-summary-title" className="font-semibold">
        Price summary
      </h3>
      <dl aria-live="polite" className="mt-3 space-y-1.5 text-sm">
        <div className="flex justify-between gap-4">
          <dt>
            {line.quantity} × {formatPence(unitPricePence)}
          </dt>
          <dd data-testid="price-subtotal">{formatPence(line.subtotalPence)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Multi-buy discount ({line.discountPercent}%)</dt>
          <dd data-testid="price-discount">
            {line.discountPence > 0 ? `−${formatPence(line.discountPence)}` : formatPence(0)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-border pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="price-total">{formatPence(line.totalPence)}</dd>
        </div>
        {line.discountPence > 0 ? (
          <div className="flex justify-between gap-4 font-medium text-success">
            <dt>You save</dt>
            <dd data-testid="price-saving">{formatPence(line.discountPence)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-3 text-sm text-muted-foreground">Multi-buy discount: {tiersText()}.</p>
    </section>
  );
}
