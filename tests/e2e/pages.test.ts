import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app } from "./support/app";
import { expectAccessible, expectNoConsoleErrors, hydrated, openPage, useTheme } from "./support/browser";
import { PUBLIC_PAGES as PAGES } from "./support/pages";

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

  it("a page from the shared cache allows its inline scripts by hash and still blocks an injected one", async () => {
    const { page, errors } = await openPage();
    await page.goto("/competitions");
    const response = await page.goto("/competitions");
    expect(response?.headers()["x-page-cache"]).toMatch(/^(hit|stale|miss)$/);
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toMatch(/nonce|unsafe-inline'[^;]*;.*script|script-src[^;]*unsafe/);
    await hydrated(page);
    expectNoConsoleErrors(errors);
    const outcome = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; directive: string }>((resolve) => {
          document.addEventListener(
            "securitypolicyviolation",
            (event) => resolve({ ran: "injected" in window, directive: event.effectiveDirective }),
            { once: true },
          );
          const script = document.createElement("script");
          script.textContent = "window.injected = true";
          document.body.append(script);
        }),
    );
    expect(outcome).toEqual({ ran: false, directive: "script-src-elem" });
  });

  it("serves robots.txt, sitemap.xml and a favicon", async () => {
    const { baseUrl } = await app();
    const robots = await fetch(`${baseUrl}/robots.txt`);
    expect(await robots.text()).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${baseUrl}/competitions</loc>`);
    expect(sitemap).toMatch(/\/competition\/\d+/);
    // The favicon has a content-hashed name under /assets/ and is cached for a year.
    const html = await (await fetch(`${baseUrl}/`)).text();
    const favicon = html.match(/<link rel="icon" href="(\/assets\/favicon-[\w-]+\.svg)"/)?.[1];
    expect(favicon).toBeTruthy();
    const icon = await fetch(`${baseUrl}${favicon}`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("caches hashed assets for a year", async () => {
    const { baseUrl } = await app();
    const html = await (await fetch(`${baseUrl}/`)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${baseUrl}${asset}`);
    expect(res.headers.get("cache-control")).toContain("max-age=31536000");
  });

  it("serves the artwork under content-hashed names for a year, and redirects the old addresses", async () => {
    const { baseUrl } = await app();
    const html = await (await fetch(`${baseUrl}/competitions`)).text();
    const pictures = [
      ...new Set([...html.matchAll(/<img[^>]* src="(\/assets\/[\w-]+-[\w-]{8}\.svg)"/g)].map((m) => m[1])),
    ];
    expect(pictures.length).toBeGreaterThan(3);
    for (const picture of pictures) {
      const res = await fetch(`${baseUrl}${picture}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    const moved = await fetch(`${baseUrl}/images/competitions/rug-bundle.svg`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toMatch(/^\/assets\/rug-bundle-[\w-]{8}\.svg$/);
  });
});

afterAll(() => {});
