import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competitions } from "~/db/schema";
import { LOCKED_MESSAGE } from "~/domain/competition-lifecycle";
import { toLondonWallTime } from "~/domain/london-time";
import { runLifecycleOnce } from "~/server/admin/lifecycle-job.server";
import { app } from "./support/app";
import { expectAccessible, hydrated, useTheme } from "./support/browser";
import { insertCompetition, removeCompetitions } from "./support/competitions";
import { expectNoUnexpectedErrors, openSlowPage, SLOW, TEST_TIMEOUT, toast } from "./support/forms";
import { createUser, signIn } from "./support/users";

const MINUTE = 60_000;
const created: number[] = [];

beforeAll(async () => {
  await app();
});
afterAll(async () => {
  // Other files share this app and its seeded list; the audit rows stay, as they would.
  await removeCompetitions(created);
});

const competitionIdOf = (page: Page) => Number(new URL(page.url()).pathname.split("/").pop());
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function staffPage(roles: ("admin" | "moderator")[], options: Parameters<typeof openSlowPage>[0] = {}) {
  const opened = await openSlowPage(options);
  await signIn(opened.context, await createUser({ roles }));
  return opened;
}

describe("an admin runs a competition from draft to live", () => {
  it(
    "creates it, schedules it, it goes live by itself and is on /competitions; its closing date and answer stay",
    async () => {
      const { page, errors } = await staffPage(["admin"]);
      const title = `Win a numnah ${Math.random().toString(36).slice(2, 7)}`;
      await page.goto("/admin/competitions");
      await hydrated(page);
      await page.getByRole("link", { name: "New competition" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/create-competition");
      await hydrated(page);

      // The browser checks the form with the server's schema before sending it.
      await page.getByRole("button", { name: "Create draft" }).click();
      await expect.poll(() => field(page, "Title").getAttribute("aria-invalid"), SLOW).toBe("true");

      await field(page, "Title").fill(title);
      await field(page, "Description").fill("A quilted numnah in navy, full size.");
      await field(page, "Prize title").fill("Navy numnah");
      await field(page, "Prize description").fill("A quilted cotton numnah, full size, in navy.");
      await field(page, "Prize value").fill("£60");
      await field(page, "Entry price (£)").fill("1.50");
      await field(page, "Total tickets").fill("300");
      await field(page, "Go-live time").fill(toLondonWallTime(new Date(Date.now() + 3 * MINUTE)));
      await field(page, "Closing time").fill(toLondonWallTime(new Date(Date.now() + 7 * 24 * 60 * MINUTE)));
      await field(page, "Question").fill("Which part of the saddle does a numnah sit under?");
      const options = ["The seat", "The panels", "The pommel", "The cantle"];
      for (const [i, option] of options.entries()) await field(page, `Option ${i + 1}`).fill(option);
      await field(page, "Correct answer").fill("The panels");
      await field(page, "Main picture URL").fill("/images/competitions/rug-bundle.svg");
      await page.getByRole("button", { name: "Create draft" }).click();
      await page.waitForURL((url) => /^\/admin\/competitions\/\d+$/.test(url.pathname));
      const id = competitionIdOf(page);
      created.push(id);
      await expect.poll(() => toast(page, "Draft created").count(), SLOW).toBe(1);

      await hydrated(page);
      await page.getByRole("button", { name: "Schedule", exact: true }).click();
      await expect.poll(() => toast(page, "Competition scheduled").count(), SLOW).toBe(1);
      const { services } = await app();
      const status = async () => (await services.db.select().from(competitions).where(eq(competitions.id, id)))[0];
      expect((await status())?.status).toBe("scheduled");

      // Every process runs the job; here it runs with its clock moved past the go-live time.
      await runLifecycleOnce({ ...services, now: () => new Date(Date.now() + 5 * MINUTE) });
      expect((await status())?.status).toBe("active");
      await page.goto(`/competitions?q=${encodeURIComponent(title)}`);
      await hydrated(page);
      expect(await page.locator('[data-testid="competition-card"] h2').allInnerTexts()).toEqual([title]);

      // Live: the terms are read-only; a forged change is refused with the reason, and nothing changes.
      await page.goto(`/admin/competitions/${id}`);
      await hydrated(page);
      const before = await status();
      for (const [label, value] of [
        ["Closing time", toLondonWallTime(new Date(Date.now() + 30 * 24 * 60 * MINUTE))],
        ["Correct answer", "The seat"],
      ] as const) {
        const input = field(page, label);
        expect(await input.getAttribute("readonly")).not.toBeNull();
        await input.evaluate((el) => el.removeAttribute("readonly"));
        await input.fill(value);
        await page.getByRole("button", { name: "Save changes" }).click();
        await expect.poll(() => input.getAttribute("aria-invalid"), SLOW).toBe("true");
        expect(await page.getByRole("alert").filter({ hasText: LOCKED_MESSAGE }).count()).toBeGreaterThan(0);
        expect(await status()).toEqual(before);
        await expectAccessible(page);
        await page.reload();
        await hydrated(page);
      }
      expectNoUnexpectedErrors(errors);
    },
    TEST_TIMEOUT,
  );
});

describe("a moderator", () => {
  it(
    "reads the competition list but gets 403 on editing",
    async () => {
      const comp = await insertCompetition({ title: "Moderated lead rope" });
      created.push(comp.id);
      const { page, errors } = await staffPage(["moderator"]);
      await page.goto("/admin/competitions?q=Moderated%20lead%20rope");
      await hydrated(page);
      expect(await page.getByRole("cell", { name: "Moderated lead rope", exact: true }).count()).toBe(1);
      expect(await page.getByRole("link", { name: "New competition" }).count()).toBe(0);
      expect(await page.getByRole("link", { name: /^Edit / }).count()).toBe(0);
      // Moderators record postal entries: that is the one action their list offers.
      expect(await page.getByRole("link", { name: "Postal entries for Moderated lead rope" }).count()).toBe(1);
      const res = await page.goto(`/admin/competitions/${comp.id}`);
      expect(res?.status()).toBe(403);
      expect(await page.locator("h1").innerText()).toBe("Not allowed");
      expect(await page.getByText("You do not have permission to do that.").count()).toBe(1);
      expectNoUnexpectedErrors(errors);
    },
    TEST_TIMEOUT,
  );
});

describe("the staff pages", () => {
  for (const theme of ["dark", "light"] as const) {
    it(
      `pass axe in the ${theme} theme`,
      async () => {
        const comp = await insertCompetition({ title: "Accessible fly fringe", status: "draft" });
        created.push(comp.id);
        const { page, context, errors } = await staffPage(["admin"], { colorScheme: theme });
        await useTheme(context, theme);
        for (const path of [
          "/admin/competitions",
          "/admin/create-competition",
          `/admin/competitions/${comp.id}`,
          "/admin/audit",
          "/admin/settings",
          "/admin/complaints",
          "/admin/domain",
          "/admin/consent?email=no-such-rider%40example.test",
          "/admin/consent?email=not-an-address",
        ]) {
          await page.goto(path);
          await hydrated(page);
          await expectAccessible(page);
        }
        // Errors shown by the browser's own check, too.
        await page.goto("/admin/create-competition");
        await hydrated(page);
        await page.getByRole("button", { name: "Create draft" }).click();
        await expect.poll(() => field(page, "Title").getAttribute("aria-invalid"), SLOW).toBe("true");
        await expectAccessible(page);
        expectNoUnexpectedErrors(errors);
      },
      TEST_TIMEOUT,
    );
  }

  it(
    "fit a 390-pixel screen: wide tables scroll inside their own region, never the page",
    async () => {
      const comp = await insertCompetition({ title: "Narrow-screen headcollar" });
      created.push(comp.id);
      const { page, errors } = await staffPage(["admin"], { viewport: { width: 390, height: 844 } });
      const edit = `/admin/competitions/${comp.id}`;
      for (const path of [
        "/admin",
        "/admin/competitions",
        "/admin/create-competition",
        edit,
        "/admin/roles",
        "/admin/audit",
        "/admin/settings",
        "/admin/complaints",
        "/admin/domain",
        "/admin/consent",
      ]) {
        await page.goto(path);
        await hydrated(page);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${path} is ${width}px wide`).toBeLessThanOrEqual(390);
      }
      expectNoUnexpectedErrors(errors);
    },
    TEST_TIMEOUT,
  );
});
