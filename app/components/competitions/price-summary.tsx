import { formatPence } from "~/domain/money";
import { multiBuyText } from "~/domain/multi-buy-text";
import { type MultiBuyTier, priceLine } from "~/domain/pricing";

/**
 * The same priceLine the server charges with (this competition's multi-buy tiers), in pence, shown to 2 decimals
 * with the saving; then the tiers in words and the per-person cap, if any.
 */
export function PriceSummary({
  unitPricePence,
  quantity,
  tiers,
  perPersonCap,
  className = "",
}: {
  unitPricePence: number;
  quantity: number;
  tiers: readonly MultiBuyTier[];
  perPersonCap: number | null;
  className?: string;
}) {
  const line = priceLine(unitPricePence, quantity, tiers);
  const tiersText = multiBuyText(tiers);
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
      <p className="mt-3 text-sm text-muted-foreground">
        {tiersText ? `Multi-buy discount: ${tiersText}.` : "No multi-buy discount on this competition."}
      </p>
      {perPersonCap ? (
        <p className="mt-1 text-sm font-medium" data-testid="per-person-cap">
          Up to {perPersonCap} tickets per person.
        </p>
      ) : null}
    </section>
  );
}
