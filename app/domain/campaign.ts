// Marketing campaigns: their states, who an audience means, who may receive marketing at all, and how a minute's
// sending is cut into batches. Pure: the server feeds it facts read from the database and the clock.
import type { CampaignAudience, CampaignState } from "~/db/constants";
import type { ConsentState } from "./consent-ledger";

/** What staff can do to a campaign; each moves it from some states to one. */
export type CampaignAction = "schedule" | "unschedule" | "cancel" | "start" | "finish";

const TRANSITIONS: Record<CampaignAction, { from: readonly CampaignState[]; to: CampaignState }> = {
  schedule: { from: ["draft"], to: "scheduled" },
  unschedule: { from: ["scheduled"], to: "draft" },
  // Once sending has started, messages are in the outbox: it can no longer be called off.
  cancel: { from: ["draft", "scheduled"], to: "cancelled" },
  start: { from: ["scheduled"], to: "sending" },
  finish: { from: ["sending"], to: "sent" },
};

/** The state `action` leads to from `state`, or null when it is not allowed there. */
export function nextCampaignState(state: CampaignState, action: CampaignAction): CampaignState | null {
  const rule = TRANSITIONS[action];
  return rule.from.includes(state) ? rule.to : null;
}

/** The states `action` may start from (for the conditional UPDATE that makes it race-free). */
export const statesAllowing = (action: CampaignAction): readonly CampaignState[] => TRANSITIONS[action].from;

/** Name, subject, content and audience change only while the campaign is a draft. */
export const isEditable = (state: CampaignState) => state === "draft";

export const CAMPAIGN_STATE_LABELS: Record<CampaignState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
  cancelled: "Cancelled",
};

/** How far back "recent buyers" and "new sign-ups" look. */
export const RECENT_DAYS = 30;
const DAY_MS = 86_400_000;

export const AUDIENCE_LABELS: Record<CampaignAudience, string> = {
  everyone: "Everyone who agreed to marketing",
  "recent-buyers": `Recent buyers (paid in the last ${RECENT_DAYS} days)`,
  "new-sign-ups": `New sign-ups (accounts made in the last ${RECENT_DAYS} days)`,
  "competition-entrants": "Entrants of a competition",
};

/** A chosen audience: the competition goes with `competition-entrants` only. */
export type AudienceChoice = { audience: CampaignAudience; competitionId: number | null };

/** What the database says about one address, as of `now`. */
export type RecipientFacts = {
  /** The current marketing choice from the ledger (by account and by address). */
  consent: ConsentState;
  /** Null for an address with no account (a newsletter subscriber). */
  account: {
    /** The account was deleted after the recipient list was made. */
    deleted: boolean;
    /** The account's address was confirmed by its link: consent from an unconfirmed address proves nothing. */
    emailVerified: boolean;
    createdAt: Date;
    pausedUntil: Date | null;
    excludedUntil: Date | null;
    /** The latest paid order's payment time. */
    lastPaidAt: Date | null;
    /** Competitions this account holds paid tickets in. */
    enteredCompetitionIds: readonly number[];
  } | null;
};

export type ExclusionReason = "no-consent" | "unconfirmed-address" | "paused" | "self-excluded" | "deleted";

export const EXCLUSION_LABELS: Record<ExclusionReason, string> = {
  "no-consent": "No marketing consent now",
  "unconfirmed-address": "E-mail address not confirmed",
  paused: "Account paused",
  "self-excluded": "Self-excluded",
  deleted: "Account deleted",
};

/**
 * Why this person must not get marketing now, or null when they may. Consent must be granted in the ledger today;
 * a paused or self-excluded account gets none whatever its consent says (a self-exclusion withdraws consent, but an
 * old grant made after it under the address must not slip through); a deleted account gets none.
 */
export function marketingExclusion(facts: RecipientFacts, now: Date): ExclusionReason | null {
  const { account } = facts;
  if (account?.deleted) return "deleted";
  if (account && !account.emailVerified) return "unconfirmed-address";
  if (account?.excludedUntil && account.excludedUntil.getTime() > now.getTime()) return "self-excluded";
  if (account?.pausedUntil && account.pausedUntil.getTime() > now.getTime()) return "paused";
  if (facts.consent.status !== "granted") return "no-consent";
  return null;
}

const within = (instant: Date | null | undefined, now: Date, days: number) =>
  instant != null && instant.getTime() <= now.getTime() && now.getTime() - instant.getTime() <= days * DAY_MS;

/** Whether the audience's own rule (before consent and protection) takes this person. */
export function matchesAudience(choice: AudienceChoice, facts: RecipientFacts, now: Date): boolean {
  const { account } = facts;
  switch (choice.audience) {
    case "everyone":
      return true;
    case "recent-buyers":
      return within(account?.lastPaidAt, now, RECENT_DAYS);
    case "new-sign-ups":
      return within(account?.createdAt, now, RECENT_DAYS);
    case "competition-entrants":
      return choice.competitionId != null && (account?.enteredCompetitionIds.includes(choice.competitionId) ?? false);
  }
}

/** The audience's rule and the marketing rules together: whether this person gets the campaign now. */
export const receivesCampaign = (choice: AudienceChoice, facts: RecipientFacts, now: Date) =>
  matchesAudience(choice, facts, now) && marketingExclusion(facts, now) === null;

/** Default sending rate: messages queued per minute across all campaigns. */
export const DEFAULT_SEND_RATE_PER_MINUTE = 600;
/** The most recipients one transaction takes: small enough to keep locks short, large enough to be efficient. */
export const MAX_BATCH_SIZE = 100;

/**
 * How many messages a pass may queue: `ratePerMinute` per minute of `elapsedMs` since the last pass, never more than
 * a minute's worth (so a stalled process does not burst).
 */
export function passAllowance(ratePerMinute: number, elapsedMs: number): number {
  const minutes = Math.min(1, Math.max(0, elapsedMs) / 60_000);
  return Math.max(0, Math.floor(ratePerMinute * minutes));
}

/** A pass's batches for one campaign: `allowance` (or what is pending, if less) cut into batches of `maxBatch`. */
export function planBatches(options: { allowance: number; pending: number; maxBatch?: number }): number[] {
  const { pending, maxBatch = MAX_BATCH_SIZE } = options;
  let allowance = Math.min(pending, Math.max(0, options.allowance));
  const batches: number[] = [];
  while (allowance > 0) {
    const size = Math.min(maxBatch, allowance);
    batches.push(size);
    allowance -= size;
  }
  return batches;
}
