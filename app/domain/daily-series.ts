// Days as London's calendar has them, for the dashboard's revenue and tickets by day. Pure: only Intl.
import { londonDate, londonMidnight } from "./london-time";

/** "2026-11-21": a London calendar date as text, the key a day's figures are grouped by. */
type DayKey = string;

const pad = (n: number) => String(n).padStart(2, "0");
const utcDayKey = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

export function londonDayKey(instant: Date): DayKey {
  const { year, month, day } = londonDate(instant);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The last `count` London days ending with today, oldest first. */
export function lastDays(now: Date, count: number): DayKey[] {
  const today = londonDate(now);
  return Array.from({ length: count }, (_, i) => {
    // Calendar arithmetic on a date with no time of day: UTC has no clock changes to trip over.
    return utcDayKey(new Date(Date.UTC(today.year, today.month - 1, today.day - (count - 1 - i))));
  });
}

/** The London day after this one. */
export function dayAfter(key: DayKey): DayKey {
  const [year, month, day] = key.split("-").map(Number) as [number, number, number];
  return utcDayKey(new Date(Date.UTC(year, month - 1, day + 1)));
}

/** The instant the first of these days began in London: where a query for them starts. */
export function startOfDay(key: DayKey): Date {
  const [year, month, day] = key.split("-").map(Number) as [number, number, number];
  return londonMidnight({ year, month, day });
}

type DayFigures = { day: DayKey; revenuePence: number; tickets: number };

/** One entry per day, in order, with zeros for days without sales. */
export function fillDays(days: DayKey[], rows: Partial<DayFigures>[]): DayFigures[] {
  const byDay = new Map<DayKey, DayFigures>(days.map((day) => [day, { day, revenuePence: 0, tickets: 0 }]));
  for (const row of rows) {
    const entry = row.day ? byDay.get(row.day) : undefined;
    if (!entry) continue;
    entry.revenuePence += row.revenuePence ?? 0;
    entry.tickets += row.tickets ?? 0;
  }
  return [...byDay.values()];
}
