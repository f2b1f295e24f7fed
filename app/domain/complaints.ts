// Complaints: the public reference, when a reply is due and how old an open complaint is. Pure; London calendar.
import { type CalendarDate, londonDate, londonMidnight } from "./london-time";

const COMPLAINT_REFERENCE_PREFIX = "PDK-C-";

/** The reference a complainant quotes: PDK-C- and the complaint's number, six digits at least. */
export const complaintReference = (id: number) => `${COMPLAINT_REFERENCE_PREFIX}${String(id).padStart(6, "0")}`;

const DAY_MS = 86_400_000;

function nextDay(d: CalendarDate): CalendarDate {
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day) + DAY_MS);
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

const isWeekend = (d: CalendarDate) => [0, 6].includes(new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay());

/**
 * The London calendar date `workingDays` working days (Monday to Friday) after the day `received` falls on: a
 * complaint sent on a Friday with 5 working days is due the next Friday. Bank holidays count as working days, so
 * the promise is never later than stated.
 */
export function replyDueDate(received: Date, workingDays: number): CalendarDate {
  let day = londonDate(received);
  let left = workingDays;
  while (left > 0) {
    day = nextDay(day);
    if (!isWeekend(day)) left--;
  }
  return day;
}

/** Whole days (24 hours) since the complaint arrived. */
export const complaintAgeDays = (received: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - received.getTime()) / DAY_MS));

/** Past the end of its due date (London time) with no reply. */
export function isReplyOverdue(received: Date, workingDays: number, now: Date): boolean {
  return now.getTime() >= londonMidnight(nextDay(replyDueDate(received, workingDays))).getTime();
}

/** After this long without a final reply, a complainant may go to the dispute resolution body anyway. */
export const ESCALATION_WEEKS = 8;
