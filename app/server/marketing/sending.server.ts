import { randomBytes } from "node:crypto";
import { and, asc, count, eq, inArray, lte, notExists } from "drizzle-orm";
import { campaignRecipients, campaigns } from "~/db/schema";
import { EXCLUSION_LABELS, passAllowance, planBatches } from "~/domain/campaign";
import { DEFAULT_SUBSCRIBER_NAME } from "~/schemas/newsletter";
import { recordAudit } from "../admin/audit.server";
import { marketingUnsubscribeLink } from "../engagement/newsletter.server";
import type { Executor } from "../platform/db.server";
import { type PeriodicJob, startPeriodicJob } from "../platform/jobs.server";
import { enqueueEmail } from "../platform/mail.server";
import { publicOrigin } from "../platform/public-origin.server";
import type { Services } from "../platform/services.server";
import { audienceMembers, recheckRecipients } from "./audience.server";
import { campaignEmail } from "./campaigns.server";
import { CAMPAIGN_BASIS } from "./unsubscribe.server";

/** How often each process looks for due campaigns and sends its share of the rate. */
export const CAMPAIGN_PASS_INTERVAL_MS = 15_000;
const INSERT_CHUNK = 500;

export type SendPassResult = { started: number; queued: number; skipped: number; finished: number };

type PassOptions = {
  /** Time the pass stands for: its share of the per-minute rate. */
  elapsedMs?: number;
  /** The most recipients one batch (one transaction) takes. */
  maxBatch?: number;
  /** Called after each batch commits (tests use it to crash between batches). */
  afterBatch?: (batch: { campaignId: number; queued: number; skipped: number }) => void | Promise<void>;
};

/**
 * Starts a due campaign: moves it to sending (one conditional UPDATE, so one process wins) and, in the same
 * transaction, fixes its recipients from live data: the audience as of now, consent granted, no protection.
 */
async function startCampaign(services: Services, id: number) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const [campaign] = await tx
      .update(campaigns)
      .set({ state: "sending", startedAt: now, updatedAt: now })
      .where(and(eq(campaigns.id, id), eq(campaigns.state, "scheduled"), lte(campaigns.scheduledAt, now)))
      .returning();
    if (!campaign) return false;
    const members = await audienceMembers(
      tx,
      { audience: campaign.audience, competitionId: campaign.audienceCompetitionId },
      now,
    );
    for (let i = 0; i < members.length; i += INSERT_CHUNK) {
      await tx
        .insert(campaignRecipients)
        .values(
          members.slice(i, i + INSERT_CHUNK).map((m) => ({
            campaignId: id,
            email: m.email,
            userId: m.userId,
            hadAccount: m.userId !== null,
            unsubscribeToken: randomBytes(32).toString("base64url"),
            createdAt: now,
          })),
        )
        .onConflictDoNothing();
    }
    await recordAudit(tx, {
      actorUserId: null,
      action: "campaign.sending",
      subject: `campaign:${id}`,
      data: { recipients: members.length },
    });
    return true;
  });
}

/**
 * One batch of a campaign, in one transaction: each pending recipient is checked again (consent, pause,
 * self-exclusion, deletion) and either queued in the outbox with the address's unsubscribe link (ADR 025) and
 * headers, or skipped with the reason. The status change and the outbox row commit together: a crash before the
 * commit leaves the batch pending (sent later, once), a crash after it leaves it queued (never sent again).
 */
async function sendBatch(services: Services, origin: string, campaignId: number, size: number) {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (campaign?.state !== "sending") return { queued: 0, skipped: 0 };
    const r = campaignRecipients;
    const batch = await tx
      .select({
        id: r.id,
        email: r.email,
        userId: r.userId,
        hadAccount: r.hadAccount,
        unsubscribeToken: r.unsubscribeToken,
      })
      .from(r)
      .where(and(eq(r.campaignId, campaignId), eq(r.status, "pending")))
      .orderBy(asc(r.id))
      .limit(size)
      .for("update", { skipLocked: true });
    const verdicts = await recheckRecipients(tx, batch, now);
    let queued = 0;
    let skipped = 0;
    for (const recipient of batch) {
      const reason = verdicts.get(recipient.email) ?? null;
      if (reason) {
        await tx
          .update(r)
          .set({ status: "skipped", skipReason: EXCLUSION_LABELS[reason] })
          .where(eq(r.id, recipient.id));
        skipped++;
        continue;
      }
      const who = { email: recipient.email, name: DEFAULT_SUBSCRIBER_NAME, basis: CAMPAIGN_BASIS };
      const link = await marketingUnsubscribeLink(tx, origin, who, now, recipient.unsubscribeToken);
      const outboxId = await enqueueEmail(tx, {
        to: recipient.email,
        subject: campaign.subject,
        content: campaignEmail(campaign, link.url),
        headers: link.headers,
        kind: "campaign",
      });
      await tx.update(r).set({ status: "queued", outboxId, queuedAt: now }).where(eq(r.id, recipient.id));
      queued++;
    }
    return { queued, skipped };
  });
}

async function pendingCount(db: Executor, campaignId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.status, "pending")));
  return row?.n ?? 0;
}

/** Marks sending campaigns with nobody left pending as sent. */
async function finishCampaigns(services: Services, ids: readonly number[]) {
  if (ids.length === 0) return 0;
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const done = await tx
      .update(campaigns)
      .set({ state: "sent", sentAt: now, updatedAt: now })
      .where(
        and(
          inArray(campaigns.id, [...ids]),
          eq(campaigns.state, "sending"),
          notExists(
            tx
              .select({ id: campaignRecipients.id })
              .from(campaignRecipients)
              .where(and(eq(campaignRecipients.campaignId, campaigns.id), eq(campaignRecipients.status, "pending"))),
          ),
        ),
      )
      .returning({ id: campaigns.id });
    for (const { id } of done) {
      await recordAudit(tx, { actorUserId: null, action: "campaign.sent", subject: `campaign:${id}` });
    }
    return done.length;
  });
}

/**
 * One pass of the sending job: starts campaigns whose time has come, then queues up to this pass's share of
 * CAMPAIGN_SEND_RATE_PER_MINUTE, oldest campaign first, in batches; then marks finished campaigns sent.
 */
export async function sendDueCampaigns(services: Services, options: PassOptions = {}): Promise<SendPassResult> {
  const now = services.now();
  const due = await services.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.state, "scheduled"), lte(campaigns.scheduledAt, now)))
    .orderBy(asc(campaigns.scheduledAt), asc(campaigns.id));
  let started = 0;
  for (const { id } of due) if (await startCampaign(services, id)) started++;

  const sending = await services.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.state, "sending"))
    .orderBy(asc(campaigns.startedAt), asc(campaigns.id));
  const origin = await publicOrigin(services);
  const result: SendPassResult = { started, queued: 0, skipped: 0, finished: 0 };
  let allowance = passAllowance(services.env.CAMPAIGN_SEND_RATE_PER_MINUTE, options.elapsedMs ?? 60_000);
  for (const { id } of sending) {
    const pending = await pendingCount(services.db, id);
    const batches = planBatches({ allowance, pending, maxBatch: options.maxBatch });
    for (const size of batches) {
      const batch = await sendBatch(services, origin, id, size);
      result.queued += batch.queued;
      result.skipped += batch.skipped;
      allowance -= batch.queued + batch.skipped;
      if (batch.queued > 0) services.mail.kick();
      await options.afterBatch?.({ campaignId: id, ...batch });
    }
  }
  result.finished = await finishCampaigns(
    services,
    sending.map((s) => s.id),
  );
  return result;
}

/** Sends scheduled campaigns at their time, at the configured rate, in every process (batches never overlap). */
export function startCampaignJob(services: Services): PeriodicJob<SendPassResult> {
  return startPeriodicJob({
    name: "campaign sending",
    pass: () => sendDueCampaigns(services, { elapsedMs: CAMPAIGN_PASS_INTERVAL_MS }),
    intervalMs: CAMPAIGN_PASS_INTERVAL_MS,
    firstDelayMs: 10_000,
    logger: services.logger,
  });
}
