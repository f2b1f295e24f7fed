// What entrants are told when a competition closes and when its draw runs: grouping their entries and the words of
// the close e-mail and the in-app notifications. Pure: no I/O, times are passed in.
import { formatUkWeekdayDateTime } from "./london-format";

/** One of an entrant's live tickets as the close reveals it. */
export type RevealedEntry = { ticketNumber: number; entryRef: string; correct: boolean };

/** A live ticket with whoever can be told about it: the e-mail it came with and the account holding it, if any. */
export type EntrantTicket = RevealedEntry & { email: string | null; userId: string | null };

/**
 * The tickets grouped by whom they reach: by e-mail address (case-insensitive, the first spelling kept) and by
 * account. A ticket without an e-mail (a postal card that gave none) reaches only its account, if any.
 */
export function groupEntrants(tickets: readonly EntrantTicket[]) {
  const byEmail = new Map<string, { email: string; entries: RevealedEntry[] }>();
  const byUser = new Map<string, RevealedEntry[]>();
  for (const { email, userId, ...entry } of [...tickets].sort((a, b) => a.ticketNumber - b.ticketNumber)) {
    const address = email?.trim();
    if (address) {
      const key = address.toLowerCase();
      const group = byEmail.get(key) ?? { email: address, entries: [] };
      group.entries.push(entry);
      byEmail.set(key, group);
    }
    if (userId) byUser.set(userId, [...(byUser.get(userId) ?? []), entry]);
  }
  return {
    byEmail: [...byEmail.values()],
    byUser: [...byUser.entries()].map(([userId, entries]) => ({ userId, entries })),
  };
}

/** One line per entry: its ticket, its reference, and whether it is in the draw. */
export const entryResultLine = (e: RevealedEntry) =>
  `Ticket ${e.ticketNumber}, entry reference ${e.entryRef}: ` +
  (e.correct ? "correct answer, in the draw" : "answer not correct, not in the draw");

export type CloseFacts = {
  title: string;
  closedAt: Date;
  manifestHash: string;
  round: number;
  drawTime: Date;
  checkUrl: string;
  /** The public manifest log (docs/manifest-log-v1.md) this hash and round were appended to. */
  logUrl: string;
  /** The command-line check that passes for this draw, with the hash to expect. */
  verifyCommand: string;
};

/** The close e-mail's words (the sender adds the layout): subject, opening, the hash and the draw's round. */
export function closeEmailText(facts: CloseFacts, entries: readonly RevealedEntry[]) {
  const inDraw = entries.filter((e) => e.correct).length;
  return {
    subject: `Entries have closed: ${facts.title}`,
    opening:
      `Entries for ${facts.title} closed on ${formatUkWeekdayDateTime(facts.closedAt)}. ` +
      (inDraw === entries.length
        ? inDraw === 1
          ? "Your answer was correct, so your entry is in the draw."
          : "Your answers were correct, so all your entries are in the draw."
        : inDraw === 0
          ? "Your answer was not correct, so your entries are not in the draw. Thank you for entering."
          : `${inDraw} of your ${entries.length} entries had the correct answer and are in the draw.`),
    manifest:
      "The list of entries in the draw is now frozen and published, without any names. " +
      `Its SHA-256 fingerprint (the manifest hash) is ${facts.manifestHash}.`,
    draw:
      `The winner will be drawn from public randomness beacon round ${facts.round}, which comes out at ` +
      `${formatUkWeekdayDateTime(facts.drawTime)}. Anyone can check the draw, and find their entry references in ` +
      "the published list:",
    // The e-mail is the entrant's own record of the hash, outside the site: what makes a later rewrite visible.
    keep:
      "Keep this e-mail. When you check the draw, compare the manifest hash on the draw page with the one above: " +
      "if they differ, the draw is not the one fixed at the close. The draw page's Verify takes the hash, and so " +
      `does the command-line check: ${facts.verifyCommand}. The hash and round are also in the public manifest ` +
      `log, where each entry carries the hash of the one before: ${facts.logUrl}`,
  };
}

/** The in-app notification at the close: how many of the person's tickets are in the draw. */
export function closeNotificationText(title: string, entries: readonly RevealedEntry[]) {
  const inDraw = entries.filter((e) => e.correct).length;
  const body =
    inDraw === entries.length
      ? `Your answer for ${title} was correct: ${inDraw === 1 ? "your ticket is" : `all ${inDraw} tickets are`} ` +
        "in the draw."
      : inDraw === 0
        ? `Your answer for ${title} was not correct, so your tickets are not in the draw.`
        : `${inDraw} of your ${entries.length} tickets for ${title} had the correct answer and are in the draw.`;
  return { title: "Entries closed: your answers", body };
}

/** The in-app notification after the draw (or a redraw that passes the prize to this person). */
export function drawNotificationText(title: string, won: boolean) {
  return won
    ? { title: "You have won!", body: `Your entry was drawn as the winner of ${title}. Confirm your delivery address.` }
    : { title: "Draw result", body: `The winner of ${title} has been drawn. This time it was not you.` };
}

export type ClaimNotificationStep = "confirmed" | "shipped" | "delivered";

/** The in-app notification for each step of a prize claim. */
export function claimNotificationText(step: ClaimNotificationStep, title: string) {
  switch (step) {
    case "confirmed":
      return { title: "Prize address confirmed", body: `We have your delivery address for your prize from ${title}.` };
    case "shipped":
      return { title: "Your prize is on its way", body: `Your prize from ${title} has been shipped.` };
    default:
      return { title: "Your prize has been delivered", body: `Your prize from ${title} has been delivered.` };
  }
}
