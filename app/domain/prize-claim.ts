// A winner's prize claim: confirm the address within the claim period, then shipped, then delivered. Pure rules.
import type { PrizeClaimStatus } from "../db/constants";

/** A winner who has not confirmed a delivery address this many days after the draw loses the prize to an alternate. */
export const PRIZE_CLAIM_DAYS = 14;

const DAY_MS = 86_400_000;

/** The last moment the winner can confirm their address; after it the prize passes to the next alternate. */
export function claimDeadline(drawnAt: Date): Date {
  return new Date(drawnAt.getTime() + PRIZE_CLAIM_DAYS * DAY_MS);
}

export type ClaimState = PrizeClaimStatus | "awaiting_address" | "unclaimed_redraw_due";

/** Where a won prize stands: the claim's own status, or, with no claim yet, waiting or overdue. */
export function claimState(drawnAt: Date, status: PrizeClaimStatus | null, now: Date): ClaimState {
  if (status) return status;
  return now.getTime() > claimDeadline(drawnAt).getTime() ? "unclaimed_redraw_due" : "awaiting_address";
}

export const CLAIM_STATE_LABELS: Record<ClaimState, string> = {
  awaiting_address: "Waiting for the winner's address",
  unclaimed_redraw_due: "Unclaimed - redraw due",
  confirmed: "Address confirmed",
  shipped: "Shipped",
  delivered: "Delivered",
};

export type ClaimStep = "confirm" | "ship" | "deliver";

/** The status a step may start from: the address can be changed until shipping; each later step follows one. */
const FROM: Record<ClaimStep, readonly (PrizeClaimStatus | null)[]> = {
  confirm: [null, "confirmed"],
  ship: ["confirmed"],
  deliver: ["shipped"],
};
const TO: Record<ClaimStep, PrizeClaimStatus> = { confirm: "confirmed", ship: "shipped", deliver: "delivered" };

/** The next status after a step, or null when the step does not apply now. */
export function nextClaimStatus(step: ClaimStep, current: PrizeClaimStatus | null): PrizeClaimStatus | null {
  return FROM[step].includes(current) ? TO[step] : null;
}

/** Where a postal winner's claim link stands: usable, spent, past the claim period, or no longer for the winner. */
export type ClaimLinkState = "valid" | "used" | "expired" | "not-winner";

export function claimLinkState(
  link: { usedAt: Date | null; expiresAt: Date },
  stillWinner: boolean,
  now: Date,
): ClaimLinkState {
  if (link.usedAt) return "used";
  if (!stillWinner) return "not-winner";
  return now.getTime() > link.expiresAt.getTime() ? "expired" : "valid";
}
