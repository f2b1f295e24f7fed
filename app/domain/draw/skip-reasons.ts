// What the admin form and the public page call each reason a prize passed to the next alternate (draw-v1.md,
// "Redraws"); the fixed list itself is SKIP_REASONS in db/constants, which the schema's check constraint reads.
import type { SkipReason } from "../../db/constants";
import { PRIZE_CLAIM_DAYS } from "../prize-claim";

export type { SkipReason };

export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  unclaimed: `Not claimed within ${PRIZE_CLAIM_DAYS} days`,
  ineligible: "Ineligible under the terms",
  refunded: "Refunded before the close",
};
