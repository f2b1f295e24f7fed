import "react-router";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import express from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import { startNotificationsJob } from "~/server/accounts/notifications.server";
import { startCancellationJob } from "~/server/admin/cancel.server";
import { startLifecycleJob } from "~/server/admin/lifecycle-job.server";
import { cachedPageViews } from "~/server/catalogue/competition-views.server";
import { startCheckoutPaymentQueue } from "~/server/checkout/checkout.server";
import { startReconciler } from "~/server/checkout/reconciler.server";
import { seedIfEmpty } from "~/server/demo/seed.server";
import { startDomainRecheckJob } from "~/server/domains/recheck-job.server";
import { startCampaignJob } from "~/server/marketing/sending.server";
import { authHandler, CLIENT_IP_HEADER } from "~/server/platform/auth.server";
import { backupFileName, backupPglite, pgliteClientOf } from "~/server/platform/backup.server";
import {
  nonceContext,
  type RequestContext,
  requestContext as requestContextKey,
  servicesContext,
} from "~/server/platform/context";
import { loadEnv } from "~/server/platform/env.server";
import type { Logger } from "~/server/platform/logger.server";
import { MAIL_VIEWER_PATH, mailViewerEnabled } from "~/server/platform/mail-viewer.server";
import { RequestMetrics } from "~/server/platform/metrics.server";
import { closeServices, createServices, type Services } from "~/server/platform/services.server";
import { startRecoveryAutoSendJob } from "~/server/recovery/auto-send-job.server";
import { type CachedPageRoute, cachedPageRoute } from "./cached-page-route";
import { customHostRedirect } from "./custom-host";
import { databaseUnavailableErrors, withDatabaseUnavailablePages } from "./database-unavailable";
import { formOriginCheck } from "./form-origin";
import { legacyArtwork } from "./legacy-artwork";
import { BODY_LIMITS, bodyLimit, streamLimiter } from "./limits";
import { mountLocalBeacon } from "./local-beacon";
import { mediaFiles } from "./media";
import { metricsRoute } from "./metrics";
import { notificationEvents } from "./notification-events";
import { pageCache } from "./page-cache";
import { mountPayments } from "./payments";
import { requestContextOf, requestLog, servicesFor } from "./request-log";
import { competitionEvents } from "./sse";

export { createStandinApp } from "./payments";
export { securityHeaders } from "./security";

export type StartedApp = {
  app: express.Express;
  services: Services;
  adminCredentials?: { email: string; password: string };
  /** The development mail viewer's path when it is on (server.js prints it at start). */
  mailViewerPath?: string;
  /** Origins a form may redirect to (the payment provider's hosted page). */
  formActionOrigins: string[];
  /** With the page cache on: answers cache hits before any middleware (server/main.js puts it first). */
  cachedPageRoute?: CachedPageRoute;
  /** Counts a request for /metrics when its response closes (server/main.js calls it for every request). */
  observeRequest(req: IncomingMessage, res: ServerResponse): void;
  /**
   * The first step of a graceful shutdown: /readyz answers 503 from now on, and the live-update streams end, told
   * to reconnect after `retryMs` (through the proxy, to another process).
   */
  beginShutdown(retryMs: number): void;
  /** On the embedded database: dumps it into DATA_DIR/backups while serving, and returns the file (SIGUSR2). */
  backup(): Promise<string>;
  shutdown(): Promise<void>;
};

/**
 * Builds the request pipeline around the React Router app. Used by server.js in development and production; tests
 * pass a logger to read what a request logged, and turn the page cache on (with their own clock) outside production.
 */
export async function createApp(
  options: { logger?: Logger; pageCache?: boolean; pageCacheClock?: () => number } = {},
): Promise<StartedApp> {
  const services = await createServices(loadEnv(), options.logger);
  const build = async () => withDatabaseUnavailablePages(await import("virtual:react-router/server-build"));
  const loadContext = (requestContext: RequestContext, services: Services, nonce: string) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContextKey, requestContext);
    context.set(nonceContext, nonce);
    return context;
  };
  const seeded = await seedIfEmpty(services);
  // Part of the request path, not maintenance: a held order's payment page waits on it, so it runs in tests too.
  services.jobs.push(startCheckoutPaymentQueue(services));
  // Settles pending checkouts the webhooks missed, moves competitions live and closed on time, carries
  // cancellations through their refunds, re-checks custom domains' DNS, sends due recovery e-mails and scheduled
  // campaigns; tests run
  // them by hand instead.
  if (services.env.NODE_ENV !== "test") {
    services.jobs.push(
      startReconciler(services),
      startLifecycleJob(services),
      startCancellationJob(services),
      startDomainRecheckJob(services),
      startNotificationsJob(services),
      startRecoveryAutoSendJob(services),
      startCampaignJob(services),
    );
  }
  const app = express();
  app.disable("x-powered-by");
  if (services.env.TRUST_PROXY) app.set("trust proxy", true);
  app.use(requestLog({ logger: services.logger, trustProxy: services.env.TRUST_PROXY === true }));
  app.use(bodyLimit(BODY_LIMITS));

  const streamLimits = { perClient: services.env.LIVE_STREAMS_PER_CLIENT, total: services.env.LIVE_STREAMS_TOTAL };
  const competitionStreams = streamLimiter(streamLimits);
  const notificationStreams = streamLimiter(streamLimits);
  const requests = new RequestMetrics();
  let stopping = false;

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    if (stopping) return void res.status(503).json({ status: "stopping" });
    try {
      await services.handle.ping();
      res.json({ status: "ok", database: services.handle.kind });
    } catch (error) {
      requestContextOf(res).logger.error({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });
  app.get(
    "/metrics",
    metricsRoute(services, requests, {
      liveStreams: () => ({ competitions: competitionStreams.open, notifications: notificationStreams.open }),
    }),
  );
  // Everything below moves to the verified custom domain when its redirect is on (health checks stay above).
  app.use(customHostRedirect(services));
  // The client address Express resolved (TRUST_PROXY decides), never a client-sent value: auth rate limits key on it.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    next();
  });
  // A database outage during one of its requests answers 503 "try again", never better-auth's 500 (issue 29).
  app.all("/api/auth/{*splat}", toNodeHandler(authHandler(services.auth)));
  app.get("/api/competitions/events", competitionEvents(services, streamLimits, competitionStreams));
  app.get("/api/notifications/events", notificationEvents(services, streamLimits, notificationStreams));
  app.get("/media/:key", mediaFiles(services));
  app.get("/images/competitions/:file", legacyArtwork);
  // Stripe webhook (raw body) and, without STRIPE_SECRET_KEY, the Stripe stand-in: both before React Router.
  const standin = await mountPayments(app, services);
  // The stand-in retries webhook events that failed, this process's and those a stopped one left (tests by hand).
  if (standin && services.env.NODE_ENV !== "test") services.jobs.push(standin.webhooks.start());
  // Without DRAND_URL, the local test beacon the draws read (drand's HTTP API shape, its own key pair).
  mountLocalBeacon(app, services);

  // Posts to the app's pages only from the site itself (better-auth, the webhook and the stand-in are above).
  app.use(formOriginCheck(services));

  // Anonymous home, list and competition pages from memory (ADR 019): on in production unless PAGE_CACHE_MB=0.
  let frontDoor: CachedPageRoute | undefined;
  const cacheOn = options.pageCache ?? (services.env.NODE_ENV === "production" && services.env.PAGE_CACHE_MB > 0);
  if (cacheOn) {
    const renderFetch = createFetchHandler(build, services.env.NODE_ENV);
    const countView = cachedPageViews(services);
    const cache = pageCache({
      realtime: services.realtime,
      logger: services.logger,
      now: options.pageCacheClock,
      // The render ran for no one, so each visitor's view of a competition is counted as it is served.
      onServed: (req, page) => {
        if (!page.tag.startsWith("competition:")) return;
        const clientAddress = req.headers[CLIENT_IP_HEADER];
        const visitor = { userAgent: req.headers["user-agent"], clientAddress: String(clientAddress ?? "") };
        countView(visitor, Number(page.tag.slice("competition:".length)));
      },
      maxBytes: Math.max(1, services.env.PAGE_CACHE_MB) * 1024 * 1024,
      // Rendered with no cookies and no nonce, at the site's own origin (never the request's Host header).
      render: (url) => {
        const id = `page-cache-${randomUUID()}`;
        const request = new Request(new URL(url, services.env.BASE_URL), { headers: { Accept: "text/html" } });
        const logger = services.logger.child({ reqId: id });
        return renderFetch(request, loadContext({ id, logger }, { ...services, logger }, ""));
      },
    });
    app.use(cache);
    frontDoor = cachedPageRoute(services, cache);
    services.jobs.push({
      stop: async () => {
        cache.stop();
      },
    });
  }
  app.use(
    createRequestHandler({
      build,
      getLoadContext: (_req, res) =>
        loadContext(requestContextOf(res), servicesFor(services, res), String(res.locals.cspNonce ?? "")),
    }),
  );
  app.use(databaseUnavailableErrors(services));
  return {
    app,
    services,
    adminCredentials: seeded.adminCredentials,
    mailViewerPath: mailViewerEnabled(services.env) ? MAIL_VIEWER_PATH : undefined,
    formActionOrigins: services.payments.checkoutOrigins,
    cachedPageRoute: frontDoor,
    observeRequest(req, res) {
      const started = performance.now();
      res.once("close", () => {
        const seconds = (performance.now() - started) / 1000;
        requests.observe({ method: req.method ?? "GET", path: req.url ?? "/", status: res.statusCode, seconds });
      });
    },
    beginShutdown(retryMs) {
      stopping = true;
      competitionStreams.closeAll(retryMs);
      notificationStreams.closeAll(retryMs);
    },
    async backup() {
      const file = backupFileName(services.env.DATA_DIR, services.now());
      await backupPglite(pgliteClientOf(services.db), file);
      return file;
    },
    shutdown: () => closeServices(services),
  };
}
