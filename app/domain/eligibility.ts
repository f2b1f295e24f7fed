// Who may enter: 18 or over, resident in the UK or Ireland (DESIGN.md, Rules). Pure rules, no I/O.
import { type CalendarDate, londonDate } from "./london-time";

export const MIN_AGE = 18;
/** The oldest age taken as real: anything older is a typing slip. */
export const MAX_AGE = 130;
export const ELIGIBLE_COUNTRIES = ["GB", "IE"] as const;
export type EligibleCountry = (typeof ELIGIBLE_COUNTRIES)[number];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number) {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** "2001-02-28" → {year, month, day}; null for anything that is not a real calendar date. */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** Negative when `a` comes before `b`, zero on the same day. */
export function compareDates(a: CalendarDate, b: CalendarDate) {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/**
 * Whole years of age on a calendar date. Someone born on 29 February has their birthday on
 * 1 March in common years (as UK law counts it), because 28 February comes before 29 February.
 */
export function ageOn(dateOfBirth: CalendarDate, on: CalendarDate): number {
  let age = on.year - dateOfBirth.year;
  if (on.month < dateOfBirth.month || (on.month === dateOfBirth.month && on.day < dateOfBirth.day)) age--;
  return age;
}

export function isEligibleCountry(country: unknown): country is EligibleCountry {
  return (ELIGIBLE_COUNTRIES as readonly unknown[]).includes(country);
}

export type IneligibleReason = "invalid_date" | "future_date" | "under_18" | "not_resident";
type EligibilityDecision = { ok: true; age: number } | { ok: false; reason: IneligibleReason };

type AgeDecision = { ok: true; age: number } | { ok: false; reason: "invalid_date" | "future_date" | "under_18" };

/**
 * Is a date of birth (YYYY-MM-DD) a real one, and 18 or over, on London's calendar date at `now`? Online and
 * postal entries both answer to it.
 */
export function checkAge(dateOfBirth: string, now: Date): AgeDecision {
  const dob = parseIsoDate(dateOfBirth);
  if (!dob) return { ok: false, reason: "invalid_date" };
  const today = londonDate(now);
  if (compareDates(dob, today) > 0) return { ok: false, reason: "future_date" };
  const age = ageOn(dob, today);
  if (age > MAX_AGE) return { ok: false, reason: "invalid_date" };
  if (age < MIN_AGE) return { ok: false, reason: "under_18" };
  return { ok: true, age };
}

/** Checks a date of birth (YYYY-MM-DD) and country against the rules, on London's calendar date at `now`. */
export function checkEligibility(input: { dateOfBirth: string; country: string }, now: Date): EligibilityDecision {
  const age = checkAge(input.dateOfBirth, now);
  if (!age.ok) return age;
  if (!isEligibleCountry(input.country)) return { ok: false, reason: "not_resident" };
  return age;
}

/** What an account recorded when it confirmed its eligibility (nothing yet, for an account that never did). */
export type RecordedEligibility = { dateOfBirth: string | null; country: string | null; confirmedAt: Date | null };

/**
 * May this account enter now, by what it recorded? The same rule its confirmation passed, applied again on
 * today's date: an account that confirmed at 17 becomes eligible on its birthday, one recorded before these
 * checks existed is held to them too.
 */
export function checkRecordedEligibility(
  recorded: RecordedEligibility | undefined,
  now: Date,
): EligibilityDecision | { ok: false; reason: "not_confirmed" } {
  if (!recorded?.confirmedAt || !recorded.dateOfBirth) return { ok: false, reason: "not_confirmed" };
  return checkEligibility({ dateOfBirth: recorded.dateOfBirth, country: recorded.country ?? "" }, now);
}
