import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PICTURE_MESSAGES } from "~/content/pictures";
import { uploadPicture } from "~/server/admin/pictures.server";
import { app } from "./support/app";
import { expectAccessible, hydrated, useTheme } from "./support/browser";
import { insertCompetition, removeCompetition } from "./support/competitions";
import { expectNoUnexpectedErrors, openSlowPage, outsideSummary, SLOW, TEST_TIMEOUT } from "./support/forms";
import { photoJpeg } from "./support/pictures";
import { createUser, signIn, type TestUser } from "./support/users";

let admin: TestUser;
let competitionId: number;

// Uploading through the form, and the AVIF and WebP variants the pages then serve, are walked in
// admin-journey.test.ts; here the picture is stored directly, for the share card and the upload page's own checks.
beforeAll(async () => {
  const { services } = await app();
  admin = await createUser({ roles: ["admin"] });
  competitionId = (await insertCompetition({ title: "Pictures E2E Saddle", prizeValue: "£2,400" })).id;
  const stored = await uploadPicture(
    services,
    { userId: admin.id, competitionId },
    { bytes: new Uint8Array(await photoJpeg()), alt: "Chestnut gelding clearing a green oxer" },
  );
  expect(stored.ok).toBe(true);
});
afterAll(async () => {
  if (competitionId) await removeCompetition(competitionId);
});

const picturesPath = () => `/admin/competitions/${competitionId}/pictures`;

describe("competition pictures", () => {
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
        await expect.poll(() => page.getByTestId("picture-alt").allInnerTexts(), SLOW).toHaveLength(1);
        await page.getByRole("button", { name: "Upload picture" }).click();
        await expect.poll(() => outsideSummary(page, PICTURE_MESSAGES.fileRequired).isVisible(), SLOW).toBe(true);
        await expectAccessible(page);
        expectNoUnexpectedErrors(errors);
      },
      TEST_TIMEOUT,
    );
  }
});
