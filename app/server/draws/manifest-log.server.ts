import { asc, desc, sql } from "drizzle-orm";
import { manifestLog } from "~/db/schema";
import { buildManifestLog, type ManifestLogEntry, nextLogEntry } from "~/domain/draw/manifest-log";
import type { Executor, Tx } from "../platform/db.server";

/**
 * Appends a frozen manifest to the manifest log (docs/manifest-log-v1.md), in the transaction that freezes it. The
 * table lock makes concurrent closes of different competitions take turns, so sequences have no gap and each entry
 * chains to the one truly before it.
 */
export async function appendManifestLog(
  tx: Tx,
  draw: { competitionId: number; manifestHash: string; round: number; closesAt: Date },
) {
  await tx.execute(sql`lock table ${manifestLog} in share row exclusive mode`);
  const [previous] = await tx
    .select({ sequence: manifestLog.sequence, entryHash: manifestLog.entryHash })
    .from(manifestLog)
    .orderBy(desc(manifestLog.sequence))
    .limit(1);
  const entry = nextLogEntry(previous ?? null, draw);
  await tx.insert(manifestLog).values({ ...entry, closesAt: draw.closesAt });
  return entry;
}

/** The whole log as served at /draws/log.txt. */
export async function manifestLogText(db: Executor): Promise<string> {
  const rows = await db
    .select({
      sequence: manifestLog.sequence,
      competitionId: manifestLog.competitionId,
      manifestHash: manifestLog.manifestHash,
      round: manifestLog.round,
      closesAt: manifestLog.closesAt,
      previousHash: manifestLog.previousHash,
      entryHash: manifestLog.entryHash,
    })
    .from(manifestLog)
    .orderBy(asc(manifestLog.sequence));
  return buildManifestLog(rows.map((r): ManifestLogEntry => ({ ...r, closesAt: r.closesAt.toISOString() })));
}
