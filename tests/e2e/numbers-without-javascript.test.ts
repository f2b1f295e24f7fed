import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { placeOrder } from "~/server/checkout/checkout.server";
import { app } from "./support/app";
import { expectAccessible } from "./support/browser";
import { CORRECT, checkoutSuite, confirmEligible, createCompetition, JOURNEY, signedInPage } from "./support/checkout";
import { createUser } from "./support/users";

// Choosing numbers with scripts off (issue 23): the competition page's plain link leads to a page of checkboxes.

checkoutSuite();

const VIEWPORTS = [
  { viewport: { width: 390, height: 844 }, theme: "light" as const },
  { viewport: { width: 1280, height: 900 }, theme: "dark" as const },
];

/** Someone else's checkout holds `n`: the numbers page shows it taken. */
async function holdNumber(competitionId: number, n: number) {
  const { services } = await app();
  const other = await createUser();
  await confirmEligible(other);
  const placed = await placeOrder(services, {
    userId: other.id,
    email: other.email,
    lines: [{ competitionId, quantity: 1, skillAnswer: CORRECT, numbers: [n] }],
    idempotencyKey: randomUUID(),
    source: "single",
  });
  if (!placed.ok) throw new Error(placed.message);
}

describe("choosing numbers without JavaScript", JOURNEY, () => {
  for (const { viewport, theme } of VIEWPORTS) {
    it(`a buyer ticks numbers on two pages and takes them to the checkout at ${viewport.width} px`, async () => {
      const competition = await createCompetition({ totalTickets: 250 });
      await holdNumber(competition.id, 7);
      const { page } = await signedInPage({ eligible: true, javaScriptEnabled: false, viewport, theme });

      await page.goto(`/competition/${competition.id}`);
      await page.getByRole("link", { name: "Choose your numbers" }).click();
      await page.waitForURL((url) => url.pathname === `/competition/${competition.id}/numbers`);
      expect(await page.getByRole("group", { name: /Numbers 1 to 100/ }).count()).toBe(1);
      const seven = page.locator('input[name="numbers"][value="7"]');
      expect(await seven.isDisabled()).toBe(true);
      expect(await page.getByRole("checkbox", { name: /^7\W+taken$/ }).count()).toBe(1);
      await page.getByRole("checkbox", { name: "12", exact: true }).check();
      await page.getByRole("checkbox", { name: "3", exact: true }).check();

      // Enter in the jump field jumps (its Go is the form's first button), carrying the numbers ticked here.
      await page.getByLabel("Jump to number").fill("230");
      await page.getByLabel("Jump to number").press("Enter");
      await page.waitForURL((url) => url.searchParams.get("go") === "jump");
      expect(await page.getByRole("group", { name: /Numbers 201 to 250/ }).count()).toBe(1);
      expect(await page.getByTestId("numbers-chosen").innerText()).toBe("Chosen: 3 and 12.");
      await page.getByRole("checkbox", { name: "230", exact: true }).check();

      // A bad jump says why, at its field, and changes nothing.
      await page.getByLabel("Jump to number").fill("999");
      await page.getByRole("button", { name: "Go" }).click();
      await page.waitForURL((url) => url.searchParams.get("jump") === "999");
      expect(await page.locator("#jump-error").innerText()).toBe("Enter a ticket number from 1 to 250.");
      expect(await page.getByTestId("numbers-chosen").innerText()).toBe("Chosen: 3, 12 and 230.");
      // axe runs in the page, so it scans the same server-rendered page (choice and jump error) with scripts on.
      const { page: scanned } = await signedInPage({ eligible: true, viewport, theme });
      await scanned.goto(page.url());
      expect(await scanned.locator("#jump-error").count()).toBe(1);
      await expectAccessible(scanned);

      await page.getByRole("button", { name: "Continue to checkout" }).click();
      await page.waitForURL((url) => url.pathname === `/checkout/${competition.id}`);
      expect(await page.getByTestId("numbers-plan").innerText()).toContain("3, 12 and 230");
      expect(await page.locator('input[name="quantity"]').inputValue()).toBe("3");
    });
  }
});
