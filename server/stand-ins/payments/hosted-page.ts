// The hosted payment page (Stripe Checkout's stand-in): GET shows the session, POST takes a test card and, when it
// pays, completes the session and queues checkout.session.completed in one statement before the redirect.
import { sql } from "drizzle-orm";
import express, { type Response, type Router } from "express";
import type { StandinSessionRow } from "~/db/schema";
import { notFoundPage, payPage } from "./page-html";
import { loadSession, randomId, type StandinContext, sessionJson } from "./state";
import { chargeTestCard, readCardForm } from "./test-cards";

/** What paying changes on an open session. */
type Completion = Pick<
  StandinSessionRow,
  | "status"
  | "paymentStatus"
  | "paymentIntent"
  | "paymentIntentStatus"
  | "cardFunding"
  | "cardBrand"
  | "cardLast4"
  | "completedAt"
>;

/**
 * Completes an open session that has not expired and queues its checkout.session.completed event, in one statement
 * (the update and the event's insert commit together, or neither; ADR 043): the event describes the session as the
 * update leaves it, built from the row read before it, whose other columns an open session never changes. The
 * session completed and its event, or undefined when it was no longer open.
 */
async function completeSession(context: StandinContext, row: StandinSessionRow, change: Completion) {
  const paid: StandinSessionRow = { ...row, ...change };
  const event = context.newEvent("checkout.session.completed", sessionJson(paid, context.publicBaseUrl));
  const result = await context.db.execute(sql`with paid as (
      update stripe_standin_sessions set status = ${change.status}, payment_status = ${change.paymentStatus},
        payment_intent = ${change.paymentIntent}, payment_intent_status = ${change.paymentIntentStatus},
        card_funding = ${change.cardFunding}, card_brand = ${change.cardBrand}, card_last4 = ${change.cardLast4},
        completed_at = ${change.completedAt?.toISOString() ?? null}::timestamptz
      where id = ${row.id} and status = 'open' and expires_at > ${context.now().toISOString()}::timestamptz
      returning id)
    insert into stripe_standin_webhook_deliveries (id, type, payload, attempts, next_attempt_at, created_at)
    select ${event.id}, ${event.type}, ${event.payload}, 0, ${event.nextAttemptAt.toISOString()}::timestamptz,
      ${event.createdAt.toISOString()}::timestamptz
    from paid
    returning id`);
  return result.rows.length === 1 ? { paid, event } : undefined;
}

/** The security headers' CSP nonce for this response, when they set one. */
const nonceOf = (res: Response) => (typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : undefined);

function successTarget(row: StandinSessionRow) {
  return row.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", row.id);
}

export function hostedPageRouter(context: StandinContext, merchantName: string): Router {
  const { now } = context;
  const router = express.Router();

  const page = (res: Response, status: number, html: string) => {
    res
      .status(status)
      .set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" })
      .send(html);
  };

  router.get("/pay/:id", async (req, res, next) => {
    try {
      const row = await loadSession(context, String(req.params.id));
      if (!row) return page(res, 404, notFoundPage(merchantName, nonceOf(res)));
      if (row.status === "complete") return res.redirect(303, successTarget(row));
      return page(res, 200, payPage(row, merchantName, {}, nonceOf(res)));
    } catch (error) {
      next(error);
    }
  });

  router.post("/pay/:id", express.urlencoded({ extended: false, limit: "10kb" }), async (req, res, next) => {
    try {
      const row = await loadSession(context, String(req.params.id));
      if (!row) return page(res, 404, notFoundPage(merchantName, nonceOf(res)));
      if (row.status === "complete") return res.redirect(303, successTarget(row));
      if (row.status !== "open") return page(res, 410, payPage(row, merchantName, {}, nonceOf(res)));
      const form = readCardForm(req.body as Record<string, unknown>);
      const outcome = chargeTestCard(form, now());
      if (!outcome.ok)
        return page(res, outcome.status, payPage(row, merchantName, { form, error: outcome }, nonceOf(res)));
      // With manual capture the card is only authorised: the session completes unpaid until the PaymentIntent is
      // captured (Stripe's behaviour for payment_intent_data[capture_method]=manual).
      const manual = row.captureMethod === "manual";
      const completed = await completeSession(context, row, {
        status: "complete",
        paymentStatus: manual ? "unpaid" : "paid",
        paymentIntent: randomId("pi"),
        paymentIntentStatus: manual ? "requires_capture" : "succeeded",
        cardFunding: outcome.card.funding,
        cardBrand: outcome.card.brand,
        cardLast4: outcome.card.last4,
        completedAt: now(),
      });
      if (!completed) {
        // Someone else completed or expired it a moment ago: show whatever it is now.
        const latest = await loadSession(context, row.id);
        if (latest?.status === "complete") return res.redirect(303, successTarget(latest));
        return page(res, 410, payPage(latest ?? row, merchantName, {}, nonceOf(res)));
      }
      await context.deliverNow(completed.event);
      res.redirect(303, successTarget(completed.paid));
    } catch (error) {
      next(error);
    }
  });

  return router;
}
