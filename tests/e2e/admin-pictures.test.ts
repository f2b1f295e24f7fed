import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PICTURE_MESSAGES } from "~/content/pictures";
import { app } from "./support/app";
import { expectAccessible, hydrated, useTheme } from "./support/browser";
import { insertCompetition, removeCompetition } from "./support/competitions";
import { expectNoUnexpectedErrors, openSlowPage, SLOW, TEST_TIMEOUT, toast } from "./support/forms";
import { createUser, signIn, type TestUser } from "./support/users";

const ALT = "Chestnut gelding clearing a green oxer";
let admin: TestUser;
let competitionId: number;
let folder: string;
let photo: string;

beforeAll(async () => {
  await app();
  admin = await createUser({ roles: ["admin"] });
  competitionId = (await insertCompetition({ title: "Pictures E2E Saddle", prizeValue: "£2,400" })).id;
  folder = mkdtempSync(path.join(os.tmpdir(), "paddock-e2e-pictures-"));
  photo = path.join(folder, "oxer.jpg");
  const pixels = sharp({ create: { width: 1800, height: 1125, channels: 3, background: { r: 120, g: 70, b: 30 } } });
  writeFileSync(photo, await pixels.jpeg().toBuffer());
});
afterAll(async () => {
  if (competitionId) await removeCompetition(competitionId);
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const picturesPath = () => `/admin/competitions/${competitionId}/pictures`;

describe("competition pictures", () => {
  it(
    "an admin uploads a picture with alt text; the competition page shows it as AVIF and WebP, cached for good",
    async () => {
      const { page, context, errors } = await openSlowPage();
      await signIn(context, admin);
      await page.goto(picturesPath());
      await hydrated(page);
      expect(await page.locator("h1").innerText()).toBe("Pictures");

      // Without alt text the form says what is missing, before anything is sent.
      await page.getByLabel("Picture", { exact: true }).setInputFiles(photo);
      await page.getByRole("button", { name: "Upload picture" }).click();
      await expect.poll(() => page.getByText(PICTURE_MESSAGES.altRequired).isVisible(), SLOW).toBe(true);

      await page.getByLabel("Alt text").fill(ALT);
      await page.getByRole("button", { name: "Upload picture" }).click();
      await expect
        .poll(() => toast(page, PICTURE_MESSAGES.uploaded).isVisible(), { ...SLOW, timeout: 90_000 })
        .toBe(true);
      await expect.poll(() => page.getByTestId("picture-alt").allInnerTexts(), SLOW).toEqual([ALT]);

      await page.goto(`/competition/${competitionId}`);
      await hydrated(page);
      const main = page.getByTestId("gallery-image");
      expect(await main.getAttribute("alt")).toBe(ALT);
      expect(await main.getAttribute("fetchpriority")).toBe("high");
      expect(await main.getAttribute("width")).toBe("1800");
      expect(await main.getAttribute("height")).toBe("1125");
      const picture = page.locator("picture").filter({ has: main });
      const avif = await picture.locator('source[type="image/avif"]').getAttribute("srcset");
      const webp = await picture.locator('source[type="image/webp"]').getAttribute("srcset");
      expect(await picture.locator("source").first().getAttribute("sizes")).toBeTruthy();
      for (const [set, ext] of [
        [avif, "avif"],
        [webp, "webp"],
      ] as const) {
        const entries = (set ?? "").split(", ");
        expect(entries.map((e) => e.split(" ")[1])).toEqual(["480w", "960w", "1600w"]);
        for (const entry of entries) expect(entry).toMatch(new RegExp(`^/media/[0-9a-f]{64}\\.${ext} \\d+w$`));
      }

      // The browser loaded one of the variants; it comes with a year's immutable cache.
      await expect
        .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), SLOW)
        .toBe(true);
      const chosen = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(chosen).toMatch(/\/media\/[0-9a-f]{64}\.avif$/);
      const res = await fetch(chosen);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/avif");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

      // Its card on the list shows the picture too, with both formats on offer; as the first card on the page its
      // picture loads first (the largest image on screen), the others lazily.
      await page.goto(`/competitions?q=${encodeURIComponent("Pictures E2E Saddle")}`);
      const card = page.locator(`[data-competition-id="${competitionId}"]`);
      expect(await card.locator('picture source[type="image/avif"]').getAttribute("srcset")).toMatch(/480w/);
      expect(await card.locator("picture img").getAttribute("alt")).toBe(ALT);
      expect(await card.locator("picture img").getAttribute("loading")).toBe("eager");
      expect(await card.locator("picture img").getAttribute("fetchpriority")).toBe("high");
      expectNoUnexpectedErrors(errors);
    },
    TEST_TIMEOUT,
  );

  it(
    "the competition page's og:image is its 1200×630 PNG share card",
    async () => {
      const { baseUrl } = await app();
      const html = await (await fetch(`${baseUrl}/competition/${competitionId}`)).text();
      const meta = (property: string) => html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1];
      const image = meta("og:image");
      expect(image).toMatch(new RegExp(`^${baseUrl}/competition/${competitionId}/share-card\\.png\\?v=[0-9a-f]{16}$`));
      expect(meta("og:image:width")).toBe("1200");
      expect(meta("og:image:height")).toBe("630");
      expect(meta("og:image:type")).toBe("image/png");
      expect(html).toContain(`<meta name="twitter:image" content="${image}"`);

      const res = await fetch(image!);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const png = Buffer.from(await res.arrayBuffer());
      expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    },
    TEST_TIMEOUT,
  );

  for (const theme of ["light", "dark"] as const) {
    it(
      `the upload page passes axe in the ${theme} theme, with a picture listed and an error showing`,
      async () => {
        const { page, context, errors } = await openSlowPage({ colorScheme: theme });
        await useTheme(context, theme);
        await signIn(context, admin);
        await page.goto(picturesPath());
        await hydrated(page);
        await page.getByRole("button", { name: "Upload picture" }).click();
        await expect.poll(() => page.getByText(PICTURE_MESSAGES.fileRequired).isVisible(), SLOW).toBe(true);
        await expectAccessible(page);
        expectNoUnexpectedErrors(errors);
      },
      TEST_TIMEOUT,
    );
  }
});
