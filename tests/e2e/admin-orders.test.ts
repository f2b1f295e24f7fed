import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { startCheckout } from "~/server/checkout/checkout.server";
import { app } from "./support/app";
import { expectAccessible } from "./support/browser";
import {
  CARDS,
  CORRECT,
  checkoutSuite,
  confirmEligible,
  createCompetition,
  eventually,
  goto,
  JOURNEY,
  userOrders,
} from "./support/checkout";
import { textContrasts } from "./support/contrast";
import { expectNoUnexpectedErrors } from "./support/forms";
import { createUser, staffPage } from "./support/users";

checkoutSuite();

/**
 * A paid order to look at, bought at the stand-in without a browser (the site's own checkout, then the card form);
 * a buyer paying in the browser, and the refund and cancel journey, are in admin-journey.test.ts.
 */
async function buyDirectly(competitionId: number) {
  const { services } = await app();
  const user = await createUser();
  await confirmEligible(user);
  const started = await startCheckout(services, {
    userId: user.id,
    email: user.email,
    lines: [{ competitionId, quantity: 1, skillAnswer: CORRECT }],
    idempotencyKey: randomUUID(),
    source: "single",
  });
  if (!started.ok) throw new Error(started.message);
  const paid = await fetch(started.url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ cardNumber: CARDS.pays, expiry: "12 / 34", cvc: "123", name: "Test Rider" }),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  await eventually(async () => (await userOrders(user.id))[0]?.paymentStatus).toBe("paid");
  return { user, orderId: started.orderId };
}

describe("the staff pages are accessible", () => {
  for (const theme of ["dark", "light"] as const) {
    it(
      `dashboard, orders, an order and the cancel page pass axe, ${theme} theme (${theme === "light" ? 390 : 1280} px)`,
      async () => {
        const competition = await createCompetition();
        const { orderId } = await buyDirectly(competition.id);
        // The light theme is checked on a phone: nothing may make the page wider than the screen.
        const viewport = theme === "light" ? { width: 390, height: 844 } : undefined;
        const { page, errors } = await staffPage(["admin"], theme, viewport);
        for (const path of [
          "/admin",
          "/admin/orders",
          `/admin/orders/${orderId}`,
          `/admin/competitions/${competition.id}/cancel`,
        ]) {
          await goto(page, path);
          await expectAccessible(page);
          const width = page.viewportSize()?.width ?? 0;
          expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
        }
        expectNoUnexpectedErrors(errors);
      },
      JOURNEY.timeout,
    );
  }
});

describe("the staff tables on a phone", () => {
  for (const theme of ["dark", "light"] as const) {
    it(
      `every table cell's text meets its contrast ratio at 390 px, ${theme} theme, scrolled into view or not`,
      async () => {
        // axe reports these cells as "incomplete" when a scrolling region hides part of them; the colours are
        // computed here instead.
        const competition = await createCompetition();
        await buyDirectly(competition.id);
        const { page } = await staffPage(["admin"], theme, { width: 390, height: 844 });
        const failures: string[] = [];
        let cells = 0;
        for (const path of ["/admin", "/admin/orders", "/admin/competitions", "/admin/audit", "/admin/roles"]) {
          await goto(page, path);
          const pieces = await textContrasts(page, "table th, table td, table caption:not(.sr-only)");
          cells += pieces.length;
          for (const { label, ratio, needed } of pieces) {
            if (ratio < needed) failures.push(`${path} "${label}" ${ratio.toFixed(2)}:1 (needs ${needed}:1)`);
          }
        }
        expect(cells).toBeGreaterThan(20);
        expect(failures).toEqual([]);
      },
      JOURNEY.timeout,
    );
  }
});

describe("staff manage promo codes", JOURNEY, () => {
  it("an admin creates a code (a bad amount is refused at its field), sees it listed and deactivates it", async () => {
    const competition = await createCompetition();
    const { page, errors } = await staffPage(["admin"]);
    const code = `STAFF${randomUUID().slice(0, 6).toUpperCase()}`;
    await goto(page, "/admin/promo-codes");
    await page.getByLabel("Code", { exact: true }).fill(code);
    await page.getByLabel("Kind").selectOption("percent");
    await page.getByLabel("Amount").fill("150");
    await page.getByLabel("Total uses").fill("5");
    await page.getByRole("checkbox", { name: competition.title }).check();
    await page.getByRole("button", { name: "Create code" }).click();
    await eventually(() => page.getByText("Enter a whole percentage from 1 to 100.").count()).toBe(1);
    await expectAccessible(page);

    await page.getByLabel("Amount").fill("15");
    await page.getByRole("button", { name: "Create code" }).click();
    const row = page.getByTestId("promo-code-row").filter({ hasText: code });
    await eventually(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain("15% off");
    expect(await row.innerText()).toContain(competition.title);
    await expectAccessible(page);

    await row.getByRole("button", { name: `Deactivate ${code}` }).click();
    await eventually(() => row.innerText()).toContain("Deactivated");
    const { services } = await app();
    const audited = await services.db.query.auditLog.findMany({
      where: (log, { like }) => like(log.action, "promo_code.%"),
    });
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(["promo_code.created", "promo_code.deactivated"]),
    );
    expectNoUnexpectedErrors(errors);
  });

  it("the promo codes page passes axe in the light theme", async () => {
    const { page } = await staffPage(["admin"], "light");
    await goto(page, "/admin/promo-codes");
    await expectAccessible(page);
  });
});
