import { COMPETITION_STATUSES, type CompetitionStatus } from "../db/constants";

export { COMPETITION_STATUSES, type CompetitionStatus };

export type CompetitionState = {
  endDate: Date;
  ticketsSold: number;
  totalTickets: number;
  status: CompetitionStatus;
};

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** Spec: "ending soon" means fewer than 2 days left. */
export const ENDING_SOON_MS = 2 * DAY_MS;

type TimeLeft =
  | { ended: true }
  | { ended: false; days: number; hours: number; minutes: number; seconds: number; totalMs: number };

type EntryDecision = { ok: true } | { ok: false; reason: "ended" | "sold_out" | "not_live" };

export function isCompetitionStatus(value: unknown): value is CompetitionStatus {
  return (COMPETITION_STATUSES as readonly unknown[]).includes(value);
}

/** Cancelling (refunds under way) or cancelled: either way it takes no entries, has no countdown and no draw. */
export function isCancelledStatus(status: CompetitionStatus): boolean {
  return status === "cancelling" || status === "cancelled";
}

/** Entries close at the end date itself; an invalid date counts as ended so it can never take entries. */
export function isEnded(comp: Pick<CompetitionState, "endDate">, now: Date): boolean {
  return !(comp.endDate.getTime() - now.getTime() > 0);
}

export function isSoldOut(comp: Pick<CompetitionState, "ticketsSold" | "totalTickets">): boolean {
  return comp.ticketsSold >= comp.totalTickets;
}

/** Only competitions still open for entry are "ending soon": a sold-out one has nothing left to urge. */
export function isEndingSoon(comp: CompetitionState, now: Date): boolean {
  return canEnter(comp, now).ok && comp.endDate.getTime() - now.getTime() < ENDING_SOON_MS;
}

export function timeLeft(endDate: Date, now: Date): TimeLeft {
  const totalMs = endDate.getTime() - now.getTime();
  if (!(totalMs > 0)) return { ended: true };
  return {
    ended: false,
    days: Math.floor(totalMs / DAY_MS),
    hours: Math.floor((totalMs % DAY_MS) / HOUR_MS),
    minutes: Math.floor((totalMs % HOUR_MS) / MINUTE_MS),
    seconds: Math.floor((totalMs % MINUTE_MS) / SECOND_MS),
    totalMs,
  };
}

/** "Ended", "3d 4h", "0d 5h"; under an hour "45m"; under a minute "<1m" so it never reads "0m" while open. */
export function formatTimeLeft(endDate: Date, now: Date): string {
  const left = timeLeft(endDate, now);
  if (left.ended) return "Ended";
  if (left.totalMs < MINUTE_MS) return "<1m";
  if (left.totalMs < HOUR_MS) return `${left.minutes}m`;
  return `${left.days}d ${left.hours}h`;
}

/** The "time left" a page shows: none for a cancelled competition, which closes at no time (it says Cancelled). */
export function timeLeftText(comp: Pick<CompetitionState, "endDate" | "status">, now: Date): string {
  return isCancelledStatus(comp.status) ? "Cancelled" : formatTimeLeft(comp.endDate, now);
}

/** Time is checked first so a closed competition says "ended" whatever its status or sales. */
export function canEnter(comp: CompetitionState, now: Date): EntryDecision {
  if (isEnded(comp, now)) return { ok: false, reason: "ended" };
  if (comp.status !== "active") return { ok: false, reason: "not_live" };
  if (isSoldOut(comp)) return { ok: false, reason: "sold_out" };
  return { ok: true };
}

/** Whole percent sold, floored; 100 only when every ticket is gone, so a bar never looks full too early. */
export function percentSold(sold: number, total: number): number {
  if (!(total > 0) || !(sold > 0)) return 0;
  if (sold >= total) return 100;
  return Math.min(99, Math.floor((sold * 100) / total));
}

const groupedCount = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

/** Odds of one ticket winning when every ticket is sold: "1 in 2,500". */
export function oddsText(totalTickets: number): string {
  if (!Number.isSafeInteger(totalTickets) || totalTickets < 1) {
    throw new RangeError(`Total tickets must be a whole number of at least 1, got ${totalTickets}`);
  }
  return `1 in ${groupedCount.format(totalTickets)}`;
}
