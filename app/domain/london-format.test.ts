import { describe, expect, it } from "vitest";
import { formatUkDate, formatUkDateTime, formatUkShortDateTime, formatUkWeekdayDateTime } from "./london-format";

type Row = [label: string, iso: string, date: string, dateTime: string, shortDateTime: string, weekday: string];

// 2026: clocks go forward at 01:00 UTC on 29 March and back at 01:00 UTC on 25 October.
const rows: Row[] = [
  [
    "winter, GMT",
    "2026-01-15T09:05:00Z",
    "15 January 2026",
    "15 January 2026 at 09:05",
    "15 Jan 2026, 09:05",
    "Thursday 15 January 2026, 09:05 GMT",
  ],
  [
    "summer, BST is an hour ahead",
    "2031-07-04T15:30:00Z",
    "4 July 2031",
    "4 July 2031 at 16:30",
    "4 Jul 2031, 16:30",
    "Friday 4 July 2031, 16:30 BST",
  ],
  [
    "late evening UTC is the next day in summer",
    "2026-06-30T23:30:00Z",
    "1 July 2026",
    "1 July 2026 at 00:30",
    "1 Jul 2026, 00:30",
    "Wednesday 1 July 2026, 00:30 BST",
  ],
  [
    "midnight UTC is midnight in winter",
    "2026-12-31T00:00:00Z",
    "31 December 2026",
    "31 December 2026 at 00:00",
    "31 Dec 2026, 00:00",
    "Thursday 31 December 2026, 00:00 GMT",
  ],
  [
    "the last minute of a winter day",
    "2026-11-21T23:59:00Z",
    "21 November 2026",
    "21 November 2026 at 23:59",
    "21 Nov 2026, 23:59",
    "Saturday 21 November 2026, 23:59 GMT",
  ],
  [
    "a minute before the spring change",
    "2026-03-29T00:59:00Z",
    "29 March 2026",
    "29 March 2026 at 00:59",
    "29 Mar 2026, 00:59",
    "Sunday 29 March 2026, 00:59 GMT",
  ],
  [
    "the spring change",
    "2026-03-29T01:00:00Z",
    "29 March 2026",
    "29 March 2026 at 02:00",
    "29 Mar 2026, 02:00",
    "Sunday 29 March 2026, 02:00 BST",
  ],
  [
    "the autumn change, first 01:30 (BST)",
    "2026-10-25T00:30:00Z",
    "25 October 2026",
    "25 October 2026 at 01:30",
    "25 Oct 2026, 01:30",
    "Sunday 25 October 2026, 01:30 BST",
  ],
  [
    "the autumn change, second 01:30 (GMT)",
    "2026-10-25T01:30:00Z",
    "25 October 2026",
    "25 October 2026 at 01:30",
    "25 Oct 2026, 01:30",
    "Sunday 25 October 2026, 01:30 GMT",
  ],
];

describe("London formatters", () => {
  it.each(rows)("%s", (_label, iso, date, dateTime, shortDateTime, weekday) => {
    const instant = new Date(iso);
    expect(formatUkDate(instant)).toBe(date);
    expect(formatUkDateTime(instant)).toBe(dateTime);
    expect(formatUkShortDateTime(instant)).toBe(shortDateTime);
    expect(formatUkWeekdayDateTime(instant)).toBe(weekday);
  });
});
