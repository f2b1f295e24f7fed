import { MAX_TICKETS, MIN_TICKETS } from "~/domain/pricing";
import { QUANTITY_MESSAGE } from "~/domain/ticket-availability";
import { z } from "~/schemas/zod";

/** Up to three digits, with any spaces around them: what a person types or a form sends. */
const WHOLE_NUMBER_TEXT = /^\s*\d{1,3}\s*$/;

/**
 * The one parse of "how many tickets in this purchase", wherever it arrives (the competition page, the checkout
 * review page, a script posting to the checkout): a whole number from 1 to 10, as text or as a number. Anything
 * else ("abc", "1.5", "", 0, 11) is refused with the one message; nothing is rounded or clamped into range.
 * (The basket's own rule, where "abc" becomes 1 and 0 removes the line, is the spec's and lives in clampQuantity.)
 */
export const TicketQuantitySchema = z
  .unknown()
  .transform((raw) =>
    typeof raw === "number" ? raw : typeof raw === "string" && WHOLE_NUMBER_TEXT.test(raw) ? Number(raw) : Number.NaN,
  )
  .pipe(
    z
      .number({ error: QUANTITY_MESSAGE })
      .int(QUANTITY_MESSAGE)
      .min(MIN_TICKETS, QUANTITY_MESSAGE)
      .max(MAX_TICKETS, QUANTITY_MESSAGE),
  );

/** The quantity as sent, or null when it is not one a purchase may have. */
export function parseTicketQuantity(raw: unknown): number | null {
  const parsed = TicketQuantitySchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
