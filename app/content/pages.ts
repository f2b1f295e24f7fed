import { REPLY_WITHIN_HOURS, SUPPORT_HOURS } from "./policy";

/** What search engines and shared links show for a page: its title and a one-sentence description. */
type PageText = { title: string; description: string };

/** The public pages' titles and descriptions, in one place to read and review together. */
export const PAGES = {
  home: {
    title: "Paddock",
    description:
      "Skill-based equestrian prize competitions for riders in the UK and Ireland: answer a question, enter the " +
      "draw and win tack, equipment, event tickets or cash.",
  },
  competitions: {
    title: "Competitions",
    description:
      "Browse every open equestrian prize competition: search by prize, filter featured or ending soon, and see " +
      "tickets sold live.",
  },
  winners: {
    title: "Winners",
    description: "The latest Paddock draw results: who won, what they won and when the draw took place.",
  },
  howItWorks: {
    title: "How it works",
    description:
      "Enter a Paddock competition in four steps: choose a competition, answer the equestrian skill question, " +
      "complete your entry and win.",
  },
  about: {
    title: "About us",
    description:
      "Paddock is a small UK team of riders running fair, skill-based equestrian prize competitions for the UK " +
      "and Ireland.",
  },
  faq: {
    title: "Frequently asked questions",
    description:
      "Answers to common questions about entering Paddock's equestrian competitions, the free postal entry " +
      "route, the draw, prizes and refunds.",
  },
  contact: {
    title: "Contact us",
    description:
      "Send Paddock a message about a competition, your entry or your account. " +
      `We are available ${SUPPORT_HOURS} and reply within ${REPLY_WITHIN_HOURS} hours.`,
  },
  complaints: {
    title: "Make a complaint",
    description:
      "Tell Paddock what went wrong. You get a reference number, a reply within a set number of working days and " +
      "the independent body you can take it to if we do not put it right.",
  },
  fairPlay: {
    title: "Fair play",
    description:
      "How Paddock keeps its competitions fair: who may enter, the free postal route, spending limits, pauses and " +
      "self-exclusion, the credit card cap, odds, how draws are made and verified, and complaints.",
  },
  newsletter: {
    title: "Newsletter",
    description:
      "Join the Paddock newsletter for new equestrian prize competitions, offers and winners. " +
      "Unsubscribe at any time with one click.",
  },
} as const satisfies Record<string, PageText>;
