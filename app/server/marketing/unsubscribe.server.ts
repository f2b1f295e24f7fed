import { and, eq, isNull, sql } from "drizzle-orm";
import { campaignRecipients } from "~/db/schema";
import { DEFAULT_SUBSCRIBER_NAME } from "~/schemas/newsletter";
import {
  findSubscriptionByToken,
  type SubscriptionByToken,
  subscriptionToken,
  type UnsubscribeOutcome,
  type UnsubscribeSource,
  unsubscribeFromNewsletter,
} from "../engagement/newsletter.server";
import type { Database, Executor } from "../platform/db.server";

// Every marketing e-mail has one unsubscribe link (ADR 025): the address's newsletter subscription token, served by
// /newsletter/unsubscribe and withdrawn in the consent ledger. A campaign's copy adds `campaign`, the recipient's
// opaque key, which only marks that recipient unsubscribed for the campaign's figure when the click withdrew consent.

/** What a subscription row created for a campaign recipient holds as the reason we may write to them. */
export const CAMPAIGN_BASIS = "Campaign recipient: marketing consent recorded in the consent ledger.";

export type UnsubscribeLink = { token: string; campaign?: string };

const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

async function recipientByKey(db: Executor, key: string | undefined) {
  if (!key || !KEY_PATTERN.test(key)) return undefined;
  const [row] = await db
    .select({ email: campaignRecipients.email, unsubscribedAt: campaignRecipients.unsubscribedAt })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.unsubscribeToken, key));
  return row;
}

/**
 * Whose unsubscribe link this is, and whether it came with a campaign (the campaign's key beside the token, or, sent
 * before ADR 025, a campaign recipient's key as its token): a campaign's reader may never have joined the newsletter,
 * so the page asks about marketing e-mails rather than "our newsletter".
 */
export async function findUnsubscribeLink(
  db: Database,
  link: UnsubscribeLink,
): Promise<(SubscriptionByToken & { fromCampaign: boolean }) | undefined> {
  const subscription = await findSubscriptionByToken(db, link.token);
  if (subscription) return { ...subscription, fromCampaign: Boolean(link.campaign) };
  const recipient = await recipientByKey(db, link.token);
  return recipient && { email: recipient.email, unsubscribed: recipient.unsubscribedAt !== null, fromCampaign: true };
}

/**
 * Withdraws marketing consent at once for the address the link was sent to (the newsletter's withdrawal, recorded in
 * the ledger) and, when that click withdrew it and the link came from a campaign, counts it for that campaign: one
 * transaction. An older campaign link (the recipient's key alone) withdraws through the address's subscription, made
 * for it when the address had none. Idempotent.
 */
export async function unsubscribeByLink(
  db: Database,
  link: UnsubscribeLink,
  options: { now: Date; source: UnsubscribeSource },
): Promise<UnsubscribeOutcome> {
  return db.transaction(async (tx) => {
    const current = await currentLink(tx, link, options.now);
    const outcome = await unsubscribeFromNewsletter(tx, current.token, options);
    if (outcome.status !== "unsubscribed" || !current.campaign) return outcome;
    const r = campaignRecipients;
    await tx
      .update(r)
      .set({ unsubscribedAt: options.now })
      .where(
        and(
          eq(r.unsubscribeToken, current.campaign),
          eq(r.email, sql`lower(${outcome.email})`),
          isNull(r.unsubscribedAt),
        ),
      );
    return outcome;
  });
}

async function currentLink(tx: Executor, link: UnsubscribeLink, now: Date): Promise<UnsubscribeLink> {
  if (link.campaign || (await findSubscriptionByToken(tx, link.token))) return link;
  const recipient = await recipientByKey(tx, link.token);
  if (!recipient) return link;
  const who = { email: recipient.email, name: DEFAULT_SUBSCRIBER_NAME, basis: CAMPAIGN_BASIS };
  return { token: await subscriptionToken(tx, who, now, { reopen: false }), campaign: link.token };
}
