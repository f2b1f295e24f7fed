import { and, asc, count, eq, gt, inArray, lt } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { OFFER_SEEN_KEY } from "~/components/home/offer-storage";
import { BRAND_INTERVAL_MS, OFFER_DELAY_MS, TESTIMONIAL_INTERVAL_MS } from "~/components/motion-timings";
import { competitions } from "~/db/schema";
import { formatPence } from "~/domain/money";
import { seedCompetitions } from "~/server/demo/seed-data";
import { app } from "./support/app";
import { expectAccessible, expectNoConsoleErrors, hydrated, type PageOptions, settled } from "./support/browser";
import { insertCompetition, removeCompetition } from "./support/competitions";
import { SLOW } from "./support/forms";
import { scopedPages } from "./support/scoped-pages";
import { createUser, signIn } from "./support/users";

const HOUR = 3_600_000;
/** Tests that wait on the page's own timers (4 s carousel, 5 s popup) get room for a busy machine. */
const TIMED = 120_000;

beforeAll(async () => {
  await app();
});

const openPage = scopedPages();

/** A returning visitor who has already seen the offer this session, so nothing covers the page. */
async function withoutOffer(context: BrowserContext) {
  await context.addInitScript((key) => window.sessionStorage.setItem(key, "1"), OFFER_SEEN_KEY);
}

/** Inserts a competition for one test and removes it afterwards, so other tests see the seeded site. */
async function withCompetition<T>(
  overrides: Partial<typeof competitions.$inferInsert>,
  run: (id: number) => Promise<T>,
) {
  const { id } = await insertCompetition(overrides);
  try {
    return await run(id);
  } finally {
    await removeCompetition(id);
  }
}

/** The competitions the hero picks from (open, not sold out), soonest closing first; `featured` keeps featured ones. */
async function heroCandidates(limit: number, { featured }: { featured?: boolean } = {}) {
  const { services } = await app();
  return services.db
    .select({
      id: competitions.id,
      title: competitions.title,
      prizeValue: competitions.prizeValue,
      entryPricePence: competitions.entryPricePence,
    })
    .from(competitions)
    .where(
      and(
        eq(competitions.status, "active"),
        featured ? eq(competitions.featured, true) : undefined,
        gt(competitions.endDate, new Date()),
        lt(competitions.ticketsSold, competitions.totalTickets),
      ),
    )
    .orderBy(asc(competitions.endDate), asc(competitions.id))
    .limit(limit);
}

/** Opens the home page with the offer already seen and waits until the hero shows `expected`. */
async function openHero(expected: { id: number; title: string }, options: PageOptions & { signedIn?: boolean } = {}) {
  const { signedIn, ...pageOptions } = options;
  const { page, context, errors } = await openPage(pageOptions);
  await withoutOffer(context);
  // A signed-in visitor's page is never shared, so no cached copy from another test answers.
  if (signedIn) await signIn(context, await createUser());
  await page.goto("/");
  await hydrated(page);
  const hero = page.getByTestId("hero");
  await expect.poll(() => hero.getAttribute("data-competition-id"), SLOW).toBe(String(expected.id));
  expect(await page.locator("h1").innerText()).toBe(expected.title);
  return { page, hero, errors };
}

const visibleSlide = (page: Page) => page.locator('[aria-roledescription="slide"]:visible').getAttribute("aria-label");
const dialogOpen = (page: Page) => page.evaluate(() => document.querySelector("dialog")?.open ?? false);

describe("the home page", () => {
  it("shows how many competitions are open right now, counted from the database", async () => {
    const { services } = await app();
    await withCompetition({ status: "active", endDate: new Date(Date.now() + 30 * 24 * HOUR) }, async () => {
      const now = new Date();
      const [row] = await services.db
        .select({ n: count() })
        .from(competitions)
        .where(and(eq(competitions.status, "active"), gt(competitions.endDate, now)));
      const { page, context, errors } = await openPage();
      await withoutOffer(context);
      await page.goto("/");
      expect(await page.getByTestId("active-count").innerText()).toBe(String(row!.n));
      await expect
        .poll(() => page.getByRole("link", { name: "Browse competitions" }).getAttribute("href"))
        .toBe("/competitions");
      expectNoConsoleErrors(errors);
    });
  });

  it("heroes the first featured competition with its real title, price and value; the other two follow", async () => {
    const expected = await heroCandidates(3, { featured: true });
    expect(expected).toHaveLength(3);
    const [first, ...others] = expected as [(typeof expected)[number], ...typeof expected];

    const { page, hero, errors } = await openHero(first, { viewport: { width: 390, height: 844 } });
    expect(await hero.getByTestId("hero-price").innerText()).toBe(formatPence(first.entryPricePence));
    expect(await hero.getByTestId("hero-prize-value").innerText()).toBe(first.prizeValue);
    expect(await hero.innerText()).toMatch(/[\d,]+ \/ [\d,]+ sold/);
    expect(await hero.getByTestId("hero-countdown").locator("[data-unit]").count()).toBe(4);
    // The hero's picture is the largest image on screen: it loads first.
    expect(await hero.locator("img").getAttribute("fetchpriority")).toBe("high");
    // On a phone, Enter now is on the first screen.
    const enter = hero.getByRole("link", { name: "Enter now" });
    const box = await enter.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);

    const section = page.getByRole("region", { name: "Featured Competitions" });
    const cards = section.getByTestId("competition-card");
    expect(await cards.count()).toBe(others.length);
    for (const [i, competition] of others.entries()) {
      const link = cards.nth(i).getByRole("link", { name: competition.title });
      expect(await link.getAttribute("href")).toBe(`/competition/${competition.id}`);
      expect(await cards.nth(i).innerText()).toMatch(/£\d+\.\d\d/);
      expect(await cards.nth(i).innerText()).toMatch(/[\d,]+ \/ [\d,]+ sold/);
    }
    expect(await cards.first().locator("img").getAttribute("loading")).toBe("lazy");
    expect(await section.getByRole("link", { name: "View all competitions" }).getAttribute("href")).toBe(
      "/competitions",
    );
    const html = await page.content();
    expect(html).not.toContain(seedCompetitions.find((s) => s.title === first.title)!.correctAnswer);

    await enter.click();
    await page.waitForURL(`**/competition/${first.id}`);
    expectNoConsoleErrors(errors);
  });

  it("with nothing featured, heroes the open competition that closes soonest", async () => {
    const { services } = await app();
    const featuredIds = (
      await services.db.select({ id: competitions.id }).from(competitions).where(eq(competitions.featured, true))
    ).map((r) => r.id);
    await services.db.update(competitions).set({ featured: false }).where(inArray(competitions.id, featuredIds));
    try {
      const [soonest] = await heroCandidates(1);
      if (!soonest) throw new Error("no open competition");
      await openHero(soonest, { signedIn: true });
    } finally {
      await services.db.update(competitions).set({ featured: true }).where(inArray(competitions.id, featuredIds));
    }
  });

  it("lets a shared cache keep the page for anonymous visitors only", async () => {
    const { baseUrl } = await app();
    const anonymous = await fetch(`${baseUrl}/`);
    expect(anonymous.headers.get("cache-control")).toBe("public, s-maxage=30, stale-while-revalidate=300");
    expect(anonymous.headers.get("vary")).toBe("Cookie, Accept-Encoding");

    const { context } = await openPage();
    const cookies = await signIn(context, await createUser());
    const signedIn = await fetch(`${baseUrl}/`, {
      headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
    });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.headers.get("vary")).toMatch(/^Cookie\b/);
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    expect(await signedIn.text()).toContain("My Account");
  });
});

describe("the testimonials carousel", () => {
  it(
    "advances on its own, by its buttons and the arrow keys, and stays put once paused",
    async () => {
      const { page, context, errors } = await openPage();
      await withoutOffer(context);
      // The page's timers run on a clock the test moves, so "nothing moved" is proven without waiting.
      await page.clock.install();
      await page.goto("/");
      await hydrated(page);
      const carousel = page.locator('[aria-roledescription="carousel"]', {
        has: page.getByRole("heading", { name: "What riders say" }),
      });
      expect(await carousel.locator('[aria-roledescription="slide"]').count()).toBe(6);
      expect(await visibleSlide(page)).toBe("1 of 6");
      await page.clock.runFor(TESTIMONIAL_INTERVAL_MS);
      await expect.poll(() => visibleSlide(page), SLOW).toBe("2 of 6");

      await carousel.getByRole("button", { name: "Pause testimonials" }).click();
      await carousel.getByRole("button", { name: "Play testimonials" }).waitFor();
      // Move pointer and focus away, so only the pause button can be what keeps it still.
      await page.mouse.move(1, 1);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      // Three intervals pass while paused; had it moved, Next would not land on the third slide.
      await page.clock.runFor(3 * TESTIMONIAL_INTERVAL_MS);
      await carousel.getByRole("button", { name: "Next testimonial" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => visibleSlide(page), SLOW).toBe("3 of 6");
      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => visibleSlide(page), SLOW).toBe("2 of 6");
      await carousel.getByRole("button", { name: "Previous testimonial" }).click();
      await expect.poll(() => visibleSlide(page), SLOW).toBe("1 of 6");
      expectNoConsoleErrors(errors);
    },
    TIMED,
  );

  it(
    "does not move for a visitor who prefers reduced motion, until they press play",
    async () => {
      const { page, context, errors } = await openPage({ reducedMotion: "reduce" });
      await withoutOffer(context);
      await page.clock.install();
      await page.goto("/");
      await hydrated(page);
      const play = page.getByRole("button", { name: "Play testimonials" });
      await play.waitFor();
      // Three intervals pass; had it moved, one more after play would not land on the second slide.
      await page.clock.runFor(3 * TESTIMONIAL_INTERVAL_MS);
      await play.click();
      await page.mouse.move(1, 1);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.clock.runFor(TESTIMONIAL_INTERVAL_MS);
      await expect.poll(() => visibleSlide(page), SLOW).toBe("2 of 6");
      expect(await page.getByTestId("brand-track").getAttribute("data-step")).toBe("0");
      expectNoConsoleErrors(errors);
    },
    TIMED,
  );
});

describe("the partner brand strip", () => {
  it(
    "shows twelve brands, advances every few seconds and stops when paused",
    async () => {
      const { page, context, errors } = await openPage();
      await withoutOffer(context);
      await page.clock.install();
      await page.goto("/");
      await hydrated(page);
      expect(await page.getByRole("list", { name: "Partner brands" }).getByRole("listitem").count()).toBe(12);
      const track = page.getByTestId("brand-track");
      expect(await track.getAttribute("data-step")).toBe("0");
      await page.clock.runFor(BRAND_INTERVAL_MS);
      await expect.poll(() => track.getAttribute("data-step"), SLOW).toBe("1");

      await page.getByRole("button", { name: "Pause brand carousel" }).click();
      await page.getByRole("button", { name: "Play brand carousel" }).waitFor();
      // Three intervals pass while paused; had it moved, one more after play would not land on step 2.
      await page.clock.runFor(3 * BRAND_INTERVAL_MS);
      await page.getByRole("button", { name: "Play brand carousel" }).click();
      await page.clock.runFor(BRAND_INTERVAL_MS);
      await expect.poll(() => track.getAttribute("data-step"), SLOW).toBe("2");
      expectNoConsoleErrors(errors);
    },
    TIMED,
  );
});

describe("the offer popup", () => {
  // Generous: the 5 s timer starts at hydration, and a busy machine can add seconds to that.
  async function waitForOffer(page: Page) {
    const dialog = page.getByRole("dialog", { name: "Buy more tickets, pay less per ticket" });
    await dialog.waitFor({ state: "visible", timeout: 20_000 });
    return dialog;
  }

  /** A first visit to the home page, with the page's clock run past the offer's delay, and the offer shown. */
  async function openWithOffer() {
    const { page, errors } = await openPage();
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    await page.clock.runFor(OFFER_DELAY_MS);
    return { page, errors, dialog: await waitForOffer(page) };
  }

  it(
    "appears after a few seconds, closes with Maybe Later and stays away for the rest of the session",
    async () => {
      const { page, errors } = await openPage();
      await page.clock.install();
      await page.goto("/");
      await hydrated(page);
      await page.clock.runFor(OFFER_DELAY_MS - 1_000);
      await settled(page);
      expect(await dialogOpen(page)).toBe(false);
      await page.clock.runFor(1_000);
      const dialog = await waitForOffer(page);
      // The demo's featured competitions keep the standard tiers; each is named with its own.
      expect(await dialog.innerText()).toMatch(/: 1-2 tickets full price, 3-4 tickets 5% off, 5 or more 10% off\./);
      expect(await dialog.getByRole("link", { name: "Claim Offer" }).count()).toBe(1);
      expect(await dialog.innerText()).not.toMatch(/expire/i);
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);

      await dialog.getByRole("button", { name: "Maybe Later" }).click();
      expect(await dialogOpen(page)).toBe(false);

      await page.reload();
      await hydrated(page);
      await page.clock.runFor(3 * OFFER_DELAY_MS);
      await settled(page);
      expect(await dialogOpen(page)).toBe(false);
      expectNoConsoleErrors(errors);
    },
    TIMED,
  );

  it(
    "is an accessible modal that Escape closes, handing focus back, and a new session sees it again",
    async () => {
      const { page, errors } = await openPage();
      await page.clock.install();
      await page.goto("/");
      await hydrated(page);
      await page.getByRole("link", { name: "Browse competitions" }).focus();
      await page.clock.runFor(OFFER_DELAY_MS);
      const dialog = await waitForOffer(page);
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Browse competitions");
      expectNoConsoleErrors(errors);
    },
    TIMED,
  );

  it(
    "closes with its X button",
    async () => {
      const { page, errors, dialog } = await openWithOffer();
      await dialog.getByRole("button", { name: "Close offer" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(await page.evaluate((key) => window.sessionStorage.getItem(key), OFFER_SEEN_KEY)).toBe("1");
      expectNoConsoleErrors(errors);
    },
    TIMED,
  );

  it(
    "takes Claim Offer to the competitions",
    async () => {
      const { page, errors, dialog } = await openWithOffer();
      await dialog.getByRole("link", { name: "Claim Offer" }).click();
      await page.waitForURL("**/competitions");
      expect(await dialogOpen(page)).toBe(false);
      expectNoConsoleErrors(errors);
    },
    TIMED,
  );
});

describe("the winners page", () => {
  it("lists real draw results first, then clearly marked example stories", async () => {
    const drawnAt = new Date(Date.now() - 2 * HOUR);
    await withCompetition(
      {
        status: "completed",
        endDate: new Date(Date.now() - 24 * HOUR),
        prizeTitle: "Test prize: a show jacket",
        winnerDisplayName: "J. Testrider",
        winnerLocation: "Rutland",
        winnerTicketNumber: 42,
        drawnAt,
      },
      async () => {
        const { page, errors } = await openPage();
        await page.goto("/winners");
        const results = page.locator("#draw-results");
        const result = results.getByTestId("draw-result").filter({ hasText: "Test prize: a show jacket" });
        expect(await result.innerText()).toContain("J. Testrider, Rutland");
        expect(await page.getByTestId("sample-winner").count()).toBe(6);
        expect(await page.getByTestId("sample-review").count()).toBe(4);
        expect(await page.getByRole("heading", { name: "Example stories" }).isVisible()).toBe(true);
        expect(await page.getByTestId("sample-note").innerText()).toMatch(/illustrative sample content/i);
        expectNoConsoleErrors(errors);
      },
    );
  });

  it("says so honestly when no draw has been completed", async () => {
    const { services } = await app();
    const [completed] = await services.db
      .select({ n: count() })
      .from(competitions)
      .where(eq(competitions.status, "completed"));
    if (completed!.n > 0) return; // another test's completed draw is on the page; the empty state cannot show
    const { page } = await openPage();
    await page.goto("/winners");
    expect(await page.locator("#draw-results").innerText()).toContain("No draws have been completed yet.");
  });
});
