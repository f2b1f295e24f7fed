import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { playerLimits, profiles } from "~/db/schema";
import { consentStateOf, recordConsent } from "~/server/platform/consent.server";
import { app } from "./support/app";
import { expectAccessible, expectNoConsoleErrors } from "./support/browser";
import {
  CORRECT,
  checkoutSuite,
  competitionRow,
  createCompetition,
  eventually,
  goto,
  JOURNEY,
  signedInPage,
  userOrders,
} from "./support/checkout";
import { toastShown, unexpectedErrors } from "./support/form-journeys";
import { fillDateOfBirth } from "./support/forms";

checkoutSuite();

async function limitsOf(userId: string) {
  const { services } = await app();
  const [row] = await services.db.select().from(playerLimits).where(eq(playerLimits.userId, userId));
  return row;
}

describe("player protection", JOURNEY, () => {
  it("a paused account cannot buy: the checkout says why and nothing is reserved", async () => {
    const competition = await createCompetition();
    const { page, user, baseUrl, errors } = await signedInPage({ eligible: true });

    await goto(page, "/account/limits");
    await page.getByRole("radio", { name: "7 days" }).check();
    await page.getByRole("button", { name: "Pause my account" }).click();
    await eventually(() => page.getByText("Your account is paused").count()).toBe(1);
    const paused = await limitsOf(user.id);
    expect(paused?.pausedUntil?.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);

    await goto(page, `/checkout/${competition.id}?answer=${CORRECT}`);
    expect(await page.getByText("You cannot enter right now").count()).toBe(1);
    expect(await page.getByRole("button", { name: /^Pay/ }).count()).toBe(0);

    // Even a hand-made request is refused by the server, and reserves nothing.
    const res = await page.request.post(`/checkout/${competition.id}`, {
      form: { intent: "pay", quantity: "2", answer: CORRECT, idempotencyKey: crypto.randomUUID() },
      headers: { Origin: baseUrl },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    expect(await res.text()).toContain("Checkout Error");
    expect(await userOrders(user.id)).toHaveLength(0);
    expect((await competitionRow(competition.id)).ticketsReserved).toBe(0);
    expectNoConsoleErrors(errors);
  });

  it("a monthly limit lowers at once, rises only after 24 hours, and stops an order that would pass it", async () => {
    const competition = await createCompetition();
    const { page, user } = await signedInPage({ eligible: true });

    await goto(page, "/account/limits");
    await page.getByLabel("New monthly limit in pounds").fill("20");
    await page.getByRole("button", { name: "Set limit" }).click();
    await eventually(async () => (await limitsOf(user.id))?.monthlyLimitPence).toBe(2000);

    await page.getByLabel("New monthly limit in pounds").fill("50");
    await page.getByRole("button", { name: "Set limit" }).click();
    await eventually(() => page.getByText("A change is waiting").count()).toBe(1);
    expect(await page.getByText(/Your limit changes to £50\.00 on/).count()).toBe(1);
    const limits = await limitsOf(user.id);
    expect(limits?.monthlyLimitPence).toBe(2000);
    expect(limits?.pendingLimitPence).toBe(5000);
    expect(limits?.pendingEffectiveAt?.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    // Five tickets cost £22.50, more than the £20.00 left this month.
    await goto(page, `/checkout/${competition.id}?quantity=5&answer=${CORRECT}`);
    await page.getByRole("button", { name: "Pay £22.50" }).click();
    await eventually(() => page.getByRole("alert").filter({ hasText: "Checkout Error" }).count()).toBe(1);
    expect(await userOrders(user.id)).toHaveLength(0);

    await goto(page, "/account/limits");
    await page.getByLabel("New monthly limit in pounds").fill("0");
    await page.getByRole("button", { name: "Set limit" }).click();
    await eventually(async () => (await limitsOf(user.id))?.monthlyLimitPence).toBe(0);
    expect((await limitsOf(user.id))?.pendingEffectiveAt).toBeNull();
  });

  it("self-exclusion must be confirmed, then closes entry and stops marketing", async () => {
    const competition = await createCompetition();
    const { page, user, baseUrl } = await signedInPage({ eligible: true });
    const { services } = await app();
    await recordConsent(services.db, {
      email: user.email,
      userId: user.id,
      granted: true,
      wording: "Send me news and offers",
      source: "account",
      at: new Date(Date.now() - 60_000),
    });

    const unconfirmed = await page.request.post("/account/limits", {
      form: { intent: "exclude", months: "6" },
      headers: { Origin: baseUrl },
    });
    expect(unconfirmed.status()).toBe(400);
    expect((await limitsOf(user.id))?.excludedUntil ?? null).toBeNull();

    await goto(page, "/account/limits");
    await page.getByRole("radio", { name: "1 year" }).check();
    await page.getByRole("checkbox", { name: /I understand/ }).check();
    await page.getByRole("button", { name: "Self-exclude" }).click();
    await eventually(() => page.getByText("You are self-excluded").count()).toBe(1);
    expect((await limitsOf(user.id))?.excludedUntil?.getTime()).toBeGreaterThan(Date.now() + 360 * 24 * 3_600_000);
    expect(await consentStateOf(services.db, { userId: user.id, email: user.email })).toMatchObject({
      status: "withdrawn",
      source: "self_exclusion",
    });

    // The ledger shows the withdrawal worded for people, never the stored source name.
    await goto(page, "/account/privacy");
    const row = page.getByRole("row").filter({ hasText: "Withdrawn" });
    await eventually(() => row.filter({ hasText: "Self-exclusion" }).count()).toBe(1);
    expect(await page.getByText("self_exclusion").count()).toBe(0);
    expect(await page.getByText("You do not receive marketing e-mails").count()).toBe(1);

    await goto(page, `/checkout/${competition.id}`);
    expect(await page.getByText("You cannot enter right now").count()).toBe(1);
    expect(await page.getByRole("button", { name: /^Pay/ }).count()).toBe(0);
  });

  it("eligibility refuses an under-18 date of birth and records a valid one", async () => {
    const { page, user, errors } = await signedInPage();
    await goto(page, "/account/eligibility");
    const year = new Date().getFullYear();
    await fillDateOfBirth(page, `${year - 16}-06-01`);
    await page.getByLabel("Country of residence").selectOption("IE");
    await page.getByRole("checkbox", { name: /I am 18 or over/ }).check();
    await page.getByRole("button", { name: "Confirm eligibility" }).click();
    await eventually(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    const { services } = await app();
    const [before] = await services.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(before?.eligibilityConfirmedAt ?? null).toBeNull();

    await fillDateOfBirth(page, "1979-11-05");
    await page.getByRole("checkbox", { name: /I am 18 or over/ }).check();
    await page.getByRole("button", { name: "Confirm eligibility" }).click();
    await eventually(() => page.getByText("You have confirmed your eligibility").count()).toBe(1);
    expect(await page.getByText("5 November 1979").count()).toBe(1);
    const [after] = await services.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(after).toMatchObject({ dateOfBirth: "1979-11-05", country: "IE" });
    expect(after?.eligibilityConfirmedAt).toBeTruthy();
    expectNoConsoleErrors(unexpectedErrors(errors));
  });
});

describe("player protection pages are accessible", JOURNEY, () => {
  for (const theme of ["dark", "light"] as const) {
    it(`/account/eligibility passes axe in the ${theme} theme`, async () => {
      const { page, errors } = await signedInPage({ theme });
      await goto(page, "/account/eligibility");
      expect(await page.locator("h1").innerText()).toBe("Eligibility");
      await expectAccessible(page);
      expectNoConsoleErrors(errors);
    });

    it(`/account/limits passes axe in the ${theme} theme, with a pending change and a break showing`, async () => {
      const { page, errors, user } = await signedInPage({ theme });
      await goto(page, "/account/limits");
      expect(await page.locator("h1").innerText()).toBe("Limits and breaks");
      expect(
        await page
          .getByRole("navigation", { name: "Account" })
          .getByRole("link", { name: /limits/i })
          .count(),
      ).toBe(1);
      await page.getByLabel("New monthly limit in pounds").fill("10");
      await page.getByRole("button", { name: "Set limit" }).click();
      await eventually(async () => (await limitsOf(user.id))?.monthlyLimitPence).toBe(1000);
      await page.getByRole("button", { name: "Remove my limit (after 24 hours)" }).click();
      await eventually(() => page.getByText("A change is waiting").count()).toBe(1);
      await page.getByRole("radio", { name: "1 day" }).check();
      await page.getByRole("button", { name: "Pause my account" }).click();
      await eventually(() => page.getByText("Your account is paused").count()).toBe(1);
      await toastShown(page, "Account paused");
      await expectAccessible(page);
      expectNoConsoleErrors(errors);
    });
  }
});
