// Who may enter: 18 or over, resident in the UK or Ireland (DESIGN.md, Rules). Pure rules, no I/O.
import { MIN_AGE } from "../content/policy";
import { type CalendarDate, londonDate } from "./london-time";

export { MIN_AGE };
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

function compareDates(a: CalendarDate, b: CalendarDate) {
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

type EligibilityDecision =
  | { ok: true; age: number }
  | { ok: false; reason: "invalid_date" | "future_date" | "under_18" | "not_resident" };

/** Checks a date of birth (YYYY-MM-DD) and country against the rules, on London's calendar date at `now`. */
export function checkEligibility(input: { dateOfBirth: string; country: string }, now: Date): EligibilityDecision {
  const dob = parseIsoDate(input.dateOfBirth);
  if (!dob) return { ok: false, reason: "invalid_date" };
  const today = londonDate(now);
  if (compareDates(dob, today) > 0) return { ok: false, reason: "future_date" };
  const age = ageOn(dob, today);
  if (age > 130) return { ok: false, reason: "invalid_date" };
  if (age < MIN_AGE) return { ok: false, reason: "under_18" };
  if (!isEligibleCountry(input.country)) return { ok: false, reason: "not_resident" };
  return { ok: true, age };
}
