import { and, asc, eq, notExists, sql } from "drizzle-orm";
import { competitions, type DrawCounts, draws, tickets } from "~/db/schema";
import { sha256Hex, utf8 } from "~/domain/draw/bytes";
import { type ChainInfo, decidingRound, drawRuleFor, isQuicknet, roundTime } from "~/domain/draw/chain";
import { drawEntries } from "~/domain/draw/entries";
import { buildManifest } from "~/domain/draw/manifest";
import { recordAudit } from "../admin/audit.server";
import type { Tx } from "../platform/db.server";
import { postalRejectionCounts } from "../postal/postal-entries.server";
import { queueCloseResults } from "./close-results.server";
import { appendManifestLog } from "./manifest-log.server";

/**
 * Freezes a closed competition's entry list into its manifest and publishes the hash at once (draw-v1.md, "Close").
 * Every ticket is read and the draw's rule (domain/draw/entries) picks the entries and counts the rest. Every
 * entrant is told their result with the hash in the same transaction (close-results), and the hash and round are
 * appended to the manifest log. Idempotent: a second call, from this process or another, finds the row and changes
 * nothing (and sends nothing).
 */
export async function publishManifest(tx: Tx, site: ManifestSite, competitionId: number, now: Date) {
  const { chain } = site;
  const [comp] = await tx
    .select({
      status: competitions.status,
      endDate: competitions.endDate,
      closedAt: competitions.closedAt,
      drawAt: competitions.drawAt,
      drawRound: competitions.drawRound,
    })
    .from(competitions)
    .where(eq(competitions.id, competitionId))
    .for("update");
  if (comp?.status !== "closed") return null;
  const [existing] = await tx.select({ id: draws.id }).from(draws).where(eq(draws.competitionId, competitionId));
  if (existing) return null;

  // A competition live before draws existed gets its rule now, by the same rule.
  const rule =
    comp.drawAt && comp.drawRound !== null
      ? { drawAt: comp.drawAt, round: comp.drawRound }
      : drawRuleFor(chain, comp.endDate);
  const { round, moved } = decidingRound(chain, rule, now);
  const rows = await tx
    .select({
      ticketNumber: tickets.ticketNumber,
      entryRef: tickets.entryRef,
      source: tickets.source,
      withdrawn: sql<boolean>`${tickets.withdrawnAt} is not null`,
      isCorrectAnswer: tickets.isCorrectAnswer,
    })
    .from(tickets)
    .where(eq(tickets.competitionId, competitionId))
    .orderBy(asc(tickets.ticketNumber));
  const { entries, eligible, excluded } = drawEntries(rows);
  const manifest = buildManifest({ competitionId, network: chain.network, chainHash: chain.hash, round, entries });
  const counts: DrawCounts = {
    eligible,
    excluded: { ...excluded, postalRejected: await postalRejectionCounts(tx, competitionId) },
  };
  const manifestHash = sha256Hex(utf8(manifest));
  await tx.insert(draws).values({
    competitionId,
    manifest,
    manifestHash,
    entries: entries.length,
    counts,
    publishedAt: now,
    chainHash: chain.hash,
    round,
    roundMoved: moved,
  });
  await appendManifestLog(tx, { competitionId, manifestHash, round, closesAt: comp.endDate });
  await tx
    .update(competitions)
    .set({ drawAt: rule.drawAt, drawRound: rule.round, drawChainHash: chain.hash })
    .where(eq(competitions.id, competitionId));
  await recordAudit(tx, {
    actorUserId: null,
    action: "draw.manifest_published",
    subject: `competition:${competitionId}`,
    after: { manifestHash, entries: entries.length, round, roundMoved: moved },
    data: counts,
  });
  await queueCloseResults(tx, site.baseUrl, {
    competitionId,
    quicknet: isQuicknet(chain),
    closedAt: comp.closedAt ?? now,
    manifestHash,
    round,
    drawTime: roundTime(chain, round),
    publishedAt: now,
  });
  return { manifestHash, entries: entries.length, round, moved };
}

/** What publishing needs of the site: the beacon's chain, and the address links in the e-mails start with. */
export type ManifestSite = { chain: ChainInfo; baseUrl: string };

/** Every closed competition still without a manifest (just closed, or a pass that failed): publish each now. */
export async function publishDueManifests(tx: Tx, site: ManifestSite, now: Date): Promise<number[]> {
  const due = await tx
    .select({ id: competitions.id })
    .from(competitions)
    .where(
      and(
        eq(competitions.status, "closed"),
        notExists(tx.select({ one: sql`1` }).from(draws).where(eq(draws.competitionId, competitions.id))),
      ),
    )
    .orderBy(asc(competitions.id));
  const published: number[] = [];
  for (const { id } of due) if (await publishManifest(tx, site, id, now)) published.push(id);
  return published;
}
