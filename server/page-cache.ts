import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import {
  ByteLru,
  type CacheablePage,
  cacheablePage,
  inlineScripts,
  isSoftChange,
  type PageTag,
  pageFreshness,
  preferredEncoding,
  type TagChanges,
  tagsChangedBy,
} from "~/domain/page-cache";
import type { Logger } from "~/server/platform/logger.server";
import type { Realtime } from "~/server/platform/realtime.server";
import type { ScriptHashPolicy } from "./security";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Response headers never kept with a cached page: they belong to one response (or would make it personal). */
const NOT_KEPT = new Set(["set-cookie", "content-length", "content-encoding", "transfer-encoding", "date", "vary"]);
/** Every cached page varies by these: a cookie may make it personal, and the body is sent in one of three encodings. */
const VARY = "Cookie, Accept-Encoding";
/** Competitions whose last status and size this process remembers, to tell a sale from a bigger change. */
const MAX_KNOWN_COMPETITIONS = 100_000;

type CachedPage = {
  tag: PageTag;
  /** When its render began: a change NOTIFYed after this may not be in it. */
  renderedAt: number;
  headers: [string, string][];
  /** 'sha256-…' of each inline script, for its Content-Security-Policy. */
  scriptHashes: string[];
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  bytes: number;
};

/** Renders a URL as an anonymous visitor would see it (no cookies), through React Router. */
type AnonymousRenderer = (url: string) => Promise<globalThis.Response>;

type PageCacheOptions = {
  render: AnonymousRenderer;
  realtime: Pick<Realtime, "subscribe">;
  logger: Logger;
  maxBytes: number;
  now?: () => number;
  /** Called for every request answered from the cache (a competition page counts its view here). */
  onServed?: (req: IncomingMessage, page: CacheablePage) => void;
};

/** Sets the security headers of a page sent from the cache, its CSP naming the page's inline scripts by hash. */
type CachedPageHeaders = (res: ServerResponse, scriptHashes: readonly string[]) => void;

/**
 * A shared cache of rendered anonymous pages in this process (ADR 019): the home page, the list (any query) and
 * each competition. A page is sent from memory while fresh; after a competition change (NOTIFY, through Realtime)
 * or its maximum age it is stale, sent for at most a short window while one render refreshes it, and then
 * rendered again before answering. Signed-in visitors, toasts and any response that sets a cookie never touch it.
 */
export function pageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const pages = new ByteLru<CachedPage>(options.maxBytes);
  const changes = new Map<PageTag, TagChanges>();
  const listed = new Map<number, { status: string; totalTickets: number }>();
  const rendering = new Map<string, { startedAt: number; page: Promise<CachedPage | null> }>();
  const unsubscribe = options.realtime.subscribe((change) => {
    const at = now();
    const kind = isSoftChange(listed.get(change.id), change) ? "soft" : "hard";
    if (listed.size >= MAX_KNOWN_COMPETITIONS) listed.clear();
    listed.set(change.id, { status: change.status, totalTickets: change.totalTickets });
    for (const tag of tagsChangedBy(change.id)) changes.set(tag, { ...changes.get(tag), [kind]: at });
  });

  /**
   * One render per URL at a time; everyone asking meanwhile waits for it, unless it began before a hard change.
   * Null: not a page to share.
   */
  function renderOnce(page: CacheablePage): Promise<CachedPage | null> {
    const pending = rendering.get(page.key);
    const hard = changes.get(page.tag)?.hard;
    if (pending && (hard === undefined || hard < pending.startedAt)) return pending.page;
    const startedAt = now();
    const rendered = renderPage(options.render, page, startedAt).then((result) => {
      const latest = pages.get(page.key);
      if (result && (!latest || latest.renderedAt <= startedAt)) pages.set(page.key, result);
      else if (!result) pages.delete(page.key);
      return result;
    });
    const entry = { startedAt, page: rendered };
    rendered
      .finally(() => {
        if (rendering.get(page.key) === entry) rendering.delete(page.key);
      })
      .catch(() => {});
    rendering.set(page.key, entry);
    return rendered;
  }

  /** Sends the cached page for this request when it may be sent now (fresh, or stale within its window). */
  function sendIfCached(
    req: IncomingMessage,
    res: ServerResponse,
    page: CacheablePage,
    headers: CachedPageHeaders,
  ): boolean {
    const cached = pages.get(page.key);
    if (!cached) return false;
    const verdict = pageFreshness(cached.renderedAt, changes.get(cached.tag) ?? {}, now());
    if (verdict.state === "expired") return false;
    if (verdict.refresh && !rendering.has(page.key)) {
      renderOnce(page).catch((error) => options.logger.warn({ err: error }, "refreshing a cached page failed"));
    }
    options.onServed?.(req, page);
    send(req, res, cached, verdict.state === "fresh" ? "hit" : "stale", headers);
    return true;
  }

  /** In the middleware chain: answers from the cache, rendering first when there is nothing to send yet. */
  async function middleware(req: Request, res: Response, next: NextFunction) {
    const page = cacheablePage({ method: req.method, url: req.originalUrl, cookie: req.headers.cookie });
    if (!page) return next();
    const headers = chainHeaders(res);
    if (sendIfCached(req, res, page, headers)) return;
    try {
      const rendered = await renderOnce(page);
      if (rendered) {
        options.onServed?.(req, page);
        return send(req, res, rendered, "miss", headers);
      }
    } catch (error) {
      options.logger.warn({ err: error }, "rendering a page for the cache failed");
    }
    // Not a page to share (not found, an error, a redirect): React Router answers this request by itself.
    next();
  }

  /**
   * Before the middleware chain: sends a page the cache can answer at once and says so; false leaves the request
   * to the chain (which renders, redirects or refuses as for any other request).
   */
  function serveHit(req: IncomingMessage, res: ServerResponse, headers: CachedPageHeaders): boolean {
    const page = cacheablePage({ method: req.method ?? "", url: req.url ?? "", cookie: req.headers.cookie });
    return page !== null && sendIfCached(req, res, page, headers);
  }

  return Object.assign(middleware, { stop: unsubscribe, serveHit });
}

/** Renders and keeps a page when it is one everyone may share: a 200 HTML page that sets no cookie, not private. */
async function renderPage(render: AnonymousRenderer, page: CacheablePage, startedAt: number) {
  const response = await render(page.key);
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  const shareable =
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    !/\b(private|no-store)\b/i.test(cacheControl);
  if (!shareable) {
    await response.body?.cancel();
    return null;
  }
  const identity = Buffer.from(await response.arrayBuffer());
  const scriptHashes = inlineScripts(identity.toString("utf8")).map(
    (text) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`,
  );
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity, { level: 6 }),
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  ]);
  const headers = [...response.headers].filter(([name]) => !NOT_KEPT.has(name.toLowerCase()));
  const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  const bytes = identity.length + gzipped.length + brotlied.length + 1024;
  return {
    tag: page.tag,
    renderedAt: startedAt,
    headers,
    scriptHashes,
    etag,
    identity,
    gzip: gzipped,
    br: brotlied,
    bytes,
  } satisfies CachedPage;
}

/** The security middleware already set the headers; only the policy changes, to the page's script hashes. */
function chainHeaders(res: Response): CachedPageHeaders {
  const policy = res.locals.scriptHashPolicy as ScriptHashPolicy | undefined;
  return (_res, scriptHashes) => {
    if (policy && res.hasHeader("Content-Security-Policy")) {
      res.setHeader("Content-Security-Policy", policy(scriptHashes));
    }
  };
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  state: "hit" | "stale" | "miss",
  headers: CachedPageHeaders,
) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Vary", VARY);
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Page-Cache", state);
  // The per-request nonce cannot be in a shared page: its inline scripts are allowed by their hashes instead.
  headers(res, page.scriptHashes);
  if (req.headers["if-none-match"] === page.etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const body = encoding ? page[encoding] : page.identity;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = 200;
  res.end(body);
}
