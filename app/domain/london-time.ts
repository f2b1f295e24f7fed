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
