import express from "express";
import { handleStripeWebhook } from "~/server/payments/webhook.server";
import { standinCredentials } from "~/server/payments/provider.server";
import type { Services } from "~/server/services.server";
import { createStripeStandin, type StandinOptions } from "./stripe-standin";

/**
 * Mounts the payment endpoints: the Stripe webhook (raw body, before any body parser and before React Router)
 * and, without STRIPE_SECRET_KEY, the built-in Stripe stand-in under /stripe-standin.
 */
export function mountPayments(
  app: express.Express,
  services: Services,
  options: { publicBaseUrl?: string; standin?: Pick<Partial<StandinOptions>, "retryDelaysMs" | "now"> } = {},
) {
  app.post("/api/stripe/webhook", express.raw({ type: "application/json", limit: "1mb" }), async (req, res) => {
    try {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.from("");
      const result = await handleStripeWebhook(services, body, req.get("stripe-signature"));
      res.status(result.status).json(result.body);
    } catch (error) {
      services.logger.error({ err: error }, "webhook handling failed");
      res.status(500).json({ error: "Webhook handling failed" });
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
