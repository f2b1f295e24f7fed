import { randomBytes } from "node:crypto";
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { competitions, instantWinCommitments, instantWins, profiles, tickets } from "~/db/schema";
import {
  breaksInstantWinMajority,
  canonicalInstantWins,
  INSTANT_WIN_KIND_LABELS,
  INSTANT_WIN_MAJORITY_MESSAGE,
  type InstantWin,
  type InstantWinKind,
  instantWinsCommitment,
  instantWinsProblems,
  instantWinsTextPath,
  type PublishedInstantWins,
} from "~/domain/draw/instant-wins";
import { wonPrizeText } from "~/domain/instant-win-prize";
import { publishedWinnerName } from "~/domain/winner-name";
import { recordAudit } from "../admin/audit.server";
import type { Executor, Tx } from "../platform/db.server";
import type { EmailBlock } from "../platform/email/content";
import type { NewNotification } from "../platform/notifications.server";
import type { Services } from "../platform/services.server";

// Instant wins (docs/instant-wins-v1.md, ADR 032): staff set the list before go-live; going live commits to it (a
// salt and the SHA-256 of the canonical list, in the go-live transaction); a sold ticket with a listed number wins
// its prize in the fulfilment transaction; the close or the cancellation reveals the list and the salt.

export const INSTANT_WIN_MESSAGES = {
  notFound: "Competition not found.",
  locked: "Instant wins cannot be changed once the competition is live: they were committed to when it went live.",
  saved: "Instant wins saved. They are committed to (and locked) when the competition goes live.",
  cleared: "Instant wins removed.",
  majority: INSTANT_WIN_MAJORITY_MESSAGE,
} as const;

/** Before go-live: the statuses in which staff may still change the list. */
const EDITABLE = ["draft", "scheduled"] as const;

/** A competition has instant wins when it has any listed. */
const hasInstantWins = sql<boolean>`exists (select 1 from ${instantWins}
  where ${instantWins.competitionId} = ${competitions.id})`;

/**
 * The UK code's majority rule for making `competitionId` live (staff scheduling it, or giving a scheduled one
 * instant wins): the live and scheduled competitions other than it, and how many of them have instant wins. Under
 * a transaction-scoped advisory lock, so two staff publishing at once take turns.
 */
export async function instantWinMajorityProblem(tx: Tx, competitionId: number, addingInstant: boolean) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('paddock:instant-win-majority'))`);
  const [live] = await tx
    .select({
      total: count(),
      instant: sql<number>`count(*) filter (where ${hasInstantWins})`.mapWith(Number),
    })
    .from(competitions)
    .where(and(inArray(competitions.status, ["active", "scheduled"]), sql`${competitions.id} <> ${competitionId}`));
  return breaksInstantWinMajority({ total: live?.total ?? 0, instant: live?.instant ?? 0 }, addingInstant)
    ? INSTANT_WIN_MAJORITY_MESSAGE
    : null;
}

/** Whether a competition has instant wins (the schedule check and the card check ask). */
export async function competitionHasInstantWins(db: Executor, competitionId: number) {
  const [row] = await db
    .select({ id: instantWins.id })
    .from(instantWins)
    .where(eq(instantWins.competitionId, competitionId))
    .limit(1);
  return row !== undefined;
}

const listColumns = {
  ticketNumber: instantWins.ticketNumber,
  kind: instantWins.prizeKind,
  amountPence: instantWins.amountPence,
  prize: instantWins.prize,
};

/** The staff page: the list, where the competition stands, and its commitment once live. */
export async function getInstantWinsForStaff(services: Services, competitionId: number) {
  const [comp] = await services.db
    .select({
      id: competitions.id,
      title: competitions.title,
      status: competitions.status,
      totalTickets: competitions.totalTickets,
      commitment: instantWinCommitments.commitment,
      committedAt: instantWinCommitments.committedAt,
    })
    .from(competitions)
    .leftJoin(instantWinCommitments, eq(instantWinCommitments.competitionId, competitions.id))
    .where(eq(competitions.id, competitionId));
  if (!comp) return null;
  const wins = await services.db
    .select({ ...listColumns, wonAt: instantWins.wonAt })
    .from(instantWins)
    .where(eq(instantWins.competitionId, competitionId))
    .orderBy(asc(instantWins.ticketNumber));
  return { competition: comp, wins, editable: (EDITABLE as readonly string[]).includes(comp.status) };
}

type SetOutcome =
  | { ok: true; message: string }
  | { ok: false; status: 404 | 409 | 400; message: string; problems?: string[] };

/**
 * Replaces a competition's instant wins, before go-live only (the row lock makes a concurrent go-live wait or
 * win): each number in 1..total, each once, at most MAX_INSTANT_WINS. Audited.
 */
export async function setInstantWins(
  services: Services,
  actorUserId: string,
  competitionId: number,
  wins: InstantWin[],
): Promise<SetOutcome> {
  return services.db.transaction(async (tx): Promise<SetOutcome> => {
    const [comp] = await tx
      .select({ status: competitions.status, totalTickets: competitions.totalTickets })
      .from(competitions)
      .where(eq(competitions.id, competitionId))
      .for("update");
    if (!comp) return { ok: false, status: 404, message: INSTANT_WIN_MESSAGES.notFound };
    if (!(EDITABLE as readonly string[]).includes(comp.status))
      return { ok: false, status: 409, message: INSTANT_WIN_MESSAGES.locked };
    const problems = instantWinsProblems(wins, comp.totalTickets);
    if (problems.length > 0) return { ok: false, status: 400, message: problems[0] as string, problems };
    if (comp.status === "scheduled" && wins.length > 0) {
      const majority = await instantWinMajorityProblem(tx, competitionId, true);
      if (majority) return { ok: false, status: 409, message: majority };
    }
    const before = await tx.select(listColumns).from(instantWins).where(eq(instantWins.competitionId, competitionId));
    await tx.delete(instantWins).where(eq(instantWins.competitionId, competitionId));
    if (wins.length > 0)
      await tx.insert(instantWins).values(
        wins.map((w) => ({
          competitionId,
          ticketNumber: w.ticketNumber,
          prizeKind: w.kind,
          amountPence: w.amountPence,
          prize: w.prize,
        })),
      );
    await recordAudit(tx, {
      actorUserId,
      action: "competition.instant_wins",
      subject: `competition:${competitionId}`,
      before: { count: before.length },
      after: { count: wins.length },
    });
    return { ok: true, message: wins.length > 0 ? INSTANT_WIN_MESSAGES.saved : INSTANT_WIN_MESSAGES.cleared };
  });
}

/**
 * Going live: commits to the list in the caller's (go-live) transaction, with 32 fresh random bytes of salt. A
 * competition without instant wins commits to nothing. Idempotent: a second call keeps the first commitment.
 */
export async function commitInstantWins(tx: Tx, competitionId: number, now: Date) {
  const wins = await tx.select(listColumns).from(instantWins).where(eq(instantWins.competitionId, competitionId));
  if (wins.length === 0) return null;
  const salt = randomBytes(32).toString("hex");
  const canonical = canonicalInstantWins(competitionId, salt, wins);
  const commitment = instantWinsCommitment(canonical);
  const [row] = await tx
    .insert(instantWinCommitments)
    .values({ competitionId, canonical, salt, commitment, committedAt: now })
    .onConflictDoNothing()
    .returning({ commitment: instantWinCommitments.commitment });
  return row?.commitment ?? null;
}

/** The close or the cancellation: the list and salt become public. Idempotent. */
export async function revealInstantWins(tx: Executor, competitionIds: number[], now: Date) {
  if (competitionIds.length === 0) return;
  await tx
    .update(instantWinCommitments)
    .set({ revealedAt: now })
    .where(and(inArray(instantWinCommitments.competitionId, competitionIds), isNull(instantWinCommitments.revealedAt)));
}

const wonColumns = {
  id: instantWins.id,
  competitionId: instantWins.competitionId,
  ticketNumber: instantWins.ticketNumber,
  kind: instantWins.prizeKind,
  amountPence: instantWins.amountPence,
  prize: instantWins.prize,
};

/** A prize just won, as the receipt, the result page and the notification tell it. */
export type WonInstantWin = {
  id: number;
  competitionId: number;
  ticketNumber: number;
  kind: InstantWinKind;
  amountPence: number;
  prize: string;
};

/** The winner's in-app notification for an instant win (one per win, however often the sale is seen). */
export function instantWinNotification(userId: string, win: WonInstantWin, at: Date): NewNotification {
  return {
    userId,
    kind: "instant-win",
    eventKey: `instant-win:${win.id}`,
    title: "You won an instant prize!",
    body: `Ticket ${win.ticketNumber} won ${wonPrizeText(win)}. ${
      win.kind === "site-credit" ? "It is in your wallet." : "Claim it from your account."
    }`,
    link: "/account",
    at,
  };
}

/** The receipt e-mail's part about instant wins, empty when there are none. */
export function instantWinEmailBlocks(wins: readonly WonInstantWin[]): EmailBlock[] {
  if (wins.length === 0) return [];
  return [
    {
      type: "details",
      title: wins.length === 1 ? "You won an instant prize!" : `You won ${wins.length} instant prizes!`,
      lines: [
        ...wins.map((w) => `  Ticket ${w.ticketNumber}: ${wonPrizeText(w)}`),
        ...(wins.some((w) => w.kind === "site-credit")
          ? ["Site credit is already in your wallet (see your account)."]
          : []),
        ...(wins.some((w) => w.kind !== "site-credit") ? ["Claim cash and prizes from your account."] : []),
      ],
    },
  ];
}

/** What the public page shows beside the prize: its cash alternative and its instant wins. */
export async function competitionPrizeExtras(db: Executor, competitionId: number) {
  const [row] = await db
    .select({ cashAlternativePence: competitions.cashAlternativePence })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  return {
    cashAlternativePence: row?.cashAlternativePence ?? null,
    instantWins: await publicInstantWins(db, competitionId),
  };
}

/** What an order won (the payment result page). */
export async function instantWinsOfOrder(db: Executor, orderId: string): Promise<WonInstantWin[]> {
  return db
    .select(wonColumns)
    .from(instantWins)
    .innerJoin(tickets, eq(tickets.id, instantWins.wonTicketId))
    .where(eq(tickets.orderId, orderId))
    .orderBy(asc(instantWins.competitionId), asc(instantWins.ticketNumber));
}

/**
 * The public competition page: the commitment (from go-live), each prize won so far with its winner as winners are
 * published (surname and county, or "Winner" when they objected), the number of prizes still to win, and once
 * revealed (close or cancellation) the whole list and salt. Null when the competition has no instant wins live.
 */
export async function publicInstantWins(db: Executor, competitionId: number) {
  const [commitment] = await db
    .select({
      commitment: instantWinCommitments.commitment,
      committedAt: instantWinCommitments.committedAt,
      revealedAt: instantWinCommitments.revealedAt,
      salt: instantWinCommitments.salt,
    })
    .from(instantWinCommitments)
    .where(eq(instantWinCommitments.competitionId, competitionId));
  if (!commitment) return null;
  const won = await db
    .select({
      ...wonColumns,
      wonAt: instantWins.wonAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      county: profiles.county,
      withheld: sql<boolean>`coalesce(${profiles.winnerNameWithheld}, false)`,
    })
    .from(instantWins)
    .leftJoin(profiles, eq(profiles.userId, instantWins.wonByUserId))
    .where(and(eq(instantWins.competitionId, competitionId), isNotNull(instantWins.wonTicketId)))
    .orderBy(asc(instantWins.ticketNumber));
  const [left] = await db
    .select({ n: count() })
    .from(instantWins)
    .where(and(eq(instantWins.competitionId, competitionId), isNull(instantWins.wonTicketId)));
  const revealed = commitment.revealedAt !== null;
  const list = revealed
    ? await db
        .select(listColumns)
        .from(instantWins)
        .where(eq(instantWins.competitionId, competitionId))
        .orderBy(asc(instantWins.ticketNumber))
    : null;
  return {
    commitment: commitment.commitment,
    committedAt: commitment.committedAt,
    revealedAt: commitment.revealedAt,
    salt: revealed ? commitment.salt : null,
    won: won.map(({ firstName, lastName, county, withheld, wonAt, ...w }) => ({
      ...w,
      wonAt: wonAt as Date,
      label: INSTANT_WIN_KIND_LABELS[w.kind],
      winner: publishedWinnerName({ firstName, lastName, county, withheld }),
    })),
    stillToWin: left?.n ?? 0,
    list,
  };
}

/** The draw record's part (draw.json's `instantWins`, instant-wins-v1.md), or null without instant wins. */
export async function publishedInstantWins(db: Executor, competitionId: number): Promise<PublishedInstantWins | null> {
  const shown = await publicInstantWins(db, competitionId);
  if (!shown) return null;
  return {
    commitment: shown.commitment,
    committedAt: shown.committedAt.toISOString(),
    url: shown.revealedAt ? instantWinsTextPath(competitionId) : null,
    won: shown.won.map((w) => ({
      ticketNumber: w.ticketNumber,
      kind: w.kind,
      amountPence: w.amountPence,
      prize: w.prize,
    })),
  };
}

/** The revealed canonical text, exactly the bytes committed to, or null while it is secret. */
export async function revealedInstantWinsText(db: Executor, competitionId: number): Promise<string | null> {
  const [row] = await db
    .select({ canonical: instantWinCommitments.canonical })
    .from(instantWinCommitments)
    .where(and(eq(instantWinCommitments.competitionId, competitionId), isNotNull(instantWinCommitments.revealedAt)));
  return row?.canonical ?? null;
}

/** Of these competitions, those with instant wins (the card check: none of them takes a credit card). */
export async function instantWinCompetitions(db: Executor, competitionIds: number[]) {
  if (competitionIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: instantWins.competitionId })
    .from(instantWins)
    .where(inArray(instantWins.competitionId, competitionIds));
  return rows.map((r) => r.id);
}
