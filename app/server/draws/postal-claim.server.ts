import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { competitions, prizeClaimLinks, prizeClaims } from "~/db/schema";
import { type ClaimLinkState, claimDeadline, claimLinkState } from "~/domain/prize-claim";
import type { ClaimAddressInput } from "~/schemas/prize-claim";
import { recordAudit } from "../admin/audit.server";
import type { Executor, Tx } from "../platform/db.server";
import { enqueueEmail } from "../platform/mail.server";
import type { Services } from "../platform/services.server";
import { claimAddress, claimConfirmedEmail } from "./prize-claims.server";

/**
 * A postal winner without an account confirms the delivery address through a link e-mailed at the draw: a random
 * token of 32 bytes whose SHA-256 alone is stored, spent by its first use, expiring with the 14-day claim period,
 * and good only while its ticket still holds the prize (a redraw passes it on).
 */

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export const claimLinkPath = (token: string) => `/prize-claim/${token}`;

/** Makes the link for a postal winner (in the draw's transaction); returns its full address for the e-mail. */
export async function issueClaimLink(
  tx: Tx,
  baseUrl: string,
  claim: { competitionId: number; ticketNumber: number; email: string; drawnAt: Date },
) {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(prizeClaimLinks).values({
    competitionId: claim.competitionId,
    ticketNumber: claim.ticketNumber,
    email: claim.email,
    tokenHash: hashToken(token),
    expiresAt: claimDeadline(claim.drawnAt),
    createdAt: claim.drawnAt,
  });
  return `${baseUrl}${claimLinkPath(token)}`;
}

/** The link behind a token, with its prize, and where it stands; null for a token that was never issued. */
async function findLink(db: Executor, token: string, now: Date, lock = false) {
  const query = db
    .select({
      id: prizeClaimLinks.id,
      competitionId: prizeClaimLinks.competitionId,
      ticketNumber: prizeClaimLinks.ticketNumber,
      email: prizeClaimLinks.email,
      expiresAt: prizeClaimLinks.expiresAt,
      usedAt: prizeClaimLinks.usedAt,
      title: competitions.title,
      prizeTitle: competitions.prizeTitle,
      status: competitions.status,
      winnerTicketNumber: competitions.winnerTicketNumber,
      winnerUserId: competitions.winnerUserId,
    })
    .from(prizeClaimLinks)
    .innerJoin(competitions, eq(competitions.id, prizeClaimLinks.competitionId))
    .where(eq(prizeClaimLinks.tokenHash, hashToken(token)));
  const [link] = lock ? await query.for("update", { of: prizeClaimLinks }) : await query;
  if (!link) return null;
  const stillWinner =
    link.status === "completed" && link.winnerTicketNumber === link.ticketNumber && link.winnerUserId === null;
  return { ...link, state: claimLinkState(link, stillWinner, now) };
}

export type ClaimLinkView =
  | { state: "unknown" }
  | { state: ClaimLinkState; competitionId: number; title: string; prizeTitle: string; deadline: Date };

/** What the claim page shows for a token. */
export async function viewClaimLink(services: Services, token: string): Promise<ClaimLinkView> {
  const link = await findLink(services.db, token, services.now());
  if (!link) return { state: "unknown" };
  return {
    state: link.state,
    competitionId: link.competitionId,
    title: link.title,
    prizeTitle: link.prizeTitle,
    deadline: link.expiresAt,
  };
}

export type ClaimLinkOutcome = { ok: true } | { ok: false; state: ClaimLinkState | "unknown" };

/**
 * Confirms the delivery address through the link, once: the link is locked and spent in the same transaction as the
 * claim is written, audited (actor: the system, on the winner's behalf) and the winner e-mailed.
 */
export async function confirmClaimByLink(
  services: Services,
  token: string,
  input: Omit<ClaimAddressInput, "intent" | "competitionId">,
): Promise<ClaimLinkOutcome> {
  const now = services.now();
  const outcome = await services.db.transaction(async (tx): Promise<ClaimLinkOutcome> => {
    const link = await findLink(tx, token, now, true);
    if (!link) return { ok: false, state: "unknown" };
    if (link.state !== "valid") return { ok: false, state: link.state };
    const spent = await tx
      .update(prizeClaimLinks)
      .set({ usedAt: now })
      .where(and(eq(prizeClaimLinks.id, link.id), isNull(prizeClaimLinks.usedAt)))
      .returning({ id: prizeClaimLinks.id });
    if (spent.length === 0) return { ok: false, state: "used" };
    const address = claimAddress(input);
    const [claim] = await tx
      .insert(prizeClaims)
      .values({
        competitionId: link.competitionId,
        userId: null,
        ticketNumber: link.ticketNumber,
        status: "confirmed",
        ...address,
        confirmedAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: prizeClaims.id });
    if (!claim) return { ok: false, state: "used" };
    await recordAudit(tx, {
      actorUserId: null,
      action: "prize.claim",
      subject: `competition:${link.competitionId}`,
      after: { status: "confirmed", ticketNumber: link.ticketNumber },
      data: { via: "postal claim link" },
    });
    await enqueueEmail(tx, claimConfirmedEmail(link.email, link.title, address));
    return { ok: true };
  });
  if (outcome.ok) services.mail.kick();
  return outcome;
}
