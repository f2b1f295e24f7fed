// What the admin form and the public page call each reason a prize passed to the next alternate (draw-v1.md,
// "Redraws"); the fixed list itself is SKIP_REASONS in db/constants, which the schema's check constraint reads.
import { SKIP_REASONS, type SkipReason } from "../../db/constants";
import { PRIZE_CLAIM_DAYS } from "../prize-claim";

export type { SkipReason };

export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  unclaimed: `Not claimed within ${PRIZE_CLAIM_DAYS} days`,
  ineligible: "Ineligible under the terms",
  refunded: "Refunded before the close",
};

export const isSkipReason = (value: unknown): value is SkipReason =>
  typeof value === "string" && (SKIP_REASONS as readonly string[]).includes(value);

/** "Ineligible under the terms" needs the clause that applies (draw-v1.md: "ineligible under terms clause N"). */
export const needsClause = (reason: SkipReason) => reason === "ineligible";

/** The published wording of a skip: the reason, with its terms clause when it has one. */
export const skipReasonText = (reason: SkipReason, clause: number | null) =>
  needsClause(reason) && clause !== null ? `Ineligible under terms clause ${clause}` : SKIP_REASON_LABELS[reason];
