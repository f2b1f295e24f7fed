// The subset of Stripe's HTTP API the app calls, under /stripe-standin/v1: Checkout Sessions (create with an
// idempotency key, retrieve, expire), refunds, and PaymentIntents (retrieve, capture, cancel). Each endpoint keeps
// Stripe's per-endpoint rate limit (rate-limit.ts).
import { timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { type StandinSessionRow, stripeStandinSessions } from "~/db/schema";
import type { Database } from "~/server/platform/db.server";
import { preparedPerDatabase } from "~/server/platform/prepared.server";
import { endpointRateLimit } from "./rate-limit";
import {
  expireSession,
  findSession,
  findSessionBy,
  intentJson,
  loadSession,
  randomId,
  type StandinContext,
  StripeApiError,
  sessionJson,
} from "./state";

/**
 * An authorised PaymentIntent captured or cancelled, found by its own id (one per paid order, no read before it):
 * prepared once per database.
 */
const intentMoves = preparedPerDatabase((db: Database) => {
  const move = (set: Partial<StandinSessionRow>, name: string) =>
    db
      .update(stripeStandinSessions)
      .set(set)
      .where(
        and(
          eq(stripeStandinSessions.paymentIntent, sql.placeholder("intent")),
          eq(stripeStandinSessions.paymentIntentStatus, "requires_capture"),
        ),
      )
      .returning()
      .prepare(name);
  return {
    capture: move({ paymentIntentStatus: "succeeded", paymentStatus: "paid" }, "standin_capture_by_intent"),
    cancel: move({ paymentIntentStatus: "canceled" }, "standin_cancel_by_intent"),
  };
});

const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
const DEFAULT_EXPIRY_SECONDS = 24 * 60 * 60;

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

export function apiRouter(context: StandinContext, options: { apiKey: string; rateLimitPerSecond: number }): Router {
  const { db, logger, now, publicBaseUrl } = context;
  const limited = endpointRateLimit(options.rateLimitPerSecond, now);

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
  const router = express.Router();
  router.use(apiAuth, express.urlencoded({ extended: true, limit: "100kb" }));

  /** A session made earlier with this idempotency key, if any, answered as Stripe answers a repeated request. */
  async function madeWithKey(idempotencyKey: string, params: Params) {
    const existing = await findSessionBy(db, "idempotencyKey", idempotencyKey);
    if (!existing) return undefined;
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

  /**
   * A new session from the request's parameters, not yet written; throws Stripe's error for a parameter that is
   * missing or wrong.
   */
  function newSession(params: Params, idempotencyKey: string | null) {
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
    return {
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
  }

  // A new session is written at once (one statement); only when its idempotency key was used before is the earlier
  // session read, and answered if the parameters match, as Stripe does. A request whose parameters are refused
  // is still answered with the earlier session when there is one (Stripe replays the first answer to a key).
  router.post(
    "/checkout/sessions",
    limited(),
    api(async (req) => {
      const params = (req.body ?? {}) as Params;
      const idempotencyKey = req.get("idempotency-key") ?? null;
      let values: ReturnType<typeof newSession>;
      try {
        values = newSession(params, idempotencyKey);
      } catch (error) {
        const earlier = idempotencyKey ? await madeWithKey(idempotencyKey, params) : undefined;
        if (earlier) return earlier;
        throw error;
      }
      const [row] = await db
        .insert(stripeStandinSessions)
        .values(values)
        .onConflictDoNothing({ target: stripeStandinSessions.idempotencyKey })
        .returning();
      if (row) return { body: sessionJson(row, publicBaseUrl) };
      // The key was used before (or by a concurrent request that won the insert).
      const earlier = idempotencyKey ? await madeWithKey(idempotencyKey, params) : undefined;
      if (!earlier) throw new Error("session insert failed");
      return earlier;
    }),
  );

  router.get(
    "/checkout/sessions/:id",
    limited(),
    api(async (req) => {
      const row = await loadSession(context, String(req.params.id));
      if (!row)
        throw new StripeApiError(404, `No such checkout.session: '${req.params.id}'`, "resource_missing", "session");
      return { body: sessionJson(row, publicBaseUrl) };
    }),
  );

  router.post(
    "/checkout/sessions/:id/expire",
    limited(),
    api(async (req) => {
      const id = String(req.params.id);
      const current = await loadSession(context, id);
      if (!current) throw new StripeApiError(404, `No such checkout.session: '${id}'`, "resource_missing", "session");
      const expired = await expireSession(context, id, { onlyPastExpiry: false });
      if (!expired) {
        throw new StripeApiError(
          400,
          `Only Checkout Sessions with a status in ["open"] can be expired. ` +
            `This Checkout Session has a status of "${current.status}".`,
          "checkout_session_not_open",
        );
      }
      return { body: sessionJson(expired, publicBaseUrl) };
    }),
  );

  router.post(
    "/refunds",
    limited(),
    api(async (req) => {
      const params = (req.body ?? {}) as Params;
      const paymentIntent = requireStr(params, "payment_intent");
      const idempotencyKey = req.get("idempotency-key") ?? null;
      const row = await findSessionBy(db, "paymentIntent", paymentIntent);
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
      const latest = (await findSession(db, row.id)) ?? row;
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
    const row = await findSessionBy(db, "paymentIntent", id);
    if (!row) throw new StripeApiError(404, `No such payment_intent: '${id}'`, "resource_missing", "intent");
    return row;
  }

  const expands = (req: Request, field: string) =>
    Object.entries(req.query).some(([key, value]) => key.startsWith("expand") && [value].flat().includes(field));

  router.get(
    "/payment_intents/:id",
    limited(),
    api(async (req) => {
      const row = await findIntent(String(req.params.id));
      return { body: intentJson(row, expands(req, "payment_method")) };
    }),
  );

  /** Moves an authorised (requires_capture) PaymentIntent on, once; anything else is Stripe's unexpected state. */
  function settleIntent(action: "capture" | "cancel") {
    return api(async (req) => {
      const intent = String(req.params.id);
      const captured = action === "capture";
      const [moved] = await intentMoves(db)[action].execute({ intent });
      if (moved) return { body: intentJson(moved, false) };
      // Not moved: no such intent (404), or not waiting for capture (Stripe's 400 below).
      const latest = await findIntent(intent);
      throw new StripeApiError(
        400,
        `This PaymentIntent could not be ${captured ? "captured" : "canceled"} because it has a status of ` +
          `${latest.paymentIntentStatus}. Only a PaymentIntent with one of the following statuses may be ` +
          `${captured ? "captured" : "canceled"}: requires_capture.`,
        "payment_intent_unexpected_state",
      );
    });
  }
  router.post("/payment_intents/:id/capture", limited(), settleIntent("capture"));
  router.post("/payment_intents/:id/cancel", limited(), settleIntent("cancel"));
  return router;
}
