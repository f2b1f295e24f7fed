import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { consentRecords, newsletterSubscriptions } from "~/db/schema";
import { NEWSLETTER_CONSENT_TEXT, NEWSLETTER_MISSING, NEWSLETTER_SUBSCRIBED } from "~/schemas/newsletter";
import { app, waitForMail } from "./support/app";
import { expectAccessible, expectNoConsoleErrors, hydrated, openPage, useTheme } from "./support/browser";
import { expectNoToast, mainField, unexpectedErrors } from "./support/form-journeys";

beforeAll(async () => {
  await app();
});

type Mode = { theme: "dark" | "light"; js: boolean };

async function open(path: string, { theme, js }: Mode) {
  const opened = await openPage({ colorScheme: theme, javaScriptEnabled: js });
  await useTheme(opened.context, theme);
  const response = await opened.page.goto(path);
  if (js) await hydrated(opened.page);
  return { ...opened, status: response?.status() };
}

const field = mainField;
const consentBox = (page: Page) => page.locator("main").getByRole("checkbox");

async function subscriptions(email: string) {
  const { services } = await app();
  return services.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
}

const newEmail = (what: string) => `${what}-${randomBytes(4).toString("hex")}@example.test`;

const modes: Mode[] = [
  { theme: "dark", js: true },
  { theme: "light", js: true },
  { theme: "dark", js: false },
  { theme: "light", js: false },
];

describe("newsletter sign-up", () => {
  for (const mode of modes) {
    const label = `${mode.js ? "with" : "without"} JavaScript, ${mode.theme} theme`;

    it(`without ticking consent, a visitor is asked for it and nothing is stored (${label})`, async () => {
      const { page, errors } = await open("/newsletter", mode);
      const email = newEmail("no-consent");
      await field(page, "Email (required)").fill(email);
      await page.getByRole("button", { name: "Subscribe" }).click();

      const alert = page.getByRole("alert").filter({ hasText: NEWSLETTER_MISSING.title });
      await alert.waitFor();
      expect(await alert.innerText()).toContain(NEWSLETTER_MISSING.description);
      if (mode.js) await expectNoToast(page);
      expect(await consentBox(page).getAttribute("aria-invalid")).toBe("true");
      expect(await field(page, "Email (required)").inputValue()).toBe(email);
      expect(await subscriptions(email)).toEqual([]);
      if (mode.js) await expectAccessible(page);
      expectNoConsoleErrors(unexpectedErrors(errors));
    });

    it(`a consenting visitor is subscribed once, with the wording seen, and can leave by link (${label})`, async () => {
      const { services } = await app();
      const { page, errors } = await open("/newsletter", mode);
      const email = newEmail("reader");
      expect(await page.locator("main label").filter({ hasText: NEWSLETTER_CONSENT_TEXT }).count()).toBe(1);
      expect(await consentBox(page).isChecked()).toBe(false);

      await field(page, "First name (optional)").fill("Hattie");
      await field(page, "Email (required)").fill(email.toUpperCase());
      await consentBox(page).check();
      await page.getByRole("button", { name: "Subscribe" }).click();
      await page.getByRole("heading", { level: 1, name: NEWSLETTER_SUBSCRIBED.title }).waitFor();
      expect(await page.locator("h1").count()).toBe(1);
      expect(await page.locator("main").innerText()).toContain(email);
      if (mode.js) await expectAccessible(page);

      const [row] = await subscriptions(email);
      expect(row).toMatchObject({
        name: "Hattie",
        consentText: NEWSLETTER_CONSENT_TEXT,
        consentSource: "newsletter-form",
        unsubscribedAt: null,
      });
      expect(Date.now() - row!.consentedAt.getTime()).toBeLessThan(60_000);

      // Signing up again does not make a second subscription.
      await page.goto("/newsletter");
      if (mode.js) await hydrated(page);
      await field(page, "Email (required)").fill(email);
      await consentBox(page).check();
      await page.getByRole("button", { name: "Subscribe" }).click();
      await page.getByRole("heading", { level: 1, name: NEWSLETTER_SUBSCRIBED.title }).waitFor();
      expect(await subscriptions(email)).toHaveLength(1);

      // Double opt-in: nothing is consented until the e-mailed link is opened and its button pressed.
      const marketing = () => services.db.select().from(consentRecords).where(eq(consentRecords.email, email));
      expect(await marketing()).toEqual([]);
      const waiting = (await subscriptions(email))[0]?.confirmationToken ?? "";
      expect(waiting).not.toBe("");
      const asked = await waitForMail((m) => m.to === email && m.body.includes(waiting));
      expect(asked.subject).toBe("Confirm your subscription to the Paddock newsletter");
      const confirm = asked.body.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/)?.[0];
      expect(confirm?.startsWith(services.env.BASE_URL)).toBe(true);
      await page.goto(confirm!);
      if (mode.js) await hydrated(page);
      await page.getByRole("heading", { level: 1, name: "Confirm your subscription" }).waitFor();
      if (mode.js) await expectAccessible(page);
      expect(await marketing()).toEqual([]);
      await page.getByRole("button", { name: "Confirm my subscription" }).click();
      await page.getByRole("heading", { level: 1, name: "You're subscribed!" }).waitFor();
      if (mode.js) await expectAccessible(page);
      expect(await marketing()).toMatchObject([{ granted: true, source: "newsletter-form" }]);
      expect((await subscriptions(email))[0]?.confirmedAt).toBeInstanceOf(Date);

      const mail = await waitForMail((m) => m.to === email && /^You're subscribed/i.test(m.subject));
      const link = mail.body.match(/https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+/)?.[0];
      expect(link).toBeTruthy();
      expect(link!.startsWith(services.env.BASE_URL)).toBe(true);

      await page.goto(link!);
      if (mode.js) await hydrated(page);
      await page.getByRole("heading", { level: 1, name: /unsubscribe/i }).waitFor();
      if (mode.js) await expectAccessible(page);
      expect((await subscriptions(email))[0]?.unsubscribedAt).toBeNull();
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await page.getByRole("heading", { level: 1, name: "You have been unsubscribed" }).waitFor();
      if (mode.js) await expectAccessible(page);

      expect((await subscriptions(email))[0]?.unsubscribedAt).toBeInstanceOf(Date);
      const withdrawals = await services.db
        .select()
        .from(consentRecords)
        .where(and(eq(consentRecords.email, email), eq(consentRecords.granted, false)));
      expect(withdrawals).toMatchObject([{ purpose: "marketing", source: "newsletter-unsubscribe-link" }]);
      expectNoConsoleErrors(unexpectedErrors(errors));
      // Sign-up, a second sign-up, the confirmation link and the unsubscribe link, with axe on four pages.
    }, 150_000);
  }

  it("an unknown unsubscribe link says so and changes nothing (dark and light)", async () => {
    for (const theme of ["dark", "light"] as const) {
      const { page, status } = await open(`/newsletter/unsubscribe?token=${"x".repeat(43)}`, { theme, js: true });
      expect(status).toBe(404);
      await page.getByRole("heading", { level: 1, name: "This unsubscribe link is not valid" }).waitFor();
      expect(await page.getByRole("button", { name: "Unsubscribe" }).count()).toBe(0);
      await expectAccessible(page);
    }
    const { baseUrl } = await app();
    const res = await fetch(`${baseUrl}/newsletter/unsubscribe?token=${"y".repeat(43)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(404);
  });

  it("a mail provider's one-click unsubscribe (RFC 8058 POST) works without a browser session", async () => {
    const { baseUrl, services } = await app();
    const email = newEmail("one-click");
    const signUp = await fetch(`${baseUrl}/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
      body: new URLSearchParams({ email, consent: "on" }),
    });
    expect(signUp.status).toBe(200);
    const [row] = await subscriptions(email);
    expect(row?.name).toBe("Newsletter Subscriber");

    const res = await fetch(`${baseUrl}/newsletter/unsubscribe?token=${row!.unsubscribeToken}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect((await subscriptions(email))[0]?.unsubscribedAt).toBeInstanceOf(Date);
    const [withdrawal] = await services.db
      .select()
      .from(consentRecords)
      .where(and(eq(consentRecords.email, email), eq(consentRecords.granted, false)));
    expect(withdrawal?.source).toBe("newsletter-one-click");
  });
});
