// The free postal entry rules (terms, "Free postal entry"). Pure rules, no I/O: the caller gathers the facts
// (earlier envelopes, tickets already issued, the person's entries) inside the transaction that records the entry.
import type { PostalRejectionReason } from "../db/constants";
import { checkAge, MAX_AGE, MIN_AGE, parseIsoDate } from "./eligibility";

/** What staff copy from the card, as written (blank when the entrant left it out). */
export type PostalCard = {
  fullName: string;
  dateOfBirth: string;
  address: string;
  contactNumber: string;
  email: string;
  termsAccepted: boolean;
  skillAnswer: string;
};

/** The card fields the terms require, with the words the rejection names them by. */
const POSTAL_CARD_FIELDS: readonly (readonly [keyof PostalCard, string])[] = [
  ["fullName", "full name"],
  ["dateOfBirth", "date of birth"],
  ["address", "address"],
  ["contactNumber", "contact number"],
  ["email", "e-mail address"],
  ["termsAccepted", "statement accepting the terms"],
  ["skillAnswer", "answer to the skill question"],
];

export type PostalFacts = {
  receivedAt: Date;
  /** When entries closed: the closing date, or earlier when the competition closed at sell-out. */
  closesAt: Date;
  /** An entry for the same envelope was recorded before this one (a bulk envelope counts as one entry). */
  envelopeAlreadyRecorded: boolean;
  /** The entry cap (total tickets) and how many entries had been issued by the time this one arrived. */
  entryCap: number;
  entriesBeforeReceipt: number;
  /** Whether a ticket is still free now (none is when every ticket is sold or held in checkouts). */
  roomNow: boolean;
  /** The competition's per-person cap (null: none) and the entries this person already holds, paid and free. */
  perPersonCap: number | null;
  personEntries: number;
};

export type PostalDecision =
  | { outcome: "accepted" }
  | { outcome: "rejected"; reason: PostalRejectionReason; detail: string };

const reject = (reason: PostalRejectionReason, detail: string): PostalDecision => ({
  outcome: "rejected",
  reason,
  detail,
});

/** The card fields left blank (or, for the date of birth, not a real date), by the words the terms use. */
export function missingCardFields(card: PostalCard): string[] {
  return POSTAL_CARD_FIELDS.filter(([key]) => {
    const value = card[key];
    if (key === "dateOfBirth") return parseIsoDate(String(value)) === null;
    return typeof value === "boolean" ? !value : value.trim() === "";
  }).map(([, words]) => words);
}

/**
 * The outcome of one postal entry, the rules applied in the order the terms give them: one entry per envelope,
 * late, incomplete, under 18, void once the entry cap was reached, the per-person cap across paid and free
 * entries. A wrong answer is no rejection: the entry is accepted and, like a paid one, cannot win.
 */
export function decidePostalEntry(card: PostalCard, facts: PostalFacts): PostalDecision {
  if (facts.envelopeAlreadyRecorded)
    return reject("bulk envelope", "An entry from this envelope was already recorded; a bulk envelope counts as one.");
  if (facts.receivedAt.getTime() > facts.closesAt.getTime())
    return reject("late", "Received after the competition closed.");
  const missing = missingCardFields(card);
  if (missing.length > 0) return reject("incomplete", `Missing: ${missing.join(", ")}.`);
  const age = checkAge(card.dateOfBirth, facts.receivedAt);
  if (!age.ok && age.reason === "under_18")
    return reject("under 18", `The entrant was under ${MIN_AGE} when the entry was received.`);
  if (!age.ok)
    return reject(
      "incomplete",
      `The date of birth cannot be right: it is after the entry arrived, or more than ${MAX_AGE} years before.`,
    );
  if (facts.entriesBeforeReceipt >= facts.entryCap || !facts.roomNow)
    return reject("void: sold out", "The entry cap was reached before this entry could be entered.");
  if (facts.perPersonCap !== null && facts.personEntries >= facts.perPersonCap)
    return reject(
      "over the per-person cap",
      `This person already holds ${facts.personEntries} of the ${facts.perPersonCap} entries allowed per person.`,
    );
  return { outcome: "accepted" };
}

/** E-mail addresses match whatever their case; names whatever their case and spacing. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const normaliseName = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();
