import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app } from "./support/app";
import { expectAccessible, expectNoConsoleErrors, hydrated, openPage, useTheme } from "./support/browser";

const PAGES = [
  { path: "/", h1: /./ },
  { path: "/about", h1: /about/i },
  { path: "/how-it-works", h1: /how/i },
  { path: "/winners", h1: /winners/i },
  { path: "/terms", h1: /terms/i },
  { path: "/privacy", h1: /privacy/i },
  { path: "/refunds", h1: /refund/i },
  { path: "/faq", h1: /questions|faq/i },
  { path: "/contact", h1: /contact/i },
  { path: "/newsletter", h1: /newsletter/i },
  { path: "/competitions", h1: /competitions/i },
  { path: "/competition/1", h1: /./ },
  { path: "/signin", h1: /sign in/i },
  { path: "/join", h1: /join/i },
  { path: "/auth", h1: /welcome/i },
  { path: "/auth?tab=signup", h1: /create your account/i },
  { path: "/forgot-password", h1: /reset your password/i },
  { path: "/reset-password", h1: /new password/i },
  { path: "/no-such-page", h1: /Oops! Page not found/ },
];

beforeAll(async () => {
  await app();
});

describe("every page", () => {
  for (const theme of ["dark", "light"] as const) {
    for (const { path, h1 } of PAGES) {
      it(`${path} has one h1, its own title and no axe violations in the ${theme} theme`, async () => {
        const { page, context, errors } = await openPage({ colorScheme: theme });
        await useTheme(context, theme);
        const response = await page.goto(path);
        expect(response?.status()).toBe(path === "/no-such-page" ? 404 : 200);
        await hydrated(page);
        expect(await page.locator("html").getAttribute("class")).toContain(theme);
        await expect.poll(() => page.locator("h1").count()).toBe(1);
        expect(await page.locator("h1").innerText()).toMatch(h1);
        expect(await page.title()).toMatch(/Paddock/);
        expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
        await expect.poll(() => page.locator("main#main").count()).toBe(1);
        await expectAccessible(page);
        if (path !== "/no-such-page") expectNoConsoleErrors(errors);
      });
    }
  }
});

describe("platform", () => {
  it("answers health and readiness checks", async () => {
    const { baseUrl } = await app();
    const health = await fetch(`${baseUrl}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ok" });
  });

  it("sends a Content-Security-Policy whose nonce is on every inline script", async () => {
    const { baseUrl } = await app();
    const res = await fetch(`${baseUrl}/about`);
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves robots.txt, sitemap.xml and a favicon", async () => {
    const { baseUrl } = await app();
    const robots = await fetch(`${baseUrl}/robots.txt`);
    expect(await robots.text()).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${baseUrl}/competitions</loc>`);
    expect(sitemap).toMatch(/\/competition\/\d+/);
    expect((await fetch(`${baseUrl}/favicon.svg`)).status).toBe(200);
  });

  it("caches hashed assets for a year", async () => {
    const { baseUrl } = await app();
    const html = await (await fetch(`${baseUrl}/`)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${baseUrl}${asset}`);
    expect(res.headers.get("cache-control")).toContain("max-age=31536000");
  });
});

afterAll(() => {});
