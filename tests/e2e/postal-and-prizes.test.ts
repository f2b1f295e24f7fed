import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competitions, tickets } from "~/db/schema";
import { toLondonWallTime } from "~/domain/london-time";
import { app } from "./support/app";
import { expectAccessible, hydrated, useTheme } from "./support/browser";
import { insertCompetition, removeCompetitions } from "./support/competitions";
import { expectNoUnexpectedErrors, openSlowPage, SLOW, TEST_TIMEOUT, toast } from "./support/forms";
import { fillPostalCard } from "./support/postal";
import { createUser, signIn } from "./support/users";

const DAY = 86_400_000;
const created: number[] = [];

beforeAll(async () => {
  await app();
});
afterAll(async () => {
  // Other files share this app: what these tests made goes, children first.
  await removeCompetitions(created);
});

async function competition(overrides: Parameters<typeof insertCompetition>[0] = {}) {
  const comp = await insertCompetition({
    title: `Postal hay bale ${Math.random().toString(36).slice(2, 7)}`,
    ...overrides,
  });
  created.push(comp.id);
  return comp;
}

/** A competition this account won yesterday, as the draw leaves it. */
async function wonBy(userId: string) {
  const comp = await competition({
    status: "completed",
    endDate: new Date(Date.now() - 2 * DAY),
    winnerTicketNumber: 1,
    winnerUserId: userId,
    drawnAt: new Date(Date.now() - DAY),
  });
  const { services } = await app();
  await services.db.insert(tickets).values({
    competitionId: comp.id,
    ticketNumber: 1,
    userId,
    skillAnswer: comp.correctAnswer,
    isCorrectAnswer: true,
  });
  return comp;
}

async function staffPage(role: "admin" | "moderator", options: Parameters<typeof openSlowPage>[0] = {}) {
  const opened = await openSlowPage(options);
  await signIn(opened.context, await createUser({ roles: [role] }));
  return opened;
}

describe("the postal, winners and prize pages", () => {
  for (const theme of ["dark", "light"] as const) {
    it(
      `pass axe in the ${theme} theme`,
      async () => {
        const live = await competition();
        const winner = await createUser();
        await wonBy(winner.id);
        const { page, context, errors } = await staffPage("admin", { colorScheme: theme });
        await useTheme(context, theme);
        for (const path of [`/admin/competitions/${live.id}/postal`, "/admin/winners"]) {
          await page.goto(path);
          await hydrated(page);
          expect(await page.locator("h1").count()).toBe(1);
          await expectAccessible(page);
        }
        const rider = await openSlowPage({ colorScheme: theme });
        await useTheme(rider.context, theme);
        await signIn(rider.context, winner);
        await rider.page.goto("/account");
        await hydrated(rider.page);
        await expect.poll(() => rider.page.getByRole("heading", { name: "You won!" }).count(), SLOW).toBe(1);
        await expectAccessible(rider.page);
        expectNoUnexpectedErrors([...errors, ...rider.errors]);
      },
      TEST_TIMEOUT,
    );
  }
});

describe("a moderator records postal entries from their cards", () => {
  it(
    "records an accepted entry (a ticket number) and a rejected one (with its reason); the public page counts both",
    async () => {
      const comp = await competition();
      const { page, errors } = await staffPage("moderator");
      await page.goto("/admin/competitions");
      await hydrated(page);
      await page.getByRole("link", { name: `Postal entries for ${comp.title}` }).click();
      await page.waitForURL((url) => url.pathname === `/admin/competitions/${comp.id}/postal`);
      await hydrated(page);

      const fill = async (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);
      const email = `harriet-${comp.id}@example.test`;
      await fillPostalCard(page, { receivedAt: new Date(Date.now() - 3_600_000), envelopeRef: "E2E-1", email });
      await page.getByLabel(`Answer: ${comp.skillQuestion}`).selectOption(comp.correctAnswer);
      await page.getByLabel("The card includes the statement accepting the terms").check();
      await page.getByRole("button", { name: "Record entry" }).click();
      await expect.poll(() => toast(page, "Postal entry accepted").count(), SLOW).toBe(1);
      await expect.poll(() => page.locator(`[data-stat="accepted"]`).innerText(), SLOW).toBe("1");

      // A second card from the same envelope is a bulk entry: recorded, rejected, with its reason.
      await fill("Date and time received", toLondonWallTime(new Date(Date.now() - 3_600_000)));
      await fill("Envelope reference", "E2E-1");
      await fill("Full name", "Mary Quayle");
      await page.getByRole("button", { name: "Record entry" }).click();
      await expect.poll(() => toast(page, "Postal entry rejected").count(), SLOW).toBe(1);
      await expect.poll(() => page.locator(`[data-stat="rejected"]`).innerText(), SLOW).toBe("1");
      expect(await page.getByTestId("postal-entry").filter({ hasText: "Rejected: bulk envelope" }).count()).toBe(1);

      const { services } = await app();
      const [sold] = await services.db.select().from(competitions).where(eq(competitions.id, comp.id));
      expect(sold?.ticketsSold).toBe(1);
      await page.goto(`/competition/${comp.id}`);
      await expect
        .poll(() => page.getByTestId("postal-counts").innerText(), SLOW)
        .toBe("Free postal entries: 1 accepted, 1 rejected.");
      expectNoUnexpectedErrors(errors);
    },
    TEST_TIMEOUT,
  );
});

describe("a winner claims their prize", () => {
  it(
    "confirms the delivery address, staff ship it, and the winner sees it shipped with its tracking",
    async () => {
      const winner = await createUser();
      const comp = await wonBy(winner.id);
      const rider = await openSlowPage();
      await signIn(rider.context, winner);
      await rider.page.goto("/account");
      await hydrated(rider.page);
      const panel = rider.page.getByRole("form", { name: `Delivery address for ${comp.prizeTitle}` });
      await panel.getByLabel("Name").fill("Harriet Vane");
      await panel.getByLabel("Phone").fill("01531 000000");
      await panel.getByLabel("Address").fill("1 Mill Lane\nLedbury");
      await panel.getByLabel("County").fill("Herefordshire");
      await panel.getByLabel("Postcode").fill("HR8 1AA");
      await panel.getByRole("button", { name: "Confirm delivery address" }).click();
      await expect.poll(() => rider.page.getByTestId("claim-state").innerText(), SLOW).toBe("Address confirmed");

      const staff = await staffPage("admin");
      await staff.page.goto("/admin/winners");
      await hydrated(staff.page);
      const ship = staff.page.getByRole("form", { name: `Ship the prize for ${comp.title}` });
      await ship.getByLabel("Carrier").fill("Royal Mail");
      await ship.getByLabel("Tracking reference").fill("RM123456789GB");
      await ship.getByRole("button", { name: "Mark shipped" }).click();
      await staff.page.getByRole("button", { name: "Yes, mark it shipped" }).click();
      await expect.poll(() => toast(staff.page, "Marked as shipped").count(), SLOW).toBe(1);

      await rider.page.reload();
      await expect.poll(() => rider.page.getByTestId("claim-state").innerText(), SLOW).toBe("Shipped");
      expect(await rider.page.getByText("RM123456789GB").count()).toBe(1);
      expectNoUnexpectedErrors([...rider.errors, ...staff.errors]);
    },
    TEST_TIMEOUT,
  );
});
