import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { PRIZE_DISPATCH_DAYS } from "~/content/policy";
import type { PrizeChoice } from "~/db/constants";
import { competitions, postalEntries, prizeClaims, profiles, tickets, user } from "~/db/schema";
import { claimNotificationText } from "~/domain/draw-results";
import { formatUkDate, formatUkDateTime } from "~/domain/london-format";
import { type ClaimStep, claimDeadline, claimState, nextClaimStatus } from "~/domain/prize-claim";
import type { ClaimAddressInput, ShipPrizeInput } from "~/schemas/prize-claim";
import { recordAudit } from "../admin/audit.server";
import type { Tx } from "../platform/db.server";
import { plainServiceEmail } from "../platform/email/content";
import { enqueueEmail } from "../platform/mail.server";
import { addNotification } from "../platform/notifications.server";
import type { Services } from "../platform/services.server";

export const CLAIM_MESSAGES = {
  notWinner: "There is no prize of yours to claim here.",
  expired: "The 14 days to confirm your address for this prize have passed, so it passes to the next alternate.",
  locked: "Your prize has already been shipped, so the address can no longer be changed.",
  notFound: "Prize claim not found.",
  wrongStep: "This claim is not at that step.",
  confirmed: "Your delivery address is confirmed. We will e-mail you when your prize ships.",
  shipped: "Marked as shipped; the winner has been e-mailed.",
  delivered: "Marked as delivered; the winner has been e-mailed.",
} as const;

type Outcome = { ok: true } | { ok: false; status: 403 | 404 | 409; message: string };

/** A claim as the winner and staff see it. */
export const claimColumns = {
  status: prizeClaims.status,
  recipientName: prizeClaims.recipientName,
  address: prizeClaims.address,
  county: prizeClaims.county,
  postcode: prizeClaims.postcode,
  phone: prizeClaims.phone,
  carrier: prizeClaims.carrier,
  trackingReference: prizeClaims.trackingReference,
  shippedAt: prizeClaims.shippedAt,
  deliveredAt: prizeClaims.deliveredAt,
  choice: prizeClaims.choice,
};

/** The prizes this account has won (the current winner of a completed draw), each with its claim if any. */
export async function myPrizes(services: Services, userId: string) {
  const rows = await services.db
    .select({
      competitionId: competitions.id,
      title: competitions.title,
      prizeTitle: competitions.prizeTitle,
      drawnAt: competitions.drawnAt,
      cashAlternativePence: competitions.cashAlternativePence,
      claimId: prizeClaims.id,
      ...claimColumns,
    })
    .from(competitions)
    .leftJoin(
      prizeClaims,
      and(
        eq(prizeClaims.competitionId, competitions.id),
        eq(prizeClaims.userId, userId),
        isNull(prizeClaims.instantWinId),
      ),
    )
    .where(
      and(eq(competitions.status, "completed"), eq(competitions.winnerUserId, userId), isNotNull(competitions.drawnAt)),
    )
    .orderBy(desc(competitions.drawnAt));
  const now = services.now();
  return rows.map((row) => {
    const drawnAt = row.drawnAt as Date;
    return { ...row, drawnAt, deadline: claimDeadline(drawnAt), state: claimState(drawnAt, row.status, now) };
  });
}

/** Where to send it, filled in from the profile until a claim exists. */
export async function claimDefaults(services: Services, userId: string) {
  const [p] = await services.db
    .select({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      phone: profiles.phone,
      county: profiles.county,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const name = [p?.firstName, p?.lastName].filter(Boolean).join(" ");
  return { recipientName: name, phone: p?.phone ?? "", county: p?.county ?? "" };
}

type ClaimAddress = Omit<ClaimAddressInput, "intent" | "competitionId">;

/** Just the delivery address of a claim form. */
export const claimAddress = ({ recipientName, address, county, postcode, phone }: ClaimAddress): ClaimAddress => ({
  recipientName,
  address,
  county,
  postcode,
  phone,
});

/** The winner's receipt for a confirmed delivery address (from the account, or a postal winner's claim link). */
export function claimConfirmedEmail(to: string, title: string, input: ClaimAddress, choice: PrizeChoice | null = null) {
  return {
    to,
    kind: "prize-claim-confirmed",
    subject: `Your prize address is confirmed: ${title}`,
    content: plainServiceEmail(
      [
        `Thank you: we have your delivery address for your prize from ${title}.`,
        "",
        `  ${input.recipientName}`,
        ...input.address.split("\n").map((line) => `  ${line}`),
        `  ${input.county}`,
        `  ${input.postcode}`,
        "",
        choice === "cash"
          ? "You chose the cash alternative: we will be in touch at this address and phone number to pay it."
          : `We dispatch prizes within ${PRIZE_DISPATCH_DAYS} days and will e-mail you the tracking details when it ` +
            "ships.",
      ].join("\n"),
    ),
  };
}

/** The winner confirms (or corrects, until it ships) where the prize goes; within the claim period only. */
export async function confirmClaimAddress(
  services: Services,
  userId: string,
  input: ClaimAddressInput,
): Promise<Outcome> {
  const now = services.now();
  const outcome = await services.db.transaction(async (tx): Promise<Outcome> => {
    const [won] = await tx
      .select({
        id: competitions.id,
        title: competitions.title,
        drawnAt: competitions.drawnAt,
        email: user.email,
        cashAlternativePence: competitions.cashAlternativePence,
      })
      .from(competitions)
      .innerJoin(user, eq(user.id, userId))
      .where(
        and(
          eq(competitions.id, input.competitionId),
          eq(competitions.status, "completed"),
          eq(competitions.winnerUserId, userId),
        ),
      )
      .for("update", { of: competitions });
    if (!won?.drawnAt) return { ok: false, status: 404, message: CLAIM_MESSAGES.notWinner };
    const [existing] = await tx
      .select({ id: prizeClaims.id, status: prizeClaims.status })
      .from(prizeClaims)
      .where(
        and(eq(prizeClaims.competitionId, won.id), eq(prizeClaims.userId, userId), isNull(prizeClaims.instantWinId)),
      );
    if (!existing && claimState(won.drawnAt, null, now) === "unclaimed_redraw_due")
      return { ok: false, status: 409, message: CLAIM_MESSAGES.expired };
    if (!nextClaimStatus("confirm", existing?.status ?? null))
      return { ok: false, status: 409, message: CLAIM_MESSAGES.locked };
    const address = claimAddress(input);
    // With a cash alternative on offer the winner chooses; without one the prize is the prize.
    const choice = won.cashAlternativePence ? (input.choice ?? "prize") : null;
    await tx
      .insert(prizeClaims)
      .values({
        competitionId: won.id,
        userId,
        status: "confirmed",
        ...address,
        choice,
        confirmedAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [prizeClaims.competitionId, prizeClaims.userId],
        targetWhere: isNull(prizeClaims.instantWinId),
        set: { ...address, choice, confirmedAt: now, updatedAt: now },
      });
    await recordAudit(tx, {
      actorUserId: userId,
      action: "prize.claim",
      subject: `competition:${won.id}`,
      before: existing ? { status: existing.status } : null,
      after: { status: "confirmed", choice },
    });
    await addNotification(tx, {
      userId,
      kind: "prize-claim",
      // Each confirmation (the address may be corrected until it ships) is its own event.
      eventKey: `prize-claim:${won.id}:confirmed:${now.getTime()}`,
      ...claimNotificationText("confirmed", won.title),
      link: "/account",
      at: now,
    });
    await enqueueEmail(tx, claimConfirmedEmail(won.email, won.title, address, choice));
    return { ok: true };
  });
  if (outcome.ok) services.mail.kick();
  return outcome;
}

/** Every won prize for staff, newest draw first, with where its claim stands (overdue ones flagged for redraw). */
export async function listPrizeClaims(services: Services) {
  const rows = await services.db
    .select({
      competitionId: competitions.id,
      title: competitions.title,
      prizeTitle: competitions.prizeTitle,
      drawnAt: competitions.drawnAt,
      winnerEmail: sql<string | null>`coalesce(${user.email}, ${postalEntries.email})`,
      /** A postal winner without an account, who claims through the e-mailed link. */
      byPostalLink: sql<boolean>`${competitions.winnerUserId} is null`,
      claimId: prizeClaims.id,
      ...claimColumns,
    })
    .from(competitions)
    .leftJoin(user, eq(user.id, competitions.winnerUserId))
    .leftJoin(
      tickets,
      and(eq(tickets.competitionId, competitions.id), eq(tickets.ticketNumber, competitions.winnerTicketNumber)),
    )
    .leftJoin(postalEntries, eq(postalEntries.ticketId, tickets.id))
    .leftJoin(
      prizeClaims,
      and(
        eq(prizeClaims.competitionId, competitions.id),
        isNull(prizeClaims.instantWinId),
        or(
          eq(prizeClaims.userId, competitions.winnerUserId),
          and(isNull(competitions.winnerUserId), eq(prizeClaims.ticketNumber, competitions.winnerTicketNumber)),
        ),
      ),
    )
    .where(and(eq(competitions.status, "completed"), isNotNull(competitions.drawnAt)))
    .orderBy(desc(competitions.drawnAt), desc(competitions.id))
    .limit(200);
  const now = services.now();
  return rows.map((row) => {
    const drawnAt = row.drawnAt as Date;
    return { ...row, drawnAt, deadline: claimDeadline(drawnAt), state: claimState(drawnAt, row.status, now) };
  });
}

async function lockClaim(tx: Tx, claimId: number) {
  const [claim] = await tx
    .select({
      id: prizeClaims.id,
      status: prizeClaims.status,
      userId: prizeClaims.userId,
      competitionId: prizeClaims.competitionId,
      title: competitions.title,
      email: sql<string | null>`coalesce(${user.email}, ${postalEntries.email})`,
    })
    .from(prizeClaims)
    .innerJoin(competitions, eq(competitions.id, prizeClaims.competitionId))
    .leftJoin(user, eq(user.id, prizeClaims.userId))
    .leftJoin(
      tickets,
      and(eq(tickets.competitionId, prizeClaims.competitionId), eq(tickets.ticketNumber, prizeClaims.ticketNumber)),
    )
    .leftJoin(postalEntries, eq(postalEntries.ticketId, tickets.id))
    .where(eq(prizeClaims.id, claimId))
    .for("update", { of: prizeClaims });
  return claim;
}

/** Staff move a claim on one step (shipped with carrier and tracking, or delivered): audited, and the winner told. */
export async function advancePrizeClaim(
  services: Services,
  staffId: string,
  claimId: number,
  step: Exclude<ClaimStep, "confirm">,
  shipping?: ShipPrizeInput,
): Promise<Outcome> {
  const now = services.now();
  const outcome = await services.db.transaction(async (tx): Promise<Outcome> => {
    const claim = await lockClaim(tx, claimId);
    if (!claim) return { ok: false, status: 404, message: CLAIM_MESSAGES.notFound };
    const next = nextClaimStatus(step, claim.status);
    if (!next) return { ok: false, status: 409, message: CLAIM_MESSAGES.wrongStep };
    const changes =
      step === "ship"
        ? {
            status: next,
            carrier: shipping?.carrier,
            trackingReference: shipping?.trackingReference,
            shippedAt: now,
            shippedBy: staffId,
          }
        : { status: next, deliveredAt: now, deliveredBy: staffId };
    await tx
      .update(prizeClaims)
      .set({ ...changes, updatedAt: now })
      .where(eq(prizeClaims.id, claim.id));
    await recordAudit(tx, {
      actorUserId: staffId,
      action: step === "ship" ? "prize.ship" : "prize.deliver",
      subject: `competition:${claim.competitionId}`,
      before: { status: claim.status },
      after: step === "ship" ? { status: next, carrier: shipping?.carrier } : { status: next },
    });
    if (claim.userId)
      await addNotification(tx, {
        userId: claim.userId,
        kind: "prize-claim",
        eventKey: `prize-claim:${claim.id}:${next}`,
        ...claimNotificationText(step === "ship" ? "shipped" : "delivered", claim.title),
        link: "/account",
        at: now,
      });
    if (claim.email)
      await enqueueEmail(tx, {
        to: claim.email,
        kind: step === "ship" ? "prize-shipped" : "prize-delivered",
        subject: step === "ship" ? `Your prize is on its way: ${claim.title}` : `Your prize has been delivered`,
        content: plainServiceEmail(
          step === "ship"
            ? [
                `Your prize from ${claim.title} was shipped on ${formatUkDateTime(now)}.`,
                "",
                `  Carrier: ${shipping?.carrier}`,
                `  Tracking reference: ${shipping?.trackingReference}`,
              ].join("\n")
            : `Your prize from ${claim.title} was delivered on ${formatUkDate(now)}. Congratulations again!`,
        ),
      });
    return { ok: true };
  });
  if (outcome.ok) services.mail.kick();
  return outcome;
}
