// Wording of the postal entry page and its e-mails (the spec gives none of its own here).

/** The staff page lists this many of the latest entries recorded. */
export const POSTAL_LIST_LIMIT = 200;

export const POSTAL_MESSAGES = {
  notFound: "Competition not found.",
  notOpen: "Postal entries can only be recorded for a live or closed competition.",
  frozen:
    "This competition has closed and its entry list is frozen for the draw, so an entry received before the " +
    "close can no longer be added. Only late entries can still be recorded (as rejected).",
  receivedInFuture: "The date received cannot be in the future.",
  receivedRequired: "Please enter the date and time the entry was received.",
  envelopeRequired: "Please enter the envelope reference.",
  answerNotOption: "Choose one of the four options, or no answer given.",
  acceptedTitle: "Postal entry accepted",
  accepted: (ticketNumber: number) => `Entered with ticket number ${ticketNumber}.`,
  rejectedTitle: "Postal entry rejected",
  rejected: (reason: string, detail: string) => `Rejected: ${reason}. ${detail}`,
  loadFailed: "Failed to load postal entries.",
} as const;

/** Told to every entrant before they enter (CAP code 8.28: winners' surname and county, with the right to object). */
export const WINNER_PUBLICITY_NOTICE =
  "If you win, we publish the initial of your first name, your surname and your county on our winners page. " +
  'You can object at any time on your account\'s privacy page, and we then publish only "Winner" and your county.';
