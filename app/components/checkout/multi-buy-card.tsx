import { Percent } from "lucide-react";
import { MULTI_BUY_TIERS } from "~/domain/pricing";

/** The discount tiers, read from the same constants the server prices with. */
export function MultiBuyCard() {
  const [top, middle] = MULTI_BUY_TIERS;
  const tiers = [
    { label: `1-${middle.minQuantity - 1} tickets`, percent: 0 },
    { label: `${middle.minQuantity}-${top.minQuantity - 1} tickets`, percent: middle.percent },
    { label: `${top.minQuantity}+ tickets`, percent: top.percent },
  ];
  return (
    <section aria-labelledby="multi-buy-title" className="rounded-lg border border-border bg-muted p-5">
      <h2 id="multi-buy-title" className="flex items-center gap-2 text-lg font-semibold">
        <Percent aria-hidden="true" className="size-5 text-primary" />
        Multi-buy discount
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Applied to each competition in your basket by the number of tickets you buy for it.
      </p>
      <ul className="mt-3 space-y-1 text-sm">
        {tiers.map((tier) => (
          <li key={tier.label} className="flex justify-between gap-4">
            <span>{tier.label}</span>
            <span className="font-semibold">{tier.percent === 0 ? "No discount" : `${tier.percent}% off`}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
