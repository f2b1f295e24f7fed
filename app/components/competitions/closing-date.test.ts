import { describe, expect, it } from "vitest";
import { formatLondonDateTime } from "./closing-date";

describe("formatLondonDateTime", () => {
  it.each([
    ["winter, GMT", "2026-01-15T09:05:00Z", "Thursday 15 January 2026, 09:05 GMT"],
    ["summer, BST is an hour ahead", "2031-07-04T15:30:00Z", "Friday 4 July 2031, 16:30 BST"],
    ["late evening UTC is the next day in summer", "2026-06-30T23:30:00Z", "Wednesday 1 July 2026, 00:30 BST"],
    ["the spring change", "2026-03-29T01:00:00Z", "Sunday 29 March 2026, 02:00 BST"],
  ])("%s", (_label, iso, expected) => {
    expect(formatLondonDateTime(new Date(iso))).toBe(expected);
  });
});
