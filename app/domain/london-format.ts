// Every date and time the site shows, in the UK's civil time (GMT in winter, BST in summer). Pure: only Intl.
import { LONDON_TIME_ZONE } from "./london-time";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: LONDON_TIME_ZONE });

const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: LONDON_TIME_ZONE,
});

const shortDateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

const weekdayDateTimeParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON_TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
});

/** A Date, or its ISO text as it arrives in props typed for either. */
type Instant = Date | string;

/** "21 November 2026". */
export const formatUkDate = (date: Instant) => dateFormat.format(new Date(date));

/** "21 November 2026 at 14:05", for messages and e-mails. */
export const formatUkDateTime = (date: Instant) => dateTimeFormat.format(new Date(date));

/** "21 Nov 2026, 14:05", for tables and lists on the account pages. */
export const formatUkShortDateTime = (date: Instant) => shortDateTimeFormat.format(new Date(date));

/**
 * "Saturday 21 November 2026, 14:00 GMT", for closing dates. Built from parts rather than a locale's full pattern,
 * so the server's ICU and the browser's produce the same text and hydration matches.
 */
export function formatUkWeekdayDateTime(date: Instant): string {
  const parts = weekdayDateTimeParts.formatToParts(new Date(date));
  const { weekday, day, month, year, hour, minute, timeZoneName } = Object.fromEntries(
    parts.map((p) => [p.type, p.value]),
  );
  return `${weekday} ${day} ${month} ${year}, ${hour}:${minute} ${timeZoneName}`;
}
