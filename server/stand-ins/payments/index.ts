// A Stripe-compatible stand-in for offline use (no STRIPE_SECRET_KEY; ADR 004): the subset of Stripe's HTTP API the
// app calls (api.ts), a hosted payment page marked TEST MODE that takes Stripe's test cards (hosted-page.ts), and
// signed webhooks retried durably with backoff (webhooks.ts). Its state lives in the database, so every app process
// serves it. The app loads this folder only by a dynamic import (server/payments.ts), never in a build with Stripe.
import express, { type Router } from "express";
import type { Database } from "~/server/platform/db.server";
import type { Logger } from "~/server/platform/logger.server";
import { apiRouter } from "./api";
import { hostedPageRouter } from "./hosted-page";
import type { StandinContext } from "./state";
import { type WebhookDeliveries, webhookDeliveries } from "./webhooks";

export { RATE_LIMITED_BODY } from "./rate-limit";
export { retryDelayMs, signPayload } from "./webhooks";

export type StandinOptions = {
  db: Database;
  apiKey: string;
  webhookSecret: string;
  /** Where browsers reach this app (the hosted page's URL is built from it). */
  publicBaseUrl: string;
  /** Where signed events are delivered: the app's endpoint, or each app process's in turn (ADR 040). */
  webhookUrls: string[];
  merchantName: string;
  logger: Logger;
  now?: () => Date;
  /** Requests a second each API endpoint takes before answering 429, as Stripe's do; 0 is no limit. */
  rateLimitPerSecond: number;
};

export type StripeStandin = {
  /** Mounted at /stripe-standin. */
  router: Router;
  /** Pending webhook events: `start()` retries them in the background (a job), `deliverDue()` once, by hand. */
  webhooks: Pick<WebhookDeliveries, "start" | "deliverDue">;
};

export function createStripeStandin(options: StandinOptions): StripeStandin {
  const now = options.now ?? (() => new Date());
  const webhooks = webhookDeliveries({
    db: options.db,
    logger: options.logger,
    now,
    webhookUrls: options.webhookUrls,
    webhookSecret: options.webhookSecret,
  });
  const context: StandinContext = {
    db: options.db,
    logger: options.logger,
    now,
    publicBaseUrl: options.publicBaseUrl.replace(/\/$/, ""),
    enqueueEvent: webhooks.enqueue,
    newEvent: webhooks.newEvent,
    deliverNow: webhooks.deliverNow,
  };
  const router = express.Router();
  router.use("/v1", apiRouter(context, { apiKey: options.apiKey, rateLimitPerSecond: options.rateLimitPerSecond }));
  router.use(hostedPageRouter(context, options.merchantName));
  return { router, webhooks };
}
