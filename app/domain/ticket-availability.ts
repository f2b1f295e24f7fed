import { isEnded } from "./competition-status";
import { MAX_TICKETS, MIN_TICKETS } from "./pricing";

/**
 * The one rule for "how many tickets may this buyer take now". Every page and the checkout ask it; the
 * checkout's conditional UPDATE still has the last word, since these numbers may be a moment old.
 */

export type AvailabilityFacts = {
  totalTickets: number;
  ticketsSold: number;
  /** Held by checkouts still open: taken until they are paid or lapse. */
  ticketsReserved: number;
  /** The per-person cap; null or absent means none (or, on a public page, not known for this visitor). */
  maxTicketsPerUser?: number | null;
  endDate: Date;
  status: string;
};

export type UnavailableReason = "ended" | "not_live" | "sold_out" | "limit_reached";

export type TicketAvailability = {
  /** Neither sold nor held: total − sold − reserved, never below 0. */
  remaining: number;
  cap: number | null;
  /** The buyer's paid tickets plus live reservations, as counted against the cap. */
  held: number;
  /** What the cap still allows this buyer; null without a cap. */
  capLeft: number | null;
  /** The most this buyer may take in one purchase now; 0 exactly when there is a reason. */
  maxQuantity: number;
  reason: UnavailableReason | null;
};

/** Whole, non-negative counts; anything not a finite number becomes NaN so every sum with it fails safe. */
function count(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : Number.NaN;
}

/** NaN (a bad input) gives 0, so nothing is offered on numbers that do not add up. */
const atLeastZero = (value: number) => (Number.isNaN(value) ? 0 : Math.max(0, value));

/** Time first, then status, then tickets: the order every page already explains a closed competition in. */
function whyNone(
  comp: AvailabilityFacts,
  remaining: number,
  capLeft: number | null,
  now: Date,
): UnavailableReason | null {
  if (isEnded(comp, now)) return "ended";
  if (comp.status !== "active") return "not_live";
  if (remaining === 0) return "sold_out";
  if (capLeft === 0) return "limit_reached";
  return null;
}

export function ticketAvailability(comp: AvailabilityFacts, heldByBuyer: number, now: Date): TicketAvailability {
  const remaining = atLeastZero(count(comp.totalTickets) - count(comp.ticketsSold) - count(comp.ticketsReserved));
  const cap = comp.maxTicketsPerUser ?? null;
  const held = count(heldByBuyer);
  const capLeft = cap === null ? null : atLeastZero(count(cap) - held);
  const reason = whyNone(comp, remaining, capLeft, now);
  const maxQuantity = reason ? 0 : Math.min(MAX_TICKETS, remaining, capLeft ?? MAX_TICKETS);
  return { remaining, cap, held: atLeastZero(held), capLeft, maxQuantity, reason };
}

export type QuantityRefusal = UnavailableReason | "quantity" | "too_few" | "over_cap";

/** Why `quantity` tickets cannot be had now, or null when they can. */
export function refuseQuantity(availability: TicketAvailability, quantity: number): QuantityRefusal | null {
  if (!Number.isInteger(quantity) || quantity < MIN_TICKETS || quantity > MAX_TICKETS) return "quantity";
  if (availability.reason) return availability.reason;
  if (quantity > availability.remaining) return "too_few";
  if (availability.capLeft !== null && quantity > availability.capLeft) return "over_cap";
  return null;
}

export const QUANTITY_MESSAGE = `Choose between ${MIN_TICKETS} and ${MAX_TICKETS} tickets.`;

export const ticketsText = (n: number) => `${n} ticket${n === 1 ? "" : "s"}`;

const REFUSAL_TITLES: Record<QuantityRefusal, string> = {
  quantity: "Check the number of tickets",
  ended: "Entries closed",
  not_live: "Entries closed",
  sold_out: "Sold out",
  too_few: "Not enough tickets",
  limit_reached: "Ticket limit reached",
  over_cap: "Ticket limit reached",
};

/** The heading a page puts over a refusal's message. */
export const refusalTitle = (refusal: QuantityRefusal): string => REFUSAL_TITLES[refusal];

/** The checkout's words for a refusal, naming the competition (a basket checkout may hold several). */
export function refusalMessage(refusal: QuantityRefusal, availability: TicketAvailability, title: string): string {
  const { remaining, cap, held, capLeft } = availability;
  switch (refusal) {
    case "quantity":
      return QUANTITY_MESSAGE;
    case "ended":
      return `${title}: This competition has ended.`;
    case "not_live":
      return `${title}: This competition is not open for entries.`;
    case "sold_out":
      return `Sorry, ${title} has sold out.`;
    case "too_few":
      return `Only ${ticketsText(remaining)} left for ${title}.`;
    case "limit_reached":
      return `You already have the most tickets one person can hold for ${title} (${cap}).`;
    case "over_cap":
      return (
        `You can have at most ${ticketsText(cap ?? 0)} for ${title}, ` +
        `and you already have ${held}: you can add ${capLeft} more.`
      );
  }
}

/**
 * A quantity is never lowered silently: when `asked` tickets became `given`, why (in the checkout's words) and by how
 * much, for the review page ("entry") or the basket ("basket"); null when nothing was lowered.
 */
export function loweredQuantityNote(
  availability: TicketAvailability,
  asked: number,
  given: number,
  title: string,
  where: "entry" | "basket",
): string | null {
  if (given >= asked) return null;
  const refusal = refuseQuantity(availability, asked);
  const why = refusal ? `${refusalMessage(refusal, availability, title)} ` : "";
  return where === "entry"
    ? `${why}Your entry is set to ${ticketsText(given)} instead of ${asked}.`
    : `${why}Your basket has ${ticketsText(given)} for ${title} instead of ${asked}.`;
}
