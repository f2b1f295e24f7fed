import type { DrawRow, DrawSkipRow } from "~/db/schema";
import { type ChainInfo, QUICKNET } from "~/domain/draw/chain";
import { MANIFEST_LOG_PATH } from "~/domain/draw/manifest-log";
import type { PublishedDraw } from "~/domain/draw/verify";

type DrawFacts = Pick<
  DrawRow,
  | "manifestHash"
  | "publishedAt"
  | "entries"
  | "round"
  | "roundMoved"
  | "beaconRandomness"
  | "beaconSignature"
  | "winnerPosition"
  | "alternates"
  | "counts"
  | "drawnEntries"
>;

type RuleFacts = {
  id: number;
  endDate: Date;
  closedAt: Date | null;
  drawAt: Date | null;
  drawRound: number | null;
  drawChainHash: string | null;
};

/** The chain a draw was fixed on: quicknet's pinned info, or this app's beacon (the local one). */
export function chainFor(chainHash: string | null, configured: ChainInfo): ChainInfo {
  return chainHash === QUICKNET.hash ? QUICKNET : configured;
}

/** The public record of a draw (the JSON the page's verifier and the command-line verifier read). */
export function drawRecord(
  chain: ChainInfo,
  comp: RuleFacts,
  draw: DrawFacts | null,
  skips: Pick<DrawSkipRow, "sequenceIndex" | "position" | "reason" | "clause" | "createdAt">[] = [],
): PublishedDraw {
  const drawn = draw?.beaconSignature && draw.beaconRandomness && draw.winnerPosition !== null;
  const drawnEntries = draw?.drawnEntries ?? [];
  return {
    version: "paddock-draw-v1",
    competitionId: comp.id,
    chain,
    closesAt: comp.endDate.toISOString(),
    closedAt: comp.closedAt?.toISOString() ?? null,
    rule: { drawAt: comp.drawAt?.toISOString() ?? "", round: comp.drawRound ?? 0 },
    manifest: draw
      ? {
          hash: draw.manifestHash,
          publishedAt: draw.publishedAt.toISOString(),
          entries: draw.entries,
          url: `/draws/${comp.id}/manifest.txt`,
          counts: draw.counts,
        }
      : null,
    round: draw?.round ?? null,
    roundMoved: draw?.roundMoved ?? false,
    beacon: drawn
      ? { round: draw.round, randomness: draw.beaconRandomness as string, signature: draw.beaconSignature as string }
      : null,
    sequence: drawn ? [draw.winnerPosition as number, ...(draw.alternates ?? [])] : null,
    skips: skips.map((s) => {
      const entry = drawnEntries.find((e) => e.position === s.position);
      return {
        index: s.sequenceIndex,
        position: s.position,
        ticketNumber: entry?.ticketNumber ?? 0,
        entryRef: entry?.entryRef ?? "",
        reason: s.reason,
        clause: s.clause,
        at: s.createdAt.toISOString(),
      };
    }),
    log: { url: MANIFEST_LOG_PATH },
  };
}
