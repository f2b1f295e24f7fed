/**
 * The steps and benefits on /how-it-works. Policy figures come from ./policy and the rules'
 * own from domain/, so each is written once.
 */

import { MIN_AGE } from "~/domain/eligibility";
import { PRIZE_DISPATCH_DAYS, SPEND_LIMIT_MINIMUM, WINNER_CONTACT_HOURS, WINNER_NOTIFY_AIM_HOURS } from "./policy";

/** Icons are named here and drawn by the page, so content stays free of components. */
export type HowItWorksIcon =
  | "search"
  | "brain"
  | "credit-card"
  | "trophy"
  | "award"
  | "shield-check"
  | "lock"
  | "heart-handshake";

type HowItWorksItem = { title: string; body: string; icon: HowItWorksIcon };

export const steps: readonly HowItWorksItem[] = [
  {
    title: "Choose a competition",
    icon: "search",
    body:
      "Browse our live competitions. Each one shows the prize, the closing date, how many entries are left and how " +
      "to enter free by post.",
  },
  {
    title: "Answer the skill question",
    icon: "brain",
    body:
      "Pick your answer to an equestrian question that needs real knowledge. Only correct answers go into the " +
      "draw: if your answer is wrong, you still buy the tickets, but they cannot win.",
  },
  {
    title: "Complete your entry",
    icon: "credit-card",
    body:
      "Choose your tickets and pay securely by card, Apple Pay or Google Pay. Before your first entry we ask you " +
      `to confirm you are ${MIN_AGE} or over and live in the UK or Ireland. Your tickets then appear in your ` +
      "account.",
  },
  {
    title: "Win",
    icon: "trophy",
    body:
      "When the competition closes, the winner is drawn at random from the correct entries and postal entries. We " +
      `aim to tell the winner within ${WINNER_NOTIFY_AIM_HOURS} hours of the draw, and prizes are dispatched ` +
      `within ${PRIZE_DISPATCH_DAYS} days.`,
  },
];

export const benefits: readonly HowItWorksItem[] = [
  {
    title: "Prizes riders want",
    icon: "award",
    body: "Tack, equipment, event tickets and cash, chosen by a team of riders. Every prize is exactly as described.",
  },
  {
    title: "A draw you can check",
    icon: "shield-check",
    body:
      "The entry list is frozen and published as a fingerprint, and the winner is picked with public randomness " +
      "announced in advance, so anyone can verify the result.",
  },
  {
    title: "Secure payment",
    icon: "lock",
    body: "Payments are handled by Stripe. We never see or store your full card number.",
  },
  {
    title: "You stay in control",
    icon: "heart-handshake",
    body:
      `Set a monthly spend limit (as low as ${SPEND_LIMIT_MINIMUM}), take a pause or self-exclude from your ` +
      "account at any time. Every measure is listed on our fair-play page.",
  },
];

/** Under "Before you enter". */
export const eligibilityAndWinnerNotice =
  `Competitions are open to UK and Republic of Ireland residents aged ${MIN_AGE} or over. The winner is told ` +
  `within ${WINNER_NOTIFY_AIM_HOURS} hours of the draw wherever possible, and always within ${WINNER_CONTACT_HOURS} ` +
  "hours, as our terms promise.";
