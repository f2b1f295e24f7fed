import { and, count, desc, eq, ilike, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { CampaignAudience, CampaignState } from "~/db/constants";
import { campaignRecipients, campaigns, competitions, emailOutbox } from "~/db/schema";
import { isEditable, nextCampaignState, statesAllowing } from "~/domain/campaign";
import type { CAMPAIGN_TABLE, QueryOf } from "~/schemas/admin-tables";
import type { CampaignFormValue } from "~/schemas/campaign";
import { recordAudit } from "../admin/audit.server";
import { type EmailContent, paragraphs } from "../platform/email/content";
import { enqueueEmail } from "../platform/mail.server";
import { publicOrigin } from "../platform/public-origin.server";
import type { Services } from "../platform/services.server";
import { containsPattern, tableOrder, tablePage } from "../platform/table-query.server";
import { audienceCount } from "./audience.server";

export type CampaignOutcome =
  | { ok: true; id: number; message: string }
  | { ok: false; status: number; message: string };

const PREVIEW_LENGTH = 140;

/**
 * A campaign as an e-mail: staff's plain text as paragraphs (escaped by the template, never HTML), the marketing
 * footer with the recipient's unsubscribe link, and an unsubscribe link in the body too.
 */
export function campaignEmail(campaign: { content: string }, unsubscribeUrl: string, note?: string): EmailContent {
  const body = paragraphs(campaign.content);
  const first = body[0]?.type === "text" ? body[0].text.replace(/\s+/g, " ") : "";
  return {
    preview: first.length > PREVIEW_LENGTH ? `${first.slice(0, PREVIEW_LENGTH - 1)}…` : first,
    blocks: [
      ...(note ? [{ type: "text" as const, text: note }] : []),
      ...body,
      { type: "text", text: "Don't want these e-mails? Unsubscribe with one click:" },
      { type: "action", label: "Unsubscribe", url: unsubscribeUrl },
    ],
    footer: { kind: "marketing", unsubscribeUrl },
  };
}

const audienceFields = (value: CampaignFormValue) => ({
  audience: value.audience,
  audienceCompetitionId: value.audience === "competition-entrants" ? (value.competitionId ?? null) : null,
});

async function competitionExists(services: Services, id: number | null) {
  if (id === null) return true;
  const [row] = await services.db.select({ id: competitions.id }).from(competitions).where(eq(competitions.id, id));
  return Boolean(row);
}

const NO_COMPETITION: CampaignOutcome = { ok: false, status: 400, message: "That competition no longer exists." };

export async function createCampaign(services: Services, actorUserId: string, value: CampaignFormValue) {
  const fields = audienceFields(value);
  if (!(await competitionExists(services, fields.audienceCompetitionId))) return NO_COMPETITION;
  const now = services.now();
  return services.db.transaction(async (tx): Promise<CampaignOutcome> => {
    const [row] = await tx
      .insert(campaigns)
      .values({
        name: value.name,
        subject: value.subject,
        content: value.content,
        ...fields,
        createdBy: actorUserId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: campaigns.id });
    if (!row) throw new Error("campaign insert returned no row");
    await recordAudit(tx, {
      actorUserId,
      action: "campaign.created",
      subject: `campaign:${row.id}`,
      after: { name: value.name, subject: value.subject, ...fields },
    });
    return { ok: true, id: row.id, message: "Campaign saved as a draft" };
  });
}

const NOT_FOUND: CampaignOutcome = { ok: false, status: 404, message: "That campaign no longer exists." };

function notNow(state: CampaignState, doing: string): CampaignOutcome {
  return { ok: false, status: 409, message: `This campaign is ${state}: it can no longer be ${doing}.` };
}

export async function updateCampaign(services: Services, actorUserId: string, id: number, value: CampaignFormValue) {
  const fields = audienceFields(value);
  if (!(await competitionExists(services, fields.audienceCompetitionId))) return NO_COMPETITION;
  return services.db.transaction(async (tx): Promise<CampaignOutcome> => {
    const [before] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
    if (!before) return NOT_FOUND;
    if (!isEditable(before.state)) return notNow(before.state, "edited");
    const after = { name: value.name, subject: value.subject, content: value.content, ...fields };
    await tx
      .update(campaigns)
      .set({ ...after, updatedAt: services.now() })
      .where(eq(campaigns.id, id));
    await recordAudit(tx, {
      actorUserId,
      action: "campaign.updated",
      subject: `campaign:${id}`,
      before: { name: before.name, subject: before.subject, audience: before.audience },
      after: { name: after.name, subject: after.subject, audience: after.audience },
    });
    return { ok: true, id, message: "Campaign saved" };
  });
}

type StaffAction = "schedule" | "unschedule" | "cancel";

const ACTION_WORDS: Record<StaffAction, { doing: string; done: string; audit: string }> = {
  schedule: { doing: "scheduled", done: "Campaign scheduled", audit: "campaign.scheduled" },
  unschedule: { doing: "returned to draft", done: "Campaign returned to draft", audit: "campaign.unscheduled" },
  cancel: { doing: "cancelled", done: "Campaign cancelled", audit: "campaign.cancelled" },
};

/**
 * Moves a campaign by a staff action, with one conditional UPDATE: a campaign the sending job took a moment ago is
 * `sending` and is not moved. Scheduling needs a time in the future and an audience that reaches someone.
 */
export async function changeCampaignState(
  services: Services,
  actorUserId: string,
  id: number,
  action: StaffAction,
  scheduledAt?: Date,
): Promise<CampaignOutcome> {
  const now = services.now();
  const [current] = await services.db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!current) return NOT_FOUND;
  const to = nextCampaignState(current.state, action);
  if (!to) return notNow(current.state, ACTION_WORDS[action].doing);
  if (action === "schedule") {
    if (!scheduledAt || scheduledAt.getTime() <= now.getTime())
      return { ok: false, status: 400, message: "Choose a time in the future." };
    if (current.audience === "competition-entrants" && current.audienceCompetitionId === null) return NO_COMPETITION;
    const { reachable } = await audienceCount(
      services.db,
      { audience: current.audience, competitionId: current.audienceCompetitionId },
      now,
    );
    if (reachable === 0) return { ok: false, status: 409, message: "Nobody in this audience can receive it now." };
  }
  const set = {
    state: to,
    updatedAt: now,
    ...(action === "schedule" ? { scheduledAt } : {}),
    ...(action === "unschedule" ? { scheduledAt: null } : {}),
    ...(action === "cancel" ? { cancelledAt: now } : {}),
  };
  return services.db.transaction(async (tx): Promise<CampaignOutcome> => {
    const moved = await tx
      .update(campaigns)
      .set(set)
      .where(and(eq(campaigns.id, id), inArray(campaigns.state, [...statesAllowing(action)])))
      .returning({ id: campaigns.id });
    if (moved.length === 0) return notNow(current.state, ACTION_WORDS[action].doing);
    await recordAudit(tx, {
      actorUserId,
      action: ACTION_WORDS[action].audit,
      subject: `campaign:${id}`,
      before: { state: current.state, scheduledAt: current.scheduledAt },
      after: { state: to, scheduledAt: "scheduledAt" in set ? set.scheduledAt : current.scheduledAt },
    });
    return { ok: true, id, message: ACTION_WORDS[action].done };
  });
}

export const TEST_NOTE =
  "This is a test of a Paddock campaign, sent only to you. Each recipient's copy has their own unsubscribe link.";

/** "Send a test to me": the campaign as it will look, to the staff member's own address, with a test note. */
export async function sendTestCampaign(services: Services, staff: { id: string; email: string }, id: number) {
  const [campaign] = await services.db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!campaign) return NOT_FOUND;
  const origin = await publicOrigin(services);
  // The page explains an unknown token and changes nothing: a test copy has no recipient to unsubscribe.
  const url = `${origin}/newsletter/unsubscribe`;
  await services.db.transaction(async (tx) => {
    await enqueueEmail(tx, {
      to: staff.email,
      subject: `[Test] ${campaign.subject}`,
      content: campaignEmail(campaign, url, TEST_NOTE),
      kind: "campaign-test",
    });
    await recordAudit(tx, {
      actorUserId: staff.id,
      action: "campaign.test_sent",
      subject: `campaign:${id}`,
      data: { to: staff.email },
    });
  });
  services.mail.kick();
  return { ok: true, id, message: `Test sent to ${staff.email}` } as const;
}

/** Per campaign: recipients, queued, sent, failed (given up by the outbox), skipped at send time, unsubscribed. */
export async function campaignStats(services: Services, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, CampaignStats>();
  const r = campaignRecipients;
  const rows = await services.db
    .select({
      campaignId: r.campaignId,
      recipients: count(),
      queued: sql<number>`count(*) filter (where ${r.status} = 'queued')`.mapWith(Number),
      skipped: sql<number>`count(*) filter (where ${r.status} = 'skipped')`.mapWith(Number),
      sent: sql<number>`count(*) filter (where ${emailOutbox.status} = 'sent')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed')`.mapWith(Number),
      unsubscribed: sql<number>`count(*) filter (where ${r.unsubscribedAt} is not null)`.mapWith(Number),
    })
    .from(r)
    .leftJoin(emailOutbox, and(isNotNull(r.outboxId), eq(emailOutbox.id, r.outboxId)))
    .where(inArray(r.campaignId, [...ids]))
    .groupBy(r.campaignId);
  return new Map(rows.map(({ campaignId, ...stats }) => [campaignId, stats]));
}

export type CampaignStats = {
  recipients: number;
  queued: number;
  skipped: number;
  sent: number;
  failed: number;
  unsubscribed: number;
};

export const NO_STATS: CampaignStats = { recipients: 0, queued: 0, skipped: 0, sent: 0, failed: 0, unsubscribed: 0 };

/** Campaigns filtered by state and audience, searched by name or subject, sorted, a page at a time, with numbers. */
export async function listCampaigns(services: Services, query: QueryOf<typeof CAMPAIGN_TABLE>) {
  const { state, audience } = query.filters;
  const where = and(
    state ? eq(campaigns.state, state as CampaignState) : undefined,
    audience ? eq(campaigns.audience, audience as CampaignAudience) : undefined,
    query.q
      ? or(ilike(campaigns.name, containsPattern(query.q)), ilike(campaigns.subject, containsPattern(query.q)))
      : undefined,
  );
  const page = await tablePage(
    query,
    () => services.db.select({ n: count() }).from(campaigns).where(where),
    (limit, offset) =>
      services.db
        .select({
          id: campaigns.id,
          name: campaigns.name,
          subject: campaigns.subject,
          audience: campaigns.audience,
          state: campaigns.state,
          scheduledAt: campaigns.scheduledAt,
          sentAt: campaigns.sentAt,
          createdAt: campaigns.createdAt,
        })
        .from(campaigns)
        .where(where)
        .orderBy(
          ...tableOrder(
            query,
            {
              created: campaigns.createdAt,
              name: campaigns.name,
              state: campaigns.state,
              scheduled: campaigns.scheduledAt,
            },
            campaigns.id,
          ),
        )
        .limit(limit)
        .offset(offset),
  );
  const stats = await campaignStats(
    services,
    page.rows.map((r) => r.id),
  );
  return { ...page, campaigns: page.rows.map((row) => ({ ...row, stats: stats.get(row.id) ?? NO_STATS })) };
}

/** One campaign for its page: the row, its numbers, its audience's count now, and the e-mail as it will look. */
export async function getCampaign(services: Services, id: number) {
  const [campaign] = await services.db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!campaign) return null;
  const stats = (await campaignStats(services, [id])).get(id) ?? NO_STATS;
  return { campaign, stats };
}

/** The e-mail as a recipient will see it (HTML), with a sample unsubscribe link. */
export async function previewCampaign(services: Services, campaign: { content: string }) {
  const origin = await publicOrigin(services);
  const { renderEmail } = await import("../platform/email/render.server");
  return renderEmail(campaignEmail(campaign, `${origin}/newsletter/unsubscribe`));
}

/** Competitions staff can pick for an entrants audience: those with paid entries possible (published). */
export async function competitionChoices(services: Services) {
  return services.db
    .select({ id: competitions.id, title: competitions.title, status: competitions.status })
    .from(competitions)
    .where(sql`${competitions.status} not in ('draft', 'scheduled')`)
    .orderBy(desc(competitions.id))
    .limit(200);
}
