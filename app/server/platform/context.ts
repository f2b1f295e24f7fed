import { createContext, type RouterContextProvider } from "react-router";
import type { Logger } from "./logger.server";
import type { Services } from "./services.server";

/** What every loader and action receives: the app's services (database, auth, mail...) and the CSP nonce. */
export const servicesContext = createContext<Services>();
export const nonceContext = createContext<string>("");

/** The request's id (X-Request-Id, the support reference on error pages) and its logger, whose lines carry it. */
export type RequestContext = { id: string; logger: Logger };
/** Null outside an HTTP request, e.g. a test calling a loader directly. */
export const requestContext = createContext<RequestContext | null>(null);

/** The logger for a loader's or action's work: the request's own, or the services' one outside a request. */
export function getRequestLogger(context: Readonly<RouterContextProvider>): Logger {
  return context.get(requestContext)?.logger ?? context.get(servicesContext).logger;
}
