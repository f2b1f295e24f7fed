// A competition's multi-buy tiers in words, for its public page (apart from pricing.ts, which every page loads).
import { MAX_TICKETS, MIN_TICKETS, type MultiBuyTier } from "./pricing";

/** "1-2 tickets full price, 3-4 tickets 5% off, 5 or more 10% off" (fewest tickets first), or null for no tiers. */
export function multiBuyText(tiers: readonly MultiBuyTier[]): string | null {
  if (tiers.length === 0) return null;
  const ascending = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity);
  const parts: string[] = [];
  let from: number = MIN_TICKETS;
  let percent = 0;
  for (const tier of ascending) {
    const to = tier.minQuantity - 1;
    const count = from === to ? `${from} ticket${from === 1 ? "" : "s"}` : `${from}-${to} tickets`;
    parts.push(`${count} ${percent ? `${percent}% off` : "full price"}`);
    from = tier.minQuantity;
    percent = tier.percent;
  }
  parts.push(from === MAX_TICKETS ? `${from} tickets ${percent}% off` : `${from} or more ${percent}% off`);
  return parts.join(", ");
}

/** One competition's multi-buy discount as an offer names it. */
export type MultiBuyOffer = { id: number; title: string; text: string };

/**
 * The multi-buy offers of some competitions, in the order given: each competition's own tiers in words (the tiers
 * checkout prices it with), and nothing at all for a competition without tiers.
 */
export function multiBuyOffers(
  items: readonly { id: number; title: string; multiBuyTiers: readonly MultiBuyTier[] }[],
): MultiBuyOffer[] {
  return items.flatMap(({ id, title, multiBuyTiers }) => {
    const text = multiBuyText(multiBuyTiers);
    return text ? [{ id, title, text }] : [];
  });
}
