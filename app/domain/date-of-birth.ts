// A date of birth typed as three fields (day, month, year), as UK public-service forms ask it. Pure: the caller
// gives today's date (London's calendar).
import { ageOn, compareDates, daysInMonth, MAX_AGE } from "./eligibility";
import type { CalendarDate } from "./london-time";

export type DateParts = { day?: string; month?: string; year?: string };

export const DOB_MESSAGES = {
  missing: "Enter your date of birth",
  real: "Date of birth must be a real date",
  past: "Date of birth must be in the past",
} as const;

/** "Date of birth must include a month", "... a day and year": GOV.UK's wording for the parts left out. */
export function dobMissingMessage(missing: readonly ("day" | "month" | "year")[]): string {
  if (missing.length === 0 || missing.length === 3) return DOB_MESSAGES.missing;
  return `Date of birth must include a ${missing.join(" and ")}`;
}

export type DateOfBirthReading = { ok: true; date: CalendarDate; iso: string } | { ok: false; message: string };

const NUMBER = /^\d{1,2}$/;
const YEAR = /^\d{4}$/;

/** Reads the three fields: which are missing, whether they make a real date, and whether it is before today. */
export function readDateOfBirth(parts: DateParts, today: CalendarDate): DateOfBirthReading {
  const text = {
    day: (parts.day ?? "").trim(),
    month: (parts.month ?? "").trim(),
    year: (parts.year ?? "").trim(),
  };
  const missing = (["day", "month", "year"] as const).filter((part) => text[part] === "");
  if (missing.length > 0) return { ok: false, message: dobMissingMessage(missing) };
  if (!NUMBER.test(text.day) || !NUMBER.test(text.month) || !YEAR.test(text.year))
    return { ok: false, message: DOB_MESSAGES.real };
  const date = { year: Number(text.year), month: Number(text.month), day: Number(text.day) };
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(date.year, date.month))
    return { ok: false, message: DOB_MESSAGES.real };
  if (compareDates(date, today) >= 0) return { ok: false, message: DOB_MESSAGES.past };
  if (ageOn(date, today) > MAX_AGE) return { ok: false, message: DOB_MESSAGES.real };
  return { ok: true, date, iso: isoDate(date) };
}

export function isoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** "1990-04-12" → the three fields as a form shows them ("12", "4", "1990"); nothing for anything else. */
export function datePartsOf(iso: string | null | undefined): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? "");
  if (!match) return {};
  return { day: String(Number(match[3])), month: String(Number(match[2])), year: match[1] };
}
