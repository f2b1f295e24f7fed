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
import { expectNoUnexpectedErrors, outsideSummary } from "./support/forms";
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

describe("a staff list by keyboard", () => {
  it(
    "filters, sorts both ways by a heading and pages through the competitions, every step a shareable address",
    async () => {
      const tag = `Rug${Math.random().toString(36).slice(2, 7)}`;
      for (let i = 0; i < 30; i++)
        await createCompetition({ title: `${tag} drafted ${i}`, status: "draft", ticketsSold: i, totalTickets: 100 });
      // The same words on a live one, which the status filter must leave out.
      await createCompetition({ title: `${tag} live`, ticketsSold: 99, totalTickets: 100 });
      const { page, errors } = await staffPage(["admin"]);
      await goto(page, "/admin/competitions");
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute("name") ?? "");
      const sold = () => page.locator("tr[data-competition-id] td:nth-child(3)").allInnerTexts();
      const soldRange = (from: number, to: number, step: number) =>
        Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => `${from + i * step} / 100`);

      await page.getByLabel("Search", { exact: true }).focus();
      await page.keyboard.type(tag);
      await page.keyboard.press("Tab");
      expect(await focused()).toBe("status");
      await page.keyboard.press("d"); // "Draft"
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Apply");
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("status") === "draft");
      await eventually(() => page.getByText("30 competitions").count()).toBe(1);

      // Sold sorts most first, then, asked again, fewest first.
      const heading = page.getByRole("columnheader", { name: "Sold / total" });
      await heading.getByRole("link").focus();
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("sort") === "sold");
      await eventually(() => heading.getAttribute("aria-sort")).toBe("descending");
      expect(await sold()).toEqual(soldRange(29, 5, -1));
      await heading.getByRole("link").focus();
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("dir") === "asc");
      await eventually(() => heading.getAttribute("aria-sort")).toBe("ascending");
      expect(await sold()).toEqual(soldRange(0, 24, 1));
      expect(await page.getByText("Showing 1–25 of 30").count()).toBe(1);

      const pager = page.getByRole("navigation", { name: "Competitions table: pages" });
      await pager.getByRole("link", { name: "Next page" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      await eventually(sold).toEqual(soldRange(25, 29, 1));
      expect(await page.locator('[aria-current="page"]').filter({ hasText: "2" }).count()).toBe(1);
      // The filters and sort came along, so this address is the view to share.
      const shared = new URL(page.url());
      expect(Object.fromEntries(shared.searchParams)).toEqual({
        q: tag,
        status: "draft",
        sort: "sold",
        dir: "asc",
        page: "2",
      });
      await expectAccessible(page);
      expectNoUnexpectedErrors(errors);

      // The same view on a phone in the light theme, and the lists' error states, pass axe without widening the page.
      const phone = await staffPage(["admin"], "light", { width: 390, height: 844 });
      for (const path of [
        `${shared.pathname}${shared.search}`,
        "/admin/audit?from=32/13/2026&to=01/01/2026",
        "/admin?range=custom&from=2026-01-01&to=nonsense",
        "/admin?range=7",
        "/admin/complaints?status=all&sort=name",
      ]) {
        await goto(phone.page, path);
        await expectAccessible(phone.page);
        expect(await phone.page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
      }
      await goto(phone.page, "/admin/audit?from=32/13/2026");
      expect(await phone.page.getByText("Enter the date as dd/mm/yyyy, for example 21/11/2026.").count()).toBe(1);
      expectNoUnexpectedErrors(phone.errors);
    },
    JOURNEY.timeout,
  );
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
    await eventually(() => outsideSummary(page, "Enter a whole percentage from 1 to 100.").count()).toBe(1);
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
