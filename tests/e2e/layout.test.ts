import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { BANNER_INTERVAL_MS } from "~/components/motion-timings";
import { app } from "./support/app";
import { expectNoConsoleErrors, hydrated, settled, useTheme } from "./support/browser";
import { backgroundBehind, contrastRatio } from "./support/contrast";
import { SLOW } from "./support/forms";
import { scopedPages } from "./support/scoped-pages";
import { createUser, signIn } from "./support/users";

// The layout is the same on every page; /about has no offer popup to get in the way.
const PAGE = "/about";
// Not imported from the component: loading React into the test process would clash with the server's copy.
const BANNER_MESSAGE_COUNT = 5;

beforeAll(async () => {
  await app();
});

const openPage = scopedPages();

const hrefs = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute("href")));

/** Records the <html> class the moment <body> starts, before any module script or hydration has run. */
async function recordEarlyThemeClass(context: BrowserContext) {
  await context.addInitScript(() => {
    const record = () => {
      (window as unknown as { earlyThemeClass: string }).earlyThemeClass = document.documentElement.className;
    };
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      record();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const earlyThemeClass = (page: Page) =>
  page.evaluate(() => (window as unknown as { earlyThemeClass?: string }).earlyThemeClass);
const htmlClass = (page: Page) => page.locator("html").getAttribute("class");
const storedTheme = (page: Page) => page.evaluate(() => window.localStorage.getItem("theme"));

describe("the header", () => {
  it("links every section and sends Sign In and Join Now to /auth on a desktop screen", async () => {
    const { page, errors } = await openPage();
    await page.goto(PAGE);
    await hydrated(page);
    expect(await hrefs(page, 'nav[aria-label="Main"] a')).toEqual([
      "/",
      "/competitions",
      "/how-it-works",
      "/winners",
      "/about",
      "/contact",
    ]);
    const header = page.locator("header");
    const signIn = header.getByRole("link", { name: "Sign In" });
    const join = header.getByRole("link", { name: "Join Now" });
    expect(new URL((await join.getAttribute("href")) ?? "", "http://x").pathname).toBe("/auth");
    await signIn.click();
    await page.waitForURL((url) => url.pathname === "/auth");
    expectNoConsoleErrors(errors);
  });

  it("opens the mobile menu from the keyboard, with /signin and /join", async () => {
    const { page, errors } = await openPage({ viewport: { width: 390, height: 844 } });
    await page.goto(PAGE);
    await hydrated(page);
    // A <details> disclosure: its summary is the toggle, announced with its expanded state by the browser.
    const toggle = page.locator("header details > summary");
    const menu = page.locator("#mobile-menu");
    expect(await menu.isVisible()).toBe(false);
    expect(await toggle.getAttribute("aria-label")).toBe("Open menu");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await menu.waitFor({ state: "visible" });
    // The browser opens the <details> at once; React renames its toggle on the toggle event that follows.
    await expect.poll(() => toggle.getAttribute("aria-label"), SLOW).toBe("Close menu");
    expect(await hrefs(page, "#mobile-menu a")).toEqual(
      expect.arrayContaining(["/competitions", "/winners", "/signin", "/join"]),
    );

    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#mobile-menu")))).toBe(true);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SUMMARY");

    await toggle.press("Enter");
    await menu.getByRole("link", { name: "Join Now" }).click();
    await page.waitForURL((url) => url.pathname === "/join");
    await menu.waitFor({ state: "hidden" });
    expectNoConsoleErrors(errors);
  });

  it.each([1280, 1024])("keeps every link and button on one line at %i px, signed in as an admin", async (width) => {
    const { page, context } = await openPage({ viewport: { width, height: 900 } });
    await signIn(context, await createUser({ roles: ["admin"] }));
    await page.goto(PAGE);
    await hydrated(page);
    // The full bar from 1280 px (an admin's links need 1272 px); below it, the same links are in the menu.
    const banner = page.getByRole("banner");
    if (width >= 1280) await banner.getByRole("link", { name: "My Basket" }).waitFor();
    else await banner.getByLabel("Open menu").waitFor();
    const wrapped = await page.locator("header").evaluate((header) => {
      const found: string[] = [];
      for (const control of header.querySelectorAll<HTMLElement>("a, button")) {
        if (!control.checkVisibility()) continue;
        // A text that wraps is drawn as more than one box.
        const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(text);
          const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.bottom)));
          if (lines.size > 1) found.push(text.textContent?.trim() ?? "");
        }
      }
      if (header.scrollWidth > header.clientWidth) found.push(`header is ${header.scrollWidth}px wide`);
      return found;
    });
    expect(wrapped).toEqual([]);
  });
});

describe("focus and the sticky header (WCAG 2.4.11)", () => {
  /** Tabs through the page, forwards then back, and lists each focused control the sticky header covers. */
  async function stopsUnderHeader(page: Page, stops: number) {
    const found: string[] = [];
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let i = 0; i < stops; i++) {
        await page.keyboard.press(key);
        const covered = await page.evaluate(() => {
          const focused = document.activeElement as HTMLElement | null;
          const header = document.querySelector("header");
          if (!focused || !header || focused === document.body || header.contains(focused)) return null;
          if (getComputedStyle(focused).position === "fixed") return null;
          const bar = header.getBoundingClientRect();
          const box = focused.getBoundingClientRect();
          const overlap = Math.min(box.bottom, bar.bottom) - Math.max(box.top, bar.top);
          // Covered at all when it would fit below the header; a region taller than that only when wholly hidden.
          const fits = box.height <= window.innerHeight - bar.bottom;
          if (overlap <= 0.5 || (!fits && overlap < box.height - 0.5)) return null;
          const name = (focused.getAttribute("aria-label") ?? focused.textContent ?? "").trim().slice(0, 40);
          return `${focused.tagName.toLowerCase()} "${name}" (${Math.round(overlap)} of ${Math.round(box.height)}px)`;
        });
        if (covered) found.push(`${key}: ${covered}`);
      }
    }
    return found;
  }

  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    it(`no focused control hides under it at ${viewport.width} px, on public, account and staff pages`, async () => {
      const { page, context } = await openPage({ viewport });
      await signIn(context, await createUser({ roles: ["admin"] }));
      const failures: string[] = [];
      for (const path of ["/admin", "/", "/competition/1", "/account"]) {
        await page.goto(path);
        await hydrated(page);
        for (const stop of await stopsUnderHeader(page, 45)) failures.push(`${path} ${stop}`);
      }
      expect(failures).toEqual([]);
    }, 180_000);
  }
});

describe("the footer", () => {
  it("links the legal and help pages", async () => {
    const { page } = await openPage();
    await page.goto(PAGE);
    const links = await hrefs(page, "footer a");
    for (const path of ["/terms", "/privacy", "/refunds", "/fair-play", "/faq", "/complaints", "/contact"])
      expect(links).toContain(path);
  });
});

describe("the colour theme", () => {
  it("is dark by default, whatever the system prefers", async () => {
    const { page, errors } = await openPage({ colorScheme: "light" });
    await page.goto(PAGE);
    await hydrated(page);
    expect(await storedTheme(page)).toBeNull();
    expect(await htmlClass(page)).toContain("dark");
    expect(await page.getByRole("button", { name: "Dark theme" }).getAttribute("aria-pressed")).toBe("true");
    expectNoConsoleErrors(errors);
  });

  it("remembers Light across a reload, applied before the page is hydrated so it never flashes", async () => {
    const { page, context, errors } = await openPage({ colorScheme: "dark" });
    await recordEarlyThemeClass(context);
    await page.goto(PAGE);
    await hydrated(page);
    expect(await earlyThemeClass(page)).toContain("dark");

    await page.getByRole("button", { name: "Light theme" }).click();
    expect(await htmlClass(page)).toContain("light");
    expect(await htmlClass(page)).not.toContain("dark");
    expect(await storedTheme(page)).toBe("light");

    await page.reload({ waitUntil: "domcontentloaded" });
    const early = await earlyThemeClass(page);
    expect(early).toContain("light");
    expect(early).not.toContain("dark");
    await hydrated(page);
    expect(await htmlClass(page)).toContain("light");
    expect(await page.getByRole("button", { name: "Light theme" }).getAttribute("aria-pressed")).toBe("true");
    expectNoConsoleErrors(errors);
  });

  it("follows the system setting when System is chosen", async () => {
    const { page, errors } = await openPage({ colorScheme: "light" });
    await page.goto(PAGE);
    await hydrated(page);
    await page.getByRole("button", { name: "System theme" }).click();
    expect(await storedTheme(page)).toBe("system");
    expect(await htmlClass(page)).toContain("light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => htmlClass(page)).toContain("dark");
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => htmlClass(page)).toContain("light");
    await page.reload();
    expect(await htmlClass(page)).toContain("light");
    expectNoConsoleErrors(errors);
  });
});

describe("the promotional banner", () => {
  it("loops through its five messages and stops on the pause button", async () => {
    const { page, errors } = await openPage();
    // The banner's timer runs on a clock the test moves, so "it stayed" is proven without waiting.
    await page.clock.install();
    await page.goto(PAGE);
    await hydrated(page);
    const message = page.getByTestId("banner-message");
    const seen: string[] = [];
    for (let i = 0; i < BANNER_MESSAGE_COUNT; i++) {
      seen.push(await message.innerText());
      await page.clock.runFor(BANNER_INTERVAL_MS);
      await expect.poll(() => message.innerText(), SLOW).not.toBe(seen.at(-1));
    }
    expect(new Set(seen).size).toBe(BANNER_MESSAGE_COUNT);
    expect(seen).toContain("100% skill-based competitions");
    // Round the loop: back to the first message.
    expect(await message.innerText()).toBe(seen[0]);

    await page.getByRole("button", { name: "Pause announcements" }).click();
    await page.getByRole("button", { name: "Play announcements" }).waitFor();
    const held = await message.innerText();
    await page.clock.runFor(3 * BANNER_INTERVAL_MS);
    await settled(page);
    expect(await message.innerText()).toBe(held);
    expect(await page.getByRole("button", { name: "Play announcements" }).isVisible()).toBe(true);
    expectNoConsoleErrors(errors);
  }, 120_000);
});

describe("the banner's pause button", () => {
  for (const theme of ["dark", "light"] as const) {
    it(`shows a focus ring that stands out from the banner by at least 3:1 in the ${theme} theme`, async () => {
      const { page, context } = await openPage({ colorScheme: theme });
      await useTheme(context, theme);
      await page.goto(PAGE);
      await hydrated(page);
      const button = page.getByRole("button", { name: "Pause announcements" });
      // From the keyboard, so the browser draws the :focus-visible ring.
      for (let i = 0; i < 5 && !(await button.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press("Tab");
      }
      const ring = await button.evaluate((el) => ({
        visible: el.matches(":focus-visible"),
        style: getComputedStyle(el).outlineStyle,
        colour: getComputedStyle(el).outlineColor,
      }));
      expect(ring).toMatchObject({ visible: true, style: "solid" });
      const banner = await backgroundBehind(page.locator('section[aria-label="Announcements"]'));
      expect(contrastRatio(ring.colour, banner)).toBeGreaterThanOrEqual(3);
    });
  }
});

describe("an unknown address", () => {
  it("answers 404 with 'Oops! Page not found' and a way home", async () => {
    const { page } = await openPage();
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    await hydrated(page);
    expect(await page.locator("h1").innerText()).toBe("Oops! Page not found");
    await page.getByRole("link", { name: "Return to home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });
});
