/**
 * The privacy policy shown at /privacy. Policy figures come from ./policy and the rules'
 * own from domain/, so each is written once.
 */

import { MIN_AGE } from "~/domain/eligibility";
import type { LegalDocument } from "./document";
import { ACCOUNTING_RECORDS_RETENTION, DATA_RIGHTS_REPLY_WITHIN, REPLY_WITHIN_HOURS, SUPPORT_HOURS } from "./policy";

export const privacy: LegalDocument = {
  title: "Privacy policy",
  description:
    "What personal data Paddock collects, why, how long we keep it, your rights and how we use cookies and local " +
    "storage.",
  intro: [
    {
      p:
        "This policy explains what personal data we collect when you use Paddock, why we collect it, how long we " +
        "keep " +
        "it and the rights you have over it.",
    },
  ],
  sections: [
    {
      id: "who-we-are",
      title: "Who we are",
      blocks: [
        {
          p:
            "Paddock runs skill-based equestrian prize competitions for people in the UK and the Republic of " +
            "Ireland. We are the controller of the personal data described here, which we handle under UK data " +
            "protection law (the UK GDPR and the Data Protection Act 2018) and, for residents of Ireland, the EU GDPR.",
        },
      ],
    },
    {
      id: "what-we-collect",
      title: "What we collect",
      blocks: [
        {
          ul: [
            [
              { strong: "Account details:" },
              " your name, email address, password (stored only as a secure hash), phone number if you give it, and " +
                "your date of birth and country of residence, which we need to check you can enter.",
            ],
            [
              { strong: "Entries and orders:" },
              " the competitions you enter, your ticket numbers, your skill-question answers, what you paid and when.",
            ],
            [
              { strong: "Payments:" },
              " our payment provider, Stripe, handles your card or wallet details. We receive only a payment " +
                "reference, the amount and whether the payment succeeded, never your full card number.",
            ],
            [
              { strong: "Postal entries:" },
              " the details you write on a free entry (name, date of birth, address, phone number and email address).",
            ],
            [{ strong: "Messages:" }, " what you send us through the contact form, and our replies."],
            [
              { strong: "Preferences:" },
              " your marketing choices with a record of when and how you gave or withdrew consent, and any spend " +
                "limit, pause or self-exclusion you set.",
            ],
            [
              { strong: "Technical data:" },
              " server logs such as your IP address, browser type and the pages requested, used to keep the site " +
                "secure and working.",
            ],
          ],
        },
      ],
    },
    {
      id: "lawful-bases",
      title: "Why we use it and our lawful bases",
      blocks: [
        {
          ul: [
            [
              { strong: "Contract:" },
              " to run your account, take your entries and payments, hold the draw, contact you if you win and " +
                "deliver your prize.",
            ],
            [
              { strong: "Legal obligation:" },
              ` to check that entrants are aged ${MIN_AGE} or over and eligible, to keep accounting and tax records, ` +
                "to keep evidence of each draw, and to answer regulators such as the Advertising Standards Authority.",
            ],
            [
              { strong: "Legitimate interests:" },
              " to keep the site and your account secure, to prevent fraud and cheating, to publish winners' " +
                "surnames and counties (which you can object to), and to apply the spend limits, pauses and " +
                "self-exclusions you set.",
            ],
            [{ strong: "Consent:" }, " to send you marketing emails. You can withdraw consent at any time."],
          ],
        },
      ],
    },
    {
      id: "marketing",
      title: "Marketing",
      blocks: [
        {
          p:
            "We follow the Privacy and Electronic Communications Regulations (PECR): we send marketing emails only " +
            "if " +
            "you have ticked the box to agree, and we keep a record of that consent. Signing up for an account or " +
            "entering a competition does not by itself sign you up for marketing.",
        },
        {
          ul: [
            "Every marketing email has a one-click unsubscribe link that works straight away, without signing in.",
            "You can also change your choice at any time in your account.",
            "If you pause your account or self-exclude, we stop all marketing to you.",
          ],
        },
        {
          p:
            "Service messages, such as order confirmations and winner notifications, are not marketing and are sent " +
            "whatever your marketing choice.",
        },
      ],
    },
    {
      id: "sharing",
      title: "Who we share it with",
      blocks: [
        { p: "We do not sell your personal data. We share it only with:" },
        {
          ul: [
            "service providers who process it for us, such as Stripe for payments, and our hosting and email " +
              "providers;",
            "couriers and prize suppliers, when we deliver a prize to you;",
            "regulators, the police or courts, where the law requires it.",
          ],
        },
        {
          p:
            "Where a provider processes data outside the UK, we make sure appropriate safeguards are in place, such " +
            "as the UK's approved contract clauses.",
        },
      ],
    },
    {
      id: "retention",
      title: "How long we keep it",
      blocks: [
        {
          ul: [
            "Account details: for as long as your account is open.",
            "Orders, payments, entries and draw evidence: for as long as the law requires us to keep accounting " +
              `records and evidence of each draw, which in the UK is ${ACCOUNTING_RECORDS_RETENTION}. Draw evidence ` +
              "uses ticket numbers rather than names.",
            "Self-exclusion records: for as long as needed to keep the self-exclusion working.",
            "Contact messages: for as long as needed to deal with your message and any follow-up.",
            "Marketing consent records: for as long as we send you marketing, and afterwards as proof of your choice.",
            "Server logs: for a short period for security, then deleted.",
          ],
        },
      ],
    },
    {
      id: "your-rights",
      title: "Your rights",
      blocks: [
        { p: "You have the right to:" },
        {
          ul: [
            [{ strong: "access" }, " your data, including downloading a copy of your account data;"],
            [
              { strong: "erasure" },
              ": ask us to delete your account and data, except what the law requires us to keep (for example, " +
                "order records);",
            ],
            [{ strong: "rectification" }, ": have inaccurate data corrected (you can edit your profile yourself);"],
            [
              { strong: "object" },
              " to processing based on legitimate interests, including the publication of your name as a winner, " +
                "and to ",
              { strong: "restrict" },
              " processing;",
            ],
            [{ strong: "portability" }, ": receive the data you gave us in a machine-readable format;"],
            [{ strong: "withdraw consent" }, " to marketing at any time."],
          ],
        },
        {
          p: [
            `To use any of these rights, contact us. We answer within ${DATA_RIGHTS_REPLY_WITHIN}. If you are ` +
              "unhappy " +
              "with how we have handled your data, you can complain to the Information Commissioner's Office at ",
            { link: "ico.org.uk", to: "https://ico.org.uk" },
            " or, if you live in Ireland, the Data Protection Commission at ",
            { link: "dataprotection.ie", to: "https://www.dataprotection.ie" },
            ".",
          ],
        },
      ],
    },
    {
      id: "cookies",
      title: "Cookies and local storage",
      blocks: [
        { p: "We keep this to the minimum the site needs to work:" },
        {
          ul: [
            [
              { strong: "Session cookie (essential):" },
              " set when you sign in, to keep you signed in securely. It is strictly necessary, so it does not need " +
                "your consent.",
            ],
            [
              { strong: "Theme (local storage):" },
              " your choice of light, dark or system theme is stored in your browser's local storage under the key " +
                '"theme". It never leaves your device.',
            ],
          ],
        },
        {
          p:
            "We do not use advertising or tracking cookies. When you pay, Stripe's secure checkout may set its own " +
            "cookies to prevent fraud; these are covered by Stripe's privacy policy.",
        },
      ],
    },
    {
      id: "children",
      title: "Age limit",
      blocks: [
        {
          p:
            `Our competitions are only for people aged ${MIN_AGE} or over. We do not knowingly collect data from ` +
            "anyone younger; if we find we have, we close the account and delete the data.",
        },
      ],
    },
    {
      id: "contact",
      title: "Contact",
      blocks: [
        {
          p: [
            "For any privacy question or request, use our ",
            { link: "contact page", to: "/contact" },
            ` with "Privacy" as the subject. Our support team is available ${SUPPORT_HOURS} and replies within ` +
              `${REPLY_WITHIN_HOURS} hours. You can also read our `,
            { link: "terms and conditions", to: "/terms" },
            ".",
          ],
        },
      ],
    },
  ],
};
