import { asc, eq } from "drizzle-orm";
import { isPublishedStatus } from "~/db/constants";
import { competitions, drawSkips, draws } from "~/db/schema";
import { isQuicknet } from "~/domain/draw/chain";
import { publishedInstantWins } from "../instant-wins/instant-wins.server";
import type { Executor } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { chainFor, drawRecord } from "./record.server";

// What the public verification page, its JSON and its manifest download read. Only published competitions (not
// drafts or scheduled ones) have a public draw; the manifest exists from the close.

const drawColumns = {
  id: draws.id,
  manifestHash: draws.manifestHash,
  publishedAt: draws.publishedAt,
  entries: draws.entries,
  counts: draws.counts,
  round: draws.round,
  roundMoved: draws.roundMoved,
  beaconRandomness: draws.beaconRandomness,
  beaconSignature: draws.beaconSignature,
  winnerPosition: draws.winnerPosition,
  alternates: draws.alternates,
  drawnEntries: draws.drawnEntries,
  drawnAt: draws.drawnAt,
};

/** A competition's draw as the public sees it, or null when there is none to show. */
export async function getPublicDraw(services: Services, competitionId: number) {
  const [comp] = await services.db
    .select({
      id: competitions.id,
      title: competitions.title,
      status: competitions.status,
      endDate: competitions.endDate,
      closedAt: competitions.closedAt,
      drawAt: competitions.drawAt,
      drawRound: competitions.drawRound,
      drawChainHash: competitions.drawChainHash,
    })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  if (!comp || !isPublishedStatus(comp.status)) return null;
  const [draw] = await services.db.select(drawColumns).from(draws).where(eq(draws.competitionId, competitionId));
  const skips = draw
    ? await services.db
        .select({
          sequenceIndex: drawSkips.sequenceIndex,
          position: drawSkips.position,
          reason: drawSkips.reason,
          clause: drawSkips.clause,
          createdAt: drawSkips.createdAt,
        })
        .from(drawSkips)
        .where(eq(drawSkips.drawId, draw.id))
        .orderBy(asc(drawSkips.sequenceIndex))
    : [];
  const chain = chainFor(comp.drawChainHash, services.beacon.chain);
  const instantWins = await publishedInstantWins(services.db, competitionId);
  return {
    competition: {
      id: comp.id,
      title: comp.title,
      status: comp.status,
      endDate: comp.endDate,
      closedAt: comp.closedAt,
    },
    quicknet: isQuicknet(chain),
    counts: draw?.counts ?? null,
    drawnEntries: draw?.drawnEntries ?? [],
    drawnAt: draw?.drawnAt ?? null,
    record: { ...drawRecord(chain, comp, draw ?? null, skips), instantWins },
  };
}

/** The frozen manifest text, exactly the bytes hashed, or null before the close. */
export async function getManifestText(db: Executor, competitionId: number): Promise<string | null> {
  const [row] = await db.select({ manifest: draws.manifest }).from(draws).where(eq(draws.competitionId, competitionId));
  return row?.manifest ?? null;
}

export type DrawSummary = {
  manifestHash: string;
  round: number;
  /** The current winner's ticket (after any redraws), or null before the draw. */
  winnerTicketNumber: number | null;
  /** The alternates' ticket numbers, in order. */
  alternates: number[];
  status: "published" | "drawn";
};

/** For other areas (winners, claims): a competition's draw in brief, or null before its manifest is published. */
export async function drawSummary(db: Executor, competitionId: number): Promise<DrawSummary | null> {
  const [row] = await db
    .select({
      manifestHash: draws.manifestHash,
      round: draws.round,
      drawnEntries: draws.drawnEntries,
      winnerTicketNumber: competitions.winnerTicketNumber,
    })
    .from(draws)
    .innerJoin(competitions, eq(competitions.id, draws.competitionId))
    .where(eq(draws.competitionId, competitionId));
  if (!row) return null;
  const drawn = row.drawnEntries ?? [];
  return {
    manifestHash: row.manifestHash,
    round: row.round,
    winnerTicketNumber: drawn.length > 0 ? row.winnerTicketNumber : null,
    alternates: drawn.slice(1).map((e) => e.ticketNumber),
    status: drawn.length > 0 ? "drawn" : "published",
  };
}

/** The staff draw page: the competition's headline, and its draw as the public sees it (null before it is public). */
export async function getDrawForStaff(services: Services, competitionId: number) {
  const [comp] = await services.db
    .select({
      id: competitions.id,
      title: competitions.title,
      status: competitions.status,
      winnerTicketNumber: competitions.winnerTicketNumber,
    })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  if (!comp) return null;
  return { competition: comp, draw: await getPublicDraw(services, competitionId) };
}
