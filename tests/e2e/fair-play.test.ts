import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteSettings } from "~/db/schema";
import { paidEntryClosedMessage } from "~/domain/site-settings";
import { confirmEligibility } from "~/server/protection/player-protection.server";
import { app } from "./support/app";
import { hydrated } from "./support/browser";
import {
  CORRECT,
  competitionRow,
  createCompetition,
  goto,
  hideCreatedCompetitions,
  JOURNEY,
  signedInPage,
  userOrders,
} from "./support/checkout";
import { expectNoUnexpectedErrors, openSlowPage, SLOW, toast } from "./support/forms";
import { createUser, signIn } from "./support/users";

beforeAll(async () => {
  await app();
});
afterAll(async () => {
  // Other files share this app: paid entry goes back to open everywhere (the defaults).
  const { services } = await app();
  await services.db.delete(siteSettings);
  await hideCreatedCompetitions();
});

describe("the fair-play page and paid entry by country", JOURNEY, () => {
  it("an admin switches Ireland off: /fair-play says so; an Irish resident sees the postal route only", async () => {
    const { services } = await app();
    const competition = await createCompetition();

    const admin = await openSlowPage();
    await signIn(admin.context, await createUser({ roles: ["admin"] }));
    await admin.page.goto("/fair-play");
    await hydrated(admin.page);
    await expect
      .poll(
        () => admin.page.getByText("Paid entry is open to residents of the United Kingdom and Ireland.").count(),
        SLOW,
      )
      .toBe(1);

    await admin.page.goto("/admin/settings");
    await hydrated(admin.page);
    await admin.page.getByLabel("Paid entry open to Ireland").uncheck();
    await admin.page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => toast(admin.page, "Settings saved").count(), SLOW).toBeGreaterThan(0);

    await admin.page.goto("/fair-play");
    await hydrated(admin.page);
    await expect
      .poll(() => admin.page.getByText("Paid entry is open to residents of the United Kingdom.").count(), SLOW)
      .toBe(1);
    expect(await admin.page.getByText(/Paid entry is closed to residents of Ireland at the moment/).count()).toBe(1);
    expectNoUnexpectedErrors(admin.errors);

    // An Irish resident: the competition offers the free postal route only, and checkout will not take payment.
    const irish = await createUser();
    const confirmed = await confirmEligibility(
      services,
      irish.id,
      { dateOfBirth: "1988-03-17", country: "IE", acceptTerms: true },
      new Date(),
    );
    expect(confirmed).toEqual({ ok: true });
    const { page, baseUrl, errors } = await signedInPage({ user: irish });
    await goto(page, `/competition/${competition.id}`);
    await expect.poll(() => page.getByTestId("paid-entry-closed").innerText(), SLOW).toBe(paidEntryClosedMessage("IE"));
    expect(await page.getByRole("heading", { name: "Enter for free by post" }).count()).toBe(1);
    // The way to the postal route is a link on the page itself, to the section that explains it.
    const postal = page.getByRole("link", { name: "How to enter free by post" });
    expect(await postal.getAttribute("href")).toBe("#free-entry");
    expect(await page.locator("#free-entry").getByRole("heading", { name: "Enter for free by post" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: /checkout/i }).count()).toBe(0);

    await goto(page, `/checkout/${competition.id}?answer=${CORRECT}`);
    await expect.poll(() => page.getByText(paidEntryClosedMessage("IE")).count(), SLOW).toBe(1);
    expect(await page.getByRole("button", { name: /^Pay/ }).count()).toBe(0);
    const res = await page.request.post(`/checkout/${competition.id}`, {
      form: { intent: "pay", quantity: "1", answer: CORRECT, idempotencyKey: crypto.randomUUID() },
      headers: { Origin: baseUrl },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    expect(await userOrders(irish.id)).toHaveLength(0);
    expect((await competitionRow(competition.id)).ticketsReserved).toBe(0);
    expectNoUnexpectedErrors(errors);
  });
});
