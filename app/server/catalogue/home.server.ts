import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { HeadersFunction } from "react-router";
import { competitions, postalEntries, prizeClaims, profiles, tickets } from "~/db/schema";
import { publishedWinnerName, splitFullName } from "~/domain/winner-name";
import type { Database } from "../platform/db.server";
import { summaryColumns } from "./competitions.server";
import { withPictures } from "./pictures.server";

/** Spec section 9: the home page shows at most three featured competitions. */
const FEATURED_LIMIT = 3;
/** The winners page lists the most recent completed draws. */
const RECENT_WINNERS_LIMIT = 24;

/** A card's columns and the competition's multi-buy tiers, which the home page's offer names. */
const homeColumns = { ...summaryColumns, multiBuyTiers: competitions.multiBuyTiers };

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
  const rows = await db
    .select(homeColumns)
    .from(competitions)
    .where(and(isOpen(now), eq(competitions.featured, true), lt(competitions.ticketsSold, competitions.totalTickets)))
    .orderBy(asc(competitions.endDate), asc(competitions.id))
    .limit(FEATURED_LIMIT);
  return withPictures(db, rows, { first: true });
}

/**
 * The home page's hero: the first featured competition a visitor can enter now, or, when none is featured, the
 * open one that closes soonest (still real, still enterable). Null when nothing is open at all.
 * `featured` is what featuredCompetitions returned, so the usual case costs no extra query.
 */
export async function heroCompetition(
  db: Database,
  now: Date,
  featured: Awaited<ReturnType<typeof featuredCompetitions>>,
) {
  if (featured[0]) return featured[0];
  const rows = await db
    .select(homeColumns)
    .from(competitions)
    .where(and(isOpen(now), lt(competitions.ticketsSold, competitions.totalTickets)))
    .orderBy(asc(competitions.endDate), asc(competitions.id))
    .limit(1);
  const [hero] = await withPictures(db, rows, { first: true });
  return hero ?? null;
}

/**
 * Completed competitions that have a winner, newest draw first, each winner published as the CAP code expects:
 * initial and surname with county, or "Winner, <county>" when they objected. Only that string leaves the server.
 * The person is the winning ticket's account (its profile, and the county of a confirmed prize claim) or, for a
 * postal entry without an account, the card; staff's own wording (winner_display_name) wins when set.
 */
export async function recentWinners(db: Database, limit = RECENT_WINNERS_LIMIT) {
  const winnerId = sql`coalesce(${competitions.winnerUserId}, ${tickets.userId})`;
  const rows = await db
    .select({
      id: competitions.id,
      title: competitions.title,
      prizeTitle: competitions.prizeTitle,
      prizeValue: competitions.prizeValue,
      drawnAt: competitions.drawnAt,
      staffName: competitions.winnerDisplayName,
      staffLocation: competitions.winnerLocation,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      profileCounty: profiles.county,
      withheld: profiles.winnerNameWithheld,
      claimCounty: prizeClaims.county,
      cardName: postalEntries.fullName,
      cardCounty: postalEntries.county,
    })
    .from(competitions)
    .leftJoin(
      tickets,
      and(eq(tickets.competitionId, competitions.id), eq(tickets.ticketNumber, competitions.winnerTicketNumber)),
    )
    .leftJoin(profiles, eq(profiles.userId, winnerId))
    .leftJoin(
      prizeClaims,
      and(
        eq(prizeClaims.competitionId, competitions.id),
        eq(prizeClaims.userId, winnerId),
        isNull(prizeClaims.instantWinId),
      ),
    )
    .leftJoin(postalEntries, eq(postalEntries.ticketId, tickets.id))
    .where(
      and(
        eq(competitions.status, "completed"),
        or(
          isNotNull(competitions.winnerDisplayName),
          isNotNull(competitions.winnerTicketNumber),
          isNotNull(competitions.winnerUserId),
        ),
      ),
    )
    .orderBy(sql`${competitions.drawnAt} desc nulls last`, desc(competitions.id))
    .limit(limit);
  return rows.map(({ staffName, staffLocation, firstName, lastName, profileCounty, withheld, ...row }) => {
    const card = row.cardName && !lastName ? splitFullName(row.cardName) : null;
    const winner = staffName
      ? [staffName, staffLocation].filter(Boolean).join(", ")
      : publishedWinnerName({
          firstName: card ? card.firstName : firstName,
          lastName: card ? card.lastName : lastName,
          county: row.claimCounty ?? profileCounty ?? row.cardCounty,
          withheld: withheld ?? false,
        });
    return {
      id: row.id,
      title: row.title,
      prizeTitle: row.prizeTitle,
      prizeValue: row.prizeValue,
      drawnAt: row.drawnAt,
      winner,
    };
  });
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
  "Cache-Control": parentHeaders.has("Set-Cookie")
    ? "private, no-store"
    : (loaderHeaders.get("Cache-Control") ?? "private, no-store"),
  // The page differs by the session cookie, so no cache may answer one visitor with another's copy.
  Vary: "Cookie",
});
