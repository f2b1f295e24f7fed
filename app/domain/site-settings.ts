// Site settings the business changes without a release (admin Settings page), stored one row per key. Pure: the
// defaults, how stored rows become a settings object (unknown or malformed rows fall back to the default) and the
// rules read from them.
import { ELIGIBLE_COUNTRIES, type EligibleCountry } from "./eligibility";

export const COUNTRY_NAMES: Readonly<Record<EligibleCountry, string>> = { GB: "the United Kingdom", IE: "Ireland" };

export type DisputeBody = { name: string; url: string };

export type SiteSettings = {
  /** Whether residents of each country may pay to enter; the free postal route stays open either way. */
  paidEntry: Readonly<Record<EligibleCountry, boolean>>;
  /** Working days within which we promise a reply to a complaint. */
  complaintReplyWorkingDays: number;
  /** The independent alternative dispute resolution body a complainant may escalate to. */
  disputeBody: DisputeBody;
};

export const MIN_REPLY_WORKING_DAYS = 1;
export const MAX_REPLY_WORKING_DAYS = 20;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  paidEntry: { GB: true, IE: true },
  complaintReplyWorkingDays: 5,
  // CEDR runs an approved consumer ADR scheme in the UK; the business confirms its own membership on Settings.
  disputeBody: { name: "CEDR (Centre for Effective Dispute Resolution)", url: "https://www.cedr.com/consumer/" },
};

const SETTING_KEYS = {
  paidEntry: (country: EligibleCountry) => `paid_entry.${country}`,
  complaintReplyWorkingDays: "complaints.reply_working_days",
  disputeBodyName: "complaints.dispute_body_name",
  disputeBodyUrl: "complaints.dispute_body_url",
} as const;

export type SettingRow = { key: string; value: unknown };

const isReplyDays = (v: unknown): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= MIN_REPLY_WORKING_DAYS && v <= MAX_REPLY_WORKING_DAYS;
const isText = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";

/** The settings these stored rows make; anything missing or malformed keeps its default. */
export function settingsFromRows(rows: readonly SettingRow[]): SiteSettings {
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const pick = <T>(key: string, valid: (v: unknown) => v is T, fallback: T): T => {
    const value = stored.get(key);
    return valid(value) ? value : fallback;
  };
  const isBoolean = (v: unknown): v is boolean => typeof v === "boolean";
  const d = DEFAULT_SITE_SETTINGS;
  return {
    paidEntry: {
      GB: pick(SETTING_KEYS.paidEntry("GB"), isBoolean, d.paidEntry.GB),
      IE: pick(SETTING_KEYS.paidEntry("IE"), isBoolean, d.paidEntry.IE),
    },
    complaintReplyWorkingDays: pick(SETTING_KEYS.complaintReplyWorkingDays, isReplyDays, d.complaintReplyWorkingDays),
    disputeBody: {
      name: pick(SETTING_KEYS.disputeBodyName, isText, d.disputeBody.name),
      url: pick(SETTING_KEYS.disputeBodyUrl, isText, d.disputeBody.url),
    },
  };
}

/** One row per key, as stored. */
export function settingsToRows(settings: SiteSettings): SettingRow[] {
  return [
    ...ELIGIBLE_COUNTRIES.map((c) => ({ key: SETTING_KEYS.paidEntry(c), value: settings.paidEntry[c] })),
    { key: SETTING_KEYS.complaintReplyWorkingDays, value: settings.complaintReplyWorkingDays },
    { key: SETTING_KEYS.disputeBodyName, value: settings.disputeBody.name },
    { key: SETTING_KEYS.disputeBodyUrl, value: settings.disputeBody.url },
  ];
}

/** May a resident of this country pay to enter? Unknown countries may not enter at all (eligibility says why). */
export function isPaidEntryOpen(settings: SiteSettings, country: string | null | undefined): boolean {
  return country === "GB" || country === "IE" ? settings.paidEntry[country] : true;
}

/** The countries whose residents may pay to enter now, in the order of ELIGIBLE_COUNTRIES. */
export function paidEntryCountries(settings: SiteSettings): EligibleCountry[] {
  return ELIGIBLE_COUNTRIES.filter((c) => settings.paidEntry[c]);
}

export const paidEntryClosedMessage = (country: EligibleCountry) =>
  `Paid entry is not open to residents of ${COUNTRY_NAMES[country]} at the moment. ` +
  "You can still enter free by post, with the same chance of winning.";

/** For every visitor, when paid entry is off somewhere: who may enter by post only. Null when open everywhere. */
export function paidEntryClosedNote(settings: SiteSettings): string | null {
  const closed = ELIGIBLE_COUNTRIES.filter((c) => !settings.paidEntry[c]);
  if (closed.length === 0) return null;
  const where = closed.map((c) => COUNTRY_NAMES[c]).join(" and ");
  return `Paid entry is closed to residents of ${where} at the moment; they can enter free by post.`;
}
