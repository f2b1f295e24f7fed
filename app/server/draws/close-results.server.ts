import { verifyDrawCommand } from "~/content/draws";
import { MANIFEST_LOG_PATH } from "~/domain/draw/manifest-log";
import { closeEmailText, closeNotificationText, entryResultLine, groupEntrants } from "~/domain/draw-results";
import type { Tx } from "../platform/db.server";
import { serviceEmail } from "../platform/email/content";
import { enqueueEmail } from "../platform/mail.server";
import { addNotification } from "../platform/notifications.server";
import { competitionTitle, entrantTickets } from "./entrants.server";

export type ClosedDraw = {
  competitionId: number;
  /** Whether the draw is on drand quicknet (else the local test beacon, whose check needs a flag). */
  quicknet: boolean;
  closedAt: Date;
  manifestHash: string;
  round: number;
  drawTime: Date;
  publishedAt: Date;
};

/**
 * The close reveals each entrant's result (no answer oracle before it): one e-mail per address with, entry by entry,
 * whether the answer was correct and so whether it is in the draw, the manifest hash, the deciding round and the
 * link to check the draw; and one notification per account. Called in the transaction that publishes the manifest,
 * which happens once per competition, so this does too.
 */
export async function queueCloseResults(tx: Tx, baseUrl: string, draw: ClosedDraw) {
  const title = await competitionTitle(tx, draw.competitionId);
  const checkUrl = `${baseUrl}/draws/${draw.competitionId}`;
  const verifyCommand = `${verifyDrawCommand(checkUrl, draw.quicknet)} --expect-hash ${draw.manifestHash}`;
  const logUrl = `${baseUrl}${MANIFEST_LOG_PATH}`;
  const { byEmail, byUser } = groupEntrants(await entrantTickets(tx, draw.competitionId));
  for (const { email, entries } of byEmail) {
    const text = closeEmailText({ title, checkUrl, logUrl, verifyCommand, ...draw }, entries);
    await enqueueEmail(tx, {
      to: email,
      kind: "entries-closed",
      subject: text.subject,
      content: serviceEmail(text.subject, [
        { type: "text", text: text.opening },
        { type: "details", title: "Your entries:", lines: entries.map(entryResultLine) },
        { type: "text", text: text.manifest },
        { type: "text", text: text.draw },
        { type: "action", label: "Check the draw", url: checkUrl },
        { type: "text", text: text.keep },
      ]),
    });
  }
  for (const { userId, entries } of byUser)
    await addNotification(tx, {
      userId,
      kind: "entries-closed",
      eventKey: `entries-closed:${draw.competitionId}`,
      ...closeNotificationText(title, entries),
      link: `/draws/${draw.competitionId}`,
      at: draw.publishedAt,
    });
}
