import { randomUUID } from "node:crypto";
import { fromNodeHeaders } from "better-auth/node";
import express from "express";
import { z } from "zod";
import { DbIdSchema } from "~/schemas/ids";
import { startCheckout } from "~/server/checkout/checkout.server";
import { checkoutBuyer } from "~/server/checkout/checkout-buyer.server";
import { holdStatus } from "~/server/checkout/hold.server";
import { handleStripeWebhook } from "~/server/checkout/webhook.server";
import { findSession } from "~/server/platform/auth.server";
import { isDatabaseUnavailable, openDatabase } from "~/server/platform/db.server";
import { loadEnv } from "~/server/platform/env.server";
import { formOriginRefusal, logOriginRefusal } from "~/server/platform/form-body.server";
import { logger } from "~/server/platform/logger.server";
import { STANDIN_APPLICATION_NAME, standinCredentials } from "~/server/platform/payments.server";
import { siteOrigins } from "~/server/platform/public-origin.server";
import type { Services } from "~/server/platform/services.server";
import { answerDatabaseUnavailable } from "./database-unavailable";
import { servicesFor } from "./request-log";
import type { StandinOptions, StripeStandin } from "./stand-ins/payments";

/** The spec's create-payment call: one competition, or several lines (a basket). Any other field is ignored. */
const CheckoutRequest = z.union([
  z.object({
    competitionId: DbIdSchema,
    quantity: z.unknown(),
    skillAnswer: z.unknown(),
    numbers: z.array(z.unknown()).max(50).optional(),
    idempotencyKey: z.string().min(8).max(200).optional(),
    useSiteCredit: z.boolean().optional(),
  }),
  z.object({
    lines: z
      .array(
        z.object({
          competitionId: DbIdSchema,
          quantity: z.unknown(),
          skillAnswer: z.unknown(),
          numbers: z.array(z.unknown()).max(50).optional(),
        }),
      )
      .min(1)
      .max(20),
    idempotencyKey: z.string().min(8).max(200).optional(),
    useSiteCredit: z.boolean().optional(),
  }),
]);

/**
 * Mounts the payment endpoints: the Stripe webhook (raw body, before any body parser and before React Router),
 * the JSON create-payment call POST /api/checkout (session cookie; used by scripts and the checkout benchmark),
 * and, without STRIPE_SECRET_KEY, the built-in Stripe stand-in under /stripe-standin (returned, so its webhook
 * retries can be started as a job).
 */
export async function mountPayments(
  app: express.Express,
  services: Services,
  options: { publicBaseUrl?: string; standin?: Pick<StandinOptions, "now"> } = {},
): Promise<StripeStandin | undefined> {
  app.post("/api/stripe/webhook", express.raw({ type: "application/json", limit: "1mb" }), async (req, res) => {
    const scoped = servicesFor(services, res);
    try {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.from("");
      const result = await handleStripeWebhook(scoped, body, req.get("stripe-signature"));
      res.status(result.status).json(result.body);
    } catch (error) {
      scoped.logger.error({ err: error }, "webhook handling failed");
      res.status(500).json({ error: "Webhook handling failed" });
    }
  });

  app.post("/api/checkout", express.json({ limit: "20kb" }), async (req, res) => {
    res.set("Cache-Control", "no-store");
    // JSON only, from our own pages: a cross-site form cannot send this, and the forms' Origin rule covers the rest.
    const refusal = formOriginRefusal((name) => req.get(name), req.path, await siteOrigins(services));
    if (!req.is("application/json") || refusal) {
      if (refusal) logOriginRefusal(servicesFor(services, res).logger, refusal);
      res.status(403).json({ error: "Forbidden" });
      return;
    }
    const headers = { cookie: req.headers.cookie, all: () => fromNodeHeaders(req.headers) };
    const parsed = CheckoutRequest.safeParse(req.body);
    if (!parsed.success) {
      // Signed out first, as for a valid body: a lookup that fails throws (the error handler's 503).
      const session = await findSession(services.auth, headers.all());
      res.status(session ? 400 : 401).json({ error: session ? "Invalid request" : "Sign in required" });
      return;
    }
    const body = parsed.data;
    const lines =
      "lines" in body
        ? body.lines
        : [
            {
              competitionId: body.competitionId,
              quantity: body.quantity,
              skillAnswer: body.skillAnswer,
              numbers: body.numbers,
            },
          ];
    // The session, its user, the protections and the competitions in one statement (ADR 042). A lookup that fails
    // throws, and the app's error handler answers 503: a signed-in buyer is never told to sign in.
    const buyer = await checkoutBuyer(
      services,
      headers,
      lines.map((line) => line.competitionId),
    );
    if (!buyer) {
      res.status(401).json({ error: "Sign in required" });
      return;
    }
    const { session } = buyer;
    const scoped = servicesFor(services, res);
    try {
      const result = await startCheckout(scoped, {
        userId: session.user.id,
        email: session.user.email,
        lines,
        idempotencyKey: body.idempotencyKey ?? randomUUID(),
        source: "lines" in body ? "basket" : "single",
        useSiteCredit: body.useSiteCredit === true,
        prefetched: buyer.prefetched,
      });
      if (result.ok)
        res.json({
          url: result.url,
          orderId: result.orderId,
          // Queued for the payment page (ADR 027): held until, and the place in the queue; url is the hold page.
          ...(result.held ? { heldUntil: result.held.until.toISOString(), place: result.held.place } : {}),
        });
      else
        res.status(result.status).json({
          error: result.message,
          ...(result.block ? { block: result.block.code } : {}),
          ...(result.taken ? { taken: result.taken.numbers } : {}),
        });
    } catch (error) {
      scoped.logger.error({ err: error }, "checkout failed");
      if (isDatabaseUnavailable(error)) answerDatabaseUnavailable(res);
      else res.status(500).json({ error: "Failed to create checkout session" });
    }
  });

  // The hold page's wait (and scripts'): answers as soon as this order's payment page is ready, or after ?wait ms.
  app.get("/api/checkout/:orderId", async (req, res) => {
    res.set("Cache-Control", "no-store");
    // As above: a failed lookup throws and is answered 503 by the app's error handler, never as a sign-out.
    const session = await findSession(services.auth, fromNodeHeaders(req.headers));
    if (!session) {
      res.status(401).json({ error: "Sign in required" });
      return;
    }
    const waitMs = Number.parseInt(String(req.query.wait ?? "0"), 10);
    const scoped = servicesFor(services, res);
    const status = await holdStatus(scoped, {
      userId: session.user.id,
      orderId: req.params.orderId,
      waitMs: Number.isFinite(waitMs) ? waitMs : 0,
    });
    if (!status) {
      res.status(404).json({ error: "Order not found" });
      return;
    }
    res.json(status.state === "queued" ? { ...status, until: status.until.toISOString() } : status);
  });

  // Served here unless real Stripe is used or another process serves it (STRIPE_STANDIN_URL, ADR 040).
  if (services.payments.mode !== "standin" || services.env.STRIPE_STANDIN_URL) return undefined;
  const publicBaseUrl = (options.publicBaseUrl ?? services.env.BASE_URL).replace(/\/$/, "");
  const standin = await loadStandin(services, {
    publicBaseUrl,
    webhookUrls: [`${publicBaseUrl}/api/stripe/webhook`],
    ...options.standin,
  });
  app.use("/stripe-standin", standin.router);
  return standin;
}

/** The stand-in for these services, imported only when it is to be served: with STRIPE_SECRET_KEY it never is. */
async function loadStandin(
  services: Pick<Services, "db" | "env" | "logger">,
  options: Pick<StandinOptions, "publicBaseUrl" | "webhookUrls" | "now">,
): Promise<StripeStandin> {
  const { createStripeStandin } = await import("./stand-ins/payments");
  const credentials = standinCredentials(services.env.AUTH_SECRET, services.env.STRIPE_WEBHOOK_SECRET);
  return createStripeStandin({
    db: services.db,
    apiKey: credentials.apiKey,
    webhookSecret: credentials.webhookSecret,
    merchantName: "Paddock",
    logger: services.logger.child({ component: "stripe-standin" }),
    rateLimitPerSecond: services.env.STRIPE_STANDIN_RATE_LIMIT,
    ...options,
  });
}

/**
 * The stand-in alone, as a process of its own serves it (the checkout benchmark's, ADR 040): an Express app with
 * only /stripe-standin and a health check, on a database pool of its own (named `paddock-standin` to PostgreSQL) with
 * its webhook retries and none of Paddock's workers, its webhooks sent to `webhookUrls` in turn (the app processes).
 * The configuration is the app's (DATABASE_URL, BASE_URL as the stand-in's own origin, the shared secret).
 */
export async function createStandinApp(webhookUrls: string[]) {
  const env = loadEnv();
  if (!env.DATABASE_URL) throw new Error("The stand-in alone needs DATABASE_URL (PGlite is one process's).");
  const url = new URL(env.DATABASE_URL);
  url.searchParams.set("application_name", STANDIN_APPLICATION_NAME);
  const handle = await openDatabase({
    url: url.toString(),
    poolSize: env.DATABASE_POOL_SIZE,
    migrationsFolder: env.MIGRATIONS_DIR,
  });
  const app = express();
  app.disable("x-powered-by");
  app.get("/readyz", (_req, res) => {
    res.json({ status: "ok" });
  });
  const standin = await loadStandin({ db: handle.db, env, logger }, { publicBaseUrl: env.BASE_URL, webhookUrls });
  app.use("/stripe-standin", standin.router);
  const retries = standin.webhooks.start();
  return {
    app,
    async shutdown() {
      await retries.stop();
      await handle.close();
    },
  };
}
