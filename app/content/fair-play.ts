/**
 * The public fair-play page, GENERATED from the live site settings and the constants the code enforces, never
 * written by hand: when a setting or a rule changes, so does the page.
 */

import { ESCALATION_WEEKS } from "~/domain/complaints";
import { CREDIT_CARD_MONTHLY_CAP_PENCE } from "~/domain/credit-card-cap";
import { ELIGIBLE_COUNTRIES as COUNTRY_CODES, MIN_AGE } from "~/domain/eligibility";
import { formatPence } from "~/domain/money";
import { MAX_SELF_EXCLUSION_MONTHS, MIN_SELF_EXCLUSION_MONTHS, PAUSE_DAYS } from "~/domain/player-protection";
import { COUNTRY_NAMES, paidEntryCountries, type SiteSettings } from "~/domain/site-settings";
import { SPEND_LIMIT_INCREASE_COOLING_OFF_HOURS } from "~/domain/spend-limit";
import type { DocumentSection, RichText } from "./document";
import { ELIGIBLE_COUNTRIES, POSTAL_ENTRY_REQUIRED_DETAILS, SPEND_LIMIT_MINIMUM } from "./policy";
import { SUPPORT_SERVICES } from "./support";

const list = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

function paidEntryText(settings: SiteSettings): RichText[] {
  const open = paidEntryCountries(settings).map((c) => COUNTRY_NAMES[c]);
  const closed = COUNTRY_CODES.filter((c) => !settings.paidEntry[c]).map((c) => COUNTRY_NAMES[c]);
  const lines: RichText[] = [
    open.length
      ? `Paid entry is open to residents of ${list(open)}.`
      : "Paid entry is closed to everyone at the moment; every competition can still be entered free by post.",
  ];
  if (closed.length && open.length) {
    lines.push(
      `Paid entry is closed to residents of ${list(closed)} at the moment: they see only the free postal route, ` +
        "and checkout refuses a paid entry from them.",
    );
  }
  return lines;
}

export function fairPlaySections(settings: SiteSettings): DocumentSection[] {
  const pauses = list(PAUSE_DAYS.map(days));
  const exclusion = `${MIN_SELF_EXCLUSION_MONTHS} months to ${MAX_SELF_EXCLUSION_MONTHS / 12} years`;
  const cap = formatPence(CREDIT_CARD_MONTHLY_CAP_PENCE);
  return [
    {
      id: "who-may-enter",
      title: "Who may enter",
      blocks: [
        {
          p:
            `Our competitions are open to people aged ${MIN_AGE} or over who live in ${ELIGIBLE_COUNTRIES}. ` +
            "Before a first paid entry you confirm your date of birth and country, and checkout refuses anyone " +
            `under ${MIN_AGE} or living elsewhere.`,
        },
        { ul: paidEntryText(settings) },
      ],
    },
    {
      id: "free-entry",
      title: "Free entry by post",
      blocks: [
        {
          p:
            "Every competition can be entered free by post, shown beside paid entry on its page. A postal entry " +
            "goes into the same draw with exactly the same chance as a paid one. Each entry must include:",
        },
        { ul: POSTAL_ENTRY_REQUIRED_DETAILS },
        { postalEntryAddress: true },
        { p: [{ link: "The full free entry rules", to: "/terms#free-entry" }, "."] },
      ],
    },
    {
      id: "odds",
      title: "Odds on every competition",
      blocks: [
        {
          p:
            "Every competition page shows the odds of one ticket winning if every ticket is sold, the number of " +
            "tickets and how many are sold, live.",
        },
      ],
    },
    {
      id: "staying-in-control",
      title: "Staying in control",
      blocks: [
        {
          ul: [
            `A monthly spending limit you set yourself, as low as ${SPEND_LIMIT_MINIMUM}. Lowering it applies at ` +
              `once; raising it takes effect after ${SPEND_LIMIT_INCREASE_COOLING_OFF_HOURS} hours.`,
            `A pause of ${pauses}, which stops you entering until it ends.`,
            `Self-exclusion for ${exclusion}: it cannot be ended early and also stops all marketing e-mail.`,
            `Credit cards are capped at ${cap} per person per calendar month (UK time); refunded payments do not ` +
              "count. A payment that would pass the cap is cancelled before any money is taken, and you can pay " +
              "by debit card instead.",
          ],
        },
        { p: [{ link: "Set your limits, pause or self-exclude", to: "/account/limits" }, " in your account."] },
        { p: "Free, confidential support, independent of us:" },
        {
          ul: SUPPORT_SERVICES.map((s) => [
            { link: s.name, to: s.url },
            ` (${s.country})${s.phone ? `, ${s.phone.display}` : ""}: ${s.what}`,
          ]),
        },
      ],
    },
    {
      id: "draws",
      title: "How draws are made and verified",
      blocks: [
        {
          p:
            "Only paid entries with the correct answer to the skill question and accepted postal entries go into " +
            "the draw, one row each with an equal chance. When a competition closes its entry list is frozen and " +
            "its fingerprint published, then the winner is picked with public randomness announced in advance, so " +
            "nobody, including us, can choose the result.",
        },
        {
          p: [
            "Each competition's draw has its own public verification page, linked from the competition, where " +
              "anyone can recompute the result. ",
            { link: "How it works", to: "/how-it-works" },
            ".",
          ],
        },
      ],
    },
    {
      id: "instant-wins",
      title: "Instant wins",
      blocks: [
        {
          p:
            "Some competitions have instant wins: ticket numbers, chosen before the competition goes live, that win " +
            "a prize the moment they are sold. The numbers stay secret while tickets sell, but as it goes live we " +
            "publish the SHA-256 fingerprint of the list with a random salt, and when it closes we publish the list " +
            "and the salt, so anyone can check that the list never changed. Each prize won shows on the competition " +
            "page as it is won. Site credit goes straight into the winner's account; cash and prizes are claimed " +
            "there.",
        },
        {
          p:
            "Instant-win competitions cannot be paid for with a credit card, and they are never more than half of " +
            "the competitions running.",
        },
      ],
    },
    {
      id: "complaints",
      title: "Complaints",
      blocks: [
        {
          ol: [
            [
              { link: "Send us your complaint", to: "/complaints" },
              ". You get a reference number at once and an acknowledgement by e-mail.",
            ],
            `We reply within ${days(settings.complaintReplyWorkingDays).replace("day", "working day")}.`,
            [
              `If you are not satisfied with our final reply, or have none within ${ESCALATION_WEEKS} weeks, you ` +
                "can take your complaint free of charge to an independent dispute resolution body: ",
              { link: settings.disputeBody.name, to: settings.disputeBody.url },
              ".",
            ],
          ],
        },
      ],
    },
  ];
}
