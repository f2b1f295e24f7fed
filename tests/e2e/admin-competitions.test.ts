import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CANCEL_MESSAGES } from "~/content/admin-orders";
import { KEPT_EDITS_NOTICES, PICTURE_MESSAGES } from "~/content/pictures";
import { competitions } from "~/db/schema";
import { COMPETITION_FORM_MESSAGES } from "~/schemas/admin-competition";
import { listPictures } from "~/server/admin/pictures.server";
import { app } from "./support/app";
import { expectAccessible, hydrated, useTheme } from "./support/browser";
import { insertCompetition, removeCompetitions } from "./support/competitions";
import { expectNoUnexpectedErrors, openSlowPage, outsideSummary, SLOW, TEST_TIMEOUT } from "./support/forms";
import { grainyJpeg } from "./support/pictures";
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

/** Clicks a form's button with JavaScript off and returns the status of the page the server answers with. */
async function submitWithoutScript(page: Page, button: string) {
  const answer = page.waitForResponse(
    (res) => res.request().method() === "POST" && res.request().isNavigationRequest(),
  );
  await page.getByRole("button", { name: button }).click();
  const status = (await answer).status();
  await page.waitForLoadState();
  return status;
}

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
    "without JavaScript, the server's check answers each form with its messages and what was typed, saving nothing",
    async () => {
      const comp = await insertCompetition({ title: "No-script cavesson", status: "draft" });
      created.push(comp.id);
      const { page, context, baseUrl, errors } = await staffPage(["admin"], { javaScriptEnabled: false });

      await page.goto("/admin/create-competition");
      await field(page, "Title").fill("Win a cavesson");
      await field(page, "Entry price (£)").fill("free");
      expect(await submitWithoutScript(page, "Create draft")).toBe(400);
      expect(new URL(page.url()).pathname).toBe("/admin/create-competition");
      expect(await field(page, "Title").inputValue()).toBe("Win a cavesson");
      expect(await field(page, "Entry price (£)").inputValue()).toBe("free");
      expect(await outsideSummary(page, COMPETITION_FORM_MESSAGES.price).count()).toBe(1);
      expect(await outsideSummary(page, COMPETITION_FORM_MESSAGES.required.description).count()).toBe(1);
      // The server's answer opens on the error summary, as it would with JavaScript.
      expect(await page.evaluate(() => document.activeElement?.hasAttribute("data-error-summary"))).toBe(true);
      expect(await page.title()).toMatch(/^Error: /);

      await page.goto(`/admin/competitions/${comp.id}`);
      await field(page, "Total tickets").fill("ten");
      expect(await submitWithoutScript(page, "Save changes")).toBe(400);
      expect(await field(page, "Total tickets").inputValue()).toBe("ten");
      expect(await outsideSummary(page, COMPETITION_FORM_MESSAGES.wholeNumber).count()).toBe(1);

      await page.goto(`/admin/competitions/${comp.id}/pictures`);
      await page.getByLabel("Alt text").fill("A cavesson on a hook");
      expect(await submitWithoutScript(page, "Upload picture")).toBe(400);
      expect(await page.getByLabel("Alt text").inputValue()).toBe("A cavesson on a hook");
      expect(await outsideSummary(page, PICTURE_MESSAGES.fileRequired).count()).toBe(1);

      // The reason forms mark their fields required, so a browser refuses them unsent; posted as a script would.
      const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
      const cancel = await fetch(`${baseUrl}/admin/competitions/${comp.id}/cancel`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "cancel", reason: "The cavesson was recalled." }),
      });
      expect(cancel.status).toBe(400);
      const html = await cancel.text();
      expect(html).toContain(CANCEL_MESSAGES.confirmRequired);
      expect(html).toContain("The cavesson was recalled.");

      const { services } = await app();
      const [row] = await services.db.select().from(competitions).where(eq(competitions.id, comp.id));
      expect(row).toMatchObject({ status: "draft", title: "No-script cavesson", totalTickets: comp.totalTickets });
      expectNoUnexpectedErrors(errors);
    },
    TEST_TIMEOUT,
  );

  it(
    "without JavaScript, a picture sent from the editor is stored and the form comes back as typed, not saved",
    async () => {
      const comp = await insertCompetition({ title: "No-script numnah", status: "draft" });
      created.push(comp.id);
      const { page, errors } = await staffPage(["admin"], { javaScriptEnabled: false });
      await page.goto(`/admin/competitions/${comp.id}`);
      await field(page, "Title").fill("Win a sheepskin numnah");
      await field(page, "Total tickets").fill("ten");

      // A refused picture (no file) says why, beside the upload, and keeps what was typed in the form and the upload.
      await field(page, "Alt text").fill("A sheepskin numnah on a saddle rack");
      expect(await submitWithoutScript(page, "Upload picture")).toBe(400);
      expect(await outsideSummary(page, PICTURE_MESSAGES.fileRequired).count()).toBe(1);
      expect(await page.getByText(KEPT_EDITS_NOTICES.refused.title).count()).toBe(1);
      expect(await field(page, "Title").inputValue()).toBe("Win a sheepskin numnah");
      expect(await field(page, "Alt text").inputValue()).toBe("A sheepskin numnah on a saddle rack");

      // A photo's size, far over the 64 KB other admin forms may send: the editor takes a picture's (ADR 041).
      const photo = await grainyJpeg();
      expect(photo.length).toBeGreaterThan(256 * 1024);
      await field(page, "Picture").setInputFiles({ name: "numnah.jpg", mimeType: "image/jpeg", buffer: photo });
      expect(await submitWithoutScript(page, "Upload picture")).toBe(200);
      expect(new URL(page.url()).pathname).toBe(`/admin/competitions/${comp.id}`);
      expect(await page.getByText(KEPT_EDITS_NOTICES.uploaded.title).count()).toBe(1);
      expect(await field(page, "Title").inputValue()).toBe("Win a sheepskin numnah");
      expect(await field(page, "Total tickets").inputValue()).toBe("ten");
      expect(await page.getByTestId("picture-alt").allInnerTexts()).toEqual(["A sheepskin numnah on a saddle rack"]);
      const { services } = await app();
      const stored = async () => (await services.db.select().from(competitions).where(eq(competitions.id, comp.id)))[0];
      // The upload saved the picture only: the typed fields wait for Save changes.
      expect(await stored()).toMatchObject({ title: "No-script numnah", totalTickets: comp.totalTickets });
      expect((await listPictures(services.db, comp.id)).map((p) => p.alt)).toEqual([
        "A sheepskin numnah on a saddle rack",
      ]);

      await field(page, "Total tickets").fill("400");
      expect(await submitWithoutScript(page, "Save changes")).toBe(302);
      expect(await stored()).toMatchObject({ title: "Win a sheepskin numnah", totalTickets: 400 });
      expectNoUnexpectedErrors(errors);
    },
    TEST_TIMEOUT,
  );

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
