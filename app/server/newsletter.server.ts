import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { consentRecords, newsletterSubscriptions } from "~/db/schema";
import {
  DEFAULT_SUBSCRIBER_NAME,
  MARKETING_EMAIL_PURPOSE,
  NEWSLETTER_CONSENT_SOURCE,
  NEWSLETTER_CONSENT_TEXT,
  subscriberName,
  type NewsletterInput,
} from "~/schemas/newsletter";
import { enqueueEmail } from "./mail.server";
import { limitFormSubmission, type FormRateLimits } from "./rate-limit.server";
import type { Database } from "./db.server";
import type { Services } from "./services.server";

const HOUR_MS = 3_600_000;

export const NEWSLETTER_RATE_LIMITS = {
  perEmail: { limit: 5, windowMs: HOUR_MS },
  perIp: { limit: 20, windowMs: HOUR_MS },
} as const satisfies FormRateLimits;

/** What a consent withdrawal records, by how it reached us. */
export const UNSUBSCRIBE_WORDING = "Unsubscribed from Paddock marketing emails.";
export const UNSUBSCRIBE_SOURCES = { link: "newsletter-unsubscribe-link", oneClick: "newsletter-one-click" } as const;
export type UnsubscribeSource = (typeof UNSUBSCRIBE_SOURCES)[keyof typeof UNSUBSCRIBE_SOURCES];

export function unsubscribeUrl(baseUrl: string, token: string) {
  return `${baseUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

export type SubscribeOutcome = { status: "subscribed"; email: string } | { status: "rate-limited"; retryAfterSeconds: number };

/**
 * Records (or refreshes) a subscription with the exact consent wording and time, logs the consent, and
 * queues a welcome e-mail with the one-click unsubscribe link, all in one transaction. A repeat sign-up
 * updates the same row: it keeps its unsubscribe token and clears any earlier unsubscribe.
 */
export async function subscribeToNewsletter(
  services: Pick<Services, "db" | "env" | "mail">,
  input: NewsletterInput,
  options: { now: Date; clientIp?: string },
): Promise<SubscribeOutcome> {
  const { db, env } = services;
  const limit = await limitFormSubmission(db, "newsletter", NEWSLETTER_RATE_LIMITS, { email: input.email, clientIp: options.clientIp, now: options.now });
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };

  const t = newsletterSubscriptions;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t)
      .values({
        email: input.email,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        name: subscriberName(input),
        consentText: NEWSLETTER_CONSENT_TEXT,
        consentedAt: options.now,
        consentSource: NEWSLETTER_CONSENT_SOURCE,
        unsubscribeToken: randomBytes(32).toString("base64url"),
        createdAt: options.now,
        updatedAt: options.now,
      })
      .onConflictDoUpdate({
        target: t.email,
        set: {
          // A repeat sign-up without names keeps the names we already have.
          firstName: sql`coalesce(excluded.first_name, ${t.firstName})`,
          lastName: sql`coalesce(excluded.last_name, ${t.lastName})`,
          name: sql`case when excluded.first_name is null and excluded.last_name is null then ${t.name} else excluded.name end`,
          consentText: sql`excluded.consent_text`,
          consentedAt: sql`excluded.consented_at`,
          consentSource: sql`excluded.consent_source`,
          unsubscribedAt: null,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ name: t.name, token: t.unsubscribeToken });
    if (!row) throw new Error("newsletter upsert returned no row");
    await tx.insert(consentRecords).values({
      email: input.email,
      purpose: MARKETING_EMAIL_PURPOSE,
      granted: true,
      wording: NEWSLETTER_CONSENT_TEXT,
      source: NEWSLETTER_CONSENT_SOURCE,
      createdAt: options.now,
    });
    const unsubscribeLink = unsubscribeUrl(env.BASE_URL, row.token);
    await enqueueEmail(tx, {
      to: input.email,
      subject: "You're subscribed to the Paddock newsletter",
      text: welcomeEmailText(row.name, unsubscribeLink),
      // RFC 2369 and RFC 8058: mail clients offer their own one-click unsubscribe, which POSTs to the link.
      headers: { "List-Unsubscribe": `<${unsubscribeLink}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      kind: "newsletter-welcome",
    });
  });
  services.mail.kick();
  return { status: "subscribed", email: input.email };
}

function welcomeEmailText(name: string, unsubscribeLink: string) {
  return [
    name === DEFAULT_SUBSCRIBER_NAME ? "Hello," : `Hello ${name},`,
    "",
    "Thank you for subscribing to the Paddock newsletter. We'll email you about new competitions, offers and winners.",
    "",
    "You agreed to the following:",
    `"${NEWSLETTER_CONSENT_TEXT}"`,
    "",
    "If this wasn't you, or you change your mind, unsubscribe with one click:",
    unsubscribeLink,
    "",
    "Paddock",
  ].join("\n");
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export type SubscriptionByToken = { email: string; unsubscribed: boolean };

export async function findSubscriptionByToken(db: Database, token: string): Promise<SubscriptionByToken | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ email: newsletterSubscriptions.email, unsubscribedAt: newsletterSubscriptions.unsubscribedAt })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.unsubscribeToken, token));
  return row ? { email: row.email, unsubscribed: row.unsubscribedAt !== null } : undefined;
}

export type UnsubscribeOutcome = { status: "unsubscribed" | "already-unsubscribed"; email: string } | { status: "unknown-token" };

/** Withdraws marketing consent for the subscription holding `token` and records the withdrawal. Idempotent. */
export async function unsubscribeFromNewsletter(
  db: Database,
  token: string,
  options: { now: Date; source: UnsubscribeSource },
): Promise<UnsubscribeOutcome> {
  if (!TOKEN_PATTERN.test(token)) return { status: "unknown-token" };
  const t = newsletterSubscriptions;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(t)
      .set({ unsubscribedAt: options.now, updatedAt: options.now })
      .where(and(eq(t.unsubscribeToken, token), isNull(t.unsubscribedAt)))
      .returning({ email: t.email });
    if (row) {
      await tx.insert(consentRecords).values({
        email: row.email,
        purpose: MARKETING_EMAIL_PURPOSE,
        granted: false,
        wording: UNSUBSCRIBE_WORDING,
        source: options.source,
        createdAt: options.now,
      });
      return { status: "unsubscribed", email: row.email };
    }
    const [existing] = await tx.select({ email: t.email }).from(t).where(eq(t.unsubscribeToken, token));
    return existing ? { status: "already-unsubscribed", email: existing.email } : { status: "unknown-token" };
  });
}
