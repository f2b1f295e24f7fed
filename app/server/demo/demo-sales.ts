// The demo's sales, planned without I/O: which demo buyer bought how many tickets of a competition, when, and
// with which answer. Deterministic from a seed, so every fresh demo database tells the same story, and the
// numbers add up: a competition's tickets sold is exactly the tickets its paid orders hold.

const DAY_MS = 86_400_000;

/** How many demo buyers there are; each is one account. */
export const DEMO_BUYER_COUNT = 80;

/** Share of demo entries that answer the skill question correctly. */
const CORRECT_SHARE = 0.9;

/** Sales start this many days before seeding (or before closing, for a competition that has closed). */
export const SELLING_DAYS = 21;

type DemoSale = {
  buyer: number;
  quantity: number;
  answer: string;
  paidAt: Date;
};

type DemoSalesInput = {
  ticketsSold: number;
  maxTicketsPerUser: number | null;
  skillOptions: readonly string[];
  correctAnswer: string;
  endDate: Date;
};

/** mulberry32: a small, fast, deterministic generator; the demo needs repeatability, not secrecy. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Orders of 1 to 10 tickets, adding up to `ticketsSold`, from buyers who stay within the competition's
 * per-person cap, paid between three weeks before now and the earlier of now and the closing time.
 * Throws when the buyers cannot hold that many tickets under the cap (the seed file is wrong then).
 */
export function planDemoSales(input: DemoSalesInput, now: Date, random: () => number): DemoSale[] {
  const cap = input.maxTicketsPerUser ?? Number.POSITIVE_INFINITY;
  if (input.ticketsSold > cap * DEMO_BUYER_COUNT) {
    throw new Error(`${input.ticketsSold} tickets cannot be held by ${DEMO_BUYER_COUNT} buyers capped at ${cap}`);
  }
  const wrongAnswers = input.skillOptions.filter((option) => option !== input.correctAnswer);
  const lastSale = Math.min(now.getTime(), input.endDate.getTime()) - 60_000;
  const firstSale = lastSale - SELLING_DAYS * DAY_MS;
  const held = new Array<number>(DEMO_BUYER_COUNT).fill(0);
  const heldBy = (b: number) => held[b] ?? 0;
  const sales: DemoSale[] = [];
  let left = input.ticketsSold;
  let buyer = Math.floor(random() * DEMO_BUYER_COUNT);
  while (left > 0) {
    while (heldBy(buyer) >= cap) buyer = (buyer + 1) % DEMO_BUYER_COUNT;
    const quantity = Math.min(left, cap - heldBy(buyer), 1 + Math.floor(random() * 10));
    const correct = random() < CORRECT_SHARE || wrongAnswers.length === 0;
    const answer = correct ? input.correctAnswer : (wrongAnswers[Math.floor(random() * wrongAnswers.length)] ?? "");
    // Sales quicken towards the close, as they do: the square root leans the times late.
    const paidAt = new Date(Math.round(firstSale + Math.sqrt(random()) * (lastSale - firstSale)));
    sales.push({ buyer, quantity, answer, paidAt });
    held[buyer] = heldBy(buyer) + quantity;
    left -= quantity;
    buyer = (buyer + 1 + Math.floor(random() * 7)) % DEMO_BUYER_COUNT;
  }
  return sales.sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
}

/** How many competitions one demo basket holds at most. */
export const DEMO_BASKET_LINES = 4;

export type DemoBasket<Line> = { buyer: number; paidAt: Date; lines: Line[] };

/**
 * The planned sales of every competition, as buyers pay for them: each buyer's sales, oldest first, go into baskets
 * of up to DEMO_BASKET_LINES different competitions, paid at the earliest of their times (so before every one of
 * them closed). Fewer, larger orders, as a basket makes them; oldest basket first.
 */
export function demoBaskets<Line extends { competitionId: number }>(
  sales: (Omit<DemoSale, "answer" | "quantity"> & { line: Line })[],
): DemoBasket<Line>[] {
  const byBuyer = new Map<number, typeof sales>();
  for (const sale of [...sales].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime())) {
    byBuyer.set(sale.buyer, [...(byBuyer.get(sale.buyer) ?? []), sale]);
  }
  const baskets: DemoBasket<Line>[] = [];
  for (const [buyer, own] of byBuyer) {
    let open: DemoBasket<Line> | undefined;
    for (const sale of own) {
      const full = !open || open.lines.length >= DEMO_BASKET_LINES;
      if (full || open?.lines.some((l) => l.competitionId === sale.line.competitionId)) {
        open = { buyer, paidAt: sale.paidAt, lines: [] };
        baskets.push(open);
      }
      open?.lines.push(sale.line);
    }
  }
  return baskets.sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
}
