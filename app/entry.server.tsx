import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from "react-dom/server";
import {
  type ActionFunctionArgs,
  type EntryContext,
  isRouteErrorResponse,
  type LoaderFunctionArgs,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { NonceProvider } from "~/components/nonce";
import { DATABASE_UNAVAILABLE } from "~/content/unavailable";
import { getRequestLogger, nonceContext } from "~/server/platform/context";
import { withRefusalTitle } from "~/server/platform/error-title.server";

export const streamTimeout = 5_000;

/** Errors a loader, action or render did not handle, logged with the request's id (the page's support reference). */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  const logger = getRequestLogger(context);
  if (isRouteErrorResponse(error)) {
    // React Router's own responses (no route matches a data request, a method not allowed) wrap the cause.
    const cause = (error as { error?: unknown }).error ?? error;
    if (error.status >= 500) logger.error({ err: cause }, "request failed");
    else logger.warn({ err: cause, status: error.status }, "request refused");
    return;
  }
  logger.error({ err: error }, "unhandled error in a loader, action or render");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A route answered 503 because the database is away (server/database-unavailable.ts): say when to come back.
  if (responseStatusCode === 503) responseHeaders.set("Retry-After", String(DATABASE_UNAVAILABLE.retryAfterSeconds));
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={withRefusalTitle(routerContext)} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) getRequestLogger(loadContext).error({ err: error }, "rendering the page failed");
        },
      },
    );
  });
}
