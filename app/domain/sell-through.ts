// How fast a competition is selling and when, at that pace, its last ticket goes. Pure: the clock is passed in.

const DAY_MS = 86_400_000;
/** The pace is measured over the last week (or since going live, when that is more recent). */
export const SELL_THROUGH_WINDOW_DAYS = 7;
/** A competition live for less than a day is measured over one day, so a first hour's sales are not multiplied. */
const SHORTEST_WINDOW_DAYS = 1;

type SellThroughInput = {
  totalTickets: number;
  ticketsSold: number;
  /** Tickets sold (and not withdrawn) in the window ending now. */
  soldInWindow: number;
  now: Date;
  endDate: Date;
  /** When the competition went on sale; a younger competition's pace is measured since then. */
  liveSince?: Date | null;
};

export type SellOutProjection =
  | { kind: "sold_out" }
  | { kind: "on_date"; date: Date }
  /** No sales in the window, or at this pace the tickets outlast the closing date. */
  | { kind: "not_at_this_rate" };

type SellThrough = {
  /** Sold as a share of all tickets, 0 to 1. */
  soldShare: number;
  /** Tickets a day over the window. */
  perDay: number;
  projection: SellOutProjection;
};

/** The window the pace is measured over, in days. */
export function windowDays(now: Date, liveSince?: Date | null): number {
  if (!liveSince) return SELL_THROUGH_WINDOW_DAYS;
  const live = (now.getTime() - liveSince.getTime()) / DAY_MS;
  return Math.min(SELL_THROUGH_WINDOW_DAYS, Math.max(SHORTEST_WINDOW_DAYS, live));
}

export function sellThrough(input: SellThroughInput): SellThrough {
  const { totalTickets, now, endDate } = input;
  const sold = Math.max(0, input.ticketsSold);
  const soldShare = totalTickets > 0 ? Math.min(1, sold / totalTickets) : 0;
  const perDay = Math.max(0, input.soldInWindow) / windowDays(now, input.liveSince);
  const remaining = Math.max(0, totalTickets - sold);
  if (remaining === 0) return { soldShare, perDay, projection: { kind: "sold_out" } };
  if (perDay === 0) return { soldShare, perDay, projection: { kind: "not_at_this_rate" } };
  const date = new Date(now.getTime() + Math.ceil((remaining / perDay) * DAY_MS));
  if (date.getTime() > endDate.getTime()) return { soldShare, perDay, projection: { kind: "not_at_this_rate" } };
  return { soldShare, perDay, projection: { kind: "on_date", date } };
}
