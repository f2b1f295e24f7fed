/**
 * Questions and answers shown on /faq (siteFaq, nine items) and /how-it-works (howItWorksFaq, five items).
 * Policy figures come from ./policy and the rules' own from domain/, so each is written once.
 */
import { CREDIT_CARD_MONTHLY_CAP_PENCE } from "~/domain/credit-card-cap";
import { MIN_AGE } from "~/domain/eligibility";
import { formatPence } from "~/domain/money";
import { SPEND_LIMIT_INCREASE_COOLING_OFF_HOURS } from "~/domain/spend-limit";
import {
  PRIZE_DISPATCH_DAYS,
  REFUND_REQUEST_DAYS,
  SPEND_LIMIT_MINIMUM,
  WINNER_CONTACT_HOURS,
  WINNER_NOTIFY_AIM_HOURS,
} from "./policy";

export type FaqItem = {
  question: string;
  answer: string;
  /** Optional follow-up link shown under the answer. */
  link?: { to: string; label: string };
};

export const siteFaq: readonly FaqItem[] = [
  {
    question: "How do I enter a competition?",
    answer:
      "Choose a competition, answer its equestrian skill question, pick how many tickets you want and pay securely " +
      "by card, Apple Pay or Google Pay. Your tickets are confirmed once the payment has gone through, and you can " +
      "see them in your account.",
    link: { to: "/how-it-works", label: "See how it works" },
  },
  {
    question: "What happens if I answer the skill question wrongly?",
    answer:
      "You still buy the tickets, but they cannot win: only entries with the correct answer go into the draw. That " +
      "is what makes these skill competitions rather than lotteries, so please read the question carefully before " +
      "you pay. A wrong answer is not grounds for a refund.",
  },
  {
    question: "Can I enter for free?",
    answer:
      "Yes. Every competition has a free postal entry route. A free entry goes into the same draw as paid entries " +
      "and has exactly the same chance of winning. Our terms explain what to send and where to send it.",
    link: { to: "/terms#free-entry", label: "How to enter by post" },
  },
  {
    question: "Who can enter?",
    answer:
      `Anyone aged ${MIN_AGE} or over who lives in the UK or the Republic of Ireland. We ask you to confirm your ` +
      "date of birth and country before your first entry, and we check a winner's age and identity before handing " +
      "over a prize.",
  },
  {
    question: "How is the winner chosen?",
    answer:
      "When a competition closes, its list of eligible entries (paid entries with the correct answer plus accepted " +
      "postal entries) is frozen and its fingerprint published. The winner is then picked at random using a public " +
      "randomness source announced in advance, so anyone can check the result and nobody, including us, can " +
      "influence it.",
    link: { to: "/fair-play#draws", label: "How draws are made and verified" },
  },
  {
    question: "How will I know if I have won, and when will I get my prize?",
    answer:
      `We aim to tell the winner within ${WINNER_NOTIFY_AIM_HOURS} hours of the draw and always make contact ` +
      `within ${WINNER_CONTACT_HOURS} hours, using the email address and phone number on the entry. Prizes are ` +
      `dispatched within ${PRIZE_DISPATCH_DAYS} days once we have confirmed your eligibility and delivery details.`,
    link: { to: "/winners", label: "See our winners" },
  },
  {
    question: "Can I get a refund?",
    answer:
      `If something has gone wrong, for example you were charged twice, ask us within ${REFUND_REQUEST_DAYS} days. ` +
      "If a competition sells out before your payment could be honoured, we refund you automatically and you do " +
      "not need to ask. Our refund policy sets out every timescale.",
    link: { to: "/refunds", label: "Read our refund policy" },
  },
  {
    question: "How can I keep my spending under control?",
    answer:
      `In your account you can set a monthly spend limit (as low as ${SPEND_LIMIT_MINIMUM}), pause your account or ` +
      "self-exclude. Lowering a limit takes effect straight away; raising it only takes effect after a " +
      `${SPEND_LIMIT_INCREASE_COOLING_OFF_HOURS}-hour cooling-off period. A pause or self-exclusion also stops all ` +
      "our marketing emails. Credit card payments are limited to " +
      `${formatPence(CREDIT_CARD_MONTHLY_CAP_PENCE)} a calendar month.`,
    link: { to: "/fair-play#staying-in-control", label: "All our fair-play measures" },
  },
  {
    question: "How do I make a complaint?",
    answer:
      "Use our complaints form. You get a reference number straight away, a reply within the number of working " +
      "days our fair-play page promises, and the name of the independent body you can go to if we do not put it " +
      "right.",
    link: { to: "/complaints", label: "Make a complaint" },
  },
];

export const howItWorksFaq: readonly FaqItem[] = [
  {
    question: "Do I have to pay to enter?",
    answer:
      "No. Every competition can also be entered free by post, and a postal entry has the same chance of winning " +
      "as a paid one.",
    link: { to: "/terms#free-entry", label: "How to enter by post" },
  },
  {
    question: "What if I get the skill question wrong?",
    answer:
      "Your tickets are still bought, but they cannot win, because only correct entries go into the draw. Take " +
      "your time over the question before you pay.",
  },
  {
    question: "How do I know the draw is fair?",
    answer:
      "The entry list is frozen and its fingerprint published when the competition closes, and the winner is " +
      "picked using a public randomness source announced in advance. Anyone can recompute the result.",
  },
  {
    question: "Who can take part?",
    answer: `Residents of the UK and the Republic of Ireland aged ${MIN_AGE} or over.`,
  },
  {
    question: "How will I find out if I have won?",
    answer:
      `We aim to contact the winner within ${WINNER_NOTIFY_AIM_HOURS} hours of the draw, and always within ` +
      `${WINNER_CONTACT_HOURS} hours, by email and phone. Winners are also listed on our winners page by surname ` +
      "and county, unless they object.",
    link: { to: "/winners", label: "See our winners" },
  },
];
