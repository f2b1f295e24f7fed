// Stripe's per-endpoint rate limit (https://docs.stripe.com/rate-limits): each named API operation, such as
// POST /v1/checkout/sessions or GET /v1/checkout/sessions/{id}, takes a number of requests a second (25 in a
// sandbox) and answers the rest 429. Counted per app process, in memory: a limit on load, not a ledger.
import type { RequestHandler } from "express";

/** Stripe's body for a rate-limited request (since API version 2015-09-08: status 429, no `code`). */
export const RATE_LIMITED_BODY = {
  error: {
    type: "invalid_request_error",
    message:
      "Request rate limit exceeded. You can learn more about rate limits here https://docs.stripe.com/rate-limits.",
  },
};

/**
 * Makes one middleware per endpoint, each allowing `perSecond` requests in any one-second window (a sliding window,
 * so a burst cannot straddle two windows for twice the rate); 0 lets everything through.
 */
export function endpointRateLimit(perSecond: number, now: () => Date) {
  return (): RequestHandler => {
    const recent: number[] = [];
    return (_req, res, next) => {
      if (perSecond === 0) return next();
      const at = now().getTime();
      while (recent.length > 0 && (recent[0] as number) <= at - 1000) recent.shift();
      if (recent.length >= perSecond) {
        res.status(429).set("Cache-Control", "no-store").json(RATE_LIMITED_BODY);
        return;
      }
      recent.push(at);
      next();
    };
  };
}
