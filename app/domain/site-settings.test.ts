import { describe, expect, it } from "vitest";
import {
  DEFAULT_SITE_SETTINGS,
  isPaidEntryOpen,
  paidEntryClosedNote,
  paidEntryCountries,
  settingsFromRows,
  settingsToRows,
} from "./site-settings";

describe("site settings from stored rows", () => {
  it("uses the defaults for anything never stored", () => {
    expect(settingsFromRows([])).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it("reads back what it stores", () => {
    const changed = {
      paidEntry: { GB: false, IE: true },
      complaintReplyWorkingDays: 10,
      disputeBody: { name: "Example ADR", url: "https://adr.test" },
    };
    expect(settingsFromRows(settingsToRows(changed))).toEqual(changed);
  });

  it.each([
    ["paid_entry.IE", "no"],
    ["complaints.reply_working_days", 0],
    ["complaints.reply_working_days", 2.5],
    ["complaints.reply_working_days", 21],
    ["complaints.dispute_body_name", "  "],
  ])("ignores a malformed %s (%j) and keeps the default", (key, value) => {
    expect(settingsFromRows([{ key, value }])).toEqual(DEFAULT_SITE_SETTINGS);
  });
});

describe("paid entry by country", () => {
  const irelandOff = { ...DEFAULT_SITE_SETTINGS, paidEntry: { GB: true, IE: false } };
  it("closes paid entry only to residents of a country switched off", () => {
    expect(isPaidEntryOpen(irelandOff, "IE")).toBe(false);
    expect(isPaidEntryOpen(irelandOff, "GB")).toBe(true);
    expect(paidEntryCountries(irelandOff)).toEqual(["GB"]);
    expect(paidEntryClosedNote(irelandOff)).toBe(
      "Paid entry is closed to residents of Ireland at the moment; they can enter free by post.",
    );
    expect(paidEntryClosedNote(DEFAULT_SITE_SETTINGS)).toBeNull();
  });
});
