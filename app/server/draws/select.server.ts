import { and, asc, count, eq, gt, isNull } from "drizzle-orm";
import { DRAW_MESSAGES } from "~/content/draws";
import { competitions, drawSkips, draws, tickets } from "~/db/schema";
import { automaticDrawDue } from "~/domain/draw/automatic";
import { roundTime } from "~/domain/draw/chain";
import { parseManifest } from "~/domain/draw/manifest";
import { drawSeed, drawSequence } from "~/domain/draw/sequence";
import { needsClause, type SkipReason, skipReasonText } from "~/domain/draw/skip-reasons";
import { drawMatches, verifyDraw } from "~/domain/draw/verify";
import { formatUkWeekdayDateTime } from "~/domain/london-format";
import { recordAudit } from "../admin/audit.server";
import { BeaconError } from "../platform/beacon.server";
import type { Tx } from "../platform/db.server";
import { publicOrigin } from "../platform/public-origin.server";
import type { Services } from "../platform/services.server";
import { queueDrawMail, queueNewWinnerMail } from "./draw-mail.server";
import { type ManifestSite, publishManifest } from "./manifest.server";
import { drawRecord } from "./record.server";

type DrawOutcome =
  | { ok: true; message: string }
  | { ok: false; status: 404 | 409 | 503; message: string; description?: string; alreadyDrawn?: true };

const refused = (status: 404 | 409 | 503, message: string, description?: string): DrawOutcome => ({
  ok: false,
  status,
  message,
  description,
});

/** The draw was made before this one got to it (another press, or the system's automatic draw): it stands. */
const alreadyDrawn: DrawOutcome = { ok: false, status: 409, message: DRAW_MESSAGES.alreadyDrawn, alreadyDrawn: true };

/** What a drawn entry is, from its manifest line: its position, ticket and reference. */
type DrawnEntry = { position: number; ticketNumber: number; entryRef: string; source: "paid" | "postal" };

async function loadDraw(services: Services, site: ManifestSite, competitionId: number) {
  const [comp] = await services.db
    .select({ status: competitions.status })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  if (!comp) return { error: refused(404, DRAW_MESSAGES.notFound) };
  if (comp.status === "completed") return { error: alreadyDrawn };
  if (comp.status !== "closed") return { error: refused(409, DRAW_MESSAGES.notClosed) };
  // The closing pass publishes the manifest; if it has not run yet, publishing here is the same idempotent step.
  await services.db.transaction((tx) => publishManifest(tx, site, competitionId, services.now()));
  const [draw] = await services.db.select().from(draws).where(eq(draws.competitionId, competitionId));
  if (!draw) return { error: refused(409, DRAW_MESSAGES.noManifest) };
  return { draw };
}

/**
 * Select winner: at or after the round, fetch the beacon, verify it, compute the sequence from the manifest hash and
 * the beacon's randomness, check the whole record with the same verifier the public uses, then record it, complete
 * the competition and queue the e-mails and notifications, all in one transaction. The lifecycle job runs it by
 * itself two minutes after the round (actor null: the system, drawDueCompetitions); staff (draw:run) can press it
 * from the round on, and again when the beacon was unreachable. The recording UPDATE is conditional on the draw not
 * being recorded yet, under the competition's row lock, so however many run at once exactly one records it.
 */
export async function selectWinner(services: Services, actorUserId: string | null, competitionId: number) {
  const site = { chain: services.beacon.chain, baseUrl: await publicOrigin(services) };
  const loaded = await loadDraw(services, site, competitionId);
  if ("error" in loaded) return loaded.error as DrawOutcome;
  const { draw } = loaded;
  if (draw.entries === 0) return refused(409, DRAW_MESSAGES.noEntries, DRAW_MESSAGES.noEntriesDetail);
  const chain = services.beacon.chain;
  const due = roundTime(chain, draw.round);
  if (services.now().getTime() < due.getTime())
    return refused(409, DRAW_MESSAGES.tooEarly(draw.round, formatUkWeekdayDateTime(due)));
  if (draw.chainHash !== chain.hash) {
    services.logger.error({ competitionId, chain: chain.hash, drawChain: draw.chainHash }, "draw on another beacon");
    return refused(503, DRAW_MESSAGES.failed);
  }

  let beacon: Awaited<ReturnType<Services["beacon"]["fetchRound"]>>;
  try {
    beacon = await services.beacon.fetchRound(draw.round);
  } catch (error) {
    if (!(error instanceof BeaconError)) throw error;
    services.logger.warn({ err: error, competitionId, round: draw.round }, "draw beacon unavailable");
    return refused(503, DRAW_MESSAGES.failed);
  }
  const sequence = drawSequence(drawSeed(draw.manifestHash, beacon.randomness), draw.entries);
  const [rule] = await services.db
    .select({
      endDate: competitions.endDate,
      closedAt: competitions.closedAt,
      drawAt: competitions.drawAt,
      drawRound: competitions.drawRound,
    })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  if (!rule) return refused(404, DRAW_MESSAGES.notFound);
  const [winner, ...alternates] = sequence as [number, ...number[]];
  const record = drawRecord(
    chain,
    { id: competitionId, ...rule, drawChainHash: chain.hash },
    {
      ...draw,
      beaconRandomness: beacon.randomness,
      beaconSignature: beacon.signature,
      winnerPosition: winner,
      alternates,
    },
  );
  const checks = verifyDraw(record, draw.manifest, { localBeacon: chain });
  if (!drawMatches(checks)) {
    services.logger.error({ competitionId, checks }, "a draw failed its own verification; nothing recorded");
    return refused(503, DRAW_MESSAGES.failed);
  }
  const entries = parseManifest(draw.manifest).entries;
  const drawn: DrawnEntry[] = sequence.map((position) => ({
    ...(entries[position] as Omit<DrawnEntry, "position">),
    position,
  }));

  return services.db.transaction(async (tx): Promise<DrawOutcome> => {
    const status = await lockedStatus(tx, competitionId);
    if (status === "completed") return alreadyDrawn;
    if (status !== "closed") return refused(409, DRAW_MESSAGES.notClosed);
    const now = services.now();
    const recorded = await tx
      .update(draws)
      .set({
        beaconRandomness: beacon.randomness,
        beaconSignature: beacon.signature,
        winnerPosition: winner,
        alternates,
        drawnEntries: drawn,
        drawnAt: now,
        drawnBy: actorUserId,
      })
      .where(and(eq(draws.id, draw.id), isNull(draws.drawnAt)))
      .returning({ id: draws.id });
    if (recorded.length === 0) return alreadyDrawn;
    const first = drawn[0] as DrawnEntry;
    const winnerUserId = await setWinner(tx, competitionId, first, now);
    await queueDrawMail(tx, site.baseUrl, competitionId, first, now);
    await recordAudit(tx, {
      actorUserId,
      action: "draw.winner_selected",
      subject: `competition:${competitionId}`,
      before: { status: "closed" },
      after: { status: "completed", winnerTicketNumber: first.ticketNumber, winnerUserId },
      data: { round: draw.round, randomness: beacon.randomness, sequence },
    });
    return { ok: true, message: DRAW_MESSAGES.selected };
  });
}

/**
 * The automatic draw (one pass of the lifecycle job): every closed competition whose manifest has entries and whose
 * deciding round has been out for two minutes (AUTOMATIC_DRAW_DELAY_MS) is drawn by the system. A beacon that cannot
 * be reached leaves it closed for the next pass (or staff's Select winner); a draw another process recorded first is
 * refused here and changes nothing.
 */
export async function drawDueCompetitions(services: Services): Promise<number[]> {
  const due = await services.db
    .select({ competitionId: draws.competitionId, round: draws.round, chainHash: draws.chainHash })
    .from(draws)
    .innerJoin(competitions, eq(competitions.id, draws.competitionId))
    .where(and(eq(competitions.status, "closed"), isNull(draws.drawnAt), gt(draws.entries, 0)))
    .orderBy(asc(draws.competitionId));
  const chain = services.beacon.chain;
  const now = services.now();
  const drawn: number[] = [];
  for (const row of due) {
    if (row.chainHash !== chain.hash || !automaticDrawDue(roundTime(chain, row.round), now)) continue;
    const outcome = await selectWinner(services, null, row.competitionId);
    if (outcome.ok) drawn.push(row.competitionId);
    else if (outcome.status === 503)
      services.logger.warn({ competitionId: row.competitionId }, "automatic draw failed; the next pass tries again");
  }
  return drawn;
}

/** The competition's status, its row locked for the rest of the transaction. */
async function lockedStatus(tx: Tx, competitionId: number) {
  const [row] = await tx
    .select({ status: competitions.status })
    .from(competitions)
    .where(eq(competitions.id, competitionId))
    .for("update");
  return row?.status;
}

/** The competition's winner becomes this drawn entry (and its holder, when the ticket has one). */
async function setWinner(tx: Tx, competitionId: number, entry: DrawnEntry, now: Date) {
  const [ticket] = await tx
    .select({ userId: tickets.userId })
    .from(tickets)
    .where(and(eq(tickets.competitionId, competitionId), eq(tickets.ticketNumber, entry.ticketNumber)));
  const winnerUserId = ticket?.userId ?? null;
  await tx
    .update(competitions)
    .set({ status: "completed", winnerTicketNumber: entry.ticketNumber, winnerUserId, drawnAt: now, updatedAt: now })
    .where(eq(competitions.id, competitionId));
  return winnerUserId;
}

/**
 * Passes the prize to the next alternate with a reason from the fixed list (draw-v1.md, "Redraws"): never new
 * randomness, only the next entry of the sequence already published.
 */
export async function redrawToAlternate(
  services: Services,
  actorUserId: string,
  competitionId: number,
  reason: SkipReason,
  clause: number | null = null,
): Promise<DrawOutcome> {
  if (needsClause(reason) !== (clause !== null)) return refused(409, DRAW_MESSAGES.clause);
  return services.db.transaction(async (tx): Promise<DrawOutcome> => {
    const status = await lockedStatus(tx, competitionId);
    if (!status) return refused(404, DRAW_MESSAGES.notFound);
    const [draw] = await tx.select().from(draws).where(eq(draws.competitionId, competitionId));
    if (status !== "completed" || !draw?.drawnAt) return refused(409, DRAW_MESSAGES.notDrawn);
    const [skipped] = await tx.select({ n: count() }).from(drawSkips).where(eq(drawSkips.drawId, draw.id));
    const index = skipped?.n ?? 0;
    const drawn = draw.drawnEntries ?? [];
    const current = drawn[index];
    const next = drawn[index + 1];
    if (!current || !next) return refused(409, DRAW_MESSAGES.noAlternates);
    await tx
      .insert(drawSkips)
      .values({ drawId: draw.id, sequenceIndex: index, position: current.position, reason, clause, actorUserId });
    const winnerUserId = await setWinner(tx, competitionId, next, services.now());
    await queueNewWinnerMail(tx, await publicOrigin(services), competitionId, next, services.now());
    await recordAudit(tx, {
      actorUserId,
      action: "draw.redrawn",
      subject: `competition:${competitionId}`,
      before: { winnerTicketNumber: current.ticketNumber },
      after: { winnerTicketNumber: next.ticketNumber, winnerUserId, alternate: index + 1 },
      data: { reason: skipReasonText(reason, clause), position: current.position },
    });
    return { ok: true, message: DRAW_MESSAGES.redrawn };
  });
}
