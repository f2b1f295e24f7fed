import { randomUUID } from "node:crypto";
import { fromNodeHeaders } from "better-auth/node";
import express from "express";
import { z } from "zod";
import { DbIdSchema } from "~/schemas/ids";
import { startCheckout } from "~/server/checkout/checkout.server";
import { handleStripeWebhook } from "~/server/checkout/webhook.server";
import { formOriginRefusal, logOriginRefusal } from "~/server/platform/form-body.server";
import { standinCredentials } from "~/server/platform/payments.server";
import { siteOrigins } from "~/server/platform/public-origin.server";
import type { Services } from "~/server/platform/services.server";
import { servicesFor } from "./request-log";
import { createStripeStandin, type StandinOptions } from "./stripe-standin";

/** The spec's create-payment call: one competition, or several lines (a basket). Any other field is ignored. */
const CheckoutRequest = z.union([
  z.object({
    competitionId: DbIdSchema,
    quantity: z.unknown(),
    skillAnswer: z.unknown(),
    idempotencyKey: z.string().min(8).max(200).optional(),
  }),
  z.object({
    lines: z
      .array(
        z.object({
          competitionId: DbIdSchema,
          quantity: z.unknown(),
          skillAnswer: z.unknown(),
        }),
      )
      .min(1)
      .max(20),
    idempotencyKey: z.string().min(8).max(200).optional(),
  }),
]);

/**
 * Mounts the payment endpoints: the Stripe webhook (raw body, before any body parser and before React Router),
 * the JSON create-payment call POST /api/checkout (session cookie; used by scripts and the checkout benchmark),
 * and, without STRIPE_SECRET_KEY, the built-in Stripe stand-in under /stripe-standin.
 */
export function mountPayments(
  app: express.Express,
  services: Services,
  options: { publicBaseUrl?: string; standin?: Pick<Partial<StandinOptions>, "retryDelaysMs" | "now"> } = {},
) {
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
    const session = await services.auth.api.getSession({ headers: fromNodeHeaders(req.headers) }).catch(() => null);
    if (!session) {
      res.status(401).json({ error: "Sign in required" });
      return;
    }
    const parsed = CheckoutRequest.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: "Invalid request" });
      return;
    }
    const body = parsed.data;
    const lines =
      "lines" in body
        ? body.lines
        : [{ competitionId: body.competitionId, quantity: body.quantity, skillAnswer: body.skillAnswer }];
    const scoped = servicesFor(services, res);
    try {
      const result = await startCheckout(scoped, {
        userId: session.user.id,
        email: session.user.email,
        lines,
        idempotencyKey: body.idempotencyKey ?? randomUUID(),
        source: "lines" in body ? "basket" : "single",
      });
      if (result.ok) res.json({ url: result.url, orderId: result.orderId });
      else
        res
          .status(result.status)
          .json({ error: result.message, ...(result.block ? { block: result.block.code } : {}) });
    } catch (error) {
      scoped.logger.error({ err: error }, "checkout failed");
      res.status(500).json({ error: "Failed to create checkout session" });
    }
  });

  if (services.payments.mode === "standin") {
    const credentials = standinCredentials(services.env.AUTH_SECRET, services.env.STRIPE_WEBHOOK_SECRET);
    const publicBaseUrl = (options.publicBaseUrl ?? services.env.BASE_URL).replace(/\/$/, "");
    app.use(
      "/stripe-standin",
      createStripeStandin({
        db: services.db,
        apiKey: credentials.apiKey,
        webhookSecret: credentials.webhookSecret,
        publicBaseUrl,
        webhookUrl: `${publicBaseUrl}/api/stripe/webhook`,
        merchantName: "Paddock",
        logger: services.logger.child({ component: "stripe-standin" }),
        ...options.standin,
      }),
    );
  }
}
