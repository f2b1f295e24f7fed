import type { HeadersFunction } from "react-router";
import { and, asc, count, desc, eq, gt, isNotNull, lt, or, sql } from "drizzle-orm";
import { competitions } from "~/db/schema";
import { summaryColumns } from "./competitions.server";
import type { Database } from "./db.server";

/** Spec section 9: the home page shows at most three featured competitions. */
export const FEATURED_LIMIT = 3;
/** The winners page lists the most recent completed draws. */
export const RECENT_WINNERS_LIMIT = 24;

/** Open for entry as far as a listing is concerned: live, and its end date not yet reached. */
function isOpen(now: Date) {
  return and(eq(competitions.status, "active"), gt(competitions.endDate, now));
}

export async function countActiveCompetitions(db: Database, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(competitions).where(isOpen(now));
  return row?.n ?? 0;
}

/**
 * Featured competitions a visitor can enter now (open and not sold out), soonest to close first.
 * Public columns only: the correct answer never leaves the server.
 */
export async function featuredCompetitions(db: Database, now: Date) {
  return db
    .select(summaryColumns)
    .from(competitions)
    .where(and(isOpen(now), eq(competitions.featured, true), lt(competitions.ticketsSold, competitions.totalTickets)))
    .orderBy(asc(competitions.endDate), asc(competitions.id))
    .limit(FEATURED_LIMIT);
}

/** Completed competitions that have a winner, newest draw first. */
export async function recentWinners(db: Database, limit = RECENT_WINNERS_LIMIT) {
  return db
    .select({
      id: competitions.id,
      title: competitions.title,
      prizeTitle: competitions.prizeTitle,
      prizeValue: competitions.prizeValue,
      winnerDisplayName: competitions.winnerDisplayName,
      winnerLocation: competitions.winnerLocation,
      drawnAt: competitions.drawnAt,
    })
    .from(competitions)
    .where(
      and(
        eq(competitions.status, "completed"),
        or(isNotNull(competitions.winnerDisplayName), isNotNull(competitions.winnerTicketNumber), isNotNull(competitions.winnerUserId)),
      ),
    )
    .orderBy(sql`${competitions.drawnAt} desc nulls last`, desc(competitions.id))
    .limit(limit);
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * Anonymous visitors all see the same page, so a shared cache may keep it briefly; anyone carrying a
 * session cookie gets a personal page that must never be stored.
 */
export function cacheControlFor(request: Request): string {
  return SESSION_COOKIE.test(request.headers.get("Cookie") ?? "")
    ? "private, no-store"
    : "public, s-maxage=30, stale-while-revalidate=300";
}

/** The route `headers` export for public pages whose loader sets Cache-Control with `cacheControlFor`. */
export const publicPageHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => ({
  // A response that also sets a cookie (a toast being cleared) is personal, so it is never shared.
  "Cache-Control": parentHeaders.has("Set-Cookie") ? "private, no-store" : (loaderHeaders.get("Cache-Control") ?? "private, no-store"),
});
