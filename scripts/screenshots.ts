// npm run screenshots: PNGs of the main pages and every console page at 390 and 1280 px wide, in the light and
// dark themes, into screenshots/ (git-ignored), so a reviewer can look without running the site. It builds
// nothing: it starts the existing build (`npm run build` first) on a fresh embedded database with the demo data,
// as `npm start` does, and drives the installed Chromium (CHROME_PATH, or Debian's /usr/bin/chromium) with
// playwright-core.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { root, startApp } from "./bench/support";

const OUT = path.join(root, "screenshots");
const BUILD_DIR = process.env.PADDOCK_BUILD_DIR ?? "build";
const ADMIN = { email: "screenshots@paddock.local", password: "screenshots-only-password-0123" };
const WIDTHS = [390, 1280] as const;
const THEMES = ["light", "dark"] as const;

function chromePath() {
  const found = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .filter((p): p is string => Boolean(p))
    .find((p) => existsSync(p));
  if (!found) throw new Error("No Chromium found: apt-get install -y chromium, or set CHROME_PATH.");
  return found;
}

/** The session cookies of the seeded admin, signed in through the auth API. */
async function adminCookies(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`Signing in the admin failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((cookie) => {
    const [pair = ""] = cookie.split(";");
    const i = pair.indexOf("=");
    return { name: pair.slice(0, i), value: pair.slice(i + 1), url: baseUrl, httpOnly: true, sameSite: "Lax" as const };
  });
}

/** Hydrated, fonts and pictures loaded, and finite animations finished, so the picture is what people see. */
async function ready(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, {
    timeout: 30_000,
  });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page
    .waitForFunction(
      () =>
        [...document.images].every((img) => img.complete) &&
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => {});
}

/** The marketing list's row of a campaign in this state, and the promo codes list's row of this code. */
const campaignIn = (state: string) => `[data-campaign-id]:has([data-state="${state}"])`;
const promoCode = (code: string) => `[data-testid="promo-code-row"]:has-text("${code}")`;

async function main() {
  if (!existsSync(path.join(root, BUILD_DIR, "server/index.js")))
    throw new Error(`No build in ${BUILD_DIR}/: run \`npm run build\` first.`);
  mkdirSync(OUT, { recursive: true });
  console.log("Starting the built site on a fresh embedded database with the demo data…");
  const app = await startApp({
    buildDir: BUILD_DIR,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_REQUIRE_2FA: "false", LOG_LEVEL: "warn" },
  });
  const browser = await chromium.launch({ executablePath: chromePath() });
  try {
    const cookies = await adminCookies(app.baseUrl);
    const signedIn = async (context: BrowserContext) => context.addCookies(cookies);
    const themedContext = async (theme: (typeof THEMES)[number], width: number) => {
      const context = await browser.newContext({
        baseURL: app.baseUrl,
        viewport: { width, height: width < 600 ? 844 : 800 },
        deviceScaleFactor: 1,
        colorScheme: theme,
        reducedMotion: "reduce",
      });
      await context.addInitScript((t) => window.localStorage.setItem("theme", t), theme);
      return context;
    };

    // The first competition on the list, and one line in the basket (with its answer) for the basket and checkout.
    const scout = await browser.newContext({ baseURL: app.baseUrl });
    await signedIn(scout);
    const list = await scout.newPage();
    await list.goto("/competitions");
    const href = await list.locator('main a[href^="/competition/"]').first().getAttribute("href");
    const id = Number(href?.split("/").pop());
    if (!Number.isInteger(id)) throw new Error("No competition on /competitions.");
    await list.goto(`/competition/${id}`);
    const answer = await list.locator('input[name="answer"]').first().getAttribute("value");
    const added = await scout.request.post("/basket", {
      form: { intent: "add", competitionId: String(id), quantity: "2", answer: answer ?? "" },
      // The site refuses a POST that does not say it comes from the site itself (cross-site request check).
      headers: { Origin: app.baseUrl },
      maxRedirects: 0,
    });
    if (added.status() >= 400) throw new Error(`Adding to the basket failed: ${added.status()}`);
    await scout.close();

    // The console: every area and a competition's pages, on the demo data (ids follow the seed's order: 7 closed
    // two days ago and drawn by the running job, 10 closed just before seeding, 11 cancelled, 12 a draft).
    // A record of each kind the demo data holds, found on its list as staff would (in the row `row` selects, when
    // given): the seed's complaint, its sent and draft campaigns, its running and ended promo codes.
    const admin = await browser.newContext({ baseURL: app.baseUrl });
    await signedIn(admin);
    const lists = await admin.newPage();
    const record = async (listPath: string, row?: string) => {
      await lists.goto(listPath);
      const rows = lists.locator(row ? `main ${row}` : "main");
      const link = rows.locator(`a[href^="${listPath}/"]:not([href$="/new"]):not([href$="/preview"])`).first();
      return (await link.count()) ? link.getAttribute("href") : null;
    };
    const records: [string, string | null][] = [
      ["order", await record("/admin/orders")],
      ["complaint", await record("/admin/complaints")],
      ["campaign-sent", await record("/admin/marketing", campaignIn("sent"))],
      ["campaign-draft", await record("/admin/marketing", campaignIn("draft"))],
      ["promo-code", await record("/admin/promo-codes", promoCode("WELCOME10"))],
      ["promo-code-ended", await record("/admin/promo-codes", promoCode("SPRING-FAIR"))],
    ];
    for (const [name, found] of records) if (!found) console.warn(`No ${name} in the demo data: no picture of it.`);
    await admin.close();
    const consoleShots = [
      ["dashboard", "/admin"],
      ["competitions", "/admin/competitions"],
      ["create-competition", "/admin/create-competition"],
      ["competition-live", `/admin/competitions/${id}`],
      ["competition-draft", "/admin/competitions/12"],
      ["competition-preview", "/competition/12?preview=1"],
      ["competition-cancelled", "/admin/competitions/11"],
      ["competition-pictures", `/admin/competitions/${id}/pictures`],
      ["competition-postal", `/admin/competitions/${id}/postal`],
      ["competition-cancel", `/admin/competitions/${id}/cancel`],
      ["competition-instant-wins", `/admin/competitions/${id}/instant-wins`],
      ["draw-closed", "/admin/competitions/10/draw"],
      ["draw-drawn", "/admin/competitions/7/draw"],
      ["orders", "/admin/orders"],
      ["winners", "/admin/winners"],
      ["complaints", "/admin/complaints"],
      ["roles", "/admin/roles"],
      ["settings", "/admin/settings"],
      ["domain", "/admin/domain"],
      ["audit", "/admin/audit"],
      ["marketing", "/admin/marketing"],
      ["marketing-new", "/admin/marketing/new"],
      ["consent", "/admin/consent"],
      ["recovery", "/admin/recovery"],
      ["promo-codes", "/admin/promo-codes"],
      ...records.filter((record): record is [string, string] => record[1] !== null),
    ].map(([name, path]) => ({ name: `admin-${name}`, path: path as string, signedIn: true }));
    const shots: { name: string; path: string; signedIn?: boolean }[] = [
      { name: "home", path: "/" },
      { name: "competitions", path: "/competitions" },
      { name: "competition", path: `/competition/${id}` },
      { name: "basket", path: "/basket", signedIn: true },
      { name: "checkout-review", path: "/checkout/basket", signedIn: true },
      { name: "account", path: "/account", signedIn: true },
      ...consoleShots,
      { name: "draw", path: "/draws/1" },
    ];
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const context = await themedContext(theme, width);
        const visitor = await context.newPage();
        // The signed-in pages in a second context of the same size and theme, with the admin's session.
        const accountContext = await themedContext(theme, width);
        await signedIn(accountContext);
        const account = await accountContext.newPage();
        for (const shot of shots) {
          const page = shot.signedIn ? account : visitor;
          const response = await page.goto(shot.path);
          if (!response || response.status() >= 400)
            console.warn(`${shot.path} answered ${response?.status() ?? "nothing"}`);
          await ready(page);
          const file = path.join(OUT, `${shot.name}-${width}-${theme}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(path.relative(root, file));
        }
        await accountContext.close();
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
