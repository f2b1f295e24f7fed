// The shared cache of rendered anonymous pages (ADR 019) in the whole app, served through Vite's development
// server with production security headers, on a clock the test moves: a sale's NOTIFY makes pages stale at once
// and they are never sent a second after it; signed-in visitors and toasts never touch the cache; a cached page's
// CSP names its inline scripts by hash, never a nonce. Hits are answered before the middleware chain, as
// server/main.js serves them, with the headers the chain would give.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competitions, customDomains, funnelEvents } from "~/db/schema";
import { inlineScripts, PAGE_FRESHNESS } from "~/domain/page-cache";
import { createCompetition, createVerifiedUser } from "~/server/demo/factories.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { StartedApp } from "../../server/app";
import { createTestPostgresUrl, dropTestPostgres } from "../support/database";
import { type DevServer, startDevServer } from "../support/dev-server";
import { type Listening, listen, rawRequest } from "../support/http-server";

const saved = { ...process.env };
let dataDir: string;
let databaseUrl: string | undefined;
let devServer: DevServer;
/** The app's own copy of the origin setting (the app's modules are Vite's, not this file's). */
let refreshPublicOrigin: typeof import("~/server/platform/public-origin.server").refreshPublicOrigin;
let started: StartedApp;
let site: Listening;
/** The same app without the front door: every request goes through the middleware chain. */
let chainOnly: Listening;
let clock = 1_000_000;
let competitionId: number;

const url = (pathname: string) => `http://127.0.0.1:${site.port}${pathname}`;
const get = (pathname: string, headers: Record<string, string> = {}) => fetch(url(pathname), { headers });

/** Resolves once this process has heard the NOTIFY for a change to the competition. */
function notified(id: number): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = started.services.realtime.subscribe((change) => {
      if (change.id !== id) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Sells tickets as a checkout does (the counter on the row), and waits for the change to be announced. */
async function sell(id: number, tickets: number) {
  const heard = notified(id);
  await started.services.db
    .update(competitions)
    .set({ ticketsSold: sql`${competitions.ticketsSold} + ${tickets}` })
    .where(eq(competitions.id, id));
  await heard;
}

const soldText = (sold: number) => `data-testid="tickets-sold">${sold}<`;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "paddock-page-cache-"));
  databaseUrl = await createTestPostgresUrl();
  process.env = {
    ...saved,
    DATA_DIR: dataDir,
    BASE_URL: "http://localhost:3999",
    SEED: "false",
    DATABASE_URL: databaseUrl ?? "",
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
  };
  devServer = await startDevServer();
  const { vite } = devServer;
  const mod = await vite.ssrLoadModule("./server/app.ts");
  started = await mod.createApp({ pageCache: true, pageCacheClock: () => clock });
  ({ refreshPublicOrigin } = await vite.ssrLoadModule("~/server/platform/public-origin.server"));
  const app = express();
  app.disable("x-powered-by");
  const security = mod.securityHeaders({ development: false });
  app.use(vite.middlewares);
  app.use(security);
  app.use(started.app);
  const route = started.cachedPageRoute;
  if (!route) throw new Error("the page cache is on, so the app has a front door for its hits");
  site = await listen((req: IncomingMessage, res: ServerResponse) => route(req, res, security) || app(req, res));
  chainOnly = await listen(app);
  const announced = new Promise<void>((resolve) => {
    const unsubscribe = started.services.realtime.subscribe(() => {
      unsubscribe();
      resolve();
    });
  });
  const row = await createCompetition(started.services.db, {
    title: "Cached saddle",
    totalTickets: 1000,
    ticketsSold: 100,
    featured: true,
    endDate: new Date(Date.now() + 7 * 86_400_000),
  });
  competitionId = row.id;
  // Pages rendered from here on come after the competition's own announcement.
  await announced;
  clock += 1;
});

afterAll(async () => {
  await site?.close();
  await chainOnly?.close();
  await started?.shutdown();
  await devServer?.close();
  await dropTestPostgres(databaseUrl);
  rmSync(dataDir, { recursive: true, force: true });
  process.env = saved;
});

describe("anonymous pages", () => {
  it.each(["/", "/competitions?sort=newest", "/competition/ID"])(
    "%s is rendered once, then sent from memory",
    async (p) => {
      const pathname = p.replace("ID", String(competitionId));
      const first = await get(pathname);
      expect(first.status).toBe(200);
      expect(first.headers.get("x-page-cache")).toBe("miss");
      const firstBody = await first.text();
      const second = await get(pathname);
      expect(second.headers.get("x-page-cache")).toBe("hit");
      expect(await second.text()).toBe(firstBody);
      for (const res of [first, second]) {
        expect(res.headers.get("vary")).toBe("Cookie, Accept-Encoding");
        expect(res.headers.get("cache-control")).toMatch(/^public, s-maxage=\d+, stale-while-revalidate=\d+$/);
      }
    },
  );

  it("is sent compressed as the browser asks, and answers a matching If-None-Match with 304", async () => {
    const plain = await (await get("/")).text();
    const br = await fetch(url("/"), { headers: { "Accept-Encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(await br.text()).toBe(plain);
    const etag = br.headers.get("etag") ?? "";
    expect(etag).toMatch(/^".+"$/);
    const again = await get("/", { "If-None-Match": etag });
    expect(again.status).toBe(304);
  });

  it("carries a CSP that allows exactly its own inline scripts, by hash, and no nonce", async () => {
    const res = await get(`/competition/${competitionId}`);
    const html = await res.text();
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src ")) ?? "";
    const hashes = inlineScripts(html).map((t) => `'sha256-${createHash("sha256").update(t).digest("base64")}'`);
    expect(hashes.length).toBeGreaterThan(0);
    expect(scriptSrc).toBe(`script-src 'self' ${[...hashes].join(" ")}`);
    expect(csp).not.toMatch(/nonce-|unsafe-inline'?\s*[;]?\s*$|script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
    expect(html).not.toMatch(/nonce="[^"]+"/);
  });

  it("a hit is answered before the middleware chain with the headers the chain gives it", async () => {
    const pathname = `/competition/${competitionId}`;
    await get(pathname);
    const front = await get(pathname, { "Accept-Encoding": "gzip" });
    const chain = await fetch(`http://127.0.0.1:${chainOnly.port}${pathname}`, {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(front.headers.get("x-page-cache")).toBe("hit");
    expect(chain.headers.get("x-page-cache")).toBe("hit");
    const comparable = (res: Response) =>
      Object.fromEntries([...res.headers].filter(([name]) => !["date", "x-request-id", "connection"].includes(name)));
    expect(comparable(front)).toEqual(comparable(chain));
    expect(front.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(front.headers.get("x-request-id")).not.toBe(chain.headers.get("x-request-id"));
    expect(await front.text()).toBe(await chain.text());
  });

  it("a page on another host is still sent to the verified custom domain when its redirect is on", async () => {
    const pathname = `/competition/${competitionId}`;
    await get(pathname);
    const [domain] = await started.services.db
      .insert(customDomains)
      .values({ domain: "paddock.localhost", verificationToken: "t", status: "verified", redirectOtherHosts: true })
      .returning();
    try {
      await refreshPublicOrigin(started.services);
      const other = await rawRequest(site.port, {
        method: "GET",
        path: pathname,
        headers: { Host: "other.localhost" },
      });
      expect(other.status).toBe(301);
      expect(other.headers.location).toBe(`https://paddock.localhost${pathname}`);
      const own = await rawRequest(site.port, {
        method: "GET",
        path: pathname,
        headers: { Host: "paddock.localhost" },
      });
      expect(own.status).toBe(200);
      expect(own.headers["x-page-cache"]).toBe("hit");
    } finally {
      await started.services.db.delete(customDomains).where(eq(customDomains.id, domain!.id));
      await refreshPublicOrigin(started.services);
    }
  });

  it("counts a visitor's view of a cached competition page once, as the uncached page did", async () => {
    const id = competitionId;
    const browser = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" };
    const views = async () =>
      (
        await started.services.db
          .select()
          .from(funnelEvents)
          .where(and(eq(funnelEvents.competitionId, id), eq(funnelEvents.stage, "viewed")))
      ).length;
    const before = await views();
    for (let i = 0; i < 3; i++)
      expect((await get(`/competition/${id}`, browser)).headers.get("x-page-cache")).toBeTruthy();
    await expect.poll(views).toBe(before + 1);
  });
});

describe("invalidation", () => {
  it("a sale makes the page stale at once; it is never sent a second after the sale", async () => {
    const pathname = `/competition/${competitionId}`;
    await get(pathname);
    const cached = await get(pathname);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    const before = await cached.text();
    const [row] = await started.services.db.select().from(competitions).where(eq(competitions.id, competitionId));
    const sold = (row?.ticketsSold ?? 0) + 7;
    expect(before).toContain(soldText(sold - 7));

    clock += 300;
    await sell(competitionId, 7);
    // Straight after the NOTIFY the old page may still go out, marked stale, while one render refreshes it.
    const staleOrFresh = await get(pathname);
    expect(staleOrFresh.headers.get("x-page-cache")).toBe("stale");

    // A second after the sale nothing rendered before it is sent.
    clock += 1_000;
    const later = await get(pathname);
    expect(["miss", "hit"]).toContain(later.headers.get("x-page-cache"));
    expect(await later.text()).toContain(soldText(sold));
    // The list and the home page showed the old count too: the same sale made them stale.
    const list = await get("/competitions?sort=newest");
    expect(list.headers.get("x-page-cache")).not.toBe("hit");
  });

  it("a bigger change (a competition withdrawn) expires the pages at once: the next visitor gets it", async () => {
    const other = await createCompetition(started.services.db, { title: "Closing bridle", totalTickets: 50 });
    // Once its own announcement is in, the page is kept (the clock moves on as a real one would).
    const cacheState = async () => {
      clock += 1;
      return (await get("/competitions?q=bridle")).headers.get("x-page-cache");
    };
    await expect.poll(cacheState).toBe("hit");
    expect(await (await get("/competitions?q=bridle")).text()).toContain("Closing bridle");
    clock += 1;
    const heard = notified(other.id);
    await started.services.db.update(competitions).set({ status: "draft" }).where(eq(competitions.id, other.id));
    await heard;
    const after = await get("/competitions?q=bridle");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).not.toContain("Closing bridle");
  });

  it("without any change a page is rendered again after its maximum age", async () => {
    clock += 1;
    await get("/competitions");
    clock += 1;
    expect((await get("/competitions")).headers.get("x-page-cache")).toBe("hit");
    clock += PAGE_FRESHNESS.maxAgeMs + PAGE_FRESHNESS.staleWindowMs;
    expect((await get("/competitions")).headers.get("x-page-cache")).toBe("miss");
  });
});

describe("personal pages never touch the cache", () => {
  it("a signed-in visitor's page is rendered for them, private, with a nonce, never shared", async () => {
    const { email, password } = await createVerifiedUser(started.services, { name: "Cache Tester" });
    const signIn = await fetch(url("/api/auth/sign-in/email"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost:3999" },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.ok).toBe(true);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    await get("/");
    for (const pathname of ["/", "/competitions", `/competition/${competitionId}`]) {
      const mine = await get(pathname, { Cookie: cookie });
      expect(mine.headers.get("x-page-cache")).toBeNull();
      expect(mine.headers.get("cache-control")).toBe("private, no-store");
      expect(mine.headers.get("content-security-policy")).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
      expect(await mine.text()).toContain("Cache Tester");
      const anonymous = await get(pathname);
      expect(anonymous.headers.get("x-page-cache")).not.toBeNull();
      expect(await anonymous.text()).not.toContain("Cache Tester");
    }
  });

  it("a page carrying a toast is rendered for its visitor and the toast is never cached", async () => {
    const toast = { type: "success" as const, title: "Only for this visitor" };
    const redirect = await redirectWithToast(started.services, "/", toast);
    const cookie = (redirect.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const mine = await get("/", { Cookie: cookie });
    expect(mine.headers.get("x-page-cache")).toBeNull();
    expect(mine.headers.get("set-cookie")).toMatch(/paddock_toast=;/);
    expect(await mine.text()).toContain("Only for this visitor");
    const anonymous = await get("/");
    expect(anonymous.headers.get("x-page-cache")).not.toBeNull();
    expect(await anonymous.text()).not.toContain("Only for this visitor");
  });

  it("an unknown competition is answered by React Router itself (back to the list) and not kept", async () => {
    const missing = await fetch(url("/competition/2147483000"), { redirect: "manual" });
    expect(missing.status).toBe(302);
    expect(missing.headers.get("x-page-cache")).toBeNull();
    expect(missing.headers.get("content-security-policy")).toMatch(/'nonce-/);
  });
});
