import { drawNotificationText, groupEntrants, type RevealedEntry } from "~/domain/draw-results";
import { PRIZE_CLAIM_DAYS } from "~/domain/prize-claim";
import type { Tx } from "../platform/db.server";
import { plainServiceEmail } from "../platform/email/content";
import { enqueueEmail } from "../platform/mail.server";
import { addNotification } from "../platform/notifications.server";
import { competitionTitle, entrantTickets } from "./entrants.server";
import { issueClaimLink } from "./postal-claim.server";

type Drawn = { ticketNumber: number; entryRef: string };

/**
 * Everyone with an entry in the draw (a live ticket with the correct answer), by e-mail and by account, and how the
 * winner claims: on their account, or (a postal winner without one) through a single-use link made now.
 */
async function drawEntrants(tx: Tx, baseUrl: string, competitionId: number, winner: Drawn, now: Date) {
  const inDraw = (await entrantTickets(tx, competitionId)).filter((t) => t.correct);
  const won = inDraw.find((t) => t.entryRef === winner.entryRef);
  const claimUrl =
    won && !won.userId && won.email
      ? await issueClaimLink(tx, baseUrl, {
          competitionId,
          ticketNumber: won.ticketNumber,
          email: won.email,
          drawnAt: now,
        })
      : `${baseUrl}/account`;
  return { ...groupEntrants(inDraw), claimUrl };
}

const holds = (entries: readonly RevealedEntry[], drawn: Drawn) => entries.some((e) => e.entryRef === drawn.entryRef);

function winnerEmail(to: string, title: string, winner: Drawn, checkUrl: string, claimUrl: string) {
  return {
    to,
    kind: "draw-winner",
    subject: `You have won: ${title}`,
    content: plainServiceEmail(
      [
        `Congratulations! Your entry was drawn as the winner of ${title}.`,
        "",
        `  Ticket ${winner.ticketNumber}, entry reference ${winner.entryRef}`,
        "",
        `Please confirm where to send your prize within ${PRIZE_CLAIM_DAYS} days: ${claimUrl}`,
        "",
        "We will contact you within 48 hours to arrange your prize. Anyone can check that the draw was fair, " +
          `from the published entry list and the public randomness beacon: ${checkUrl}`,
      ].join("\n"),
    ),
  };
}

/** The in-app result for an account: won (once per prize passed to it) or not (once per draw). */
const drawNotification = (userId: string, competitionId: number, title: string, won: Drawn | null, at: Date) => ({
  userId,
  kind: "draw-result" as const,
  eventKey: won ? `draw-won:${competitionId}:${won.ticketNumber}` : `draw-result:${competitionId}`,
  ...drawNotificationText(title, won !== null),
  link: won ? "/account" : `/draws/${competitionId}`,
  at,
});

/**
 * After the draw: the winner is told they won, every other entrant that they did not, each with their references,
 * by e-mail (postal entrants too, when their card gave one) and, for account holders, in the app.
 */
export async function queueDrawMail(tx: Tx, baseUrl: string, competitionId: number, winner: Drawn, now: Date) {
  const title = await competitionTitle(tx, competitionId);
  const checkUrl = `${baseUrl}/draws/${competitionId}`;
  const { byEmail, byUser, claimUrl } = await drawEntrants(tx, baseUrl, competitionId, winner, now);
  for (const entrant of byEmail) {
    if (holds(entrant.entries, winner)) {
      await enqueueEmail(tx, winnerEmail(entrant.email, title, winner, checkUrl, claimUrl));
      continue;
    }
    await enqueueEmail(tx, {
      to: entrant.email,
      kind: "draw-result",
      subject: `The draw for ${title} has taken place`,
      content: plainServiceEmail(
        [
          `The winner of ${title} has been drawn. This time it was not you: thank you for entering.`,
          "",
          "Your entries in the draw:",
          ...entrant.entries.map((e) => `  Ticket ${e.ticketNumber}, entry reference ${e.entryRef}`),
          "",
          `The winning entry was ticket ${winner.ticketNumber} (${winner.entryRef}). You can check the draw ` +
            `yourself, and find your entry references in the published entry list: ${checkUrl}`,
        ].join("\n"),
      ),
    });
  }
  for (const { userId, entries } of byUser)
    await addNotification(
      tx,
      drawNotification(userId, competitionId, title, holds(entries, winner) ? winner : null, now),
    );
}

/** After a redraw: the alternate who now wins is told, like a first winner, by e-mail and in the app. */
export async function queueNewWinnerMail(tx: Tx, baseUrl: string, competitionId: number, winner: Drawn, now: Date) {
  const title = await competitionTitle(tx, competitionId);
  const { byEmail, byUser, claimUrl } = await drawEntrants(tx, baseUrl, competitionId, winner, now);
  const holder = byEmail.find((e) => holds(e.entries, winner));
  const checkUrl = `${baseUrl}/draws/${competitionId}`;
  if (holder) await enqueueEmail(tx, winnerEmail(holder.email, title, winner, checkUrl, claimUrl));
  const account = byUser.find((e) => holds(e.entries, winner));
  if (account) await addNotification(tx, drawNotification(account.userId, competitionId, title, winner, now));
}
