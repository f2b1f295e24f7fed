// What staff and the public are told about draws. The spec's own words where it gives them (section 8, Winner).

export const DRAW_MESSAGES = {
  selected: "Winner selected!",
  noEntries: "No valid entries",
  noEntriesDetail: "No tickets with correct answers found for this competition",
  failed: "Failed to select winner. Please try again.",
  notFound: "Competition not found.",
  notClosed: "The draw runs once the competition has closed.",
  alreadyDrawn: "The winner has already been drawn.",
  alreadyDrawnShown: "The draw runs once, whoever starts it: this is its result.",
  noManifest: "The entry list for this draw has not been published yet. Please try again in a minute.",
  tooEarly: (round: number, at: string) =>
    `The draw's beacon round ${round} comes out at ${at}. Select the winner after that.`,
  redrawn: "The prize has passed to the next alternate.",
  notDrawn: "There is no winner to pass over: the draw has not run.",
  noAlternates: "No alternates are left: every drawn entry has been passed over.",
  clause: "Ineligible needs the terms clause that applies; the other reasons take none.",
} as const;

export const LOCAL_BEACON_NOTE =
  "This draw is for testing only. It uses this site's local test beacon, not drand quicknet: the site holds the " +
  "beacon's key, so nobody outside it can rely on the result. Fine for a demonstration, never for a real prize.";

/** The command-line verifier's flag that accepts a local-test-beacon draw (scripts/verify-draw.ts). */
export const ALLOW_LOCAL_BEACON_FLAG = "--allow-local-beacon";

/** The offline check that passes for this draw: a local-test-beacon draw needs the flag, a quicknet one does not. */
export const verifyDrawCommand = (drawUrl: string, quicknet: boolean) =>
  `npm run verify-draw -- ${drawUrl}${quicknet ? "" : ` ${ALLOW_LOCAL_BEACON_FLAG}`}`;

/** What the claim page says for each state of a link. */
export const CLAIM_LINK_MESSAGES = {
  valid: "Please confirm where to send your prize.",
  used: "This claim link has already been used: your delivery address is with us.",
  expired: "The 14 days to confirm your address for this prize have passed, so it passes to the next alternate.",
  "not-winner": "This claim link is no longer valid for a prize.",
  unknown: "This claim link is not valid.",
  confirmed: "Your delivery address is confirmed. We will e-mail you when your prize ships.",
} as const;
