import { Percent } from "lucide-react";
import type { MultiBuyOffer } from "~/domain/multi-buy-text";

/**
 * The multi-buy discounts of the competitions in the basket, each its own tiers (the ones the server prices it with).
 * Nothing when none of them has tiers.
 */
export function MultiBuyCard({ offers }: { offers: readonly MultiBuyOffer[] }) {
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby="multi-buy-title" className="rounded-lg border border-border bg-muted p-5">
      <h2 id="multi-buy-title" className="flex items-center gap-2 text-lg font-semibold">
        <Percent aria-hidden="true" className="size-5 text-primary" />
        Multi-buy discount
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Each competition's own discount, by the number of tickets you buy for it:
      </p>
      <ul className="mt-3 space-y-2 text-sm" data-testid="multi-buy-offers">
        {offers.map((offer) => (
          <li key={offer.id}>
            <span className="font-semibold">{offer.title}</span>: {offer.text}.
          </li>
        ))}
      </ul>
    </section>
  );
}
