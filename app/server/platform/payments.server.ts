import { createHmac } from "node:crypto";
import Stripe from "stripe";
import type { Env } from "./env.server";

/**
 * The one payment path: Stripe's API through the official SDK. With STRIPE_SECRET_KEY it talks to Stripe;
 * without it the same SDK talks to the built-in stand-in (server/stand-ins/payments/) served by this app under
 * /stripe-standin, so the application code is identical either way.
 */

export type SessionStatus = "open" | "complete" | "expired";
export type SessionPaymentStatus = "paid" | "unpaid" | "no_payment_required";

/** The facts about a Checkout Session the app acts on, whichever way it arrived (API call or webhook). */
export type CheckoutSessionSummary = {
  id: string;
  url: string | null;
  status: SessionStatus;
  paymentStatus: SessionPaymentStatus;
  amountTotal: number | null;
  currency: string | null;
  orderId: string | null;
  paymentIntentId: string | null;
  expiresAt: Date;
};

type CheckoutLineItem = { name: string; description?: string; amountPence: number };

export type CreateCheckoutSessionInput = {
  orderId: string;
  email: string;
  /** One item per order line, priced at the line's total after its multi-buy discount. */
  items: CheckoutLineItem[];
  expiresAt: Date;
  idempotencyKey: string;
  /**
   * Where the buyer comes back to (success and cancel pages): the site's public origin, the verified custom domain
   * when there is one. Defaults to BASE_URL.
   */
  returnOrigin?: string;
};

/** An authorised or settled card payment, with the card's funding as the provider reports it. */
export type PaymentIntentSummary = {
  id: string;
  status: string;
  amount: number;
  /** credit, debit, prepaid or unknown (Stripe's card.funding); null when no card is attached. */
  funding: string | null;
};

export type PaymentProvider = {
  readonly mode: "stripe" | "standin";
  /** Origins the browser is sent to for payment (for the CSP's form-action); empty when it is this app. */
  readonly checkoutOrigins: string[];
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSessionSummary>;
  retrieveSession(sessionId: string): Promise<CheckoutSessionSummary>;
  /** Expires an open session; returns the session's state afterwards, even when it had already completed or expired. */
  expireSession(sessionId: string): Promise<CheckoutSessionSummary>;
  refund(paymentIntentId: string, idempotencyKey: string): Promise<{ id: string; status: string }>;
  /** The PaymentIntent with its card's funding (the PaymentMethod expanded). */
  retrievePaymentIntent(paymentIntentId: string): Promise<PaymentIntentSummary>;
  /** Takes the money an authorisation holds (capture_method=manual). */
  capturePaymentIntent(paymentIntentId: string, idempotencyKey: string): Promise<PaymentIntentSummary>;
  /** Releases an authorisation without taking any money. */
  cancelPaymentIntent(paymentIntentId: string, idempotencyKey: string): Promise<PaymentIntentSummary>;
  /** Verifies the Stripe-Signature header over the raw body; throws when it does not match. */
  constructEvent(rawBody: Buffer | string, signature: string | undefined): Stripe.Event;
};

const STANDIN_PATH = "/stripe-standin";

/** How PostgreSQL names the connections of a stand-in served apart (pg_stat_activity), so its CPU is counted apart. */
export const STANDIN_APPLICATION_NAME = "paddock-standin";

/** The stand-in's API key and webhook secret, derived from the app's secret so only this deployment knows them. */
export function standinCredentials(authSecret: string, webhookSecret?: string) {
  const derive = (purpose: string) =>
    createHmac("sha256", authSecret).update(`paddock-stripe-standin:${purpose}`).digest("base64url");
  return {
    apiKey: `sk_test_standin_${derive("api-key")}`,
    webhookSecret: webhookSecret ?? `whsec_standin_${derive("webhook")}`,
  };
}

export function toSessionSummary(session: Stripe.Checkout.Session): CheckoutSessionSummary {
  const paymentIntent = session.payment_intent;
  return {
    id: session.id,
    url: session.url ?? null,
    status: (session.status ?? "open") as SessionStatus,
    paymentStatus: session.payment_status as SessionPaymentStatus,
    amountTotal: session.amount_total ?? null,
    currency: session.currency ?? null,
    orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
    paymentIntentId: typeof paymentIntent === "string" ? paymentIntent : (paymentIntent?.id ?? null),
    expiresAt: new Date(session.expires_at * 1000),
  };
}

function toIntentSummary(intent: Stripe.PaymentIntent): PaymentIntentSummary {
  const method = intent.payment_method;
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    funding: method && typeof method === "object" ? (method.card?.funding ?? "unknown") : null,
  };
}

/** Stripe's SDK always calls /v1/…; the stand-in lives under /stripe-standin/v1/…, so its requests get that prefix. */
function prefixedHttpClient(prefix: string) {
  const inner = Stripe.createNodeHttpClient();
  return {
    getClientName: () => "paddock-standin",
    makeRequest: (...args: Parameters<typeof inner.makeRequest>) => {
      const [host, port, path, ...rest] = args;
      return inner.makeRequest(host, port, `${prefix}${path}`, ...rest);
    },
  };
}

type ProviderOptions = {
  secretKey?: string;
  webhookSecret?: string;
  baseUrl: string;
  /** The stand-in's API origin (this app, e.g. http://localhost:3000); used only without a secret key. */
  standinApiOrigin?: string;
  /** The stand-in is served by another process (ADR 040): its hosted page is at `standinApiOrigin`. */
  standinElsewhere?: boolean;
  authSecret: string;
};

export function createPaymentProvider(options: ProviderOptions): PaymentProvider {
  const realStripe = Boolean(options.secretKey);
  let stripe: Stripe;
  let webhookSecret: string | undefined;
  if (options.secretKey) {
    stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: "Paddock" } });
    webhookSecret = options.webhookSecret;
  } else {
    const credentials = standinCredentials(options.authSecret, options.webhookSecret);
    const origin = new URL(options.standinApiOrigin ?? options.baseUrl);
    stripe = new Stripe(credentials.apiKey, {
      host: origin.hostname,
      port: origin.port || (origin.protocol === "https:" ? 443 : 80),
      protocol: origin.protocol === "https:" ? "https" : "http",
      httpClient: prefixedHttpClient(STANDIN_PATH),
      maxNetworkRetries: 2,
      timeout: 10_000,
    });
    webhookSecret = credentials.webhookSecret;
  }
  const baseUrl = options.baseUrl.replace(/\/$/, "");

  const retrieveSession = async (sessionId: string) =>
    toSessionSummary(await stripe.checkout.sessions.retrieve(sessionId));

  return {
    mode: realStripe ? "stripe" : "standin",
    checkoutOrigins: realStripe
      ? ["https://checkout.stripe.com"]
      : options.standinElsewhere && options.standinApiOrigin
        ? [new URL(options.standinApiOrigin).origin]
        : [],

    async createCheckoutSession(input) {
      const orderId = encodeURIComponent(input.orderId);
      const returnTo = (input.returnOrigin ?? baseUrl).replace(/\/$/, "");
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          // Card covers Apple Pay and Google Pay: Stripe offers them as card wallets where the device supports them.
          allowed_payment_method_types: ["card"],
          line_items: input.items.map((item) => ({
            quantity: 1,
            price_data: {
              currency: "gbp",
              unit_amount: item.amountPence,
              product_data: { name: item.name, ...(item.description ? { description: item.description } : {}) },
            },
          })),
          metadata: { order_id: input.orderId },
          // Authorise only: the app captures once it has checked the card's funding against the credit card cap
          // (ADR 018), and cancels the authorisation otherwise, so no money moves for a refused payment.
          payment_intent_data: { metadata: { order_id: input.orderId }, capture_method: "manual" },
          client_reference_id: input.orderId,
          customer_email: input.email,
          success_url: `${returnTo}/payment-success?session_id={CHECKOUT_SESSION_ID}&order_id=${orderId}`,
          cancel_url: `${returnTo}/payment-cancelled?order_id=${orderId}`,
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toSessionSummary(session);
    },

    retrieveSession,

    async expireSession(sessionId) {
      try {
        return toSessionSummary(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open; what matters is its state now.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const current = await retrieveSession(sessionId);
          if (current.status !== "open") return current;
        }
        throw error;
      }
    },

    async refund(paymentIntentId, idempotencyKey) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentIntentId, reason: "requested_by_customer" },
          { idempotencyKey },
        );
        return { id: refund.id, status: refund.status ?? "succeeded" };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.code === "charge_already_refunded") {
          return { id: "already_refunded", status: "succeeded" };
        }
        throw error;
      }
    },

    async retrievePaymentIntent(paymentIntentId) {
      return toIntentSummary(await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["payment_method"] }));
    },

    async capturePaymentIntent(paymentIntentId, idempotencyKey) {
      return toIntentSummary(await stripe.paymentIntents.capture(paymentIntentId, {}, { idempotencyKey }));
    },

    async cancelPaymentIntent(paymentIntentId, idempotencyKey) {
      return toIntentSummary(await stripe.paymentIntents.cancel(paymentIntentId, {}, { idempotencyKey }));
    },

    constructEvent(rawBody, signature) {
      if (!webhookSecret) throw new Error("STRIPE_WEBHOOK_SECRET is not set, so webhooks cannot be verified");
      if (!signature) throw new Error("Missing Stripe-Signature header");
      return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
    },
  };
}

export function paymentProviderFromEnv(
  env: Pick<
    Env,
    | "STRIPE_SECRET_KEY"
    | "STRIPE_WEBHOOK_SECRET"
    | "STRIPE_STANDIN_URL"
    | "BASE_URL"
    | "PORT"
    | "AUTH_SECRET"
    | "TRUST_PROXY"
  >,
  standinApiOrigin?: string,
) {
  // Behind a proxy the stand-in is asked through the site's address, as its webhooks are sent: a process that is
  // shutting down no longer accepts connections, even its own, and the proxy sends the call to another process.
  const ownOrigin = env.TRUST_PROXY ? env.BASE_URL : `http://localhost:${env.PORT}`;
  return createPaymentProvider({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    baseUrl: env.BASE_URL,
    standinApiOrigin: standinApiOrigin ?? env.STRIPE_STANDIN_URL ?? ownOrigin,
    standinElsewhere: Boolean(env.STRIPE_STANDIN_URL),
    authSecret: env.AUTH_SECRET,
  });
}

/**
 * Whether a failed provider call may succeed if made again later: the provider's rate limit (429), a connection
 * that failed or a server error on its side. Any other refusal (an invalid request, a permission) is definite.
 * Errors that are not the provider's (a test's stand-in, a bug) are not retried.
 */
export function providerErrorKind(error: unknown): "rate_limited" | "transient" | "definite" {
  if (error instanceof Stripe.errors.StripeRateLimitError) return "rate_limited";
  if (error instanceof Stripe.errors.StripeError && error.statusCode === 429) return "rate_limited";
  if (error instanceof Stripe.errors.StripeConnectionError) return "transient";
  if (error instanceof Stripe.errors.StripeAPIError) return "transient";
  if (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500) return "transient";
  return "definite";
}
