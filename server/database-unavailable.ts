import type { ErrorRequestHandler, Response } from "express";
import { data, type RouterContextProvider, type ServerBuild } from "react-router";
import { DATABASE_UNAVAILABLE } from "~/content/unavailable";
import { getRequestLogger } from "~/server/platform/context";
import { isDatabaseUnavailable } from "~/server/platform/db.server";
import type { Services } from "~/server/platform/services.server";
import { servicesFor } from "./request-log";

const retryAfter = { "Retry-After": String(DATABASE_UNAVAILABLE.retryAfterSeconds) };

/** An Express handler's answer when the database is away: 503 with Retry-After, never a 401 or a 500. */
export function answerDatabaseUnavailable(res: Response) {
  res.status(503).set(retryAfter).json({ error: DATABASE_UNAVAILABLE.message });
}

/** Last in the Express app: a handler that failed because the database is away answers 503 (others go on to 500). */
export function databaseUnavailableErrors(services: Services): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (!isDatabaseUnavailable(error) || res.headersSent) return next(error);
    servicesFor(services, res).logger.error({ err: error }, "database unavailable: answered 503");
    answerDatabaseUnavailable(res);
  };
}

/** The handler, with the database being away turned into a 503 route response its ErrorBoundary shows. */
function guarded<A extends { context: Readonly<RouterContextProvider> }, R extends unknown[], T>(
  handler: (args: A, ...rest: R) => T,
): (args: A, ...rest: R) => Promise<Awaited<T>> {
  return async (args: A, ...rest: R): Promise<Awaited<T>> => {
    try {
      return (await handler(args, ...rest)) as Awaited<T>;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      getRequestLogger(args.context).error({ err: error }, "database unavailable: answered 503");
      throw data(
        { message: DATABASE_UNAVAILABLE.message, title: DATABASE_UNAVAILABLE.title },
        { status: 503, statusText: "Service Unavailable", headers: retryAfter },
      );
    }
  };
}

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The build with every route's loader, action and middleware guarded, so a database that is away (a failover, a
 * restart) answers any page or form with 503 "try again" rather than a 500, or a sign-in page for a signed-in buyer.
 * React Router records a loader's error before any middleware sees it, hence the wrapping here, in one place.
 */
export function withDatabaseUnavailablePages(build: ServerBuild): ServerBuild {
  const known = wrapped.get(build);
  if (known) return known;
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = { ...route.module };
    if (module.loader) module.loader = guarded(module.loader);
    if (module.action) module.action = guarded(module.action);
    if (module.middleware) module.middleware = module.middleware.map((m) => guarded(m));
    routes[id] = { ...route, module };
  }
  const result = { ...build, routes };
  wrapped.set(build, result);
  return result;
}
