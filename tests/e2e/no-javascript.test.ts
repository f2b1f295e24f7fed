import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app } from "./support/app";
import { openPage } from "./support/browser";
import { CORRECT, createCompetition, hideCreatedCompetitions } from "./support/checkout";
import { EMPTY_CONTACT_SUMMARY, expectErrorSummary, joinSummary } from "./support/forms";
import { createUser } from "./support/users";

// The journeys a person makes with scripts off (or before they load): the menu, joining, signing in, the basket
// and signing out, each confirmed in the page itself, since toasts need JavaScript.

beforeAll(async () => {
  await app();
});
afterAll(() => hideCreatedCompetitions());

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

const message = (page: Page) => page.locator("[data-toast-without-script]");

/** Follows a link in the header: straight from the bar on a wide screen, from the menu on a phone. */
async function headerLink(page: Page, name: string, phone: boolean) {
  const header = page.getByRole("banner");
  if (phone) {
    const menu = page.locator("#mobile-menu");
    expect(await menu.isVisible()).toBe(false);
    await header.locator("details > summary").click();
    await menu.waitFor({ state: "visible" });
    await menu.getByRole("link", { name, exact: true }).click();
  } else {
    await header.getByRole("link", { name, exact: true }).click();
  }
}

describe("without JavaScript", () => {
  for (const viewport of WIDTHS) {
    const phone = viewport.width < 1024;
    it(`a visitor joins, signs in, fills a basket and signs out at ${viewport.width} px`, async () => {
      const competition = await createCompetition({ title: `No-script Numnah ${viewport.width}` });
      const { page } = await openPage({ javaScriptEnabled: false, viewport });

      await page.goto("/");
      await headerLink(page, "Join Now", phone);
      await page.waitForURL((url) => url.pathname === (phone ? "/join" : "/auth"));
      if (!phone) await page.goto("/join");
      const joining = `no-script-${viewport.width}-${Date.now()}@example.test`;
      await page.locator('input[name="firstName"]').fill("Nell");
      await page.locator('input[name="lastName"]').fill("Noscript");
      await page.locator('input[name="email"]').fill(joining);
      await page.locator('input[name="password"]').fill("a-long-and-unusual-passphrase");
      await page.locator('input[name="confirmPassword"]').fill("a-long-and-unusual-passphrase");
      await page.locator('input[name="agreeTerms"]').check();
      await page.getByRole("button", { name: "Create account" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      expect(await message(page).innerText()).toContain("Please check your email to verify your account.");

      const rider = await createUser();
      await page.goto("/");
      await headerLink(page, "Sign In", phone);
      await page.waitForURL((url) => url.pathname === (phone ? "/signin" : "/auth"));
      await page.locator('input[name="email"]').first().fill(rider.email);
      await page.locator('input[name="password"]').first().fill(rider.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/");
      expect(await message(page).innerText()).toContain("You have successfully signed in.");

      await page.goto(`/competition/${competition.id}`);
      await page.getByRole("radio", { name: CORRECT }).check();
      await page.getByRole("button", { name: "Add to Basket" }).click();
      await page.waitForURL((url) => url.pathname === "/basket");
      expect(await message(page).innerText()).toContain("Added to basket");
      expect(await page.getByTestId(`basket-item-${competition.id}`).count()).toBe(1);

      await headerLink(page, "My Account", phone);
      await page.waitForURL((url) => url.pathname === "/account");
      await page.getByRole("main").getByRole("button", { name: "Sign out", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/");
      expect(await message(page).innerText()).toContain("Signed out");
      // Shown once: the next page has no message.
      await page.goto("/about");
      expect(await message(page).count()).toBe(0);
    }, 120_000);
  }

  for (const viewport of WIDTHS) {
    it(`a refused form opens on its error summary, whose links reach each field, at ${viewport.width} px`, async () => {
      const { page } = await openPage({ javaScriptEnabled: false, viewport });
      await page.goto("/contact");
      await page.getByRole("button", { name: "Send message" }).click();
      await page.waitForURL((url) => url.pathname === "/contact");
      // Focused by the page itself (autofocus), titled "Error:", each link a plain #field-… fragment.
      await expectErrorSummary(page, EMPTY_CONTACT_SUMMARY);

      await page.goto("/join");
      await page.locator('input[name="email"]').fill("not-an-address");
      await page.getByRole("button", { name: "Create account" }).click();
      await page.waitForURL((url) => url.pathname === "/join");
      await expectErrorSummary(page, joinSummary("Please enter a valid email address."));
      // What was typed comes back.
      expect(await page.locator('input[name="email"]').inputValue()).toBe("not-an-address");
    }, 120_000);
  }
});
