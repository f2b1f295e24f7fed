import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentRecords, emailOutbox, newsletterSubscriptions } from "~/db/schema";
import { fieldErrorsOf, invalidReply, parseSubmission } from "~/schemas/form";
import {
  DEFAULT_SUBSCRIBER_NAME,
  MARKETING_EMAIL_PURPOSE,
  NEWSLETTER_CONSENT_SOURCE,
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_MISSING,
  newsletterCheck,
} from "~/schemas/newsletter";
import {
  CONFIRMATION_DAYS,
  confirmationUrl,
  confirmNewsletter,
  NEWSLETTER_RATE_LIMITS,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
  unsubscribeUrl,
} from "~/server/engagement/newsletter.server";
import { createTestServices, type TestServices } from "../support/services";

let services: TestServices;

beforeAll(async () => {
  services = await createTestServices();
});

afterAll(async () => {
  await services?.dispose();
});

/** The form as the action and the page check it: the schema's value, or the notice and field messages. */
function parseNewsletter(form: FormData) {
  const submission = parseSubmission(form, newsletterCheck.schema);
  if (submission.status === "success") return { success: true as const, data: submission.value };
  const reply = invalidReply(submission, newsletterCheck.notice);
  return { success: false as const, notice: reply.notice, errors: fieldErrorsOf(reply.result) };
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

async function subscribe(fields: Record<string, string>, now = new Date("2026-05-01T08:00:00Z")) {
  const parsed = parseNewsletter(form(fields));
  if (!parsed.success) throw new Error(`invalid: ${JSON.stringify(parsed.errors)}`);
  return subscribeToNewsletter(services, parsed.data, { now });
}

const subscription = async (email: string) =>
  (await services.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0];
/** The token of the latest confirmation e-mail to the address (the link's `token`), read from its text. */
async function confirmationToken(email: string) {
  const mails = await services.db
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "newsletter-confirmation")))
    .orderBy(asc(emailOutbox.id));
  const link = mails.at(-1)?.text.match(/\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/);
  if (!link?.[1]) throw new Error(`no confirmation e-mail to ${email}`);
  return link[1];
}

const consents = (email: string) =>
  services.db.select().from(consentRecords).where(eq(consentRecords.email, email)).orderBy(asc(consentRecords.id));

describe("newsletter sign-up", () => {
  it("asks the address to confirm first, and records consent only once the link is used (double opt-in)", async () => {
    const now = new Date("2026-05-01T08:00:00Z");
    const outcome = await subscribe(
      { firstName: "Amy", lastName: "Hunter", email: "Amy.Hunter@Example.test", consent: "on" },
      now,
    );
    expect(outcome).toEqual({ status: "subscribed", email: "amy.hunter@example.test" });

    const waiting = await subscription("amy.hunter@example.test");
    expect(waiting).toMatchObject({
      name: "Amy Hunter",
      consentText: NEWSLETTER_CONSENT_TEXT,
      consentSource: NEWSLETTER_CONSENT_SOURCE,
      unsubscribedAt: null,
      confirmedAt: null,
    });
    expect(waiting?.consentedAt.getTime()).toBe(now.getTime());
    // Nothing consented, no welcome: only the confirmation e-mail, whose link holds the waiting token.
    expect(await consents("amy.hunter@example.test")).toEqual([]);
    const token = await confirmationToken("amy.hunter@example.test");
    expect(token).toBe(waiting?.confirmationToken);
    const [asked] = await services.db.select().from(emailOutbox).where(eq(emailOutbox.to, "amy.hunter@example.test"));
    expect(asked?.kind).toBe("newsletter-confirmation");
    expect(asked?.text).toContain(confirmationUrl(services.env.BASE_URL, token));

    const confirmedAt = new Date("2026-05-01T09:00:00Z");
    expect(await confirmNewsletter(services, token, confirmedAt)).toEqual({
      status: "confirmed",
      email: "amy.hunter@example.test",
    });
    // A link works once.
    expect(await confirmNewsletter(services, token, confirmedAt)).toEqual({ status: "unknown-token" });
    const row = await subscription("amy.hunter@example.test");
    expect(row?.confirmedAt?.getTime()).toBe(confirmedAt.getTime());
    expect(row?.confirmationToken).toBeNull();
    expect(row?.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const ledger = await consents("amy.hunter@example.test");
    expect(ledger[0]?.createdAt.getTime()).toBe(confirmedAt.getTime());
    expect(ledger).toMatchObject([
      {
        purpose: MARKETING_EMAIL_PURPOSE,
        granted: true,
        wording: NEWSLETTER_CONSENT_TEXT,
        source: NEWSLETTER_CONSENT_SOURCE,
      },
    ]);

    const [mail] = await services.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, "amy.hunter@example.test"), eq(emailOutbox.kind, "newsletter-welcome")));
    expect(mail?.text).toContain(unsubscribeUrl(services.env.BASE_URL, row!.unsubscribeToken));
    expect(mail?.text).toContain("Hello Amy Hunter,");
    expect(mail?.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribeUrl(services.env.BASE_URL, row!.unsubscribeToken)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("a confirmation link past its days, or one never sent, changes nothing", async () => {
    const asked = new Date("2026-06-01T08:00:00Z");
    await subscribe({ email: "late@example.test", consent: "on" }, asked);
    const token = await confirmationToken("late@example.test");
    const late = new Date(asked.getTime() + (CONFIRMATION_DAYS + 1) * 24 * 60 * 60 * 1000);
    expect(await confirmNewsletter(services, token, late)).toEqual({ status: "unknown-token" });
    expect(await confirmNewsletter(services, "x".repeat(43), asked)).toEqual({ status: "unknown-token" });
    expect((await subscription("late@example.test"))?.confirmedAt).toBeNull();
    expect(await consents("late@example.test")).toEqual([]);
  });

  it("stores 'Newsletter Subscriber' when no name is given", async () => {
    await subscribe({ firstName: " ", lastName: "", email: "anon@example.test", consent: "on" });
    expect((await subscription("anon@example.test"))?.name).toBe(DEFAULT_SUBSCRIBER_NAME);
  });

  it("needs an e-mail address and consent, with the spec's message", () => {
    for (const fields of [
      { email: "", consent: "on" },
      { email: "x@example.test", consent: "" },
      { email: "x@example.test", consent: "yes" },
    ]) {
      const parsed = parseNewsletter(form(fields));
      expect(parsed.success === false && parsed.notice).toEqual(NEWSLETTER_MISSING);
    }
  });

  it("a repeat sign-up refreshes consent on the same row, keeps the names and token, and resubscribes", async () => {
    const first = new Date("2026-05-02T08:00:00Z");
    await subscribe({ firstName: "Ben", lastName: "", email: "ben@example.test", consent: "on" }, first);
    await confirmNewsletter(services, await confirmationToken("ben@example.test"), first);
    const original = await subscription("ben@example.test");
    await unsubscribeFromNewsletter(services.db, original!.unsubscribeToken, {
      now: first,
      source: "newsletter-unsubscribe-link",
    });

    const second = new Date("2026-05-03T08:00:00Z");
    expect(await subscribe({ email: "BEN@example.test", consent: "on" }, second)).toMatchObject({
      status: "subscribed",
    });
    // Still unsubscribed until the new link is used.
    expect((await subscription("ben@example.test"))?.unsubscribedAt).not.toBeNull();
    await confirmNewsletter(services, await confirmationToken("ben@example.test"), second);

    const rows = await services.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "ben@example.test"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: original!.id,
      name: "Ben",
      firstName: "Ben",
      unsubscribeToken: original!.unsubscribeToken,
      unsubscribedAt: null,
    });
    expect(rows[0]?.consentedAt.getTime()).toBe(second.getTime());
    expect((await consents("ben@example.test")).map((c) => c.granted)).toEqual([true, false, true]);
  });

  it("refuses a sixth sign-up for one address within the hour", async () => {
    const now = new Date("2026-05-04T08:00:00Z");
    for (let i = 0; i < NEWSLETTER_RATE_LIMITS.perEmail.limit; i++) {
      expect((await subscribe({ email: "eager@example.test", consent: "on" }, now)).status).toBe("subscribed");
    }
    expect(await subscribe({ email: "eager@example.test", consent: "on" }, now)).toMatchObject({
      status: "rate-limited",
    });
    // Each accepted sign-up sent its confirmation link; none is consent until one is used.
    const asked = await services.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, "eager@example.test"), eq(emailOutbox.kind, "newsletter-confirmation")));
    expect(asked).toHaveLength(NEWSLETTER_RATE_LIMITS.perEmail.limit);
    expect(await consents("eager@example.test")).toEqual([]);
  });
});

describe("unsubscribing", () => {
  it("with the token sets unsubscribed_at and records the withdrawal once", async () => {
    await subscribe({ email: "leaving@example.test", consent: "on" });
    await confirmNewsletter(
      services,
      await confirmationToken("leaving@example.test"),
      new Date("2026-05-01T08:00:00Z"),
    );
    const { unsubscribeToken } = (await subscription("leaving@example.test"))!;
    const when = new Date("2026-05-10T12:00:00Z");

    expect(
      await unsubscribeFromNewsletter(services.db, unsubscribeToken, { now: when, source: "newsletter-one-click" }),
    ).toEqual({
      status: "unsubscribed",
      email: "leaving@example.test",
    });
    expect((await subscription("leaving@example.test"))?.unsubscribedAt?.getTime()).toBe(when.getTime());
    const withdrawal = (await consents("leaving@example.test")).at(-1);
    expect(withdrawal).toMatchObject({
      purpose: MARKETING_EMAIL_PURPOSE,
      granted: false,
      source: "newsletter-one-click",
    });

    const again = await unsubscribeFromNewsletter(services.db, unsubscribeToken, {
      now: new Date(),
      source: "newsletter-unsubscribe-link",
    });
    expect(again.status).toBe("already-unsubscribed");
    expect((await subscription("leaving@example.test"))?.unsubscribedAt?.getTime()).toBe(when.getTime());
    expect(await consents("leaving@example.test")).toHaveLength(2);
  });

  it("with an unknown or malformed token changes nothing", async () => {
    await subscribe({ email: "staying@example.test", consent: "on" });
    const consentCount = await services.db.$count(consentRecords);
    for (const token of ["A".repeat(43), "", "../../etc", "x'; drop table newsletter_subscriptions; --"]) {
      expect(
        await unsubscribeFromNewsletter(services.db, token, { now: new Date(), source: "newsletter-unsubscribe-link" }),
      ).toEqual({
        status: "unknown-token",
      });
    }
    expect((await subscription("staying@example.test"))?.unsubscribedAt).toBeNull();
    expect(await services.db.$count(consentRecords)).toBe(consentCount);
  });
});
