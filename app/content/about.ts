/** The fairness promises on /about. Policy figures come from ./policy so each is written once. */

import { MIN_AGE } from "~/domain/eligibility";
import type { RichText } from "./document";
import { ELIGIBLE_COUNTRIES } from "./policy";

/** Icons are named here and drawn by the page, so content stays free of components. */
export type FairnessIcon = "brain" | "dices" | "mail" | "calendar-check";

export const fairness: readonly { icon: FairnessIcon; title: string; body: RichText }[] = [
  {
    icon: "brain",
    title: "A genuine skill question",
    body:
      "Every competition asks a specialist equestrian question. Only correct entries go into the draw; a wrong " +
      "answer still buys tickets, but they cannot win.",
  },
  {
    icon: "dices",
    title: "A random draw you can verify",
    body: [
      "At closing we freeze the entry list and publish its fingerprint. The winner is picked with public " +
        "randomness announced in advance, so no one, including us, can influence the result, and anyone can check it. ",
      { link: "How draws are verified", to: "/fair-play#draws" },
      ".",
    ],
  },
  {
    icon: "mail",
    title: "Free postal entry, always",
    body: [
      "Every competition can be entered free by post, with exactly the same chance of winning as a paid entry. ",
      { link: "How to enter by post", to: "/terms#free-entry" },
      ".",
    ],
  },
  {
    icon: "calendar-check",
    title: "Clear, fixed rules",
    body:
      `Entry is open to residents of ${ELIGIBLE_COUNTRIES} aged ${MIN_AGE} or over. Once a competition is live, its ` +
      "closing date and prize cannot change. Winners are published by surname and county, and can object.",
  },
];
