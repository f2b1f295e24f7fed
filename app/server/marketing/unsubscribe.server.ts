import { and, eq, isNull, sql } from "drizzle-orm";
import { campaignRecipients, newsletterSubscriptions } from "~/db/schema";
import {
  findSubscriptionByToken,
  type SubscriptionByToken,
  UNSUBSCRIBE_WORDING,
  type UnsubscribeOutcome,
  type UnsubscribeSource,
  unsubscribeFromNewsletter,
} from "../engagement/newsletter.server";
import { recordConsent } from "../platform/consent.server";
import type { Database } from "../platform/db.server";

// One unsubscribe page (/newsletter/unsubscribe) and one withdrawal for every marketing e-mail: a token is either a
// newsletter subscription's or a campaign recipient's. Each campaign message carries its recipient's own token, so
// the campaign's "unsubscribed" count is exact and nobody needs a newsletter subscription to leave.

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

async function recipientByToken(db: Database, token: string) {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ email: campaignRecipients.email, unsubscribedAt: campaignRecipients.unsubscribedAt })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.unsubscribeToken, token));
  return row;
}

/** Whose unsubscribe link this is: a campaign recipient's, else a newsletter subscription's. */
export async function findUnsubscribeToken(db: Database, token: string): Promise<SubscriptionByToken | undefined> {
  const recipient = await recipientByToken(db, token);
  if (recipient) return { email: recipient.email, unsubscribed: recipient.unsubscribedAt !== null };
  return findSubscriptionByToken(db, token);
}

/**
 * Withdraws marketing consent at once for the address the token was sent to, recording the withdrawal in the ledger
 * (with the account, when the address had one) and ending any newsletter subscription of the address. Idempotent.
 */
export async function unsubscribeByToken(
  db: Database,
  token: string,
  options: { now: Date; source: UnsubscribeSource },
): Promise<UnsubscribeOutcome> {
  if (!(await recipientByToken(db, token))) return unsubscribeFromNewsletter(db, token, options);
  const r = campaignRecipients;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(r)
      .set({ unsubscribedAt: options.now })
      .where(and(eq(r.unsubscribeToken, token), isNull(r.unsubscribedAt)))
      .returning({ email: r.email, userId: r.userId });
    if (!row) {
      const [existing] = await tx.select({ email: r.email }).from(r).where(eq(r.unsubscribeToken, token));
      return existing ? { status: "already-unsubscribed", email: existing.email } : { status: "unknown-token" };
    }
    await recordConsent(tx, {
      email: row.email,
      userId: row.userId,
      granted: false,
      wording: UNSUBSCRIBE_WORDING,
      source: options.source,
      at: options.now,
    });
    const n = newsletterSubscriptions;
    await tx
      .update(n)
      .set({ unsubscribedAt: options.now, updatedAt: options.now })
      .where(and(sql`lower(${n.email}) = ${row.email}`, isNull(n.unsubscribedAt)));
    return { status: "unsubscribed", email: row.email };
  });
}
