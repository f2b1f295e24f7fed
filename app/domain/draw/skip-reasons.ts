// Why a prize may pass from a drawn entry to the next alternate: this fixed list and nothing else (draw-v1.md,
// "Redraws"). Client-safe: the schema's check constraint, the admin form and the public page read it.

export const SKIP_REASONS = ["unclaimed", "ineligible", "refunded"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  unclaimed: "Not claimed within 14 days",
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
