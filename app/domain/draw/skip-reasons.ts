// Why a prize may pass from a drawn entry to the next alternate: this fixed list and nothing else (draw-v1.md,
// "Redraws"). Client-safe: the schema's check constraint, the admin form and the public page read it.

export const SKIP_REASONS = ["unclaimed", "ineligible", "refunded"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  unclaimed: "Not claimed within 14 days",
  ineligible: "Ineligible under the terms",
  refunded: "Refunded before the close",
};
