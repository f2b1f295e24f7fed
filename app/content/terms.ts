/**
 * The terms and conditions shown at /terms. Policy figures come from ./policy and the rules'
 * own from domain/, so each is written once.
 */

import { MIN_AGE } from "~/domain/eligibility";
import { PRIZE_CLAIM_DAYS } from "~/domain/prize-claim";
import { SPEND_LIMIT_INCREASE_COOLING_OFF_HOURS } from "~/domain/spend-limit";
import type { LegalDocument } from "./document";
import {
  ELIGIBLE_COUNTRIES,
  POSTAL_ENTRY_REQUIRED_DETAILS,
  PRIZE_DISPATCH_DAYS,
  REFUND_ISSUE_WORKING_DAYS,
  REFUND_REQUEST_DAYS,
  REPLY_WITHIN_HOURS,
  SPEND_LIMIT_MINIMUM,
  SUPPORT_HOURS,
  WINNER_CONTACT_HOURS,
} from "./policy";

export const terms: LegalDocument = {
  title: "Terms and conditions",
  description:
    "The rules for entering Paddock's skill-based equestrian competitions, including the free postal entry route, " +
    "eligibility, the draw, winners and prizes.",
  intro: [
    {
      p:
        "Please read these terms before you enter. They explain who can enter, how to enter for free by post, how " +
        "the " +
        "skill question and the draw work, and what happens when you win.",
    },
  ],
  sections: [
    {
      id: "introduction",
      title: "About these terms",
      blocks: [
        {
          p:
            'These terms apply to every competition run on Paddock ("we", "us", "our"), the promoter of each ' +
            "competition. By entering a competition, whether online or by post, you agree to these terms and to any " +
            "extra rules shown on that competition's page. If a competition page and these terms disagree, the " +
            "competition page applies to that competition only.",
        },
        {
          p:
            "Our competitions are prize competitions that need skill, with a free entry route. They are not " +
            "lotteries: a paid entry can only win if it answers the skill question correctly.",
        },
      ],
    },
    {
      id: "eligibility",
      title: "Who can enter",
      blocks: [
        {
          p:
            `Competitions are open to residents of ${ELIGIBLE_COUNTRIES} aged ${MIN_AGE} or over. ` +
            `The minimum age is ${MIN_AGE}, with no exceptions.`,
        },
        {
          ul: [
            "You must confirm your date of birth and country of residence before your first entry.",
            "Before we hand over a prize we may ask the winner for proof of age, identity and address. If a winner " +
              "cannot show that they are eligible, the entry is void.",
            "Our staff, their households and anyone professionally connected with running a competition cannot " +
              "enter it.",
            "Entries made on someone else's behalf, or by automated means, are void.",
          ],
        },
      ],
    },
    {
      id: "competitions",
      title: "Competitions and entry routes",
      blocks: [
        {
          p:
            "Each competition page shows the prize, the closing date and time, the number of entries available (the " +
            "entry cap) and the skill question. Once a competition is live, its closing date and its prize cannot " +
            "be changed.",
        },
        { p: "There are two ways to enter every competition, and both go into the same draw:" },
        {
          ul: [
            [
              { strong: "Paid entry online:" },
              " answer the skill question, choose your tickets and pay. See ",
              { link: "the skill question", to: "#skill-question" },
              " and ",
              { link: "payment and refunds", to: "#payment" },
              ".",
            ],
            [
              { strong: "Free entry by post:" },
              " send your details to us by post. See ",
              { link: "free postal entry", to: "#free-entry" },
              ".",
            ],
          ],
        },
        {
          p:
            "A competition closes at its closing time or when the entry cap is reached, whichever comes first. " +
            "Entries received after a competition closes are not entered.",
        },
      ],
    },
    {
      id: "skill-question",
      title: "The skill question",
      blocks: [
        {
          p:
            "Every paid entry must answer the competition's equestrian skill question, choosing from the answers " +
            "offered, before paying. The answer is fixed once the entry is paid and cannot be changed.",
        },
        {
          p: [
            "Only entries with the correct answer are eligible for the draw. ",
            {
              strong:
                "If you answer incorrectly, your tickets are still bought and count as entries, but they cannot win",
            },
            ", and a wrong answer is not grounds for a refund. We tell you this before you pay.",
          ],
        },
        {
          p:
            "We set questions that need genuine equestrian knowledge. Our decision on the correct answer is final, " +
            "unless the question is shown to be wrong or ambiguous; in that case we will treat every entry affected " +
            "fairly and tell entrants what we have done.",
        },
      ],
    },
    {
      id: "free-entry",
      title: "Free postal entry",
      blocks: [
        {
          p:
            "You can enter any competition free of charge by post. Send a postcard or a letter in an envelope, with " +
            "enough postage, to:",
        },
        { postalEntryAddress: true },
        { p: "Your postcard or letter must include:" },
        { ul: POSTAL_ENTRY_REQUIRED_DETAILS },
        { p: "The following rules apply to free entries:" },
        {
          ul: [
            "Each free entry must be posted separately, one entry per postcard or envelope.",
            "Bulk entries (several entries sent together in one envelope or on one card) count as one entry.",
            "Late or incomplete entries are not entered. An entry is late if we receive it after the competition " +
              "has closed.",
            "An entry is void if the competition's entry cap is reached before we receive it. Proof of posting is " +
              "not proof of receipt.",
            "Entrants must be 18 or over on the day we receive the entry.",
            "The competition's limit on entries per person applies to paid and free entries together. We match " +
              "entries to a person by email address, or by name and date of birth.",
            "Free entries go into the same draw as paid entries and have exactly the same chance of winning as a " +
              "paid entry. As with a paid entry, only an entry with the correct answer can win.",
            "An accepted entry gets a ticket number from the same sequence as paid tickets and an entry reference, " +
              "which we email to you. We tell you whether your answer was correct only once the competition closes.",
            "We record every postal entry we receive, including any we cannot accept, together with the reason, and " +
              "we email you the outcome. Each competition's page shows how many postal entries were accepted and " +
              "rejected.",
          ],
        },
      ],
    },
    {
      id: "payment",
      title: "Payment and refunds",
      blocks: [
        {
          p:
            "Prices are shown in pounds sterling (GBP) and include any discount that applies. You pay by card, Apple " +
            "Pay or Google Pay through our payment provider, Stripe; we never see or store your full card number.",
        },
        {
          ul: [
            "Your entry is confirmed only once your payment has succeeded.",
            "While you are paying, your tickets are held for you. If the competition sells out before your payment " +
              "can be honoured, you are not entered and we refund the payment automatically and tell you.",
            "Because each ticket is an entry into a specific draw, entries cannot be cancelled once they are " +
              "confirmed, except where the law gives you that right. This does not affect your statutory rights.",
            `If you think you have been charged wrongly, ask us within ${REFUND_REQUEST_DAYS} days. Agreed refunds ` +
              `are issued within ${REFUND_ISSUE_WORKING_DAYS} working days to the original payment method.`,
          ],
        },
        {
          p: ["Our ", { link: "refund policy", to: "/refunds" }, " sets out the full process and timescales."],
        },
      ],
    },
    {
      id: "draw",
      title: "The draw",
      blocks: [
        {
          p:
            "When a competition closes, the list of eligible entries is frozen. Eligible entries are paid tickets " +
            "with the correct answer and accepted free postal entries, each listed once with an equal chance.",
        },
        {
          ul: [
            "Before the draw we publish the closing time, a fingerprint (SHA-256 hash) of the frozen entry list, " +
              "which uses ticket numbers rather than names, and the public randomness source that will decide the " +
              "result.",
            "The winner is picked at random from that list using the public randomness. No one, including us, can " +
              "choose or change the result, and anyone can recompute it from the published evidence.",
            "The same process also picks, in order, the alternates used if a prize has to be redrawn. We keep the " +
              "evidence for every draw.",
            "If there are no eligible entries, no prize is awarded for that competition.",
          ],
        },
      ],
    },
    {
      id: "winners",
      title: "Winners",
      blocks: [
        {
          p:
            `We contact the winner within ${WINNER_CONTACT_HOURS} hours of the draw, by email and telephone, using ` +
            "the details given with the entry. Please keep your contact details up to date in your account.",
        },
        {
          ul: [
            "If we cannot reach the winner after reasonable attempts, or the winner turns out not to be eligible, " +
              "the prize goes to the first alternate picked in the same draw, and so on.",
            `The winner confirms their delivery address in their account within ${PRIZE_CLAIM_DAYS} days of the ` +
              "draw. A prize not claimed in that time passes to the next alternate.",
            [
              "We publish each winner's surname and county on our ",
              { link: "winners page", to: "/winners" },
              ", as the initial of your first name, your surname and your county. You have the right to object: " +
                'tick the box on your account\'s privacy page (or tell us) and we publish only "Winner" and your ' +
                "county. We may still have to share your details with the Advertising Standards Authority if it asks.",
            ],
            "Any further publicity, such as a photograph or a quote, is optional and needs the winner's separate " +
              "consent.",
          ],
        },
      ],
    },
    {
      id: "prize-delivery",
      title: "Prizes and delivery",
      blocks: [
        {
          p:
            `Each prize is as described on its competition page. Prizes are dispatched within ${PRIZE_DISPATCH_DAYS} ` +
            `days of our confirming the winner's eligibility and delivery details, to an address in ` +
            `${ELIGIBLE_COUNTRIES}. Cash prizes are paid by bank transfer within the same period.`,
        },
        {
          ul: [
            "Prizes cannot be transferred or exchanged for cash unless the competition page says otherwise.",
            "If a prize becomes unavailable for reasons outside our control, we will provide a prize of equal or " +
              "greater value.",
            "Any event tickets, travel or experiences are subject to the organiser's own conditions, which we will " +
              "share with the winner.",
          ],
        },
      ],
    },
    {
      id: "player-protection",
      title: "Player protection",
      blocks: [
        { p: "We want taking part to stay fun. In your account you can:" },
        {
          ul: [
            `set a monthly spend limit, as low as ${SPEND_LIMIT_MINIMUM}. Lowering a limit takes effect immediately; ` +
              `raising it takes effect only after a ${SPEND_LIMIT_INCREASE_COOLING_OFF_HOURS}-hour cooling-off ` +
              "period;",
            "pause your account for a period you choose;",
            "self-exclude from all our competitions.",
          ],
        },
        {
          p:
            "While your account is paused or self-excluded you cannot buy entries and we send you no marketing. We " +
            "will not accept a payment that would take you over your limit.",
        },
      ],
    },
    {
      id: "data-protection",
      title: "Data protection",
      blocks: [
        {
          p: [
            "We use your personal data to run competitions, check eligibility, contact winners and meet our legal " +
              "duties, as described in our ",
            { link: "privacy policy", to: "/privacy" },
            ". We only send marketing if you have agreed to it, and you can unsubscribe at any time.",
          ],
        },
      ],
    },
    {
      id: "liability",
      title: "Liability",
      blocks: [
        {
          ul: [
            "We are not responsible for postal entries that are lost, delayed or damaged in the post, or for online " +
              "entries that fail because of problems outside our reasonable control.",
            "We may void entries, or withhold a prize, where we reasonably believe there has been fraud, cheating or " +
              "a breach of these terms.",
            "If a competition cannot run as planned for reasons outside our control, we may cancel or extend it. If " +
              "we cancel a competition, paid entries are refunded in full.",
            "Nothing in these terms limits our liability for death or personal injury caused by our negligence, for " +
              "fraud, or for anything else that cannot be limited by law, and nothing affects your statutory rights.",
          ],
        },
        {
          p:
            "These terms are governed by the law of England and Wales. If you live in Scotland, Northern Ireland or " +
            "the Republic of Ireland, you may also bring proceedings in the courts where you live.",
        },
      ],
    },
    {
      id: "contact",
      title: "Contact",
      blocks: [
        {
          p: [
            "Questions about these terms or a competition are welcome through our ",
            { link: "contact page", to: "/contact" },
            `. Our support team is available ${SUPPORT_HOURS} and replies within ${REPLY_WITHIN_HOURS} hours. Free ` +
              "postal entries must go to the address in ",
            { link: "free postal entry", to: "#free-entry" },
            ".",
          ],
        },
      ],
    },
  ],
};
