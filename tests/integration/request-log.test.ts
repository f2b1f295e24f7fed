// Request ids and request logs: the middleware on a small Express app, then the whole app (served through Vite's
// development server, as `npm run dev` does) where an error page shows the id its log lines carry.
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE } from "~/content/unavailable";
import { createVerifiedUser } from "~/server/demo/factories.server";
import type { Database } from "~/server/platform/db.server";
import type { Logger } from "~/server/platform/logger.server";
import type { StartedApp } from "../../server/app";
import { requestContextOf, requestLog } from "../../server/request-log";
import { createTestPostgresUrl, dropTestPostgres } from "../support/database";
import { type DevServer, startDevServer } from "../support/dev-server";
import { freePort } from "../support/free-port";

type LogLine = { level: number; msg: string; reqId?: string; [key: string]: unknown };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** A debug-level pino logger whose JSON lines are collected in memory. */
function capturedLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: "debug" }, destination), lines };
}

async function listen(app: express.Express, port = 0): Promise<{ server: Server; baseUrl: string }> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(port, "127.0.0.1", () => resolve(s));
  });
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close(server: Server) {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The line the middleware writes when the response is done (it may land just after the client has the body). */
async function completion(lines: LogLine[], reqId: string): Promise<LogLine> {
  await expect.poll(() => lines.some((l) => l.reqId === reqId && l.msg === "request completed")).toBe(true);
  return lines.find((l) => l.reqId === reqId && l.msg === "request completed")!;
}

describe("request log middleware", () => {
  const { logger, lines } = capturedLogger();
  let plain: { server: Server; baseUrl: string };
  let behindProxy: { server: Server; baseUrl: string };

  function tinyApp(trustProxy: boolean) {
    const app = express();
    app.use(requestLog({ logger, trustProxy }));
    app.get("/healthz", (_req, res) => {
      res.json({ status: "ok" });
    });
    app.get("/work", (_req, res) => {
      requestContextOf(res).logger.info({ step: 1 }, "doing the work");
      res.send("done");
    });
    app.get("/boom", (_req, res) => {
      res.status(500).send("failed");
    });
    app.get("/api/auth/reset-password/:token", (_req, res) => {
      res.redirect("/reset-password");
    });
    return app;
  }

  beforeAll(async () => {
    plain = await listen(tinyApp(false));
    behindProxy = await listen(tinyApp(true));
  });
  afterAll(async () => {
    await close(plain.server);
    await close(behindProxy.server);
  });

  it("gives each request an id, returns it, and every line of that request carries it", async () => {
    const res = await fetch(`${plain.baseUrl}/work?token=secret-token-value`);
    expect(await res.text()).toBe("done");
    const id = res.headers.get("x-request-id") ?? "";
    expect(id).toMatch(UUID);
    const done = await completion(lines, id);
    expect(done).toMatchObject({ level: LEVEL.info, method: "GET", path: "/work", status: 200, bytes: 4 });
    expect(done.durationMs).toEqual(expect.any(Number));
    expect(lines.find((l) => l.msg === "doing the work")).toMatchObject({ reqId: id, step: 1 });
    expect(JSON.stringify(lines)).not.toContain("secret-token-value");

    const other = (await fetch(`${plain.baseUrl}/work`)).headers.get("x-request-id");
    expect(other).toMatch(UUID);
    expect(other).not.toBe(id);
  });

  it("logs 5xx at error, health checks at debug, and masks a reset token in the path", async () => {
    const failed = (await fetch(`${plain.baseUrl}/boom`)).headers.get("x-request-id")!;
    expect(await completion(lines, failed)).toMatchObject({ level: LEVEL.error, status: 500, path: "/boom" });
    const probe = (await fetch(`${plain.baseUrl}/healthz`)).headers.get("x-request-id")!;
    expect(await completion(lines, probe)).toMatchObject({ level: LEVEL.debug, status: 200 });
    const reset = await fetch(`${plain.baseUrl}/api/auth/reset-password/tok3n-value?callbackURL=/x`, {
      redirect: "manual",
    });
    const resetLine = await completion(lines, reset.headers.get("x-request-id")!);
    expect(resetLine).toMatchObject({ path: "/api/auth/reset-password/:token", status: 302 });
    expect(JSON.stringify(lines)).not.toContain("tok3n-value");
  });

  it("takes a proxy's X-Request-Id only when TRUST_PROXY is on and the id is well formed", async () => {
    const headers = { "X-Request-Id": "edge-7f3a9c21b4" };
    expect((await fetch(`${plain.baseUrl}/work`, { headers })).headers.get("x-request-id")).toMatch(UUID);
    expect((await fetch(`${behindProxy.baseUrl}/work`, { headers })).headers.get("x-request-id")).toBe(
      "edge-7f3a9c21b4",
    );
    for (const unsafe of ["short", "has spaces in it", "<script>alert(1)</script>", "x".repeat(129)]) {
      const res = await fetch(`${behindProxy.baseUrl}/work`, { headers: { "X-Request-Id": unsafe } });
      expect(res.headers.get("x-request-id")).toMatch(UUID);
    }
  });
});

describe("the whole app: error pages, where forms may come from, data requests", () => {
  const { logger, lines } = capturedLogger();
  const saved = { ...process.env };
  let dataDir: string;
  let databaseUrl: string | undefined;
  let devServer: DevServer;
  let started: StartedApp;
  let site: { server: Server; baseUrl: string };
  let healthyDb: Database;
  let port: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "paddock-request-log-"));
    databaseUrl = await createTestPostgresUrl();
    // createApp reads the process's environment (where Vitest puts BASE_URL "/"); an empty DATABASE_URL counts as
    // unset (embedded PGlite).
    // BASE_URL names localhost; the site is reached at 127.0.0.1 on the same port, its loopback alias.
    port = await freePort();
    const appEnv = {
      DATA_DIR: dataDir,
      BASE_URL: `http://localhost:${port}`,
      SEED: "false",
      DATABASE_URL: databaseUrl ?? "",
    };
    process.env = { ...saved, ...appEnv, BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123" };
    devServer = await startDevServer();
    const { vite } = devServer;
    const mod = await vite.ssrLoadModule("./server/app.ts");
    started = await mod.createApp({ logger });
    healthyDb = started.services.db;
    const app = express();
    app.use(vite.middlewares);
    app.use(mod.securityHeaders({ development: true }));
    app.use(started.app);
    site = await listen(app, port);
  });
  afterAll(async () => {
    if (site) await close(site.server);
    await started?.shutdown();
    await devServer?.close();
    await dropTestPostgres(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
    process.env = saved;
  });

  /** A database that fails every query, as when the server is unreachable. */
  function breakDatabase() {
    started.services.db = new Proxy({} as Database, {
      get() {
        throw new Error("database unavailable (test)");
      },
    });
  }

  it("shows the request id as the support reference, and the error is logged with it", async () => {
    breakDatabase();
    try {
      for (const [page, heading] of [
        ["/competitions", "Failed to load competitions. Please try again."],
        ["/", "Something went wrong"],
      ] as const) {
        const res = await fetch(`${site.baseUrl}${page}`);
        const html = await res.text();
        const id = res.headers.get("x-request-id") ?? "";
        expect(res.status).toBe(500);
        expect(id).toMatch(UUID);
        expect(html).toContain(heading);
        expect(html).toContain(`Support reference: <code data-testid="support-reference">${id}</code>`);
        const done = await completion(lines, id);
        expect(done).toMatchObject({ level: LEVEL.error, method: "GET", path: page, status: 500 });
        const failure = lines.find((l) => l.reqId === id && l.msg === "unhandled error in a loader, action or render");
        expect(failure).toMatchObject({ level: LEVEL.error, err: { message: "database unavailable (test)" } });
      }
    } finally {
      started.services.db = healthyDb;
    }
  });

  it("a page whose database is away answers 503 with Retry-After and 'try again', not a 500 (issue 29)", async () => {
    const cut = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    started.services.db = new Proxy({} as Database, {
      get() {
        throw new Error("Failed query: select", { cause: cut });
      },
    });
    try {
      for (const [page, heading] of [
        ["/", DATABASE_UNAVAILABLE.title],
        ["/competitions", "Failed to load competitions. Please try again."],
      ] as const) {
        const res = await fetch(`${site.baseUrl}${page}`);
        const html = await res.text();
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe(String(DATABASE_UNAVAILABLE.retryAfterSeconds));
        expect(html).toContain(heading);
        const id = res.headers.get("x-request-id") ?? "";
        const failure = lines.find((l) => l.reqId === id && l.msg === "database unavailable: answered 503");
        expect(failure).toMatchObject({ level: LEVEL.error, err: { message: `Failed query: select: ${cut.message}` } });
      }
    } finally {
      started.services.db = healthyDb;
    }
  });

  it("keeps the reference off pages that work, and off the not-found page", async () => {
    for (const page of ["/competitions", "/no-such-page"]) {
      const res = await fetch(`${site.baseUrl}${page}`);
      const html = await res.text();
      expect(res.status).toBe(page === "/competitions" ? 200 : 404);
      expect(res.headers.get("x-request-id")).toMatch(UUID);
      expect(html).not.toContain("Support reference");
    }
  });

  /** A form post as a browser (or anything else) sends it, with these headers. */
  async function postForm(page: string, form: Record<string, string>, headers: Record<string, string>) {
    const res = await fetch(`${site.baseUrl}${page}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(form),
    });
    const id = res.headers.get("x-request-id") ?? "";
    const text = await res.text();
    await completion(lines, id);
    return { res, text, logged: lines.filter((l) => l.reqId === id) };
  }
  const contactForm = { name: "Jane", email: "jane@example.test", subject: "Hi", message: "Hello there" };

  it("refuses a post from another site, or with no Origin and no same-origin Fetch Metadata: 403, warned", async () => {
    for (const headers of [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      {},
    ] as Record<string, string>[]) {
      const { res, text, logged } = await postForm("/contact", contactForm, headers);
      expect(res.status).toBe(403);
      expect(text).toMatch(/^Forms may only be sent from this site\./);
      expect(text).toContain(`http://localhost:${port}`);
      expect(logged.filter((l) => l.level >= LEVEL.error)).toEqual([]);
      const warnings = logged.filter((l) => l.level === LEVEL.warn);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({
        msg: "form refused: not sent from this site",
        origin: headers.origin ?? null,
        expected: expect.arrayContaining([`http://localhost:${port}`]),
      });
    }
  });

  it("takes a post from its own pages: from a loopback alias of BASE_URL, or same-origin Fetch Metadata", async () => {
    for (const headers of [{ origin: site.baseUrl }, { "sec-fetch-site": "same-origin" }] as Record<string, string>[]) {
      const { res, logged } = await postForm("/contact", contactForm, headers);
      expect(res.status).toBe(200);
      expect(logged.filter((l) => l.level >= LEVEL.warn)).toEqual([]);
    }
  });

  it("a sign-in through a data request with a non-ASCII redirect target is sent there percent-encoded", async () => {
    const email = "data-request@example.test";
    const password = "a-data-request-password";
    await createVerifiedUser(started.services, { email, password, name: "Data Request" });
    const { res, text, logged } = await postForm(
      "/signin.data",
      { intent: "signin", email, password, redirectTo: "/\u3000é" },
      { origin: site.baseUrl },
    );
    expect(res.status).toBe(202);
    expect(text).toContain('"/%E3%80%80%C3%A9"');
    expect(res.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(true);
    expect(logged.filter((l) => l.level >= LEVEL.error)).toEqual([]);
  });
});
