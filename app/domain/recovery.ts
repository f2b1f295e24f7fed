// Abandoned-checkout recovery: who may be sent a recovery e-mail and on what lawful basis (PECR regulation 22, UK
// GDPR; ADR 023), how old an abandonment reads, when the automatic rule is due, and which recoveries turned into
// sales. Pure: no I/O.
import { isActiveUntil } from "./player-protection";

export const RECOVERY_BASES = ["consent", "soft-opt-in"] as const;
/** Why we may send: current marketing consent in the ledger, or the soft opt-in of an existing customer. */
export type RecoveryBasis = (typeof RECOVERY_BASES)[number];

export type RecoveryRefusal = "account-deleted" | "self-excluded" | "paused" | "opted-out" | "no-basis";

export type RecoveryFacts = {
  /** The account still exists (a deleted account's orders keep no owner). */
  accountExists: boolean;
  /** The person's current marketing choice, from the consent ledger. */
  consent: "never" | "granted" | "withdrawn";
  /** They have paid for an order before (the soft opt-in's "existing customer"). */
  hasPaidBefore: boolean;
  pausedUntil: Date | null;
  excludedUntil: Date | null;
};

export type RecoveryEligibility = { ok: true; basis: RecoveryBasis } | { ok: false; refusal: RecoveryRefusal };

/**
 * May this person be sent a recovery e-mail now? Never a deleted, self-excluded or paused account, nor anyone whose
 * latest choice in the ledger is a withdrawal (an unsubscribe, self-exclusion, "no" in their settings). Otherwise a
 * current grant is consent; without one, an earlier paid order makes them an existing customer under the soft
 * opt-in (every message carries the one-click opt-out). Anyone else: no lawful basis, nothing is sent.
 */
export function recoveryEligibility(facts: RecoveryFacts, now: Date): RecoveryEligibility {
  if (!facts.accountExists) return { ok: false, refusal: "account-deleted" };
  if (isActiveUntil(facts.excludedUntil, now)) return { ok: false, refusal: "self-excluded" };
  if (isActiveUntil(facts.pausedUntil, now)) return { ok: false, refusal: "paused" };
  if (facts.consent === "withdrawn") return { ok: false, refusal: "opted-out" };
  if (facts.consent === "granted") return { ok: true, basis: "consent" };
  if (facts.hasPaidBefore) return { ok: true, basis: "soft-opt-in" };
  return { ok: false, refusal: "no-basis" };
}

export const BASIS_LABELS: Readonly<Record<RecoveryBasis, string>> = {
  consent: "Marketing consent",
  "soft-opt-in": "Soft opt-in (existing customer)",
};

/** Why staff could not send, in words for them. */
export const REFUSAL_MESSAGES: Readonly<Record<RecoveryRefusal, string>> = {
  "account-deleted": "This account has been deleted, so no recovery e-mail can be sent.",
  "self-excluded": "This person has self-excluded, so no recovery e-mail can be sent.",
  paused: "This person has paused their account, so no recovery e-mail can be sent.",
  "opted-out": "This person has opted out of marketing e-mails, so no recovery e-mail can be sent.",
  "no-basis": "This person has neither marketing consent nor an earlier paid order, so the law does not allow it.",
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** An abandonment's age as hours or days: "less than an hour ago", "1 hour ago", "5 hours ago", "2 days ago". */
export function abandonedAgo(at: Date, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - at.getTime());
  if (elapsed < HOUR_MS) return "less than an hour ago";
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return `${hours} ${hours === 1 ? "hour" : "hours"} ago`;
  }
  const days = Math.floor(elapsed / DAY_MS);
  return `${days} ${days === 1 ? "day" : "days"} ago`;
}

/** How long a recovery link works once sent. */
export const RECOVERY_LINK_TTL_MS = 7 * DAY_MS;

/** The automatic rule's delay after abandonment, in whole hours. */
export const AUTO_SEND_MIN_HOURS = 1;
export const AUTO_SEND_MAX_HOURS = 168;
export const AUTO_SEND_SETTING_KEY = "recovery.auto_send_hours";

/** The stored setting as a delay in hours, or null (off: the default, and for anything malformed). */
export function autoSendDelayHours(stored: unknown): number | null {
  return typeof stored === "number" &&
    Number.isInteger(stored) &&
    stored >= AUTO_SEND_MIN_HOURS &&
    stored <= AUTO_SEND_MAX_HOURS
    ? stored
    : null;
}

/**
 * The automatic rule looks back this far past its delay: switching it on does not mail everyone who ever left a
 * checkout, only recent abandonments.
 */
export const AUTO_SEND_LOOKBACK_MS = 3 * DAY_MS;
/** The automatic rule sends one person at most one recovery e-mail in this time, however many checkouts they left. */
export const AUTO_SEND_PER_PERSON_GAP_MS = 7 * DAY_MS;

/** The window of abandonment times the automatic rule sends for now: [from, to]. */
export function autoSendWindow(delayHours: number, now: Date): { from: Date; to: Date } {
  const to = new Date(now.getTime() - delayHours * HOUR_MS);
  return { from: new Date(to.getTime() - AUTO_SEND_LOOKBACK_MS), to };
}

/** Whether the automatic rule may mail someone it last sent a recovery e-mail at `lastSentAt`. */
export const autoSendAllowedAfter = (lastSentAt: Date | null, now: Date) =>
  lastSentAt === null || now.getTime() - lastSentAt.getTime() >= AUTO_SEND_PER_PERSON_GAP_MS;

export type UsedRecovery = { userId: string; usedAt: Date; competitionIds: readonly number[] };
export type PaidOrderFacts = {
  orderId: string;
  userId: string;
  paidAt: Date;
  lines: readonly { competitionId: number; totalPence: number }[];
};

/**
 * Recovered checkouts that were then paid: a recovery whose link was used, followed by an order paid by the same
 * person after that moment with at least one of the recovered competitions. Each recovery counts once (its first
 * such order), and each paid order counts for one recovery only; the value is what that order paid for the
 * recovered competitions.
 */
export function recoveredSales(
  recoveries: readonly UsedRecovery[],
  paid: readonly PaidOrderFacts[],
): { count: number; valuePence: number } {
  const claimed = new Set<string>();
  const byPaidAt = [...paid].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
  let count = 0;
  let valuePence = 0;
  for (const recovery of [...recoveries].sort((a, b) => a.usedAt.getTime() - b.usedAt.getTime())) {
    const wanted = new Set(recovery.competitionIds);
    const order = byPaidAt.find(
      (o) =>
        !claimed.has(o.orderId) &&
        o.userId === recovery.userId &&
        o.paidAt.getTime() >= recovery.usedAt.getTime() &&
        o.lines.some((l) => wanted.has(l.competitionId)),
    );
    if (!order) continue;
    claimed.add(order.orderId);
    count++;
    valuePence += order.lines.filter((l) => wanted.has(l.competitionId)).reduce((sum, l) => sum + l.totalPence, 0);
  }
  return { count, valuePence };
}
