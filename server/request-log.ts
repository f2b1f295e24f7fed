import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import type { RequestContext } from "~/server/platform/context";
import type { Logger } from "~/server/platform/logger.server";
import type { Services } from "~/server/platform/services.server";

/** What a trusted proxy may pass as X-Request-Id: it is echoed in a header, logged and shown on error pages. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
/** Probes and static files: logged at debug, so the info log is about pages, data and API calls. */
const QUIET_PATH = /^\/(healthz|readyz)$|^\/assets\/|\.(css|js|mjs|map|ico|svg|png|jpe?g|webp|avif|gif|woff2?)$/;

/**
 * Gives every request an id (X-Request-Id on the response) and a child logger carrying it, and logs one line when
 * the response is done: method, path (never the query, where tokens travel), status, duration and body bytes.
 */
export function requestLog(options: { logger: Logger; trustProxy: boolean }): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const id = requestIdFor(req.get("x-request-id"), options.trustProxy);
    const logger = options.logger.child({ reqId: id });
    const context: RequestContext = { id, logger };
    res.locals.requestContext = context;
    res.setHeader("X-Request-Id", id);
    const bytes = countBodyBytes(res);
    res.once("close", () => {
      logRequestDone(logger, { method: req.method, url: req.originalUrl, res, started, bytes: bytes() });
    });
    next();
  };
}

/** The id a request is known by: the trusted proxy's X-Request-Id when it is a safe one, else a new one. */
export function requestIdFor(incoming: string | undefined, trustProxy: boolean): string {
  return trustProxy && incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The one line logged when a response is done (or abandoned); `logger` carries the request's id. */
export function logRequestDone(
  logger: Logger,
  done: { method: string; url: string; res: ServerResponse; started: number; bytes: number },
) {
  const path = loggedPath(done.url);
  const status = done.res.statusCode;
  const line = { method: done.method, path, status, durationMs: Math.round(performance.now() - done.started) };
  const level = status >= 500 ? "error" : QUIET_PATH.test(path) ? "debug" : "info";
  if (!logger.isLevelEnabled(level)) return;
  logger[level]({ ...line, bytes: done.bytes }, done.res.writableFinished ? "request completed" : "request aborted");
}

/** The request's id and logger, set by requestLog. */
export function requestContextOf(res: Response): RequestContext {
  const context = res.locals.requestContext as RequestContext | undefined;
  if (!context) throw new Error("requestLog must run before this handler");
  return context;
}

/**
 * The services as one request sees them: the same, with the request's logger, so what use-cases log carries reqId.
 * Handlers mounted without requestLog (tests of one endpoint) keep the services' logger.
 */
export function servicesFor(services: Services, res: Response): Services {
  const context = res.locals.requestContext as RequestContext | undefined;
  return context ? { ...services, logger: context.logger } : services;
}

/** The pathname only; a password-reset token in the path (better-auth's /reset-password/:token) is masked. */
function loggedPath(url: string): string {
  const pathname = url.split("?")[0] ?? "/";
  return pathname.replace(/(\/reset-password\/)[^/]+/, "$1:token");
}

/** Counts the body bytes the app writes (before compression, which wraps the response earlier). */
function countBodyBytes(res: Response): () => number {
  let total = 0;
  const add = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === "string") total += Buffer.byteLength(chunk, (encoding as BufferEncoding) || "utf8");
    else if (chunk instanceof Uint8Array) total += chunk.byteLength;
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    add(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== "function") add(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
    return end(chunk, ...rest);
  }) as Response["end"];
  return () => total;
}
