// Calendar arithmetic in the UK's civil time (GMT in winter, BST in summer). Pure: only Intl.

export const LONDON_TIME_ZONE = "Europe/London";

export type CalendarDate = { year: number; month: number; day: number };

const partsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  hourCycle: "h23",
});

function londonParts(instant: Date) {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The date on a wall calendar in London at this instant. */
export function londonDate(instant: Date): CalendarDate {
  if (Number.isNaN(instant.getTime())) throw new RangeError("Invalid date");
  const { year, month, day } = londonParts(instant);
  return { year, month, day };
}

/** Minutes London is ahead of UTC at this instant (0 in GMT, 60 in BST). */
export function londonOffsetMinutes(instant: Date): number {
  const p = londonParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - wholeSeconds) / 60_000);
}

/** The instant London's wall clock reads midnight at the start of this calendar date. */
export function londonMidnight(date: CalendarDate): Date {
  const guess = Date.UTC(date.year, date.month - 1, date.day);
  // Clocks change at 01:00 UTC on a Sunday, never at midnight, so the offset at the guess is the offset at midnight.
  const offset = londonOffsetMinutes(new Date(guess));
  return new Date(guess - offset * 60_000);
}

/** Start of the London calendar month containing this instant: the window for monthly spend limits. */
export function londonMonthStart(instant: Date): Date {
  const { year, month } = londonDate(instant);
  return londonMidnight({ year, month, day: 1 });
}

const WALL_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * The instant a London wall clock reads this time ("2026-11-21T14:05", as a datetime-local input sends it). Null
 * for text that is not such a time, or for a time that never happens (the hour skipped when clocks go forward).
 * When clocks go back an hour repeats: the first (BST) reading is taken.
 */
export function londonWallTimeToInstant(text: string): Date | null {
  const match = WALL_TIME_PATTERN.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  for (const offset of [60, 0]) {
    const candidate = new Date(guess - offset * 60_000);
    const p = londonParts(candidate);
    if (p.year === year && p.month === month && p.day === day && p.hour === hour && p.minute === minute)
      return candidate;
  }
  return null;
}

/** "2026-11-21T14:05": this instant on a London wall clock, as a datetime-local input shows it. */
export function toLondonWallTime(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError("Invalid date");
  const p = londonParts(instant);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}
