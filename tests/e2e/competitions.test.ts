import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { isEndingSoon } from "~/domain/competition-status";
import { formatPence } from "~/domain/money";
import { COMPETITIONS_PAGE_SIZE } from "~/schemas/competition-query";
import { app } from "./support/app";
import { expectAccessible, expectNoConsoleErrors, hydrated, openPage, useTheme } from "./support/browser";
import { cardTitles, publicRows } from "./support/competitions";
import { createUser, signIn } from "./support/users";

const EMPTY = "No competitions found. Try adjusting your search or filter.";

beforeAll(async () => {
  await app();
});

const sorted = (titles: string[]) => [...titles].sort();

describe("searching the competitions", () => {
  it("a visitor searches by title, whatever the case, and the search becomes a link", async () => {
    const { page, errors } = await openPage();
    await page.goto("/competitions");
    await hydrated(page);
    const expected = (await publicRows())
      .filter((r) => [r.title, r.prizeTitle, r.prizeDescription].some((text) => /horsebox/i.test(text)))
      .map((r) => r.title);
    expect(expected.length).toBeGreaterThan(0);

    await page.getByLabel("Search competitions").fill("HORSEBOX");
    await page.waitForURL(/\?q=HORSEBOX$/);
    await expect.poll(async () => sorted(await cardTitles(page))).toEqual(sorted(expected));

    await page.reload();
    expect(await page.getByLabel("Search competitions").inputValue()).toBe("HORSEBOX");
    expect(sorted(await cardTitles(page))).toEqual(sorted(expected));
    expectNoConsoleErrors(errors);
  });

  it("finds a competition by its prize description too", async () => {
    const { page } = await openPage();
    await page.goto("/competitions?q=bank%20TRANSFER");
    const expected = (await publicRows())
      .filter((r) => [r.title, r.prizeTitle, r.prizeDescription].some((text) => /bank transfer/i.test(text)))
      .map((r) => r.title);
    expect(expected.some((title) => !/bank transfer/i.test(title))).toBe(true);
    expect(sorted(await cardTitles(page))).toEqual(sorted(expected));
  });

  it("works without JavaScript: the form submits to the same URL", async () => {
    const { page } = await openPage({ javaScriptEnabled: false });
    await page.goto("/competitions");
    await page.getByLabel("Search competitions").fill("horsebox");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=horsebox/);
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title.toLowerCase()).toContain("horsebox");
  });

  it("says so when nothing matches, and the empty page is accessible in both themes", async () => {
    for (const theme of ["dark", "light"] as const) {
      const { page, context, errors } = await openPage({ colorScheme: theme });
      await useTheme(context, theme);
      await page.goto("/competitions?q=unicorn-dressage-xyz");
      await hydrated(page);
      await expect.poll(() => page.getByText(EMPTY).isVisible()).toBe(true);
      expect(await page.locator('[data-testid="competition-card"]').count()).toBe(0);
      await expectAccessible(page);
      expectNoConsoleErrors(errors);
    }
  });
});

describe("filtering and sorting", () => {
  it("the featured and ending-soon filters each have a control and show only matching competitions", async () => {
    const { page, errors } = await openPage();
    await page.goto("/competitions");
    await hydrated(page);
    const rows = await publicRows();
    const now = new Date();

    await page.getByRole("radio", { name: "Featured" }).check();
    await page.waitForURL(/filter=featured/);
    const featured = rows.filter((r) => r.featured).map((r) => r.title);
    await expect
      .poll(async () => sorted(await cardTitles(page)))
      .toEqual(sorted(featured).slice(0, COMPETITIONS_PAGE_SIZE));

    await page.getByRole("radio", { name: "Ending soon" }).check();
    await page.waitForURL(/filter=ending-soon/);
    const endingSoon = rows.filter((r) => isEndingSoon(r, now)).map((r) => r.title);
    expect(endingSoon.length).toBeGreaterThan(0);
    await expect.poll(async () => sorted(await cardTitles(page))).toEqual(sorted(endingSoon));

    await page.getByRole("radio", { name: "All" }).check();
    await page.waitForURL((url) => !url.search.includes("filter"));
    await expect
      .poll(() => page.locator('[data-testid="competition-card"]').count())
      .toBe(Math.min(rows.length, COMPETITIONS_PAGE_SIZE));
    expectNoConsoleErrors(errors);
  });

  it("sorts by price both ways and by closing date, ended competitions last", async () => {
    const { page } = await openPage();
    const prices = async () =>
      (await page.locator('[data-testid="competition-card"] [data-testid="entry-price"]').allInnerTexts()).map((t) =>
        Number(t.replace(/[£,]/g, "")),
      );

    await page.goto("/competitions?sort=price-asc");
    const low = await prices();
    expect(low).toEqual([...low].sort((a, b) => a - b));
    const cheapest = Math.min(...(await publicRows()).map((r) => r.entryPricePence));
    expect(await page.locator('[data-testid="entry-price"]').first().innerText()).toBe(formatPence(cheapest));

    await page.goto("/competitions?sort=price-desc");
    const high = await prices();
    expect(high).toEqual([...high].sort((a, b) => b - a));

    // Each ?page=N is one page: read them in turn until one is empty.
    const times: string[] = [];
    for (let n = 1; n <= 20; n++) {
      await page.goto(`/competitions?page=${n}`);
      const shown = await page.locator('[data-testid="competition-card"] [data-testid="time-left"]').allInnerTexts();
      if (shown.length === 0) break;
      times.push(...shown);
    }
    expect(times.length).toBe((await publicRows()).length);
    const firstEnded = times.findIndex((t) => t.includes("Ended"));
    expect(firstEnded).toBeGreaterThan(0);
    expect(times.slice(firstEnded).every((t) => t.includes("Ended"))).toBe(true);
  });

  it("shows each card's prize, value, price, time left, sold over total and featured flag", async () => {
    const { page } = await openPage();
    await page.goto("/competitions?filter=featured");
    const row = (await publicRows()).find((r) => r.featured)!;
    const card = page.locator('[data-testid="competition-card"]', {
      has: page.getByRole("heading", { name: row.title }),
    });
    const text = await card.innerText();
    expect(text).toContain(row.prizeTitle);
    expect(text).toContain(row.prizeValue);
    expect(text).toContain(formatPence(row.entryPricePence));
    expect(text).toMatch(/\d+d \d+h left|Ended|\d+m left/);
    expect(text).toContain(
      `${row.ticketsSold.toLocaleString("en-GB")} / ${row.totalTickets.toLocaleString("en-GB")} sold`,
    );
    expect(text).toContain("Featured");
    expect(await card.locator("img").getAttribute("src")).toBe(row.imageUrl);
  });
});

describe("paging", () => {
  it("Load More fetches the next page and appends it, with a loading state, until all are shown", async () => {
    const { page, errors } = await openPage();
    await page.goto("/competitions");
    await hydrated(page);
    const total = (await publicRows()).length;
    expect(total).toBeGreaterThan(COMPETITIONS_PAGE_SIZE);
    const cards = page.locator('[data-testid="competition-card"]');
    expect(await cards.count()).toBe(COMPETITIONS_PAGE_SIZE);
    const firstTitles = await cardTitles(page);

    // Hold the next page's response so the loading state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const isListData = (url: URL) => url.pathname === "/competitions.data";
    await page.route(isListData, async (route) => {
      await held;
      await route.continue();
    });
    const loadMore = page.getByRole("link", { name: "Load More" });
    await loadMore.click();
    await expect.poll(() => page.getByText("Loading…").isVisible()).toBe(true);
    release();
    await expect.poll(() => cards.count()).toBe(Math.min(total, 2 * COMPETITIONS_PAGE_SIZE));
    await page.unroute(isListData);
    expect((await cardTitles(page)).slice(0, COMPETITIONS_PAGE_SIZE)).toEqual(firstTitles);
    expect(new URL(page.url()).search).toBe("");
    // Keyboard focus continues at the first new card.
    expect(
      await page.evaluate(
        () => document.activeElement?.closest("[data-testid=competition-card]")?.querySelector("h2")?.textContent,
      ),
    ).toBe((await cardTitles(page))[COMPETITIONS_PAGE_SIZE]);

    while (await loadMore.count()) {
      const before = await cards.count();
      await loadMore.click();
      await expect.poll(() => cards.count()).toBeGreaterThan(before);
    }
    expect(await cards.count()).toBe(total);
    expect(new Set(await cardTitles(page)).size).toBe(total);
    await expect.poll(() => page.getByText(`Showing ${total} of ${total} competitions`).isVisible()).toBe(true);
    expectNoConsoleErrors(errors);
  });

  it("without JavaScript Load More is a link to page 2 alone, with rel prev and next for the sequence", async () => {
    const { page } = await openPage({ javaScriptEnabled: false });
    await page.goto("/competitions?sort=price-asc");
    const firstTitles = await cardTitles(page);
    expect(await page.locator('head link[rel="next"]').getAttribute("href")).toBe(
      "/competitions?sort=price-asc&page=2",
    );
    expect(await page.locator('head link[rel="prev"]').count()).toBe(0);
    await page.getByRole("link", { name: "Load More" }).click();
    await page.waitForURL(/page=2/);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("price-asc");
    const total = (await publicRows()).length;
    const titles = await cardTitles(page);
    expect(titles.length).toBe(Math.min(total - COMPETITIONS_PAGE_SIZE, COMPETITIONS_PAGE_SIZE));
    expect(titles.filter((t) => firstTitles.includes(t))).toEqual([]);
    const shownTo = COMPETITIONS_PAGE_SIZE + titles.length;
    expect(await page.getByText(`Showing ${COMPETITIONS_PAGE_SIZE + 1}–${shownTo} of ${total}`).isVisible()).toBe(true);
    expect(await page.locator('head link[rel="prev"]').getAttribute("href")).toBe("/competitions?sort=price-asc");
    await page.getByRole("link", { name: "Previous page" }).click();
    await page.waitForURL((url) => !url.searchParams.has("page"));
    expect(await cardTitles(page)).toEqual(firstTitles);
  });
});

describe("the next draw countdown", () => {
  it("counts down every second to the soonest closing of an open competition", async () => {
    const { page, errors } = await openPage();
    await page.goto("/competitions");
    await hydrated(page);
    const now = Date.now();
    const open = (await publicRows()).filter((r) => r.status === "active" && r.endDate.getTime() > now);
    const soonest = Math.min(...open.map((r) => r.endDate.getTime()));

    const shownSeconds = async () => {
      const unit = async (name: string) =>
        Number(await page.locator(`[data-testid="next-draw-countdown"] [data-unit="${name}"]`).innerText());
      return (
        (await unit("days")) * 86_400 +
        (await unit("hours")) * 3600 +
        (await unit("minutes")) * 60 +
        (await unit("seconds"))
      );
    };
    const first = await shownSeconds();
    expect(Math.abs(first - (soonest - Date.now()) / 1000)).toBeLessThan(3);
    await expect.poll(shownSeconds, { timeout: 3000 }).toBeLessThan(first);
    expect(await page.locator('[role="timer"]').getAttribute("aria-live")).toBe("off");
    expectNoConsoleErrors(errors);
  });
});

describe("caching", () => {
  it("lets a CDN hold the anonymous list and its data briefly, but never a signed-in visitor's", async () => {
    const { baseUrl } = await app();
    for (const path of ["/competitions", "/competitions.data", "/competitions?filter=featured"]) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("public, s-maxage=10, stale-while-revalidate=60");
    }
    const { page, context } = await openPage();
    const user = await createUser();
    const cookies = await signIn(context, user);
    const res = await fetch(`${baseUrl}/competitions`, {
      headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
    });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    await page.close();
  });
});

describe("a failed load", () => {
  it("shows 'Error' and 'Failed to load competitions. Please try again.'", async () => {
    const { services } = await app();
    const { page } = await openPage();
    await services.db.execute(sql`ALTER TABLE competitions RENAME TO competitions_unavailable`);
    try {
      // A list nobody has asked for yet: one already in the shared page cache would still be sent for a moment.
      const response = await page.goto(`/competitions?q=${encodeURIComponent(`unavailable ${Date.now()}`)}`);
      expect(response?.status()).toBe(500);
      expect(await page.locator("h1").innerText()).toBe("Error");
      expect(await page.getByText("Failed to load competitions. Please try again.").isVisible()).toBe(true);
    } finally {
      await services.db.execute(sql`ALTER TABLE competitions_unavailable RENAME TO competitions`);
    }
    await page.getByRole("link", { name: "Try again" }).click();
    await page.waitForURL(/\/competitions$/);
    await expect.poll(() => page.locator("h1").innerText(), { timeout: 20_000 }).toBe("Competitions");
  });
});
