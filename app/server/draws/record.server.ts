import type { DrawRow, DrawSkipRow } from "~/db/schema";
import { type ChainInfo, QUICKNET } from "~/domain/draw/chain";
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
>;

type RuleFacts = { id: number; drawAt: Date | null; drawRound: number | null; drawChainHash: string | null };

/** The chain a draw was fixed on: quicknet's pinned info, or this app's beacon (the local one). */
export function chainFor(chainHash: string | null, configured: ChainInfo): ChainInfo {
  return chainHash === QUICKNET.hash ? QUICKNET : configured;
}

/** The public record of a draw (the JSON the page's verifier and the command-line verifier read). */
export function drawRecord(
  chain: ChainInfo,
  comp: RuleFacts,
  draw: DrawFacts | null,
  skips: Pick<DrawSkipRow, "sequenceIndex" | "position" | "reason" | "createdAt">[] = [],
): PublishedDraw {
  const drawn = draw?.beaconSignature && draw.beaconRandomness && draw.winnerPosition !== null;
  return {
    version: "paddock-draw-v1",
    competitionId: comp.id,
    chain,
    rule: { drawAt: comp.drawAt?.toISOString() ?? "", round: comp.drawRound ?? 0 },
    manifest: draw
      ? {
          hash: draw.manifestHash,
          publishedAt: draw.publishedAt.toISOString(),
          entries: draw.entries,
          url: `/draws/${comp.id}/manifest.txt`,
        }
      : null,
    round: draw?.round ?? null,
    roundMoved: draw?.roundMoved ?? false,
    beacon: drawn
      ? { round: draw.round, randomness: draw.beaconRandomness as string, signature: draw.beaconSignature as string }
      : null,
    sequence: drawn ? [draw.winnerPosition as number, ...(draw.alternates ?? [])] : null,
    skips: skips.map((s) => ({
      index: s.sequenceIndex,
      position: s.position,
      reason: s.reason,
      at: s.createdAt.toISOString(),
    })),
  };
}
