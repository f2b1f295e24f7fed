import { existsSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, expect } from "vitest";
import { app } from "./app";

const CANDIDATES = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

export function chromePath(): string {
  const found = CANDIDATES.find((p): p is string => Boolean(p) && existsSync(p!));
  if (!found) {
    throw new Error(
      "No Chromium found for the end-to-end tests. Install it with `apt-get install -y chromium` or set CHROME_PATH to a Chrome/Chromium binary.",
    );
  }
  return found;
}

let browser: Promise<Browser> | undefined;

function launch() {
  browser ??= chromium.launch({
    executablePath: chromePath(),
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
  });
  return browser;
}

const openContexts = new Set<BrowserContext>();

afterAll(async () => {
  await Promise.all([...openContexts].map((c) => c.close().catch(() => {})));
  openContexts.clear();
});

export type PageOptions = { colorScheme?: "light" | "dark"; reducedMotion?: "reduce" | "no-preference"; javaScriptEnabled?: boolean; viewport?: { width: number; height: number } };

/**
 * A fresh browser context (own cookies and storage) and page on the site. Any console error or uncaught
 * page error fails the test that made it, at the end of the test via `expectNoConsoleErrors`.
 */
export async function openPage(options: PageOptions = {}): Promise<{ page: Page; context: BrowserContext; baseUrl: string; errors: string[] }> {
  const { baseUrl } = await app();
  const context = await (await launch()).newContext({
    baseURL: baseUrl,
    colorScheme: options.colorScheme ?? "dark",
    reducedMotion: options.reducedMotion ?? "no-preference",
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  openContexts.add(context);
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
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Resolves once React has hydrated the page, so clicks reach React handlers rather than plain HTML. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
