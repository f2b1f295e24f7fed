import { numbersParam, parseChosenNumbers } from "~/domain/chosen-numbers";
import { refusalMessage, refusalTitle, refuseQuantity, ticketAvailability } from "~/domain/ticket-availability";
import { type PublicCompetition, SKILL_QUESTION_REQUIRED } from "~/schemas/competition-query";

/** The page is the same for every visitor (and may be cached), so it counts no one's holdings or cap. */
const NOT_A_BUYER = 0;

export const NOT_AN_OPTION = "Please choose one of the answers shown.";
export const NUMBERS_TITLE = "Please check your numbers";

/** The entry form's fields a refusal can name, for the form's error summary to link to. */
export type EntryField = "answer" | "quantity" | "numbers";

type ProceedResult = { ok: true; location: string } | { ok: false; title: string; message: string; field?: EntryField };

/** Refusals the buyer puts right by changing the quantity; the rest (closed, sold out) no field can mend. */
const QUANTITY_REFUSALS = new Set(["quantity", "too_few", "over_cap", "limit_reached"]);

/**
 * The competition page's "Proceed to Checkout": the answer must be one of the options (whether it is right is the
 * draw's business, never told here) and the tickets must be there for anyone to have, by the one availability rule
 * in the checkout's words. The visitor's own cap and limits are checked at checkout, where they are known.
 */
export function proceedToCheckout(
  competition: Pick<
    PublicCompetition,
    "id" | "title" | "skillOptions" | "totalTickets" | "ticketsSold" | "ticketsReserved" | "endDate" | "status"
  >,
  entry: { quantity: number; answer: string; numbers?: readonly unknown[] },
  now: Date,
): ProceedResult {
  if (!competition.skillOptions.includes(entry.answer)) {
    return { ok: false, title: SKILL_QUESTION_REQUIRED.title, message: NOT_AN_OPTION, field: "answer" };
  }
  const availability = ticketAvailability(competition, NOT_A_BUYER, now);
  const refusal = refuseQuantity(availability, entry.quantity);
  if (refusal) {
    return {
      ok: false,
      title: refusalTitle(refusal),
      message: refusalMessage(refusal, availability, competition.title),
      ...(QUANTITY_REFUSALS.has(refusal) ? { field: "quantity" as const } : {}),
    };
  }
  // The numbers chosen go on to the review page as they are; whether they are free is decided at Pay (ADR 031).
  const chosen = parseChosenNumbers(entry.numbers ?? [], entry.quantity, competition.totalTickets);
  if (!chosen.ok) return { ok: false, title: NUMBERS_TITLE, message: chosen.message, field: "numbers" };
  const query = new URLSearchParams({ quantity: String(entry.quantity), answer: entry.answer });
  if (chosen.numbers.length > 0) query.set("numbers", numbersParam(chosen.numbers));
  return { ok: true, location: `/checkout/${competition.id}?${query}` };
}
