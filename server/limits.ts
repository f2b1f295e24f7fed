import type { NextFunction, Request, Response } from "express";
import { PICTURE_BODY_MAX_BYTES } from "~/domain/pictures";

/** Forms, sign-in and JSON calls: far more than any of our forms needs, far less than a memory attack wants. */
const FORM_BODY_LIMIT_BYTES = 64 * 1024;

type BodyLimitOptions = {
  defaultBytes: number;
  /** Paths that take larger bodies, such as the payment webhook: a prefix, or a pattern for paths with ids in them. */
  larger?: ({ prefix: string; bytes: number } | { pattern: RegExp; bytes: number })[];
};

/** The app's limits: the payment webhook and picture uploads (the pages and their .data form posts) take more. */
export const BODY_LIMITS: BodyLimitOptions = {
  defaultBytes: FORM_BODY_LIMIT_BYTES,
  larger: [
    { prefix: "/api/stripe/webhook", bytes: 1024 * 1024 },
    // The pictures page, and the editor, whose form brings a picture when the browser runs no script (ADR 041).
    { pattern: /^\/admin\/competitions\/\d+(?:\/pictures)?(?:\.data)?$/, bytes: PICTURE_BODY_MAX_BYTES },
  ],
};

const matches = (path: string, rule: NonNullable<BodyLimitOptions["larger"]>[number]) =>
  "prefix" in rule ? path.startsWith(rule.prefix) : rule.pattern.test(path);

const plain = (res: Response, status: number, message: string) =>
  res.status(status).type("text/plain; charset=utf-8").send(message);

/**
 * Refuses oversized request bodies before anything reads them: 413 when the declared length is over the limit,
 * 411 for a body sent without a length (browsers always send one for forms). Node's parser never delivers more
 * than the declared length, so the declared length bounds what any later parser can buffer.
 */
export function bodyLimit(options: BodyLimitOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const hasBody = req.headers["transfer-encoding"] !== undefined || req.headers["content-length"] !== undefined;
    if (!hasBody) return next();
    const declared = req.headers["content-length"];
    if (declared === undefined) return void plain(res, 411, "Send the request with a Content-Length.");
    const limit = options.larger?.find((rule) => matches(req.path, rule))?.bytes ?? options.defaultBytes;
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) return void plain(res, 400, "The Content-Length is not valid.");
    if (length > limit) {
      res.setHeader("Connection", "close");
      return void plain(res, 413, `This request is too large: at most ${Math.floor(limit / 1024)} KB is accepted.`);
    }
    next();
  };
}

/**
 * Caps open live-update streams per client address and in total, so one client cannot hold every socket.
 * Counts are per process; each process has its own sockets to protect. It also knows every stream it admitted, so a
 * process shutting down can end them with a hint to reconnect (to another process) a little later.
 */
export function streamLimiter(options: { perClient: number; total: number }) {
  const perClient = new Map<string, number>();
  const open = new Set<Response>();
  let closing = false;
  return {
    /** Takes a slot for this request, or answers 429 and returns false. The slot is freed when the stream closes. */
    admit(req: Request, res: Response): boolean {
      if (closing) {
        res.setHeader("Retry-After", "1");
        res.setHeader("Connection", "close");
        plain(res, 503, "This server is restarting. Reconnect in a moment.");
        return false;
      }
      const client = req.ip ?? "unknown";
      const mine = perClient.get(client) ?? 0;
      if (mine >= options.perClient || open.size >= options.total) {
        res.setHeader("Retry-After", "30");
        plain(res, 429, "Too many live-update connections. Close some tabs and try again.");
        return false;
      }
      perClient.set(client, mine + 1);
      open.add(res);
      res.on("close", () => {
        if (!open.delete(res)) return;
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
      });
      return true;
    },
    get open() {
      return open.size;
    },
    /**
     * Refuses new streams and ends the open ones, each told to reconnect after `retryMs` (the SSE `retry` field),
     * by which time the proxy sends it to a process that is not shutting down.
     */
    closeAll(retryMs: number) {
      closing = true;
      for (const res of open) {
        if (res.writableEnded || res.destroyed) continue;
        // The connection goes too: the stream's own close handler (heartbeat, subscription) runs on it.
        res.end(`retry: ${retryMs}\n\n`, () => res.socket?.destroy());
      }
    },
  };
}

export type StreamLimiter = ReturnType<typeof streamLimiter>;
