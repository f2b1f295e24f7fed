import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Page, Route } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions } from "~/db/schema";
import { CONTACT_MISSING, CONTACT_SENT } from "~/schemas/contact";
import { app, waitForMail } from "./support/app";
import { expectAccessible, expectNoConsoleErrors, hydrated, openPage, useTheme } from "./support/browser";
import { expectNoToast, mainField, unexpectedErrors } from "./support/form-journeys";

beforeAll(async () => {
  await app();
});

type Mode = { theme: "dark" | "light"; js: boolean };

async function openContact({ theme, js }: Mode) {
  const opened = await openPage({ colorScheme: theme, javaScriptEnabled: js });
  await useTheme(opened.context, theme);
  const response = await opened.page.goto("/contact");
  expect(response?.status()).toBe(200);
  if (js) await hydrated(opened.page);
  return opened;
}

const field = mainField;

const storedFrom = async (email: string) => {
  const { services } = await app();
  return services.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email));
};

const modes: Mode[] = [
  { theme: "dark", js: true },
  { theme: "light", js: true },
  { theme: "dark", js: false },
  { theme: "light", js: false },
];

/** Holds the page's next request to `url` until the test continues it; `sent` resolves with it once it is sent. */
async function holdRequest(page: Page, url: RegExp): Promise<{ sent: Promise<Route> }> {
  let hold: (route: Route) => void = () => {};
  const sent = new Promise<Route>((resolve) => {
    hold = resolve;
  });
  await page.route(url, (route) => hold(route), { times: 1 });
  return { sent };
}

describe("contact page", () => {
  it("shows the support hours, reply time, a few questions and the policy links", async () => {
    const { page, errors } = await openContact({ theme: "dark", js: true });
    const main = page.locator("main");
    await expect.poll(() => main.innerText()).toContain("Mon-Fri 9:00-18:00 GMT");
    expect(await main.innerText()).toContain("We reply within 24 hours.");
    expect(await main.locator("details summary").count()).toBeGreaterThanOrEqual(3);
    for (const href of ["/terms", "/privacy", "/faq"])
      expect(await main.locator(`a[href="${href}"]`).count()).toBeGreaterThan(0);
    expect(await page.locator("h1").count()).toBe(1);
    expect(await page.locator('input[name="email"]').getAttribute("type")).toBe("email");
    expectNoConsoleErrors(unexpectedErrors(errors));
  });

  for (const mode of modes) {
    const label = `${mode.js ? "with" : "without"} JavaScript, ${mode.theme} theme`;

    it(`a visitor who sends a blank field is told what is missing and nothing is stored (${label})`, async () => {
      const { page, errors } = await openContact(mode);
      const email = `blank-${randomBytes(4).toString("hex")}@example.test`;
      await field(page, "Name").fill("Jo Blank");
      await field(page, "Email").fill(email);
      await field(page, "Subject").fill("   ");
      await field(page, "Message").fill("Hello");
      await page.getByRole("button", { name: "Send message" }).click();

      const alert = page.getByRole("alert").filter({ hasText: CONTACT_MISSING.title });
      await alert.waitFor();
      expect(await alert.innerText()).toContain(CONTACT_MISSING.description);
      if (mode.js) await expectNoToast(page);
      // What was typed is still there to correct.
      expect(await field(page, "Name").inputValue()).toBe("Jo Blank");
      expect(await field(page, "Subject").getAttribute("aria-invalid")).toBe("true");
      expect(await storedFrom(email)).toEqual([]);
      if (mode.js) await expectAccessible(page);
      expectNoConsoleErrors(unexpectedErrors(errors));
    });

    it(`a visitor's message is stored, mailed to support and the form is cleared (${label})`, async () => {
      const { services } = await app();
      const { page, errors } = await openContact(mode);
      const tag = randomBytes(4).toString("hex");
      const email = `rider-${tag}@example.test`;
      const message = `Does the postal entry for the saddle draw need a stamp? (${tag})`;
      await field(page, "Name").fill("Jane Rider");
      await field(page, "Email").fill(email);
      await field(page, "Subject").fill(`Postal entry ${tag}`);
      await field(page, "Message").fill(message);
      // Hold the submission back until the in-flight state has been seen.
      const held = mode.js ? await holdRequest(page, /\/contact\.data/) : undefined;
      await page.getByRole("button", { name: "Send message" }).click();
      if (held) {
        const route = await held.sent;
        expect(await page.getByRole("button", { name: "Sending..." }).isDisabled()).toBe(true);
        await route.continue();
      }

      const status = page.getByRole("status").filter({ hasText: CONTACT_SENT.title });
      await status.waitFor();
      expect(await status.innerText()).toContain(CONTACT_SENT.description);
      if (mode.js) await expectNoToast(page);
      for (const name of ["Name", "Email", "Subject", "Message"]) expect(await field(page, name).inputValue()).toBe("");

      expect(await storedFrom(email)).toMatchObject([{ name: "Jane Rider", subject: `Postal entry ${tag}`, message }]);
      const mail = await waitForMail((m) => m.subject === `[Contact] Postal entry ${tag}`);
      expect(mail.to).toBe(services.env.SUPPORT_EMAIL);
      expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${email}$`, "mi"));
      expect(mail.body).toContain(message);

      if (mode.js) await expectAccessible(page);
      expectNoConsoleErrors(unexpectedErrors(errors));
    });
  }

  it("refuses a sixth message from one address within the hour with 429 and stores nothing more", async () => {
    const { baseUrl } = await app();
    const email = `flood-${randomBytes(4).toString("hex")}@example.test`;
    const send = () =>
      fetch(`${baseUrl}/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
        body: new URLSearchParams({ name: "Flo", email, subject: "Again", message: "Hello again" }),
      });
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many messages. Please try again later.");
    expect(await storedFrom(email)).toHaveLength(5);
  });
});
