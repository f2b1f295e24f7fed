/**
 * Policy figures quoted on the public pages (terms, refunds, privacy, FAQ, how it works, about).
 * Each figure is written once here; pages interpolate these constants rather than repeating numbers. Figures a
 * rule decides by (minimum age, prize claim period, spend-limit cooling-off) live with their rules in domain/.
 * Source: spec section 9 "Business constants and limits" and DESIGN.md "Rules that are product requirements".
 */

/** Date shown as "Last updated" on the legal pages (display text and machine-readable month). */
export const LEGAL_LAST_UPDATED = "January 2025";
export const LEGAL_LAST_UPDATED_ISO = "2025-01";

/** Eligibility (the minimum age is the rule's: MIN_AGE in domain/eligibility). */
export const ELIGIBLE_COUNTRIES = "the United Kingdom and the Republic of Ireland";

/** Winners are contacted within this many hours of the draw (the commitment in the terms). */
export const WINNER_CONTACT_HOURS = 48;
/** We aim to tell the winner within this many hours of the draw (the how-it-works promise). */
export const WINNER_NOTIFY_AIM_HOURS = 24;

/** Prizes are dispatched within this many days. */
export const PRIZE_DISPATCH_DAYS = 28;

/** Refunds. */
export const REFUND_ISSUE_WORKING_DAYS = 14;
export const REFUND_REQUEST_DAYS = 14;
export const REFUND_REPLY_WORKING_DAYS = 5;
export const BANK_PROCESSING = "3-5 working days";

/** Support. */
export const SUPPORT_HOURS = "Mon-Fri 9:00-18:00 GMT";
export const REPLY_WITHIN_HOURS = 24;

/** Player protection (the cooling-off period is the rule's: domain/spend-limit). */
export const SPEND_LIMIT_MINIMUM = "£0";

/** Free postal entry: the address, one line per element. */
export const POSTAL_ENTRY_ADDRESS = [
  "Paddock Competitions",
  "Free Entry",
  "PO Box 1234",
  "Cheltenham",
  "GL50 1ZZ",
] as const;

/** What a free postal entry must include, in the order we ask for it. */
export const POSTAL_ENTRY_REQUIRED_DETAILS = [
  "the name of the competition (draw) you are entering",
  "your full name",
  "your date of birth",
  "your full postal address",
  "a contact telephone number",
  "your email address",
  "your answer to the competition's skill question",
  "a statement that you accept these terms",
] as const;

/** Privacy: statutory figures quoted in the privacy policy. */
export const DATA_RIGHTS_REPLY_WITHIN = "one month";
export const ACCOUNTING_RECORDS_RETENTION = "six years from the end of the financial year concerned";
