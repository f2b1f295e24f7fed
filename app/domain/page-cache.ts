/**
 * Rules of the shared cache of rendered anonymous pages (ADR 019): which requests may be answered from it, how
 * long an answer stays good, and how much memory it may hold. No I/O: the Express middleware (server/page-cache.ts)
 * applies them.
 */

/** The public pages everyone sees alike. Anything else (forms, accounts, admin, data requests) is never cached. */
const CACHEABLE_PATH = /^\/$|^\/competitions$|^\/competition\/[1-9]\d{0,9}$/;
/** A longer URL is not a link of ours; it is rendered afresh rather than allowed to crowd out real pages. */
const MAX_CACHED_URL_LENGTH = 512;
/** Cookies that make a page personal: a session (better-auth's cookies) or a one-time message (a toast). */
const PERSONAL_COOKIE = /(?:^|;)\s*(?:__Secure-|__Host-)?(?:better-auth[.-]|paddock_)[^=;]*=/i;

/** The tag a page is invalidated by: one competition's page, or every listing (home and /competitions). */
export type PageTag = `competition:${number}` | "listings";

export type CacheablePage = { key: string; tag: PageTag };

/**
 * The cache key and tag for an anonymous GET of a public page, or null when the request must be rendered for
 * itself (another method, another path, a personal cookie, an oversized URL).
 */
export function cacheablePage(request: { method: string; url: string; cookie?: string }): CacheablePage | null {
  if (request.method !== "GET" || request.url.length > MAX_CACHED_URL_LENGTH) return null;
  if (PERSONAL_COOKIE.test(request.cookie ?? "")) return null;
  const [pathname = ""] = request.url.split("?", 1);
  if (!CACHEABLE_PATH.test(pathname)) return null;
  const id = pathname.startsWith("/competition/") ? Number(pathname.slice("/competition/".length)) : null;
  return { key: request.url, tag: id === null ? "listings" : `competition:${id}` };
}

/** The tags a change to one competition makes stale: its own page and every listing that may show it. */
export function tagsChangedBy(competitionId: number): PageTag[] {
  return [`competition:${competitionId}`, "listings"];
}

type FreshnessLimits = {
  /** An answer older than this is stale even without a change: countdowns and closing times move on. */
  maxAgeMs: number;
  /** How long after going stale an answer may still be sent while a fresh one renders in the background. */
  staleWindowMs: number;
  /** A stale answer younger than this is sent without starting another render (a busy sale changes it often). */
  minRefreshMs: number;
};

export const PAGE_FRESHNESS: FreshnessLimits = { maxAgeMs: 5_000, staleWindowMs: 750, minRefreshMs: 250 };

/** When a page's tag last changed: `soft`, only its ticket counts (which the browser also gets live); `hard`, more. */
export type TagChanges = { soft?: number; hard?: number };

/**
 * What to do with a cached answer rendered at `renderedAt`, given when its tag last changed:
 * - "fresh": send it;
 * - "stale": send it, and render a fresh one in the background when `refresh` says so;
 * - "expired": too old to send; render before answering.
 * A hard change (a competition added, opened, closed, resized) expires a page at once: what is listed changed. A
 * soft one (tickets sold or held) leaves it stale: the page's live stream starts with the current counts.
 */
export function pageFreshness(
  renderedAt: number,
  changes: TagChanges,
  now: number,
  limits: FreshnessLimits = PAGE_FRESHNESS,
): { state: "fresh" | "stale" | "expired"; refresh: boolean } {
  if (changes.hard !== undefined && changes.hard >= renderedAt) return { state: "expired", refresh: true };
  const expiresAt = renderedAt + limits.maxAgeMs;
  const soft = changes.soft;
  const staleSince = soft !== undefined && soft >= renderedAt ? Math.min(soft, expiresAt) : expiresAt;
  if (now < staleSince) return { state: "fresh", refresh: false };
  if (now - staleSince >= limits.staleWindowMs) return { state: "expired", refresh: true };
  return { state: "stale", refresh: now - renderedAt >= limits.minRefreshMs };
}

type Listed = { status: string; totalTickets: number };

/** A change is soft when only the ticket counts moved on a competition this process already knew. */
export function isSoftChange(before: Listed | undefined, after: Listed): boolean {
  return before !== undefined && before.status === after.status && before.totalTickets === after.totalTickets;
}

/**
 * A least-recently-used map bounded by the bytes its values hold. A value larger than the whole budget is not
 * kept. Reading a value makes it the most recently used.
 */
export class ByteLru<V extends { bytes: number }> {
  private readonly entries = new Map<string, V>();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  get bytes() {
    return this.total;
  }

  get size() {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): boolean {
    this.delete(key);
    if (value.bytes > this.maxBytes) return false;
    this.entries.set(key, value);
    this.total += value.bytes;
    for (const [oldest, old] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= old.bytes;
    }
    return true;
  }

  delete(key: string) {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.total -= value.bytes;
  }
}

/** The inline scripts of an HTML document (their text exactly as sent), whose hashes a cached page's CSP allows. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", text = ""] = match;
    if (/\ssrc\s*=/i.test(attributes)) continue;
    scripts.push(text);
  }
  return scripts;
}

type ContentEncoding = "br" | "gzip";

/** The encoding to send a cached page in, from the request's Accept-Encoding: Brotli, then gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}
