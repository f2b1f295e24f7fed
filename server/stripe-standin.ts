// A Stripe-compatible stand-in for offline use (no STRIPE_SECRET_KEY): the subset of Stripe's HTTP API the app
// calls (Checkout Sessions create/retrieve/expire, PaymentIntents retrieve/capture/cancel, refunds), a hosted
// payment page marked TEST MODE that takes Stripe's test cards (each reporting its funding), and signed webhooks.
// State lives in the database, so every app process serves it.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import logoHref from "~/assets/favicon.svg?url";
import { type StandinSessionRow, stripeStandinSessions } from "~/db/schema";
import { formatPence } from "~/domain/money";
import { THEME_STORAGE_KEY } from "~/lib/theme";
import type { Database } from "~/server/platform/db.server";
import type { Logger } from "~/server/platform/logger.server";

export type StandinOptions = {
  db: Database;
  apiKey: string;
  webhookSecret: string;
  /** Where browsers reach this app (the hosted page's URL is built from it). */
  publicBaseUrl: string;
  /** Where signed events are delivered. */
  webhookUrl: string;
  merchantName: string;
  logger: Logger;
  now?: () => Date;
  /** Delays between delivery attempts; the first attempt is awaited before the payer is redirected. */
  retryDelaysMs?: number[];
};

const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
const DEFAULT_EXPIRY_SECONDS = 24 * 60 * 60;

const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "x")}`;

class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly type = "invalid_request_error",
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------- Stripe-shaped JSON

function sessionJson(row: StandinSessionRow, publicBaseUrl: string) {
  return {
    id: row.id,
    object: "checkout.session",
    allowed_payment_method_types: ["card"],
    amount_subtotal: row.amountTotal,
    amount_total: row.amountTotal,
    cancel_url: row.cancelUrl,
    client_reference_id: row.clientReferenceId,
    created: Math.floor(row.createdAt.getTime() / 1000),
    currency: row.currency,
    customer_details: row.customerEmail ? { email: row.customerEmail } : null,
    customer_email: row.customerEmail,
    expires_at: Math.floor(row.expiresAt.getTime() / 1000),
    livemode: false,
    metadata: row.metadata,
    mode: "payment",
    payment_intent: row.paymentIntent,
    payment_method_types: ["card"],
    payment_status: row.paymentStatus,
    status: row.status,
    success_url: row.successUrl,
    ui_mode: "hosted_page",
    url: row.status === "open" ? `${publicBaseUrl}/stripe-standin/pay/${row.id}` : null,
  };
}

function intentJson(row: StandinSessionRow, expandPaymentMethod: boolean) {
  const paymentMethodId = `pm_${row.id.slice(-24)}`;
  const paymentMethod = {
    id: paymentMethodId,
    object: "payment_method",
    type: "card",
    card: { brand: row.cardBrand, funding: row.cardFunding, last4: row.cardLast4, country: "GB" },
    livemode: false,
  };
  const status = row.paymentIntentStatus ?? "requires_payment_method";
  return {
    id: row.paymentIntent,
    object: "payment_intent",
    amount: row.amountTotal,
    amount_capturable: status === "requires_capture" ? row.amountTotal : 0,
    amount_received: status === "succeeded" ? row.amountTotal : 0,
    capture_method: row.captureMethod,
    currency: row.currency,
    livemode: false,
    metadata: row.metadata,
    payment_method: row.cardFunding ? (expandPaymentMethod ? paymentMethod : paymentMethodId) : null,
    status,
  };
}

function eventJson(type: string, object: unknown, created: Date) {
  return {
    id: randomId("evt"),
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(created.getTime() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** Exactly Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" keyed with the endpoint secret>`. */
export function signPayload(payload: string, secret: string, timestampSeconds: number) {
  const signature = createHmac("sha256", secret).update(`${timestampSeconds}.${payload}`, "utf8").digest("hex");
  return `t=${timestampSeconds},v1=${signature}`;
}

// ------------------------------------------------------------------------------------------------- form parameters

type Params = Record<string, unknown>;

function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, v]) => v);
  }
  return [];
}

function str(params: Params, key: string): string | undefined {
  const value = params[key];
  return typeof value === "string" && value !== "" ? value : undefined;
}

function requireStr(params: Params, key: string): string {
  const value = str(params, key);
  if (value === undefined) throw new StripeApiError(400, `Missing required param: ${key}.`, "parameter_missing", key);
  return value;
}

function wholeNumber(value: unknown, param: string): number {
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n))
    throw new StripeApiError(400, `Invalid integer: ${String(value)}`, "parameter_invalid_integer", param);
  return n;
}

function parseLineItems(params: Params) {
  const items = asList(params.line_items);
  if (items.length === 0)
    throw new StripeApiError(400, "Missing required param: line_items.", "parameter_missing", "line_items");
  let currency: string | undefined;
  const lines = items.map((raw, i) => {
    const item = (raw ?? {}) as Params;
    const priceData = (item.price_data ?? {}) as Params;
    const product = (priceData.product_data ?? {}) as Params;
    const itemCurrency = requireStr(priceData, "currency").toLowerCase();
    if (currency && currency !== itemCurrency) {
      throw new StripeApiError(
        400,
        "All line items must use the same currency.",
        "parameter_invalid",
        `line_items[${i}][price_data][currency]`,
      );
    }
    currency = itemCurrency;
    const quantity = wholeNumber(item.quantity ?? "1", `line_items[${i}][quantity]`);
    const unitAmount = wholeNumber(priceData.unit_amount, `line_items[${i}][price_data][unit_amount]`);
    if (quantity < 1)
      throw new StripeApiError(
        400,
        "Quantity must be at least 1.",
        "parameter_invalid_integer",
        `line_items[${i}][quantity]`,
      );
    return {
      name: requireStr(product, "name"),
      quantity,
      unit_amount: unitAmount,
      amount_total: unitAmount * quantity,
    };
  });
  return { lines, currency: currency ?? "gbp" };
}

// ------------------------------------------------------------------------------------------------------ the router

export function createStripeStandin(options: StandinOptions): Router {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());
  const publicBaseUrl = options.publicBaseUrl.replace(/\/$/, "");
  const retryDelays = options.retryDelaysMs ?? [0, 250, 1000, 5000, 30_000, 120_000];
  const router = express.Router();

  const json = (res: Response, status: number, body: unknown) => {
    res.status(status).set("Cache-Control", "no-store").json(body);
  };

  const apiAuth = (req: Request, res: Response, next: NextFunction) => {
    const header = req.get("authorization") ?? "";
    const given = Buffer.from(header.replace(/^Bearer\s+/i, ""));
    const expected = Buffer.from(options.apiKey);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      json(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
      return;
    }
    next();
  };

  const api =
    (handler: (req: Request) => Promise<{ status?: number; body: unknown }>) => async (req: Request, res: Response) => {
      try {
        const result = await handler(req);
        json(res, result.status ?? 200, result.body);
      } catch (error) {
        if (error instanceof StripeApiError) {
          json(res, error.statusCode, {
            error: { type: error.type, message: error.message, code: error.code, param: error.param },
          });
          return;
        }
        logger.error({ err: error }, "stripe stand-in API error");
        json(res, 500, { error: { type: "api_error", message: "An error occurred with our connection to Stripe." } });
      }
    };

  // Events -------------------------------------------------------------------------------------------------------

  async function deliverOnce(payload: string) {
    const header = signPayload(payload, options.webhookSecret, Math.floor(Date.now() / 1000));
    const response = await fetch(options.webhookUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": header,
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    if (response.status < 200 || response.status >= 300)
      throw new Error(`webhook endpoint answered ${response.status}`);
  }

  /**
   * Delivers a signed event, retrying with backoff like Stripe. Resolves after the first attempt; retries continue in
   * the background.
   */
  async function sendEvent(type: string, row: StandinSessionRow) {
    const payload = JSON.stringify(eventJson(type, sessionJson(row, publicBaseUrl), now()));
    const attempt = async (index: number): Promise<void> => {
      try {
        await deliverOnce(payload);
      } catch (error) {
        const delay = retryDelays[index + 1];
        logger.warn(
          { err: error, type, session: row.id, attempt: index + 1 },
          "stripe stand-in webhook delivery failed",
        );
        if (delay === undefined) return;
        if (index === 0) {
          // Later attempts run in the background, as Stripe's do; the reconciler covers a process that dies meanwhile.
          setTimeout(() => void attempt(index + 1), delay).unref();
          return;
        }
        await new Promise<void>((resolve) => setTimeout(resolve, delay).unref());
        await attempt(index + 1);
      }
    };
    await attempt(0);
  }

  async function findSession(id: string) {
    const [row] = await db.select().from(stripeStandinSessions).where(eq(stripeStandinSessions.id, id));
    return row;
  }

  /** Sessions past their expiry become expired when next looked at (Stripe does this on a timer). */
  async function loadSession(id: string): Promise<StandinSessionRow | undefined> {
    const row = await findSession(id);
    if (row?.status !== "open" || row.expiresAt.getTime() > now().getTime()) return row;
    const [expired] = await db
      .update(stripeStandinSessions)
      .set({ status: "expired" })
      .where(
        and(
          eq(stripeStandinSessions.id, id),
          eq(stripeStandinSessions.status, "open"),
          lte(stripeStandinSessions.expiresAt, now()),
        ),
      )
      .returning();
    if (expired) {
      await sendEvent("checkout.session.expired", expired);
      return expired;
    }
    return findSession(id);
  }

  // API ----------------------------------------------------------------------------------------------------------

  const apiRouter = express.Router();
  apiRouter.use(apiAuth, express.urlencoded({ extended: true, limit: "100kb" }));

  apiRouter.post(
    "/checkout/sessions",
    api(async (req) => {
      const params = (req.body ?? {}) as Params;
      const idempotencyKey = req.get("idempotency-key") ?? null;
      if (idempotencyKey) {
        const [existing] = await db
          .select()
          .from(stripeStandinSessions)
          .where(eq(stripeStandinSessions.idempotencyKey, idempotencyKey));
        if (existing) {
          const metadata = (params.metadata ?? {}) as Record<string, string>;
          if (metadata.order_id !== existing.metadata.order_id) {
            throw new StripeApiError(
              400,
              "Keys for idempotent requests can only be used with the same parameters they were first used with.",
              "idempotency_key_in_use",
              undefined,
              "idempotency_error",
            );
          }
          return { body: sessionJson(existing, publicBaseUrl) };
        }
      }
      if (str(params, "mode") !== "payment")
        throw new StripeApiError(400, "The stand-in supports only mode=payment.", "parameter_invalid", "mode");
      const { lines, currency } = parseLineItems(params);
      const successUrl = requireStr(params, "success_url");
      const cancelUrl = requireStr(params, "cancel_url");
      const createdAt = now();
      const nowSeconds = Math.floor(createdAt.getTime() / 1000);
      const expiresAtSeconds =
        params.expires_at === undefined
          ? nowSeconds + DEFAULT_EXPIRY_SECONDS
          : wholeNumber(params.expires_at, "expires_at");
      if (expiresAtSeconds - nowSeconds < MIN_EXPIRY_SECONDS || expiresAtSeconds - nowSeconds > MAX_EXPIRY_SECONDS) {
        throw new StripeApiError(
          400,
          "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
          "parameter_invalid",
          "expires_at",
        );
      }
      const intentData = (params.payment_intent_data ?? {}) as Params;
      const captureMethod = str(intentData, "capture_method") ?? "automatic";
      if (!["automatic", "automatic_async", "manual"].includes(captureMethod)) {
        throw new StripeApiError(
          400,
          `Invalid payment_intent_data[capture_method]: must be one of automatic, automatic_async, or manual`,
          "parameter_invalid",
          "payment_intent_data[capture_method]",
        );
      }
      const metadata = Object.fromEntries(
        Object.entries((params.metadata ?? {}) as Record<string, unknown>).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string",
        ),
      );
      const values = {
        id: randomId("cs_test"),
        idempotencyKey,
        amountTotal: lines.reduce((sum, line) => sum + line.amount_total, 0),
        currency,
        customerEmail: str(params, "customer_email") ?? null,
        clientReferenceId: str(params, "client_reference_id") ?? null,
        metadata,
        lineItems: lines,
        captureMethod: captureMethod === "manual" ? "manual" : "automatic",
        successUrl,
        cancelUrl,
        expiresAt: new Date(expiresAtSeconds * 1000),
        createdAt,
      };
      const [row] = await db
        .insert(stripeStandinSessions)
        .values(values)
        .onConflictDoNothing({ target: stripeStandinSessions.idempotencyKey })
        .returning();
      // A concurrent request with the same key won the insert: answer with its session, as Stripe would.
      const session =
        row ??
        (idempotencyKey
          ? (
              await db
                .select()
                .from(stripeStandinSessions)
                .where(eq(stripeStandinSessions.idempotencyKey, idempotencyKey))
            )[0]
          : undefined);
      if (!session) throw new Error("session insert failed");
      return { body: sessionJson(session, publicBaseUrl) };
    }),
  );

  apiRouter.get(
    "/checkout/sessions/:id",
    api(async (req) => {
      const row = await loadSession(String(req.params.id));
      if (!row)
        throw new StripeApiError(404, `No such checkout.session: '${req.params.id}'`, "resource_missing", "session");
      return { body: sessionJson(row, publicBaseUrl) };
    }),
  );

  apiRouter.post(
    "/checkout/sessions/:id/expire",
    api(async (req) => {
      const id = String(req.params.id);
      const current = await loadSession(id);
      if (!current) throw new StripeApiError(404, `No such checkout.session: '${id}'`, "resource_missing", "session");
      const [expired] = await db
        .update(stripeStandinSessions)
        .set({ status: "expired" })
        .where(and(eq(stripeStandinSessions.id, id), eq(stripeStandinSessions.status, "open")))
        .returning();
      if (!expired) {
        throw new StripeApiError(
          400,
          `Only Checkout Sessions with a status in ["open"] can be expired. ` +
            `This Checkout Session has a status of "${current.status}".`,
          "checkout_session_not_open",
        );
      }
      await sendEvent("checkout.session.expired", expired);
      return { body: sessionJson(expired, publicBaseUrl) };
    }),
  );

  apiRouter.post(
    "/refunds",
    api(async (req) => {
      const params = (req.body ?? {}) as Params;
      const paymentIntent = requireStr(params, "payment_intent");
      const idempotencyKey = req.get("idempotency-key") ?? null;
      const [row] = await db
        .select()
        .from(stripeStandinSessions)
        .where(eq(stripeStandinSessions.paymentIntent, paymentIntent));
      if (!row)
        throw new StripeApiError(
          404,
          `No such payment_intent: '${paymentIntent}'`,
          "resource_missing",
          "payment_intent",
        );
      const refundBody = (r: StandinSessionRow) => ({
        id: r.refundId,
        object: "refund",
        amount: r.amountTotal,
        currency: r.currency,
        payment_intent: r.paymentIntent,
        reason: str(params, "reason") ?? null,
        status: "succeeded",
        created: Math.floor((r.refundedAt ?? now()).getTime() / 1000),
      });
      const [refunded] = await db
        .update(stripeStandinSessions)
        .set({ refundId: randomId("re"), refundIdempotencyKey: idempotencyKey, refundedAt: now() })
        .where(
          and(
            eq(stripeStandinSessions.id, row.id),
            sql`${stripeStandinSessions.refundId} is null`,
            eq(stripeStandinSessions.paymentStatus, "paid"),
          ),
        )
        .returning();
      if (refunded) return { body: refundBody(refunded) };
      const latest = (await findSession(row.id)) ?? row;
      if (latest.refundId && idempotencyKey && latest.refundIdempotencyKey === idempotencyKey)
        return { body: refundBody(latest) };
      if (latest.refundId)
        throw new StripeApiError(
          400,
          `Charge for payment_intent ${paymentIntent} has already been refunded.`,
          "charge_already_refunded",
        );
      throw new StripeApiError(
        400,
        "This PaymentIntent has not been paid, so it cannot be refunded.",
        "payment_intent_unexpected_state",
      );
    }),
  );

  // PaymentIntents: read (with the card's PaymentMethod when expanded), capture and cancel an authorisation. -----

  async function findIntent(id: string) {
    const [row] = await db.select().from(stripeStandinSessions).where(eq(stripeStandinSessions.paymentIntent, id));
    if (!row) throw new StripeApiError(404, `No such payment_intent: '${id}'`, "resource_missing", "intent");
    return row;
  }

  const expands = (req: Request, field: string) =>
    Object.entries(req.query).some(([key, value]) => key.startsWith("expand") && [value].flat().includes(field));

  apiRouter.get(
    "/payment_intents/:id",
    api(async (req) => {
      const row = await findIntent(String(req.params.id));
      return { body: intentJson(row, expands(req, "payment_method")) };
    }),
  );

  /** Moves an authorised (requires_capture) PaymentIntent on, once; anything else is Stripe's unexpected state. */
  function settleIntent(action: "capture" | "cancel") {
    return api(async (req) => {
      const row = await findIntent(String(req.params.id));
      const captured = action === "capture";
      const [moved] = await db
        .update(stripeStandinSessions)
        .set(
          captured ? { paymentIntentStatus: "succeeded", paymentStatus: "paid" } : { paymentIntentStatus: "canceled" },
        )
        .where(
          and(eq(stripeStandinSessions.id, row.id), eq(stripeStandinSessions.paymentIntentStatus, "requires_capture")),
        )
        .returning();
      if (moved) return { body: intentJson(moved, false) };
      const latest = (await findSession(row.id)) ?? row;
      throw new StripeApiError(
        400,
        `This PaymentIntent could not be ${captured ? "captured" : "canceled"} because it has a status of ` +
          `${latest.paymentIntentStatus}. Only a PaymentIntent with one of the following statuses may be ` +
          `${captured ? "captured" : "canceled"}: requires_capture.`,
        "payment_intent_unexpected_state",
      );
    });
  }
  apiRouter.post("/payment_intents/:id/capture", settleIntent("capture"));
  apiRouter.post("/payment_intents/:id/cancel", settleIntent("cancel"));

  router.use("/v1", apiRouter);

  // Hosted payment page --------------------------------------------------------------------------------------------

  const page = (res: Response, status: number, html: string) => {
    res
      .status(status)
      .set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" })
      .send(html);
  };

  router.get("/pay/:id", async (req, res, next) => {
    try {
      const row = await loadSession(String(req.params.id));
      if (!row) return page(res, 404, notFoundPage(options.merchantName, nonceOf(res)));
      if (row.status === "complete") return res.redirect(303, successTarget(row));
      return page(res, 200, payPage(row, options.merchantName, {}, nonceOf(res)));
    } catch (error) {
      next(error);
    }
  });

  router.post("/pay/:id", express.urlencoded({ extended: false, limit: "10kb" }), async (req, res, next) => {
    try {
      const row = await loadSession(String(req.params.id));
      if (!row) return page(res, 404, notFoundPage(options.merchantName, nonceOf(res)));
      if (row.status === "complete") return res.redirect(303, successTarget(row));
      if (row.status !== "open") return page(res, 410, payPage(row, options.merchantName, {}, nonceOf(res)));
      const form = readCardForm(req.body as Record<string, unknown>);
      const outcome = chargeTestCard(form, now());
      if (!outcome.ok)
        return page(res, outcome.status, payPage(row, options.merchantName, { form, error: outcome }, nonceOf(res)));
      // With manual capture the card is only authorised: the session completes unpaid until the PaymentIntent is
      // captured (Stripe's behaviour for payment_intent_data[capture_method]=manual).
      const manual = row.captureMethod === "manual";
      const [paid] = await db
        .update(stripeStandinSessions)
        .set({
          status: "complete",
          paymentStatus: manual ? "unpaid" : "paid",
          paymentIntent: randomId("pi"),
          paymentIntentStatus: manual ? "requires_capture" : "succeeded",
          cardFunding: outcome.card.funding,
          cardBrand: outcome.card.brand,
          cardLast4: outcome.card.last4,
          completedAt: now(),
        })
        .where(
          and(
            eq(stripeStandinSessions.id, row.id),
            eq(stripeStandinSessions.status, "open"),
            gt(stripeStandinSessions.expiresAt, now()),
          ),
        )
        .returning();
      if (!paid) {
        // Someone else completed or expired it a moment ago: show whatever it is now.
        const latest = await loadSession(row.id);
        if (latest?.status === "complete") return res.redirect(303, successTarget(latest));
        return page(res, 410, payPage(latest ?? row, options.merchantName, {}, nonceOf(res)));
      }
      await sendEvent("checkout.session.completed", paid);
      res.redirect(303, successTarget(paid));
    } catch (error) {
      next(error);
    }
  });

  return router;
}

/** The security headers' CSP nonce for this response, when they set one. */
const nonceOf = (res: Response) => (typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : undefined);

function successTarget(row: StandinSessionRow) {
  return row.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", row.id);
}

// ----------------------------------------------------------------------------------------------------- test cards

type CardForm = { cardNumber: string; expiry: string; cvc: string; name: string };
type CardField = keyof CardForm;
type TestCard = { funding: "credit" | "debit" | "prepaid"; brand: string; last4: string };
type CardOutcome = { ok: true; card: TestCard } | { ok: false; status: number; message: string; field?: CardField };

function readCardForm(body: Record<string, unknown>): CardForm {
  const text = (key: string) => (typeof body[key] === "string" ? (body[key] as string).slice(0, 100) : "");
  return { cardNumber: text("cardNumber"), expiry: text("expiry"), cvc: text("cvc"), name: text("name") };
}

function luhnValid(digits: string) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const pays = (number: string, brand: string, funding: TestCard["funding"]): CardOutcome => ({
  ok: true,
  card: { brand, funding, last4: number.slice(-4) },
});

/**
 * Stripe's documented test cards (https://docs.stripe.com/testing) and their outcomes; each paying card reports
 * its brand and funding (credit, debit or prepaid) on its PaymentMethod, as Stripe's do.
 */
const TEST_CARDS: Record<string, CardOutcome> = {
  "4242424242424242": pays("4242424242424242", "visa", "credit"),
  "4000056655665556": pays("4000056655665556", "visa", "debit"),
  "5555555555554444": pays("5555555555554444", "mastercard", "credit"),
  "2223003122003222": pays("2223003122003222", "mastercard", "credit"),
  "5200828282828210": pays("5200828282828210", "mastercard", "debit"),
  "5105105105105100": pays("5105105105105100", "mastercard", "prepaid"),
  "378282246310005": pays("378282246310005", "amex", "credit"),
  "4000000000000002": { ok: false, status: 402, message: "Your card was declined." },
  "4000000000009995": { ok: false, status: 402, message: "Your card has insufficient funds." },
  "4000000000009987": { ok: false, status: 402, message: "Your card was declined." },
  "4000000000000069": { ok: false, status: 402, message: "Your card has expired.", field: "expiry" },
  "4000000000000127": { ok: false, status: 402, message: "Your card's security code is incorrect.", field: "cvc" },
  "4000000000000119": {
    ok: false,
    status: 402,
    message: "An error occurred while processing your card. Try again in a little bit.",
  },
};

function chargeTestCard(form: CardForm, now: Date): CardOutcome {
  const digits = form.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits))
    return { ok: false, status: 400, message: "Your card number is incomplete.", field: "cardNumber" };
  if (!luhnValid(digits))
    return { ok: false, status: 400, message: "Your card number is invalid.", field: "cardNumber" };
  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(form.expiry);
  if (!expiry)
    return { ok: false, status: 400, message: "Your card's expiration date is incomplete.", field: "expiry" };
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  if (month < 1 || month > 12)
    return { ok: false, status: 400, message: "Your card's expiration date is invalid.", field: "expiry" };
  if (year < now.getUTCFullYear())
    return { ok: false, status: 400, message: "Your card's expiration year is in the past.", field: "expiry" };
  if (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1) {
    return { ok: false, status: 400, message: "Your card's expiration date is in the past.", field: "expiry" };
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim()))
    return { ok: false, status: 400, message: "Your card's security code is incomplete.", field: "cvc" };
  if (form.name.trim() === "")
    return { ok: false, status: 400, message: "Enter the name on your card.", field: "name" };
  return (
    TEST_CARDS[digits] ?? {
      ok: false,
      status: 402,
      message:
        "Your card was declined. This is a test-mode payment page: use a Stripe test card such as 4242 4242 4242 4242.",
      field: "cardNumber",
    }
  );
}

// ----------------------------------------------------------------------------------------------------------- HTML

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

// Paddock's look (app/app.css's tokens and type), light or dark as the visitor's system asks, or as the site's own
// theme choice says when this page can read it (same origin: the site's boot script, run with the CSP nonce).
const LIGHT = {
  bg: "#faf8f5",
  card: "#ffffff",
  fg: "#1c1917",
  muted: "#57534e",
  line: "#d6cfc5",
  input: "#78716c",
  primary: "#7c2d12",
  "primary-fg": "#ffffff",
  ring: "#b45309",
  error: "#b91c1c",
  banner: "#fef3c7",
  "banner-fg": "#78350f",
};
const DARK: typeof LIGHT = {
  bg: "#0f0d0b",
  card: "#1c1915",
  fg: "#f5f1ea",
  muted: "#c4bcb0",
  line: "#3f3830",
  input: "#a8a29e",
  primary: "#f59e0b",
  "primary-fg": "#1c1410",
  ring: "#fbbf24",
  error: "#f87171",
  banner: "#fde68a",
  "banner-fg": "#1c1410",
};
const tokens = (values: typeof LIGHT) =>
  Object.entries(values)
    .map(([name, value]) => `--${name}:${value}`)
    .join(";");

const STYLE = `
:root{color-scheme:light;${tokens(LIGHT)}}
@media (prefers-color-scheme:dark){:root:not(.light){color-scheme:dark;${tokens(DARK)}}}
:root.dark{color-scheme:dark;${tokens(DARK)}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
  background:var(--bg);color:var(--fg)}
.banner{background:var(--banner);color:var(--banner-fg);text-align:center;padding:.5rem 1rem;font-weight:700;
  font-size:.9rem;letter-spacing:.01em}
header{max-width:30rem;margin:1.5rem auto 0;padding:0 1rem;display:flex;align-items:center;gap:.5rem;
  font-size:1.25rem;font-weight:700;letter-spacing:-.01em}
.badge{margin-left:auto;border:1px solid var(--banner-fg);background:var(--banner);color:var(--banner-fg);
  border-radius:999px;padding:.1rem .6rem;font-size:.75rem;font-weight:700}
main{max-width:30rem;margin:1rem auto 2rem;padding:0 1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1.5rem;
  box-shadow:0 1px 2px rgb(0 0 0 / .06)}
h1{font-size:1.25rem;margin:0 0 .25rem;letter-spacing:-.01em}.merchant{color:var(--muted);margin:0 0 1rem}
.amount{font-size:2rem;font-weight:700;margin:0 0 1rem;letter-spacing:-.02em}
ul{list-style:none;padding:0;margin:0 0 1.5rem;border-top:1px solid var(--line)}
li{display:flex;justify-content:space-between;gap:1rem;padding:.5rem 0;border-bottom:1px solid var(--line);
  font-size:.95rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem;font-size:.95rem}
input{width:100%;font:inherit;padding:.6rem .75rem;border:1px solid var(--input);border-radius:.375rem;
  background:var(--card);color:var(--fg)}
input::placeholder{color:var(--muted)}
input[aria-invalid=true]{border-color:var(--error);border-width:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
:focus-visible{outline:3px solid var(--ring);outline-offset:2px}
button{margin-top:1.5rem;width:100%;font:inherit;font-weight:700;padding:.75rem;border:0;border-radius:.375rem;
  background:var(--primary);color:var(--primary-fg);cursor:pointer}
button:hover{filter:brightness(1.1)}
.error{color:var(--error);font-weight:600;margin:1rem 0 0}
.hint{color:var(--muted);font-size:.85rem;margin:1rem 0 0}
a{color:var(--fg);text-underline-offset:2px}.cancel{display:inline-block;margin-top:1rem}
`;

function layout(title: string, body: string, nonce: string | undefined) {
  const script = `<script${nonce ? ` nonce="${escapeHtml(nonce)}"` : ""}>${STORED_THEME_SCRIPT}</script>`;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="${logoHref}" type="image/svg+xml">
<title>${escapeHtml(title)}</title>
${script}
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="note">TEST MODE: this is Paddock's built-in Stripe stand-in. No real card is charged.</div>
<header><img src="${logoHref}" alt="" width="32" height="32"><span>Paddock</span>
<span class="badge">TEST MODE</span></header>
<main>
${body}
</main>
</body>
</html>`;
}

/** The site's stored choice (light, dark or system) as a class; with none stored, the system's preference. */
const STORED_THEME_SCRIPT =
  `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");if(t!=="light"&&t!=="dark")return;` +
  `document.documentElement.classList.add(t);}catch(e){}})();`;

function notFoundPage(merchantName: string, nonce: string | undefined) {
  return layout(
    `Payment not found · ${merchantName}`,
    `<div class="card"><h1>Payment not found</h1><p>This payment link is not valid.</p></div>`,
    nonce,
  );
}

function payPage(
  row: StandinSessionRow,
  merchantName: string,
  state: { form?: CardForm; error?: { message: string; field?: CardField } },
  nonce: string | undefined,
) {
  const amount = formatPence(row.amountTotal);
  const items = row.lineItems
    .map(
      (line) =>
        `<li><span>${escapeHtml(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ""}</span>` +
        `<span>${formatPence(line.amount_total)}</span></li>`,
    )
    .join("");
  const cancel =
    `<a class="cancel" href="${escapeHtml(row.cancelUrl)}">` + `Cancel and return to ${escapeHtml(merchantName)}</a>`;
  if (row.status !== "open") {
    const heading = row.status === "expired" ? "This checkout session has expired" : "This payment is complete";
    return layout(
      `${heading} · ${merchantName}`,
      `<div class="card"><h1>${heading}</h1><p class="merchant">${escapeHtml(merchantName)}</p>` +
        `<p>No payment can be made on this page.</p>${cancel}</div>`,
      nonce,
    );
  }
  const form = state.form ?? { cardNumber: "", expiry: "", cvc: "", name: "" };
  const error = state.error;
  const EXPIRY_ATTRS = 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY"';
  const field = (name: CardField, label: string, attrs: string) => {
    const invalid = error?.field === name;
    const described = invalid ? ' aria-invalid="true" aria-describedby="pay-error"' : "";
    return (
      `<label for="${name}">${label}</label>` +
      `<input id="${name}" name="${name}" value="${escapeHtml(form[name])}" required ${attrs}${described}>`
    );
  };
  return layout(
    `Pay ${amount} · ${merchantName}`,
    `<div class="card">
<h1>Pay ${escapeHtml(merchantName)}</h1>
<p class="merchant">Secure checkout (test mode)</p>
<p class="amount">${amount}</p>
<ul aria-label="Order summary">${items}</ul>
<form method="post" action="/stripe-standin/pay/${escapeHtml(row.id)}" novalidate>
${field("cardNumber", "Card number", 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"')}
<div class="row"><div>${field("expiry", "Expiry (MM / YY)", EXPIRY_ATTRS)}</div>
<div>${field("cvc", "CVC", 'inputmode="numeric" autocomplete="cc-csc" placeholder="123"')}</div></div>
${field("name", "Name on card", 'autocomplete="cc-name"')}
${error ? `<p class="error" id="pay-error" role="alert">${escapeHtml(error.message)}</p>` : ""}
<button type="submit">Pay ${amount}</button>
</form>
<p class="hint">Test cards: 4242 4242 4242 4242 pays (credit card); 4000 0566 5566 5556 pays (debit card);
4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds. Any future expiry, any CVC.</p>
${cancel}
</div>`,
    nonce,
  );
}
