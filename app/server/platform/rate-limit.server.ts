import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import { CLIENT_IP_HEADER } from "./auth.server";
import type { Database } from "./db.server";

export type RateLimitOptions = { limit: number; windowMs: number; now: Date };
type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

type Executor = Pick<Database, "insert">;

/**
 * Counts one hit against `key` in a fixed window and says whether it is within `limit`.
 * One INSERT ... ON CONFLICT DO UPDATE ... RETURNING, so concurrent hits (across processes too) are
 * serialised by the row lock and never over-admit; a window that has ended restarts at `now`.
 */
export async function hitRateLimit(
  db: Executor,
  key: string,
  { limit, windowMs, now }: RateLimitOptions,
): Promise<RateLimitResult> {
  const startedBefore = new Date(now.getTime() - windowMs).toISOString();
  const expired = sql`${rateLimits.windowStart} <= ${startedBefore}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${expired} then excluded.window_start else ${rateLimits.windowStart} end`,
        // Capped so a flood cannot grow the counter without bound.
        count: sql`case when ${expired} then 1 else least(${rateLimits.count} + 1, ${limit + 1}) end`,
      },
    })
    .returning({ windowStart: rateLimits.windowStart, count: rateLimits.count });
  if (!row) throw new Error("rate limit upsert returned no row");
  if (row.count <= limit) return { allowed: true, retryAfterSeconds: 0 };
  const endsAt = new Date(row.windowStart).getTime() + windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}

/** Every key must pass; each is counted. Returns the longest wait among the refusals. */
async function hitRateLimits(
  db: Executor,
  checks: Array<{ key: string } & Omit<RateLimitOptions, "now">>,
  now: Date,
): Promise<RateLimitResult> {
  let result: RateLimitResult = { allowed: true, retryAfterSeconds: 0 };
  for (const check of checks) {
    const hit = await hitRateLimit(db, check.key, { limit: check.limit, windowMs: check.windowMs, now });
    if (!hit.allowed)
      result = { allowed: false, retryAfterSeconds: Math.max(result.retryAfterSeconds, hit.retryAfterSeconds) };
  }
  return result;
}

export type FormRateLimits = { perEmail: Omit<RateLimitOptions, "now">; perIp: Omit<RateLimitOptions, "now"> };

/** One public form's limits: per e-mail address, and per client address when it is known. */
export function limitFormSubmission(
  db: Executor,
  form: string,
  limits: FormRateLimits,
  who: { email: string; clientIp?: string; now: Date },
): Promise<RateLimitResult> {
  const checks = [{ key: rateLimitKey(form, "email", who.email), ...limits.perEmail }];
  if (who.clientIp) checks.push({ key: rateLimitKey(form, "ip", who.clientIp), ...limits.perIp });
  return hitRateLimits(db, checks, who.now);
}

/** A rate-limit key that does not store the e-mail address or IP itself. */
export function rateLimitKey(scope: string, kind: string, value: string) {
  return `${scope}:${kind}:${createHash("sha256").update(value.trim().toLowerCase()).digest("base64url")}`;
}

/**
 * The client's address for rate limiting. Behind a proxy we trust (TRUST_PROXY), the last X-Forwarded-For entry,
 * the one our own proxy added (earlier entries are client-supplied); otherwise the socket's address, which Express
 * puts in CLIENT_IP_HEADER on every request in place of anything the client sent.
 */
export function clientIp(request: Request, trustProxy: boolean | undefined): string | undefined {
  if (!trustProxy) return request.headers.get(CLIENT_IP_HEADER) || undefined;
  const forwarded = request.headers.get("x-forwarded-for");
  const last = forwarded
    ?.split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return last || undefined;
}

/** A route `headers` export that passes a refused submission's Retry-After through to the document response. */
export function retryAfterHeaders({
  parentHeaders,
  actionHeaders,
}: {
  parentHeaders: Headers;
  actionHeaders: Headers;
}) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
