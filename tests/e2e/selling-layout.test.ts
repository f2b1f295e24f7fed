import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPence } from "~/domain/money";
import { app } from "./support/app";
import { expectAccessible, expectNoConsoleErrors, hydrated, useTheme } from "./support/browser";
import { insertCompetition, removeCompetitions } from "./support/competitions";
import { SLOW } from "./support/forms";
import { scopedPages } from "./support/scoped-pages";

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const DAY = 86_400_000;

let open: Awaited<ReturnType<typeof insertCompetition>>;
let ended: Awaited<ReturnType<typeof insertCompetition>>;

beforeAll(async () => {
  await app();
  const common = {
    description: "A long-reining set for a test of the page's layout, with a second image.",
    prizeTitle: "Long-reining set",
    prizeDescription: "Roller, lines and a lunge whip.",
    prizeValue: "£140",
    imageUrl: "/images/competitions/rug-bundle.svg",
    additionalImages: ["/images/competitions/rug-bundle-2.svg"],
    skillQuestion: "How many legs does a horse have?",
    skillOptions: ["Two", "Three", "Four", "Five"],
    correctAnswer: "Four",
  };
  open = await insertCompetition({
    ...common,
    title: "Layout Test Long-Reining Set",
    entryPricePence: 349,
    endDate: new Date(Date.now() + 20 * DAY),
  });
  ended = await insertCompetition({
    ...common,
    title: "Layout Test Ended Set",
    endDate: new Date(Date.now() - DAY),
  });
});

afterAll(async () => {
  await removeCompetitions([open.id, ended.id]);
});

const openPage = scopedPages();

/** Whether the whole of an element is on the first screen, without any scrolling. */
async function onFirstScreen(locator: Locator, viewport: { height: number }) {
  const box = await locator.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= viewport.height;
}

const focusedInside = (page: Page, selector: string) =>
  page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);

describe("the competition page at 1280×800", () => {
  it("shows the question, the ticket selector, the price and Enter on the first screen", async () => {
    const { page, errors } = await openPage({ viewport: LAPTOP });
    await page.goto(`/competition/${open.id}`);
    await hydrated(page);
    const essentials = [
      page.locator("h1"),
      page.locator("#skill-question"),
      page.getByLabel("Number of tickets"),
      page.getByTestId("price-total"),
      page.getByRole("button", { name: "Proceed to Checkout" }),
    ];
    for (const essential of essentials) expect(await onFirstScreen(essential, LAPTOP)).toBe(true);
    // The phone's bar is not shown beside a form that is already there.
    expect(await page.getByTestId("sticky-enter").isVisible()).toBe(false);
    expectNoConsoleErrors(errors);
  });

  it("shows the whole picture, uncropped, with the Zoom button off it", async () => {
    const { page } = await openPage({ viewport: LAPTOP });
    await page.goto(`/competition/${open.id}`);
    await hydrated(page);
    const image = page.getByTestId("gallery-image");
    expect(await image.evaluate((img) => getComputedStyle(img).objectFit)).toBe("contain");
    const picture = await image.boundingBox();
    const zoom = await page.getByRole("link", { name: "Zoom image" }).boundingBox();
    expect(picture && zoom).toBeTruthy();
    expect(zoom!.y).toBeGreaterThanOrEqual(picture!.y + picture!.height);
  });
});

describe("the competition page on a phone", () => {
  for (const theme of ["dark", "light"] as const) {
    it(`has a sticky Enter now bar that takes focus to the form and then gets out of the way (${theme})`, async () => {
      const { page, context, errors } = await openPage({ viewport: PHONE, colorScheme: theme });
      await useTheme(context, theme);
      await page.goto(`/competition/${open.id}`);
      await hydrated(page);
      const bar = page.getByTestId("sticky-enter");
      const enter = bar.getByRole("link", { name: `Enter now · ${formatPence(open.entryPricePence)}` });
      await expect.poll(() => enter.isVisible()).toBe(true);
      expect(await onFirstScreen(enter, PHONE)).toBe(true);
      await expectAccessible(page);

      await enter.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => focusedInside(page, "#enter-online")).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Enter online");
      // With the form in view the bar hides, so it covers none of it.
      await expect.poll(() => bar.isVisible(), SLOW).toBe(false);
      await page.getByLabel("Number of tickets").waitFor({ state: "visible" });

      // Scrolled back up past the form, the bar returns.
      // (A smooth scroll: on a busy machine it takes longer than expect.poll's default second.)
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => bar.isVisible(), SLOW).toBe(true);
      expectNoConsoleErrors(errors);
    });
  }

  it("has no Enter bar when the competition is closed", async () => {
    const { page } = await openPage({ viewport: PHONE });
    await page.goto(`/competition/${ended.id}`);
    await hydrated(page);
    expect(await page.getByTestId("closed-notice").isVisible()).toBe(true);
    expect(await page.getByTestId("sticky-enter").count()).toBe(0);
  });
});

describe("the competitions list on a phone", () => {
  it("shows a competition on the first screen, with filter and sort behind a disclosure", async () => {
    const { page, errors } = await openPage({ viewport: PHONE });
    await page.goto("/competitions");
    await hydrated(page);
    // The first card's picture and its title are on the first screen.
    const firstCard = page.getByTestId("competition-card").first();
    expect(await onFirstScreen(firstCard.locator("img"), PHONE)).toBe(true);
    expect(await onFirstScreen(firstCard.getByRole("heading"), PHONE)).toBe(true);
    expect(await page.getByLabel("Search competitions").isVisible()).toBe(true);

    const featured = page.getByRole("radio", { name: "Featured" });
    expect(await featured.isVisible()).toBe(false);
    await page.getByText("Filter and sort").click();
    await featured.waitFor({ state: "visible" });
    await featured.check();
    await page.waitForURL(/filter=featured/);
    // The applied filter keeps the disclosure open, saying what is applied.
    // The URL changes a moment before React renders the new loader data, so wait for the summary.
    const summary = page.locator("details.filters-disclosure summary");
    await expect.poll(() => summary.innerText()).toContain("Featured");
    expect(await page.locator("details.filters-disclosure").getAttribute("open")).not.toBeNull();
    await expectAccessible(page);
    expectNoConsoleErrors(errors);
  });

  it("shows the filters without a disclosure on a laptop", async () => {
    const { page } = await openPage({ viewport: LAPTOP });
    await page.goto("/competitions");
    await hydrated(page);
    expect(await page.getByRole("radio", { name: "Featured" }).isVisible()).toBe(true);
    expect(await page.getByLabel("Sort by").isVisible()).toBe(true);
    expect(await page.getByText("Filter and sort").isVisible()).toBe(false);
  });
});
