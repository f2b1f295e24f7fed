import { and, eq, lte, or, sql } from "drizzle-orm";
import { competitions } from "~/db/schema";
import { publishDueManifests } from "../draws/manifest.server";
import { fixDrawRule } from "../draws/rule.server";
import { drawDueCompetitions } from "../draws/select.server";
import { commitInstantWins, revealInstantWins } from "../instant-wins/instant-wins.server";
import type { Tx } from "../platform/db.server";
import { type PeriodicJob, startPeriodicJob } from "../platform/jobs.server";
import { publicOrigin } from "../platform/public-origin.server";
import type { Services } from "../platform/services.server";
import { recordAudit } from "./audit.server";

/**
 * Moves competitions on time (the rule is dueTransition in domain/competition-lifecycle): scheduled ones go live
 * at their go-live time; live ones close at their closing time, or at sell-out when their terms say so. Every
 * process runs it; each move is one conditional UPDATE ... RETURNING, so when two processes race, the row lock
 * makes the second re-check the condition, find it false and change nothing. The audit rows (actor null: the
 * system) are written in the same transaction as the move. Going live fixes the draw rule; closing freezes the draw
 * manifest, publishes its hash and tells every entrant their result (app/server/draws); once the deciding round is
 * out, the pass runs the draw itself.
 */

const LIFECYCLE_INTERVAL_MS = 15_000;

export type LifecycleReport = { wentLive: number[]; closed: number[]; manifests: number[]; drawn: number[] };

type Move = { action: string; before: object; after: object; data: object };

/** The system's own audit row for a move: no actor. */
const logMove = (tx: Tx, id: number, move: Move) =>
  recordAudit(tx, { actorUserId: null, subject: `competition:${id}`, ...move });

export async function runLifecycleOnce(services: Services): Promise<LifecycleReport> {
  const moved = await moveCompetitions(services);
  // Then the draws whose round is out, each in its own transaction, after the beacon is fetched outside any.
  return { ...moved, drawn: await drawDueCompetitions(services) };
}

/**
 * The pass's moves (go live, close, publish manifests) at `services.now()`, without the draws, which need the beacon
 * over the network: the demo seed runs it with a clock to open and close its competitions as the job would.
 */
export async function moveCompetitions(services: Services) {
  const now = services.now();
  const site = { chain: services.beacon.chain, baseUrl: await publicOrigin(services) };
  return services.db.transaction(async (tx) => {
    const live = await tx
      .update(competitions)
      .set({ status: "active", updatedAt: now })
      .where(and(eq(competitions.status, "scheduled"), lte(competitions.goLiveAt, now)))
      .returning({ id: competitions.id, goLiveAt: competitions.goLiveAt, endDate: competitions.endDate });
    for (const row of live) {
      // The closing time is locked from now on, so the draw rule published with it is final.
      const rule = await fixDrawRule(tx, services.beacon.chain, row.id, row.endDate);
      // Its instant wins, if any, are committed to now, before a single ticket is sold (instant-wins-v1.md).
      const instantWins = await commitInstantWins(tx, row.id, now);
      await logMove(tx, row.id, {
        action: "competition.went_live",
        before: { status: "scheduled" },
        after: {
          status: "active",
          drawAt: rule.drawAt,
          drawRound: rule.round,
          drawChainHash: rule.chainHash,
          ...(instantWins ? { instantWinsCommitment: instantWins } : {}),
        },
        data: { goLiveAt: row.goLiveAt },
      });
    }

    // Entries stopped at the closing time itself (checkout checks it), so that is when it closed, even if the job
    // runs a little later; a sell-out closes it now.
    const ended = lte(competitions.endDate, now);
    const closed = await tx
      .update(competitions)
      .set({
        status: "closed",
        closedAt: sql`case when ${ended} then ${competitions.endDate} else ${now.toISOString()}::timestamptz end`,
        updatedAt: now,
      })
      .where(
        and(
          eq(competitions.status, "active"),
          or(
            ended,
            and(
              eq(competitions.closesAtSellOut, true),
              sql`${competitions.ticketsSold} >= ${competitions.totalTickets}`,
            ),
          ),
        ),
      )
      .returning({ id: competitions.id, closedAt: competitions.closedAt, ticketsSold: competitions.ticketsSold });
    for (const row of closed)
      await logMove(tx, row.id, {
        action: "competition.closed",
        before: { status: "active" },
        after: { status: "closed", closedAt: row.closedAt },
        data: { ticketsSold: row.ticketsSold },
      });
    // Closed: the instant-win list and its salt are published, so anyone can check them against the commitment.
    await revealInstantWins(
      tx,
      closed.map((r) => r.id),
      now,
    );
    // The manifest is frozen and its hash published in the closing pass itself (and any close a failed pass left).
    const manifests = await publishDueManifests(tx, site, now);
    return { wentLive: live.map((r) => r.id), closed: closed.map((r) => r.id), manifests };
  });
}

type LifecycleJob = PeriodicJob<LifecycleReport>;

/** Runs the pass every LIFECYCLE_INTERVAL_MS in this process, so go-live and closing are at most that late. */
export function startLifecycleJob(services: Services, intervalMs = LIFECYCLE_INTERVAL_MS): LifecycleJob {
  return startPeriodicJob({
    name: "competition lifecycle",
    pass: () => runLifecycleOnce(services),
    intervalMs,
    firstDelayMs: 1_000,
    logger: services.logger,
  });
}
