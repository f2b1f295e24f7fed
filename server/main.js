// Starts Paddock's HTTP server. Development: Vite middleware with HMR. Production: the built app.
// Kept in plain JavaScript so Node runs it directly; everything it loads is built by Vite.
import { readdirSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";
import { precompressedAssets } from "./precompressed-assets.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Read before the app (and its validated configuration) is loaded, since it says where the built app is; the same
// variable tells react-router.config.ts where to build.
const buildDir = path.resolve(root, process.env.PADDOCK_BUILD_DIR ?? "build");

/** A path segment decoded as serve-static decodes it, or as sent when it is not valid percent-encoding. */
const decodeURIComponentSafe = (segment) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** How long a live-update stream this process ended waits before reconnecting (to another process, via the proxy). */
const RECONNECT_RETRY_MS = 1000;
/** How long a shutdown waits for requests under way before it closes their connections. */
export const SHUTDOWN_GRACE_MS = 20_000;
/**
 * Behind a proxy (TRUST_PROXY), how long a stopping process keeps its port open before closing it (ADR 045): a
 * connection the proxy opened just before the port closed would be reset with a checkout already sent on it, which
 * the proxy must not send again. Meanwhile the process answers GET and HEAD with 503, which the proxy retries on
 * another process and counts as this one failing, so it stops sending here; everything else is served as usual.
 */
export const LAME_DUCK_MS = 1500;
/** Paths a stopping process still answers as usual: the health checks and metrics, read on its own address. */
const OWN_ADDRESS_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

const isEventStream = (res) => String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream");

/** The path of a request's URL, without its query. */
const pathOf = (url = "/") => {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
};

/**
 * Listens on `port`, or on the configuration's PORT when none is given.
 * @param {{ port?: number; development?: boolean }} [options]
 */
export async function startServer({ port, development = false } = {}) {
  const server = express();
  server.disable("x-powered-by");
  server.use(compression({ filter: (req, res) => !isEventStream(res) && compression.filter(req, res) }));

  let started;
  /** Answers what the page cache holds before any middleware; false leaves the request to Express. */
  /** @type {((req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => boolean)} */
  let frontDoor = () => false;
  if (development) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ root, server: { middlewareMode: true } });
    server.use(viteDevServer.middlewares);
    const mod = await viteDevServer.ssrLoadModule("./server/app.ts");
    started = await mod.createApp();
    server.use(mod.securityHeaders({ development: true }));
    server.use(started.app);
  } else {
    const mod = await import(path.join(buildDir, "server/index.js"));
    started = await mod.createApp();
    const security = mod.securityHeaders({
      development: false,
      extraFormActions: started.formActionOrigins,
      https: started.services.env.BASE_URL.startsWith("https://"),
    });
    // Anonymous pages the cache holds are answered before any middleware, with the same headers (ADR 019).
    const route = started.cachedPageRoute;
    if (route) frontDoor = (req, res) => route(req, res, security);
    server.use(security);
    const assets = path.join(buildDir, "client/assets");
    server.use("/assets", precompressedAssets(assets), express.static(assets, { immutable: true, maxAge: "1y" }));
    // The other public files (favicon, images) by their top-level names only: pages, the API and the payment
    // stand-in then never cost a file-system look-up for a file that is not there.
    const clientDir = path.join(buildDir, "client");
    const publicFiles = express.static(clientDir, { maxAge: "1h" });
    const topLevel = new Set(readdirSync(clientDir));
    server.use((req, res, next) => {
      const first = decodeURIComponentSafe(req.path.split("/")[1] ?? "");
      if (topLevel.has(first)) publicFiles(req, res, next);
      else next();
    });
    server.use(started.app);
  }

  // Requests under way, so a shutdown can wait for them; once it has begun, every response closes its connection, so
  // clients (the proxy included) open their next one to a process that is not stopping.
  let inFlight = 0;
  let stopping = false;
  /** Whether a GET or HEAD is answered 503 for the proxy to send elsewhere (ADR 045): stopping, behind a proxy. */
  let lameDuck = false;
  /** @type {(() => void)[]} */
  let whenIdle = [];
  const listener = await new Promise((resolve, reject) => {
    const l = createServer((req, res) => {
      inFlight++;
      res.once("close", () => {
        inFlight--;
        if (inFlight === 0) for (const resolveIdle of whenIdle.splice(0)) resolveIdle();
      });
      if (stopping) res.setHeader("Connection", "close");
      started.observeRequest(req, res);
      if (lameDuck && (req.method === "GET" || req.method === "HEAD") && !OWN_ADDRESS_PATHS.has(pathOf(req.url))) {
        res.writeHead(503, { "Retry-After": "1", "Cache-Control": "no-store", "Content-Type": "text/plain" });
        res.end("This process is stopping; ask again.");
        return;
      }
      return frontDoor(req, res) || server(req, res);
    });
    l.once("error", reject);
    l.listen(port ?? started.services.env.PORT, () => resolve(l));
  });
  const address = listener.address();
  const actualPort = typeof address === "object" && address ? address.port : started.services.env.PORT;
  return {
    port: actualPort,
    started,
    /**
     * Graceful shutdown: reports not ready, ends live-update streams with a retry hint, behind a proxy keeps its port
     * open for `lameDuckMs` while the proxy takes it out of rotation (ADR 045), stops accepting connections, lets
     * requests under way finish (at most `graceMs`), then stops the jobs (each finishes its pass, so no lease is left
     * held) and closes the database.
     * @param {{ graceMs?: number; lameDuckMs?: number }} [options]
     */
    async close({ graceMs = SHUTDOWN_GRACE_MS, lameDuckMs = LAME_DUCK_MS } = {}) {
      stopping = true;
      started.beginShutdown(RECONNECT_RETRY_MS);
      if (started.services.env.TRUST_PROXY && lameDuckMs > 0) {
        lameDuck = true;
        await new Promise((resolve) => setTimeout(resolve, lameDuckMs));
      }
      const closed = new Promise((resolve) => listener.close(() => resolve(undefined)));
      listener.closeIdleConnections?.();
      if (inFlight > 0) {
        /** @type {NodeJS.Timeout | undefined} */
        let timer;
        await Promise.race([
          new Promise((resolve) => whenIdle.push(() => resolve(undefined))),
          new Promise((resolve) => {
            timer = setTimeout(resolve, graceMs);
          }),
        ]);
        clearTimeout(timer);
      }
      whenIdle = [];
      listener.closeAllConnections?.();
      await closed;
      await started.shutdown();
    },
  };
}
