import { beforeAll, describe, expect, it } from "vitest";
import { clientManifest, firstLoadFiles, otherPagesFiles } from "../../scripts/bundling/client-manifest.js";
import { app } from "./support/app";
import { hydrated } from "./support/browser";
import { scopedPages } from "./support/scoped-pages";

// Issue 11: a first visit preloads a few grouped files (scripts/bundling/first-load-chunks.ts), not dozens over one
// HTTP/1.1 queue, and fetches no other page's code.
const MAX_MODULE_PRELOADS = 15;
const LANDING_PAGES = [
  { path: "/", routeId: "routes/site/home" },
  { path: "/competitions", routeId: "routes/catalogue/competitions" },
  { path: "/competition/1", routeId: "routes/catalogue/competition" },
];

beforeAll(async () => {
  await app();
});

const openPage = scopedPages();

describe("a first visit's JavaScript", () => {
  for (const { path, routeId } of LANDING_PAGES) {
    it(`${path} preloads at most ${MAX_MODULE_PRELOADS} modules, all of its own route chain`, async () => {
      const { baseUrl } = await app();
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
      expect(preloads.length).toBeGreaterThan(0);
      expect(preloads.length).toBeLessThanOrEqual(MAX_MODULE_PRELOADS);
      const needed = firstLoadFiles(clientManifest(), routeId);
      expect(preloads.filter((href) => !needed.has(href ?? ""))).toEqual([]);
    });

    it(`${path} asks for nothing ahead of its stylesheet but its largest image, at high priority`, async () => {
      const { baseUrl } = await app();
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      const head = html.slice(0, html.indexOf('rel="stylesheet"'));
      const requests = [...head.matchAll(/<link rel="(preload|modulepreload|stylesheet|icon)"[^>]*>/g)].map(
        (m) => m[0],
      );
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatch(/as="image".*fetchPriority="high"/);
    });

    it(`${path} fetches no code only other pages use, before or after it hydrates`, async () => {
      const { page } = await openPage();
      const fetched: string[] = [];
      page.on("request", (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith(".js")) fetched.push(pathname);
      });
      await page.goto(path);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      const manifest = clientManifest();
      expect(fetched).toEqual(expect.arrayContaining([...firstLoadFiles(manifest, routeId)]));
      const others = otherPagesFiles(manifest, routeId);
      expect(fetched.filter((file) => others.has(file))).toEqual([]);
    });
  }
});
