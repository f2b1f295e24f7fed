import { createHmac } from "node:crypto";
import { asc, desc, sql } from "drizzle-orm";
import { manifestLog } from "~/db/schema";
import { fromHex } from "~/domain/draw/bytes";
import { buildManifestLog, type LogSigner, type ManifestLogEntry, nextLogEntry } from "~/domain/draw/manifest-log";
import { logSigner } from "~/domain/draw/manifest-log-signature";
import type { Executor, Tx } from "../platform/db.server";
import type { Env } from "../platform/env.server";

const signers = new Map<string, LogSigner>();

/**
 * The site's manifest-log signer: MANIFEST_LOG_SIGNING_KEY, or else a key derived from the auth secret (every process
 * of one site shares that secret, so every process signs with the same key; the derivation is one-way, so the log's
 * key says nothing of the secret).
 */
export function manifestLogSigner(env: Pick<Env, "MANIFEST_LOG_SIGNING_KEY" | "AUTH_SECRET">): LogSigner {
  const secretKey = env.MANIFEST_LOG_SIGNING_KEY
    ? fromHex(env.MANIFEST_LOG_SIGNING_KEY, 32)
    : new Uint8Array(createHmac("sha256", env.AUTH_SECRET).update("paddock-manifest-log:ed25519").digest());
  const id = Buffer.from(secretKey).toString("hex");
  let signer = signers.get(id);
  if (!signer) {
    signer = logSigner(secretKey);
    signers.set(id, signer);
  }
  return signer;
}

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

/** The whole log as served at /draws/log.txt, signed with the site's key. */
export async function manifestLogText(db: Executor, signer: LogSigner): Promise<string> {
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
  return buildManifestLog(
    rows.map((r): ManifestLogEntry => ({ ...r, closesAt: r.closesAt.toISOString() })),
    signer,
  );
}
