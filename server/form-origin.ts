import type { RequestHandler } from "express";
import { formOriginRefusal, logOriginRefusal } from "~/server/platform/form-body.server";
import { siteOrigins } from "~/server/platform/public-origin.server";
import type { Services } from "~/server/platform/services.server";
import { requestContextOf } from "./request-log";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing requests to the app's pages, refused here unless they come from the site (formOriginRefusal,
 * which every action's readFormBody applies too): React Router's own Origin check would otherwise answer a foreign
 * post with a bare 400 and an error-level log line. One warning per refusal, and a 403 saying what was expected.
 * Mounted after better-auth, the Stripe webhook and the stand-in, which keep their own checks.
 */
export function formOriginCheck(services: Services): RequestHandler {
  return async (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    try {
      const refusal = formOriginRefusal((name) => req.get(name), req.path, await siteOrigins(services));
      if (!refusal) return next();
      logOriginRefusal(requestContextOf(res).logger, refusal);
      res.status(403).type("text/plain; charset=utf-8").send(refusal.message);
    } catch (error) {
      next(error);
    }
  };
}
