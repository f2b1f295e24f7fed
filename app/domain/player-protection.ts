// Pause and self-exclusion periods (DESIGN.md, Rules). Pure rules, no I/O.
import { daysInMonth } from "./eligibility";

export const PAUSE_DAYS = [1, 7, 30] as const;
export type PauseDays = (typeof PAUSE_DAYS)[number];
export const MIN_SELF_EXCLUSION_MONTHS = 6;
export const MAX_SELF_EXCLUSION_MONTHS = 60;

const DAY_MS = 24 * 60 * 60 * 1000;

export function isPauseDays(value: unknown): value is PauseDays {
  return (PAUSE_DAYS as readonly unknown[]).includes(value);
}

/** A pause runs from now for whole days; it can be lengthened but never shortened by asking again. */
export function pauseEnd(now: Date, days: PauseDays, current: Date | null): Date {
  const end = new Date(now.getTime() + days * DAY_MS);
  return current && current.getTime() > end.getTime() ? current : end;
}

/** Adds calendar months in UTC, keeping the time of day; a day that does not exist becomes the month's last. */
export function addMonths(instant: Date, months: number): Date {
  const year = instant.getUTCFullYear();
  const monthIndex = instant.getUTCMonth() + months;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(instant.getUTCDate(), daysInMonth(targetYear, targetMonth + 1));
  const result = new Date(instant.getTime());
  result.setUTCFullYear(targetYear, targetMonth, day);
  return result;
}

export function isValidExclusionMonths(months: unknown): months is number {
  return (
    Number.isInteger(months) &&
    (months as number) >= MIN_SELF_EXCLUSION_MONTHS &&
    (months as number) <= MAX_SELF_EXCLUSION_MONTHS
  );
}

/** Self-exclusion runs whole calendar months from now; it can be extended but never shortened. */
export function exclusionEnd(now: Date, months: number, current: Date | null): Date {
  if (!isValidExclusionMonths(months))
    throw new RangeError(
      `Self-exclusion must be ${MIN_SELF_EXCLUSION_MONTHS} to ${MAX_SELF_EXCLUSION_MONTHS} months, got ${months}`,
    );
  const end = addMonths(now, months);
  return current && current.getTime() > end.getTime() ? current : end;
}

/** Is a block (pause or exclusion) ending at `until` still in force at `now`? */
export function isActiveUntil(until: Date | null, now: Date): boolean {
  return until !== null && until.getTime() > now.getTime();
}
