import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app } from "./support/app";
import { expectAccessible, hydrated, useTheme } from "./support/browser";
import { insertCompetition, removeCompetitions } from "./support/competitions";
import { expectNoUnexpectedErrors, openSlowPage, SLOW, TEST_TIMEOUT } from "./support/forms";
import { createUser, signIn } from "./support/users";

const created: number[] = [];

beforeAll(async () => {
  await app();
});
afterAll(async () => {
  // Other files share this app and its seeded list; the audit rows stay, as they would.
  await removeCompetitions(created);
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function staffPage(roles: ("admin" | "moderator")[], options: Parameters<typeof openSlowPage>[0] = {}) {
  const opened = await openSlowPage(options);
  await signIn(opened.context, await createUser({ roles }));
  return opened;
}

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
