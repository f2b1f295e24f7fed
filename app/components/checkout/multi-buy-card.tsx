import { Percent } from "lucide-react";
import { multiBuyText } from "~/domain/multi-buy-text";
import type { MultiBuyTier } from "~/domain/pricing";

type TieredLine = { competitionId: number; title: string; multiBuyTiers: readonly MultiBuyTier[] };

/**
 * The multi-buy discounts of the competitions in the basket, each its own (the tiers the server prices the line
 * with); an empty basket says where to find them.
 */
export function MultiBuyCard({ lines = [] }: { lines?: readonly TieredLine[] }) {
  return (
    <section aria-labelledby="multi-buy-title" className="rounded-lg border border-border bg-muted p-5">
      <h2 id="multi-buy-title" className="flex items-center gap-2 text-lg font-semibold">
        <Percent aria-hidden="true" className="size-5 text-primary" />
        Multi-buy discount
      </h2>
      {lines.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">
          Each competition sets its own discount for buying more tickets: its page shows it.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted-foreground">
            Applied to each competition in your basket by the number of tickets you buy for it.
          </p>
          <ul className="mt-3 space-y-2 text-sm" data-testid="multi-buy-tiers">
            {lines.map((line) => (
              <li key={line.competitionId}>
                <span className="font-semibold">{line.title}</span>:{" "}
                {multiBuyText(line.multiBuyTiers) ?? "no multi-buy discount"}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
