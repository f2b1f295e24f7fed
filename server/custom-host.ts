import type express from "express";
import { type SiteOrigin, siteOrigin } from "~/server/platform/public-origin.server";
import type { Services } from "~/server/platform/services.server";

/**
 * Paths answered on any host: load balancers' health checks, and Stripe's (or the stand-in's) calls and pages,
 * whose URLs were fixed when the session or webhook endpoint was made.
 */
const ANY_HOST_PATHS = [/^\/healthz$/, /^\/readyz$/, /^\/api\/stripe\/webhook$/, /^\/stripe-standin(\/|$)/];

/** Local development and the tests reach the site by these names, whatever the custom domain. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

// A 301 is cached by browsers; an hour's max-age lets turning the redirect off (or a new domain) take effect.
const REDIRECT_CACHE = "public, max-age=3600";

/**
 * Once a custom domain is verified and its redirect is on, a request on any other host is sent there: 301 for GET
 * and HEAD, 308 for other methods (which keeps the method; the form's Origin is then checked there as usual).
 */
export function customHostRedirect(services: Services): express.RequestHandler {
  return async (req, res, next) => {
    if (ANY_HOST_PATHS.some((path) => path.test(req.path)) || LOCAL_HOSTS.has(req.hostname)) return next();
    const site = await siteOrigin(services);
    if (!sentToCustomDomain(site, req.hostname)) return next();
    const target = req.originalUrl.startsWith("/") ? req.originalUrl : "/";
    res.set("Cache-Control", REDIRECT_CACHE);
    res.redirect(req.method === "GET" || req.method === "HEAD" ? 301 : 308, `${site.origin}${target}`);
  };
}

/** Whether a request for a page on `hostname` is redirected to the verified custom domain. */
export function sentToCustomDomain(site: SiteOrigin, hostname: string): boolean {
  return Boolean(site.domain && site.redirectOtherHosts && hostname !== site.domain && !LOCAL_HOSTS.has(hostname));
}
