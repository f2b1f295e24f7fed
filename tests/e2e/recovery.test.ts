import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "~/db/schema";
import { cancelCheckout, startCheckout } from "~/server/checkout/checkout.server";
import { recordConsent } from "~/server/platform/consent.server";
import { app } from "./support/app";
import { expectAccessible, hydrated } from "./support/browser";
import {
  CARDS,
  CORRECT,
  confirmEligible,
  createCompetition,
  eventually,
  goto,
  hideCreatedCompetitions,
  JOURNEY,
  payAndSee,
  signedInPage,
  userOrders,
} from "./support/checkout";
import { toastShown } from "./support/form-journeys";
import { expectNoUnexpectedErrors } from "./support/forms";
import { createUser, staffPage, type TestUser } from "./support/users";

beforeAll(async () => {
  await app();
});
afterAll(() => hideCreatedCompetitions());

/** A buyer who agreed to marketing e-mails starts paying for 2 tickets and cancels at the payment page. */
async function abandonedCheckout(competitionId: number) {
  const { services } = await app();
  const user = await createUser();
  await confirmEligible(user);
  await recordConsent(services.db, {
    email: user.email,
    userId: user.id,
    granted: true,
    wording: "Yes, e-mail me about competitions and offers.",
    source: "account",
  });
  const started = await startCheckout(services, {
    userId: user.id,
    email: user.email,
    lines: [{ competitionId, quantity: 2, skillAnswer: CORRECT }],
    idempotencyKey: randomUUID(),
    source: "single",
  });
  if (!started.ok) throw new Error(started.message);
  expect(await cancelCheckout(services, { userId: user.id, orderId: started.orderId })).toEqual({ ok: true });
  return { user, orderId: started.orderId };
}

/** The recovery e-mail's basket link, read from the outbox, as a path on the site. */
async function recoveryLink(user: TestUser) {
  const { services } = await app();
  const [mail] = await services.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, user.email), eq(emailOutbox.kind, "checkout-recovery")));
  const link = mail?.text.match(/https?:\/\/\S+\/basket\/recover\?token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no recovery link e-mailed to ${user.email}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

const factValue = (page: import("playwright-core").Page, label: string) =>
  page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd").innerText();

describe("abandoned-checkout recovery", JOURNEY, () => {
  it("admin sends the recovery e-mail; the link rebuilds the basket, the buyer pays; the tab counts it", async () => {
    const competition = await createCompetition({ totalTickets: 100 });
    const { user: buyer } = await abandonedCheckout(competition.id);

    const admin = await staffPage(["admin"]);
    await goto(admin.page, "/admin/recovery");
    const paidBefore = Number(await factValue(admin.page, "Recovered checkouts paid"));
    const row = admin.page.getByTestId("abandoned-row").filter({ hasText: buyer.email });
    await eventually(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain(competition.title);
    expect(await row.innerText()).toContain("less than an hour ago");
    expect(await row.innerText()).toContain("Marketing consent");
    await row.getByRole("button", { name: `Send recovery e-mail for ${buyer.email}` }).click();
    await toastShown(admin.page, "Recovery e-mail sent");
    await eventually(() => row.innerText()).toContain("By staff");

    // The buyer opens the e-mailed link, signed in: the basket holds the competition, 2 tickets, answer kept.
    const link = await recoveryLink(buyer);
    const { page, errors } = await signedInPage({ user: buyer });
    await page.goto(link);
    await page.waitForURL(/\/basket$/);
    await hydrated(page);
    await toastShown(page, "Your basket is back as you left it");
    const line = page.getByTestId(`basket-item-${competition.id}`);
    await eventually(() => line.count()).toBe(1);
    expect(await line.getByRole("radio", { name: CORRECT }).isChecked()).toBe(true);

    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout\/basket$/);
    await hydrated(page);
    await page.getByRole("button", { name: "Pay £10.00" }).click();
    await payAndSee(page, CARDS.pays);
    await eventually(async () => (await userOrders(buyer.id)).map((o) => o.paymentStatus).sort()).toEqual([
      "cancelled",
      "paid",
    ]);

    // The link worked once: opening it again says so and changes nothing.
    await page.goto(link);
    await eventually(() => page.locator("h1").innerText()).toBe("This basket link has already been used");
    expectNoUnexpectedErrors(errors);

    // Paid for since, the checkout leaves the list, and the tab counts it as recovered and paid.
    await goto(admin.page, "/admin/recovery");
    expect(await row.count()).toBe(0);
    expect(Number(await factValue(admin.page, "Recovered checkouts paid"))).toBe(paidBefore + 1);
    expectNoUnexpectedErrors(admin.errors);
  });
});

describe("the recovery pages are accessible", () => {
  for (const theme of ["dark", "light"] as const) {
    it(
      `the Recovery tab and a bad basket link pass axe, ${theme} theme (${theme === "light" ? 390 : 1280} px)`,
      async () => {
        const competition = await createCompetition();
        await abandonedCheckout(competition.id);
        const viewport = theme === "light" ? { width: 390, height: 844 } : undefined;
        const { page, errors } = await staffPage(["admin"], theme, viewport);
        await goto(page, "/admin/recovery");
        expect(await page.locator("h1").innerText()).toBe("Recovery");
        expect(await page.title()).toMatch(/^Recovery/);
        await expectAccessible(page);
        const width = page.viewportSize()?.width ?? 0;
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        const bad = await goto(page, "/basket/recover?token=not-a-real-token");
        expect(bad?.status()).toBe(404);
        expect(await page.locator("h1").innerText()).toBe("This basket link is not valid");
        await expectAccessible(page);
        expectNoUnexpectedErrors(errors);
      },
      JOURNEY.timeout,
    );
  }
});
