import { eq } from "drizzle-orm";
import { competitions } from "~/db/schema";
import { type ChainInfo, drawRuleFor } from "~/domain/draw/chain";
import type { Executor } from "../platform/db.server";

/**
 * Fixes a competition's draw rule (draw-v1.md, "Go-live"): the draw time an hour after the closing time, the round
 * for it and the beacon chain. Set when staff schedule it and again as it goes live, after which the closing time
 * is locked, so the published rule can no longer move.
 */
export async function fixDrawRule(tx: Executor, chain: ChainInfo, competitionId: number, endDate: Date) {
  const rule = drawRuleFor(chain, endDate);
  await tx
    .update(competitions)
    .set({ drawAt: rule.drawAt, drawRound: rule.round, drawChainHash: rule.chainHash })
    .where(eq(competitions.id, competitionId));
  return rule;
}

/** What the competition form shows of the beacon: its name and clock, to say when a draw will be. */
export function drawChainTiming(chain: ChainInfo) {
  return { network: chain.network, genesis: chain.genesis, period: chain.period };
}
