import type { IncomingMessage, ServerResponse } from "node:http";
import { CLIENT_IP_HEADER } from "~/server/platform/auth.server";
import { siteOriginNow } from "~/server/platform/public-origin.server";
import type { Services } from "~/server/platform/services.server";
import { sentToCustomDomain } from "./custom-host";
import type { pageCache } from "./page-cache";
import { logRequestDone, requestIdFor } from "./request-log";
import type { SecurityHeaders } from "./security";

/** Answers a request before the middleware chain when it can, and says whether it did. */
export type CachedPageRoute = (req: IncomingMessage, res: ServerResponse, security: SecurityHeaders) => boolean;

/**
 * The front door for anonymous pages the cache holds (ADR 019): a hit is sent straight from memory with the same
 * headers, request id, log line and view count the middleware chain would give it. Anything else (a miss, a
 * personal cookie, another host that the custom domain's redirect applies to, an origin setting not read yet) is
 * left to the chain, which answers it as before.
 */
export function cachedPageRoute(services: Services, cache: ReturnType<typeof pageCache>): CachedPageRoute {
  const trustProxy = services.env.TRUST_PROXY === true;
  return (req, res, security) => {
    const site = siteOriginNow(services);
    if (!site || sentToCustomDomain(site, hostnameOf(req, trustProxy))) return false;
    const started = performance.now();
    // What the chain sets for everything after it: view counts and auth rate limits key on this, never a client's.
    req.headers[CLIENT_IP_HEADER] = clientAddressOf(req, trustProxy);
    let requestId = "";
    const served = cache.serveHit(req, res, (response, hashes) => {
      // Only for a page being sent: a miss goes on to the chain, which gives the request its id.
      requestId = requestIdFor(headerValue(req, "x-request-id"), trustProxy);
      response.setHeader("X-Request-Id", requestId);
      security.forCachedPage(response, hashes);
    });
    if (!served) return false;
    res.once("close", () => {
      const logger = services.logger.child({ reqId: requestId });
      const bytes = Number(res.getHeader("Content-Length") ?? 0);
      logRequestDone(logger, { method: req.method ?? "GET", url: req.url ?? "/", res, started, bytes });
    });
    return true;
  };
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Express's req.hostname: the trusted proxy's X-Forwarded-Host (first), else Host, without the port. */
function hostnameOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? headerValue(req, "x-forwarded-host") : undefined;
  const host = (forwarded ? (forwarded.split(",")[0] ?? "").trim() : headerValue(req, "host")) ?? "";
  const portFrom = host.startsWith("[") ? host.indexOf("]") + 1 : 0;
  const colon = host.indexOf(":", portFrom);
  return colon === -1 ? host : host.slice(0, colon);
}

/** Express's req.ip: with every proxy trusted, the first X-Forwarded-For address; else the socket's. */
function clientAddressOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? headerValue(req, "x-forwarded-for") : undefined;
  const first = forwarded?.split(",")[0]?.trim();
  return first || req.socket.remoteAddress || "";
}
