import { randomBytes } from "node:crypto";
import { and, eq, gte, isNull, sql } from "drizzle-orm";
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
 * Double opt-in (issue 29): a sign-up records what was asked for (names, the consent wording, the time) and e-mails a
 * confirmation link to the address; nothing is consented until the link is opened (confirmNewsletter), so nobody can
 * subscribe someone else. An address already subscribed and confirmed gets nothing new (the page says the same, so
 * it does not tell who is subscribed). A repeat sign-up replaces the waiting link. A database error is logged and
 * answered `failed`.
 */
export async function subscribeToNewsletter(
  services: PublicFormServices,
  input: NewsletterInput,
  options: PublicFormContext,
) {
  const form = { name: "newsletter", email: input.email, failure: "newsletter subscription failed" };
  return submitPublicForm(services, form, options, async () => {
    await requestSubscription(services, input, options.now);
    return { status: "subscribed", email: input.email } as const;
  });
}

/** How long a confirmation link works. */
export const CONFIRMATION_DAYS = 7;

/** The link of a newsletter confirmation e-mail. */
export const confirmationUrl = (baseUrl: string, token: string) =>
  `${baseUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;

async function requestSubscription(
  services: Pick<Services, "db" | "env" | "logger">,
  input: NewsletterInput,
  now: Date,
) {
  const { db } = services;
  const origin = await publicOrigin(services);
  const t = newsletterSubscriptions;
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ confirmedAt: t.confirmedAt, unsubscribedAt: t.unsubscribedAt })
      .from(t)
      .where(eq(t.email, input.email))
      .for("update");
    if (existing?.confirmedAt && !existing.unsubscribedAt) return;
    const confirmationToken = randomBytes(32).toString("base64url");
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
        confirmationToken,
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
          // Still unsubscribed (if it was) until the new link is opened.
          confirmationToken: sql`excluded.confirmation_token`,
          confirmedAt: null,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ name: t.name });
    if (!row) throw new Error("newsletter upsert returned no row");
    await enqueueEmail(tx, {
      to: input.email,
      subject: "Confirm your subscription to the Paddock newsletter",
      content: confirmationEmail(row.name, confirmationUrl(origin, confirmationToken)),
      kind: "newsletter-confirmation",
    });
  });
}

export type ConfirmOutcome = { status: "confirmed" | "already-confirmed"; email: string } | { status: "unknown-token" };

/**
 * The confirmation link was opened (and its button pressed): the subscription starts, the ledger records the consent
 * now, with the wording agreed to at sign-up, and a welcome e-mail carries the one-click unsubscribe link. A link
 * older than CONFIRMATION_DAYS, used, or unknown changes nothing.
 */
export async function confirmNewsletter(
  services: Pick<Services, "db" | "env" | "logger">,
  token: string,
  now: Date,
): Promise<ConfirmOutcome> {
  if (!TOKEN_PATTERN.test(token)) return { status: "unknown-token" };
  const origin = await publicOrigin(services);
  const t = newsletterSubscriptions;
  const oldest = new Date(now.getTime() - CONFIRMATION_DAYS * 24 * 60 * 60 * 1000);
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(t)
      .set({ confirmedAt: now, unsubscribedAt: null, confirmationToken: null, updatedAt: now })
      .where(and(eq(t.confirmationToken, token), gte(t.consentedAt, oldest)))
      .returning({ email: t.email, name: t.name, wording: t.consentText, unsubscribeToken: t.unsubscribeToken });
    if (!row) return { status: "unknown-token" } as const;
    await recordConsent(tx, {
      email: row.email,
      granted: true,
      wording: row.wording,
      source: NEWSLETTER_CONSENT_SOURCE,
      at: now,
    });
    const unsubscribeLink = unsubscribeUrl(origin, row.unsubscribeToken);
    await enqueueEmail(tx, {
      to: row.email,
      subject: "You're subscribed to the Paddock newsletter",
      content: welcomeEmail(row.name, unsubscribeLink),
      headers: listUnsubscribeHeaders(unsubscribeLink),
      kind: "newsletter-welcome",
    });
    return { status: "confirmed", email: row.email } as const;
  });
}

/** Whether a confirmation link is one we sent and is still waiting (the page shows its button only then). */
export async function findConfirmation(db: Executor, token: string): Promise<{ email: string } | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ email: newsletterSubscriptions.email })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.confirmationToken, token));
  return row;
}

const greeting = (name: string) =>
  ({ type: "text", text: name === DEFAULT_SUBSCRIBER_NAME ? "Hello," : `Hello ${name},` }) as const;

function confirmationEmail(name: string, confirmLink: string): EmailContent {
  return {
    preview: "Confirm your subscription to the Paddock newsletter.",
    blocks: [
      greeting(name),
      {
        type: "text",
        text:
          "Someone, we hope you, asked to receive the Paddock newsletter at this address. " +
          "We will only send it once you confirm:",
      },
      { type: "action", label: "Confirm my subscription", url: confirmLink },
      {
        type: "text",
        text:
          `The link works for ${CONFIRMATION_DAYS} days. ` +
          "If you did not ask for this, ignore this e-mail: you will not hear from us again.",
      },
    ],
    footer: { kind: "service" },
  };
}

function welcomeEmail(name: string, unsubscribeLink: string): EmailContent {
  return {
    preview: "You're subscribed to the Paddock newsletter.",
    blocks: [
      greeting(name),
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
