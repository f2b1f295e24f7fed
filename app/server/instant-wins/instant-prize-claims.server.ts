import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { competitions, instantWins, prizeClaims, user } from "~/db/schema";
import { wonPrizeText } from "~/domain/instant-win-prize";
import { claimDeadline, nextClaimStatus } from "~/domain/prize-claim";
import type { ClaimAddressInput } from "~/schemas/prize-claim";
import { recordAudit } from "../admin/audit.server";
import {
  CLAIM_MESSAGES,
  claimAddress,
  claimConfirmedEmail,
  claimColumns as mainClaimColumns,
} from "../draws/prize-claims.server";
import { enqueueEmail } from "../platform/mail.server";
import type { Services } from "../platform/services.server";

// An instant win's cash or physical prize goes through the prize-claim flow (ADR 032): the winner confirms their
// details from their account, staff pay or ship it. Site credit needs no claim: it is in the wallet already.

const CLAIMED_KINDS = ["cash", "physical"] as const;

const claimColumns = { claimId: prizeClaims.id, ...mainClaimColumns };

const wonColumns = {
  instantWinId: instantWins.id,
  competitionId: instantWins.competitionId,
  title: competitions.title,
  ticketNumber: instantWins.ticketNumber,
  kind: instantWins.prizeKind,
  amountPence: instantWins.amountPence,
  prize: instantWins.prize,
  wonAt: instantWins.wonAt,
};

/** One won instant prize, shaped as the claim panels show a prize (instant prizes are never redrawn). */
function asPrize<
  T extends {
    kind: (typeof CLAIMED_KINDS)[number] | "site-credit";
    amountPence: number;
    prize: string;
    ticketNumber: number;
    wonAt: Date | null;
    status: "confirmed" | "shipped" | "delivered" | null;
  },
>(row: T) {
  const wonAt = row.wonAt as Date;
  return {
    ...row,
    prizeTitle: `Instant win, ticket ${row.ticketNumber}: ${wonPrizeText(row)}`,
    drawnAt: wonAt,
    deadline: claimDeadline(wonAt),
    state: row.status ?? ("awaiting_address" as const),
    cashAlternativePence: null,
  };
}

/** This account's cash and physical instant wins, newest first, each with its claim if any. */
export async function myInstantPrizes(services: Services, userId: string) {
  const rows = await services.db
    .select({ ...wonColumns, ...claimColumns })
    .from(instantWins)
    .innerJoin(competitions, eq(competitions.id, instantWins.competitionId))
    .leftJoin(prizeClaims, eq(prizeClaims.instantWinId, instantWins.id))
    .where(and(eq(instantWins.wonByUserId, userId), inArray(instantWins.prizeKind, [...CLAIMED_KINDS])))
    .orderBy(desc(instantWins.wonAt));
  return rows.map(asPrize);
}

/** Staff's winners page: every cash and physical instant win, with where its claim stands. */
export async function listInstantPrizeClaims(services: Services) {
  const rows = await services.db
    .select({ ...wonColumns, ...claimColumns, winnerEmail: user.email })
    .from(instantWins)
    .innerJoin(competitions, eq(competitions.id, instantWins.competitionId))
    .leftJoin(user, eq(user.id, instantWins.wonByUserId))
    .leftJoin(prizeClaims, eq(prizeClaims.instantWinId, instantWins.id))
    .where(and(isNotNull(instantWins.wonTicketId), inArray(instantWins.prizeKind, [...CLAIMED_KINDS])))
    .orderBy(desc(instantWins.wonAt))
    .limit(200);
  return rows.map((row) => ({ ...asPrize(row), byPostalLink: false }));
}

type Outcome = { ok: true } | { ok: false; status: 404 | 409; message: string };

/** The winner of an instant cash or physical prize confirms (or corrects, until it ships) their details. */
export async function confirmInstantPrizeClaim(
  services: Services,
  userId: string,
  input: ClaimAddressInput & { instantWinId: number },
): Promise<Outcome> {
  const now = services.now();
  const outcome = await services.db.transaction(async (tx): Promise<Outcome> => {
    const [won] = await tx
      .select({ ...wonColumns, email: user.email })
      .from(instantWins)
      .innerJoin(competitions, eq(competitions.id, instantWins.competitionId))
      .innerJoin(user, eq(user.id, userId))
      .where(
        and(
          eq(instantWins.id, input.instantWinId),
          eq(instantWins.wonByUserId, userId),
          inArray(instantWins.prizeKind, [...CLAIMED_KINDS]),
        ),
      )
      .for("update", { of: instantWins });
    if (!won) return { ok: false, status: 404, message: CLAIM_MESSAGES.notWinner };
    const [existing] = await tx
      .select({ status: prizeClaims.status })
      .from(prizeClaims)
      .where(eq(prizeClaims.instantWinId, won.instantWinId));
    if (!nextClaimStatus("confirm", existing?.status ?? null))
      return { ok: false, status: 409, message: CLAIM_MESSAGES.locked };
    const address = claimAddress(input);
    await tx
      .insert(prizeClaims)
      .values({
        competitionId: won.competitionId,
        userId,
        instantWinId: won.instantWinId,
        status: "confirmed",
        ...address,
        confirmedAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({ target: prizeClaims.instantWinId, set: { ...address, confirmedAt: now, updatedAt: now } });
    await recordAudit(tx, {
      actorUserId: userId,
      action: "prize.claim",
      subject: `competition:${won.competitionId}`,
      before: existing ? { status: existing.status } : null,
      after: { status: "confirmed", instantWinId: won.instantWinId },
    });
    await enqueueEmail(tx, claimConfirmedEmail(won.email, `${won.title} (instant win)`, address));
    return { ok: true };
  });
  if (outcome.ok) services.mail.kick();
  return outcome;
}
