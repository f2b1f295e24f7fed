import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { newsletterSubscriptions } from "~/db/schema";
import {
  DEFAULT_SUBSCRIBER_NAME,
  NEWSLETTER_CONSENT_SOURCE,
  NEWSLETTER_CONSENT_TEXT,
  type NewsletterInput,
  subscriberName,
} from "~/schemas/newsletter";
import { recordConsent } from "../platform/consent.server";
import type { Executor } from "../platform/db.server";
import type { EmailContent } from "../platform/email/content";
import { enqueueEmail } from "../platform/mail.server";
import { publicOrigin } from "../platform/public-origin.server";
import type { Services } from "../platform/services.server";
import {
  PUBLIC_FORM_RATE_LIMITS,
  type PublicFormContext,
  type PublicFormServices,
  submitPublicForm,
} from "./public-form.server";

export const NEWSLETTER_RATE_LIMITS = PUBLIC_FORM_RATE_LIMITS;

/** What a consent withdrawal records, by how it reached us. */
export const UNSUBSCRIBE_WORDING = "Unsubscribed from Paddock marketing emails.";
export const UNSUBSCRIBE_SOURCES = { link: "newsletter-unsubscribe-link", oneClick: "newsletter-one-click" } as const;
export type UnsubscribeSource = (typeof UNSUBSCRIBE_SOURCES)[keyof typeof UNSUBSCRIBE_SOURCES];

/**
 * The one unsubscribe link of every marketing e-mail: the address's subscription token and, on a campaign's copy,
 * `campaign` (the recipient's opaque key) so that campaign can count the withdrawal it caused (ADR 025).
 */
export function unsubscribeUrl(baseUrl: string, token: string, campaign?: string) {
  const url = `${baseUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
  return campaign ? `${url}&campaign=${encodeURIComponent(campaign)}` : url;
}

/**
 * Records (or refreshes) a subscription with the exact consent wording and time, logs the consent, and
 * queues a welcome e-mail with the one-click unsubscribe link, all in one transaction. A repeat sign-up
 * updates the same row: it keeps its unsubscribe token and clears any earlier unsubscribe. A database error
 * is logged and answered `failed`.
 */
export async function subscribeToNewsletter(
  services: PublicFormServices,
  input: NewsletterInput,
  options: PublicFormContext,
) {
  const form = { name: "newsletter", email: input.email, failure: "newsletter subscription failed" };
  return submitPublicForm(services, form, options, async () => {
    await storeSubscription(services, input, options.now);
    return { status: "subscribed", email: input.email } as const;
  });
}

async function storeSubscription(services: Pick<Services, "db" | "env" | "logger">, input: NewsletterInput, now: Date) {
  const { db } = services;
  const origin = await publicOrigin(services);
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
        consentedAt: now,
        consentSource: NEWSLETTER_CONSENT_SOURCE,
        unsubscribeToken: randomBytes(32).toString("base64url"),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: t.email,
        set: {
          // A repeat sign-up without names keeps the names we already have.
          firstName: sql`coalesce(excluded.first_name, ${t.firstName})`,
          lastName: sql`coalesce(excluded.last_name, ${t.lastName})`,
          name: sql`case when excluded.first_name is null and excluded.last_name is null
            then ${t.name} else excluded.name end`,
          consentText: sql`excluded.consent_text`,
          consentedAt: sql`excluded.consented_at`,
          consentSource: sql`excluded.consent_source`,
          unsubscribedAt: null,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ name: t.name, token: t.unsubscribeToken });
    if (!row) throw new Error("newsletter upsert returned no row");
    await recordConsent(tx, {
      email: input.email,
      granted: true,
      wording: NEWSLETTER_CONSENT_TEXT,
      source: NEWSLETTER_CONSENT_SOURCE,
      at: now,
    });
    const unsubscribeLink = unsubscribeUrl(origin, row.token);
    await enqueueEmail(tx, {
      to: input.email,
      subject: "You're subscribed to the Paddock newsletter",
      content: welcomeEmail(row.name, unsubscribeLink),
      headers: listUnsubscribeHeaders(unsubscribeLink),
      kind: "newsletter-welcome",
    });
  });
}

function welcomeEmail(name: string, unsubscribeLink: string): EmailContent {
  return {
    preview: "You're subscribed to the Paddock newsletter.",
    blocks: [
      { type: "text", text: name === DEFAULT_SUBSCRIBER_NAME ? "Hello," : `Hello ${name},` },
      {
        type: "text",
        text:
          "Thank you for subscribing to the Paddock newsletter. " +
          "We'll email you about new competitions, offers and winners.",
      },
      { type: "text", text: "You agreed to the following:" },
      { type: "quote", text: NEWSLETTER_CONSENT_TEXT },
      { type: "text", text: "If this wasn't you, or you change your mind, unsubscribe with one click:" },
      { type: "action", label: "Unsubscribe", url: unsubscribeLink },
    ],
    footer: { kind: "marketing", unsubscribeUrl: unsubscribeLink },
  };
}

/** What a marketing message's subscription row says when the address never used the newsletter form. */
export const MARKETING_LINK_SOURCE = "marketing-message";

export type MarketingRecipient = { email: string; name: string; basis: string };

/**
 * The one-click unsubscribe link (and its RFC 2369/8058 headers) for a marketing message we are lawfully sending to
 * `email` now, in the caller's transaction: the address's newsletter subscription token, so every marketing message
 * opts out through the same page and the same ledger withdrawal. A row marked unsubscribed is opened again, because
 * the caller has checked that the ledger's current choice is not a withdrawal. `campaign` is a campaign recipient's
 * key, carried so the campaign counts an unsubscribe from its copy.
 */
export async function marketingUnsubscribeLink(
  tx: Executor,
  origin: string,
  recipient: MarketingRecipient,
  now: Date,
  campaign?: string,
): Promise<{ url: string; headers: Record<string, string> }> {
  const token = await subscriptionToken(tx, recipient, now, { reopen: true });
  const url = unsubscribeUrl(origin, token, campaign);
  return { url, headers: listUnsubscribeHeaders(url) };
}

/**
 * The unsubscribe token of the address's subscription row. An address without one gets a row holding `basis` (why
 * we may write to it; no consent is recorded for it); `reopen` clears an earlier unsubscribe.
 */
export async function subscriptionToken(
  tx: Executor,
  recipient: MarketingRecipient,
  now: Date,
  options: { reopen: boolean },
): Promise<string> {
  const t = newsletterSubscriptions;
  const [existing] = await tx
    .select({ id: t.id, token: t.unsubscribeToken, unsubscribedAt: t.unsubscribedAt })
    .from(t)
    .where(sql`lower(${t.email}) = ${recipient.email.trim().toLowerCase()}`)
    .limit(1);
  if (existing) {
    if (existing.unsubscribedAt && options.reopen) {
      await tx.update(t).set({ unsubscribedAt: null, updatedAt: now }).where(eq(t.id, existing.id));
    }
    return existing.token;
  }
  const token = randomBytes(32).toString("base64url");
  await tx.insert(t).values({
    email: recipient.email.trim(),
    name: recipient.name,
    consentText: recipient.basis,
    consentedAt: now,
    consentSource: MARKETING_LINK_SOURCE,
    unsubscribeToken: token,
    createdAt: now,
    updatedAt: now,
  });
  return token;
}

/** RFC 2369 and RFC 8058: mail clients offer their own one-click unsubscribe, which POSTs to the link. */
function listUnsubscribeHeaders(url: string) {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export type SubscriptionByToken = { email: string; unsubscribed: boolean };

export async function findSubscriptionByToken(db: Executor, token: string): Promise<SubscriptionByToken | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ email: newsletterSubscriptions.email, unsubscribedAt: newsletterSubscriptions.unsubscribedAt })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.unsubscribeToken, token));
  return row ? { email: row.email, unsubscribed: row.unsubscribedAt !== null } : undefined;
}

export type UnsubscribeOutcome =
  | { status: "unsubscribed" | "already-unsubscribed"; email: string }
  | { status: "unknown-token" };

/** Withdraws marketing consent for the subscription holding `token` and records the withdrawal. Idempotent. */
export async function unsubscribeFromNewsletter(
  db: Executor,
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
      await recordConsent(tx, {
        email: row.email,
        granted: false,
        wording: UNSUBSCRIBE_WORDING,
        source: options.source,
        at: options.now,
      });
      return { status: "unsubscribed", email: row.email };
    }
    const [existing] = await tx.select({ email: t.email }).from(t).where(eq(t.unsubscribeToken, token));
    return existing ? { status: "already-unsubscribed", email: existing.email } : { status: "unknown-token" };
  });
}
