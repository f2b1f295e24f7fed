import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competitions, draws, emailOutbox } from "~/db/schema";
import { roundTime } from "~/domain/draw/chain";
import { runLifecycleOnce } from "~/server/admin/lifecycle-job.server";
import { createPaidOrder } from "~/server/demo/factories.server";
import { app } from "./support/app";
import { expectAccessible, hydrated, useTheme } from "./support/browser";
import { insertCompetition, removeCompetitions } from "./support/competitions";
import { expectNoUnexpectedErrors, openSlowPage, SLOW, TEST_TIMEOUT, toast } from "./support/forms";
import { createUser, signIn } from "./support/users";

let competitionId = 0;

beforeAll(async () => {
  await app();
});
afterAll(async () => {
  // Other files share this app: put its clock back and take this competition and everything hanging off it away.
  const { services } = await app();
  services.now = () => new Date();
  if (competitionId) await removeCompetitions([competitionId]);
});

describe("a draw anyone can check", () => {
  it(
    "the admin selects the winner at the round; the public page's Verify, by keyboard, says it matches",
    async () => {
      const { services } = await app();
      // Still open while its entries are bought: the app's own lifecycle job would otherwise close it (and freeze
      // an empty manifest) between the insert and the orders.
      const comp = await insertCompetition({
        endDate: new Date(Date.now() + 3_600_000),
        title: "Draw journey saddle pad",
      });
      competitionId = comp.id;
      const buyer = await createUser();
      await createPaidOrder(services.db, { userId: buyer.id, competition: comp, quantity: 3, firstTicket: 1 });
      await createPaidOrder(services.db, {
        userId: buyer.id,
        competition: comp,
        quantity: 1,
        firstTicket: 4,
        skillAnswer: "Polo",
      });
      await services.db
        .update(competitions)
        .set({ endDate: new Date(Date.now() - 60_000) })
        .where(eq(competitions.id, comp.id));
      // The closing pass freezes the manifest; the app's clock (and its local beacon's) then moves past the round.
      await runLifecycleOnce(services);
      const [draw] = await services.db.select().from(draws).where(eq(draws.competitionId, comp.id));
      expect(draw?.entries).toBe(3);
      const after = new Date(roundTime(services.beacon.chain, draw?.round ?? 0).getTime() + 5_000);

      // The close e-mail carries the 64-character hash: on a 390-pixel phone it wraps instead of widening the page.
      const [closeMail] = await services.db
        .select({ html: emailOutbox.html })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, buyer.email), eq(emailOutbox.kind, "entries-closed")));
      const phone = await openSlowPage({ viewport: { width: 390, height: 844 } });
      await phone.page.setContent(closeMail?.html ?? "");
      expect(await phone.page.content()).toContain(draw?.manifestHash);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.context.close();

      const { page, context, errors } = await openSlowPage();
      await signIn(context, await createUser({ roles: ["admin"] }));
      await page.goto(`/admin/competitions/${comp.id}/draw`);
      await hydrated(page);
      // The app's own lifecycle job draws by itself only two minutes after the round (AUTOMATIC_DRAW_DELAY_MS), so
      // five seconds past it the admin's Select winner is the one that draws.
      services.now = () => after;
      await page.getByRole("button", { name: "Select winner" }).click();
      await expect.poll(() => toast(page, "Winner selected!").count(), SLOW).toBe(1);
      await expect.poll(() => page.getByRole("button", { name: "Select winner" }).isDisabled(), SLOW).toBe(true);
      const [done] = await services.db.select().from(competitions).where(eq(competitions.id, comp.id));
      expect(done?.status).toBe("completed");

      await page.goto(`/draws/${comp.id}`);
      await hydrated(page);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText(), SLOW).toContain("Draw:");
      await expect.poll(() => page.getByText("Local test beacon", { exact: false }).count(), SLOW).toBeGreaterThan(0);
      // The offline command printed is the one that passes for this draw: a local-beacon draw needs the flag.
      expect(await page.locator("pre code").innerText()).toMatch(
        new RegExp(`^npm run verify-draw -- \\S+/draws/${comp.id} --allow-local-beacon$`),
      );
      await page.getByLabel(/Manifest hash from your/).fill(draw?.manifestHash ?? "");
      const ref = draw?.manifest.split("\n")[5]?.split(",")[1] ?? "";
      await page.getByLabel("Your entry reference (optional)").focus();
      await page.keyboard.type(ref);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("expect-hash");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Verify this draw");
      await page.keyboard.press("Enter");
      const status = page.getByRole("status").filter({ hasText: "The draw" });
      await expect.poll(() => status.innerText(), SLOW).toContain("The draw matches: every check passed");
      expect(await status.innerText()).toContain(`${ref} is at position`);
      expect(await status.innerText()).toContain("the published manifest hash is the one you were e-mailed");
      expect(await status.innerText()).toContain("with the key the site serves for it");
      expect(await status.innerText()).not.toContain("Fail");
      expectNoUnexpectedErrors(errors);
      await context.close();
    },
    TEST_TIMEOUT,
  );

  it("the browser's verifier passes the committed real-quicknet test vector, and fails it when tampered", async () => {
    const fixture = (name: string) => readFileSync(path.resolve("tests/fixtures/draw-quicknet-1000", name), "utf8");
    const record = JSON.parse(fixture("draw.json"));
    const { page, context } = await openSlowPage();
    let served = record;
    // The page's Verify fetches these; here they answer with the test vector (and its log's key) instead of this draw.
    await page.route(`**/draws/${competitionId}/draw.json`, (route) => route.fulfill({ json: served }));
    await page.route(`**/draws/${competitionId}/manifest.txt`, (route) =>
      route.fulfill({ body: fixture("manifest.txt"), contentType: "text/plain" }),
    );
    await page.route("**/draws/log.txt", (route) =>
      route.fulfill({ body: fixture("log.txt"), contentType: "text/plain" }),
    );
    let logKey = fixture("log-key.txt");
    await page.route("**/draws/log-key.txt", (route) => route.fulfill({ body: logKey, contentType: "text/plain" }));
    await page.goto(`/draws/${competitionId}`);
    await hydrated(page);
    const status = page.getByRole("status");
    await page.getByRole("button", { name: "Verify this draw" }).click();
    await expect.poll(() => status.innerText(), SLOW).toContain("The draw matches");
    expect(await status.innerText()).toContain("drand quicknet, checked with its pinned public key");
    served = { ...record, beacon: { ...record.beacon, round: 1001 } };
    await page.getByRole("button", { name: "Verify this draw" }).click();
    await expect.poll(() => status.innerText(), SLOW).toContain("The draw does not match");
    // The log checked against a key the site does not publish: refused, though the log is otherwise untouched.
    served = record;
    logKey = `ed25519 ${"ab".repeat(32)}\n`;
    await page.getByRole("button", { name: "Verify this draw" }).click();
    await expect.poll(() => status.innerText(), SLOW).toContain("Manifest log failed");
    await context.close();
  });

  for (const theme of ["dark", "light"] as const) {
    it(`the draw pages and the drawn competition's page have one h1 and pass axe in the ${theme} theme`, async () => {
      const { page, context } = await openSlowPage({ colorScheme: theme });
      await useTheme(context, theme);
      await signIn(context, await createUser({ roles: ["admin"] }));
      await page.goto(`/admin/competitions/${competitionId}/draw`);
      await hydrated(page);
      await expect.poll(() => page.locator("h1").count(), SLOW).toBe(1);
      expect(await page.title()).toMatch(/^Draw for .* \| Paddock$/);
      await expect.poll(() => page.getByRole("button", { name: "Pass to the next alternate" }).count(), SLOW).toBe(1);
      await expectAccessible(page);
      await page.goto(`/draws/${competitionId}`);
      await hydrated(page);
      await expect.poll(() => page.locator("h1").count(), SLOW).toBe(1);
      expect(await page.title()).toMatch(/^Draw: .* \| Paddock$/);
      await page.getByRole("button", { name: "Verify this draw" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: "matches" }).count(), SLOW).toBe(1);
      await expectAccessible(page);
      // The competition's own page once drawn: its winner, fingerprint and the way to the check.
      await page.goto(`/competition/${competitionId}`);
      await hydrated(page);
      expect(await page.locator("h1").count()).toBe(1);
      expect(await page.getByTestId("draw-panel").innerText()).toMatch(/The winning entry is ticket \d+/);
      expect(await page.getByRole("link", { name: "Check the draw" }).getAttribute("href")).toBe(
        `/draws/${competitionId}`,
      );
      await expectAccessible(page);
      await context.close();
      // Three pages, each scanned by axe, and a verification: a journey, not a unit.
    }, 150_000);
  }
});
