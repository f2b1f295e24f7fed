import { existsSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect, onTestFinished } from "vitest";
import { app } from "./app";

/**
 * Debian's headless shell first: Chromium's own headless build, which is what Playwright runs headless by default.
 * It draws the same pages with the same engine, minus the windowed browser around it, and the end-to-end files ran
 * about a fifth faster on it than on the full browser in headless mode (docs/quality.md).
 */
const CANDIDATES = [
  process.env.CHROME_PATH,
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];

function chromePath(): string {
  const found = CANDIDATES.find((p): p is string => Boolean(p) && existsSync(p!));
  if (!found) {
    throw new Error(
      "No Chromium found for the end-to-end tests. Install it with `apt-get install -y " +
        "chromium-headless-shell` (or chromium) or set CHROME_PATH to a Chrome/Chromium binary.",
    );
  }
  return found;
}

let browser: Promise<Browser> | undefined;

function launch() {
  browser ??= chromium.launch({
    executablePath: chromePath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
  return browser;
}

const openContexts = new Set<BrowserContext>();

/**
 * Closes the browser contexts still open. Run when each file ends (tests/e2e/support/close-contexts.setup.ts): a
 * process keeps its browser from file to file, and a page left open keeps its timers, carousels and live connections
 * running, slowing every later file.
 */
export async function closeOpenContexts() {
  await Promise.all([...openContexts].map((c) => c.close().catch(() => {})));
  openContexts.clear();
}

/**
 * A context opened in a test (or its beforeEach) closes when that test finishes;
 * one opened in a beforeAll, with its file.
 */
function closeWhenDone(context: BrowserContext) {
  openContexts.add(context);
  context.once("close", () => openContexts.delete(context));
  try {
    onTestFinished(() => context.close().catch(() => {}));
  } catch {
    // Not inside a test: the file's end closes it.
  }
}

export type PageOptions = {
  colorScheme?: "light" | "dark";
  reducedMotion?: "reduce" | "no-preference";
  javaScriptEnabled?: boolean;
  viewport?: { width: number; height: number };
};

/**
 * A fresh browser context (own cookies and storage) and page on the site. Any console error or uncaught
 * page error fails the test that made it, at the end of the test via `expectNoConsoleErrors`.
 */
export async function openPage(
  options: PageOptions = {},
): Promise<{ page: Page; context: BrowserContext; baseUrl: string; errors: string[] }> {
  const { baseUrl } = await app();
  const context = await (await launch()).newContext({
    baseURL: baseUrl,
    colorScheme: options.colorScheme ?? "dark",
    reducedMotion: options.reducedMotion ?? "no-preference",
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  closeWhenDone(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return { page, context, baseUrl, errors };
}

export function expectNoConsoleErrors(errors: string[]) {
  expect(errors, "the page logged errors").toEqual([]);
}

/** Sets the stored theme before any script runs, as a returning visitor would have it. */
export async function useTheme(context: BrowserContext, theme: "light" | "dark" | "system") {
  await context.addInitScript((t) => window.localStorage.setItem("theme", t), theme);
}

export async function expectAccessible(page: Page) {
  // Contrast is measured on what is drawn: a toast still fading in has not reached its colours yet. On a busy
  // machine axe can land mid-transition, so wait for running animations and transitions to finish first, and scan
  // again when one started during the scan (a toast that arrived meanwhile): the verdict is a still page's.
  let violations: string[] = [];
  for (let scan = 1; scan <= 3; scan++) {
    await stillDrawn(page);
    const before = await motionState(page);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    violations = results.violations.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    );
    if (violations.length === 0 || (await motionState(page)) === before) break;
  }
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Until no finite animation or transition runs. Endless ones (carousels, spinners) are left alone. A toast just
 * added starts its fade-in only once marked mounted (the next frame), so until then "nothing running" is not true.
 */
async function stillDrawn(page: Page) {
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll("[data-sonner-toast]")].every((t) => t.getAttribute("data-mounted") === "true") &&
        document
          .getAnimations()
          .every(
            (a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {});
}

/** What could change a scan's colours: the toasts shown (and their state) and the finite animations running. */
function motionState(page: Page): Promise<string> {
  return page.evaluate(() =>
    JSON.stringify([
      [...document.querySelectorAll("[data-sonner-toast]")].map((t) =>
        ["data-mounted", "data-front", "data-removed", "data-expanded"].map((name) => t.getAttribute(name)),
      ),
      document
        .getAnimations()
        .filter(
          (a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
        ).length,
    ]),
  );
}

/** Resolves once React has hydrated the page, so clicks reach React handlers rather than plain HTML. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Lets the page finish the work its timers started: React renders and runs effects in tasks it posts
 * through a MessageChannel, so a few round trips through one of our own come after them. With a test clock
 * installed, this is how a test knows that "nothing happened" is the page's answer, not a render to come.
 */
export async function settled(page: Page, rounds = 3) {
  for (let i = 0; i < rounds; i++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
}
