import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaigns, emailOutbox, playerLimits } from "~/db/schema";
import { toLondonWallTime } from "~/domain/london-time";
import { createPaidOrder } from "~/server/demo/factories.server";
import { consentStateOf, recordConsent } from "~/server/platform/consent.server";
import { app, waitForMail } from "./support/app";
import { expectAccessible, hydrated, useTheme } from "./support/browser";
import { insertCompetition, restoreClockAndRemove } from "./support/competitions";
import { expectNoUnexpectedErrors, formAlert, openSlowPage, SLOW, TEST_TIMEOUT, toast } from "./support/forms";
import { createUser, signIn } from "./support/users";

let competitionId = 0;
let campaignPath = "";

beforeAll(() => app());
// Other files share this app: put its clock back and take this competition away (its campaign stays, unlinked).
afterAll(() => restoreClockAndRemove(competitionId));

const campaignPathOf = (url: string) => new URL(url).pathname;
const WORDING = "Yes, send me Paddock news and offers.";
const HOUR = 3_600_000;

describe("an admin's e-mail campaign", () => {
  it(
    "is written, counted, scheduled and sent at its time only to consenting people; its link unsubscribes",
    async () => {
      const { services } = await app();
      const title = `Campaign journey hoof pick ${Date.now()}`;
      const competition = await insertCompetition({ title });
      competitionId = competition.id;
      let firstTicket = 1;
      const entrant = async (consent: "granted" | "self-excluded" | "none") => {
        const person = await createUser();
        await createPaidOrder(services.db, { userId: person.id, competition, quantity: 1, firstTicket: firstTicket++ });
        if (consent !== "none") {
          const at = new Date(Date.now() - 200 * 24 * HOUR);
          await recordConsent(services.db, {
            email: person.email,
            userId: person.id,
            granted: true,
            wording: WORDING,
            source: "sign-up:join",
            at,
          });
        }
        if (consent === "self-excluded") {
          // An old grant and a self-exclusion: marketing must stop all the same.
          const until = new Date(Date.now() + 180 * 24 * HOUR);
          await services.db.insert(playerLimits).values({ userId: person.id, excludedUntil: until });
        }
        return person;
      };
      const fan = await entrant("granted");
      const excluded = await entrant("self-excluded");
      const silent = await entrant("none");

      const { page, context, errors } = await openSlowPage();
      await useTheme(context, "dark");
      await signIn(context, await createUser({ roles: ["admin"] }));
      await page.goto("/admin");
      await hydrated(page);
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Marketing" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/marketing");
      await expect.poll(() => page.locator("h1").innerText(), SLOW).toBe("Marketing");
      expect(await page.getByRole("link", { name: "Look up a person's consent history" }).count()).toBe(1);
      await expectAccessible(page);

      await page.getByRole("link", { name: "New campaign" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/marketing/new");
      await hydrated(page);
      await expectAccessible(page);
      await page.getByRole("button", { name: "Save draft" }).click();
      await expect.poll(() => formAlert(page).innerText(), SLOW).toContain("Missing Fields");

      await page.getByLabel("Name", { exact: true }).fill("Hoof pick entrants");
      await page.getByLabel("Subject", { exact: true }).fill("A new hoof pick prize");
      await page.getByLabel("Audience", { exact: true }).selectOption("competition-entrants");
      await page.getByLabel("Competition", { exact: true }).selectOption({ label: title });
      await page.getByLabel("Content", { exact: true }).fill("Hello,\n\nA <b>new</b> hoof pick is up for grabs.");
      await page.getByRole("button", { name: "Save draft" }).click();
      await page.waitForURL((url) => /^\/admin\/marketing\/\d+$/.test(url.pathname));
      campaignPath = new URL(page.url()).pathname;
      await hydrated(page);
      await expect.poll(() => toast(page, "Campaign saved as a draft").count(), SLOW).toBe(1);
      expect(await page.locator("[data-audience-count]").getAttribute("data-audience-count")).toBe("1");
      expect(await page.locator("[data-audience-count]").innerText()).toContain("Reaches 1 person now.");
      expect(await page.locator('section[aria-labelledby="campaign-preview"] pre').innerText()).toContain(
        "A <b>new</b> hoof pick",
      );
      const preview = await context.request.get(`${campaignPathOf(page.url())}/preview`);
      expect(preview.headers()["content-type"]).toContain("text/html");
      expect(await preview.text()).toContain("A &lt;b&gt;new&lt;/b&gt; hoof pick");
      await expectAccessible(page);

      const sendAt = new Date(services.now().getTime() + HOUR);
      await page.getByLabel("Send at (UK time)").fill(toLondonWallTime(sendAt));
      await page.getByRole("button", { name: "Schedule" }).click();
      await expect.poll(() => page.locator("[data-campaign-state]").innerText(), SLOW).toBe("Scheduled");

      // The app's own sending job (every 15 seconds) leaves it until its time; then the clock passes it.
      const id = Number(campaignPath.split("/").pop());
      const stateOf = async () =>
        (await services.db.select({ state: campaigns.state }).from(campaigns).where(eq(campaigns.id, id)))[0]?.state;
      expect(await stateOf()).toBe("scheduled");
      services.now = () => new Date(sendAt.getTime() + 60_000);
      const mail = await waitForMail((m) => m.to === fan.email && m.subject === "A new hoof pick prize", 60_000);
      await expect.poll(stateOf, SLOW).toBe("sent");
      for (const left of [excluded, silent]) {
        const queued = await services.db.select().from(emailOutbox).where(eq(emailOutbox.to, left.email));
        expect(queued.filter((m) => m.kind === "campaign")).toEqual([]);
      }
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      // The address's one unsubscribe link, with the campaign's key for its "unsubscribed" figure (ADR 025).
      const linkPattern = /http:\/\/localhost:\d+\/newsletter\/unsubscribe\?token=[\w-]+&campaign=[\w-]+/;
      const link = mail.body.match(linkPattern)?.[0];
      expect(link).toBeTruthy();

      await page.goto(link ?? "");
      await hydrated(page);
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).innerText(), SLOW)
        .toBe("You have been unsubscribed");
      expect(await consentStateOf(services.db, { userId: fan.id, email: fan.email })).toMatchObject({
        status: "withdrawn",
      });

      await page.goto("/admin/marketing");
      await hydrated(page);
      const row = page.locator(`[data-campaign-id="${campaignPath.split("/").pop()}"]`);
      expect(await row.locator("[data-state]").innerText()).toBe("Sent");
      expect(await row.locator('[data-stat="recipients"]').innerText()).toBe("1");
      expect(await row.locator('[data-stat="sent"]').innerText()).toBe("1");
      expect(await row.locator('[data-stat="unsubscribed"]').innerText()).toBe("1");
      expectNoUnexpectedErrors(errors);
      await context.close();
    },
    TEST_TIMEOUT,
  );

  it(
    "its pages pass axe in the light theme too",
    async () => {
      const { page, context, errors } = await openSlowPage({ colorScheme: "light" });
      await useTheme(context, "light");
      await signIn(context, await createUser({ roles: ["admin"] }));
      for (const path of ["/admin/marketing", "/admin/marketing/new", ...(campaignPath ? [campaignPath] : [])]) {
        await page.goto(path);
        await hydrated(page);
        expect(await page.locator("html").getAttribute("class")).toContain("light");
        expect(await page.locator("h1").count()).toBe(1);
        expect(await page.title()).toMatch(/Paddock/);
        await expectAccessible(page);
      }
      expectNoUnexpectedErrors(errors);
      await context.close();
    },
    TEST_TIMEOUT,
  );
});
