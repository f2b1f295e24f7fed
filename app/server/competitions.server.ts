import { and, asc, count, desc, eq, gt, ilike, inArray, lt, min, ne, or, sql, type SQL } from "drizzle-orm";
import { competitions } from "~/db/schema";
import { ENDING_SOON_MS } from "~/domain/competition-status";
import {
  COMPETITION_SUMMARY_KEYS,
  COMPETITIONS_PAGE_SIZE,
  type CompetitionListQuery,
  type CompetitionSummary,
  type LiveCompetition,
  type PublicCompetition,
} from "~/schemas/competition-query";
import type { Database } from "./db.server";

/** Every public query starts from here: drafts are not public. */
const isPublic = ne(competitions.status, "draft");

/** Exactly the public columns (PUBLIC_COMPETITION_KEYS); correct_answer is never selected. */
const publicColumns = {
  id: competitions.id,
  title: competitions.title,
  description: competitions.description,
  prizeTitle: competitions.prizeTitle,
  prizeDescription: competitions.prizeDescription,
  prizeValue: competitions.prizeValue,
  entryPricePence: competitions.entryPricePence,
  ticketsSold: competitions.ticketsSold,
  totalTickets: competitions.totalTickets,
  endDate: competitions.endDate,
  imageUrl: competitions.imageUrl,
  additionalImages: competitions.additionalImages,
  featured: competitions.featured,
  skillQuestion: competitions.skillQuestion,
  skillOptions: competitions.skillOptions,
  status: competitions.status,
} satisfies Record<keyof PublicCompetition, unknown>;

/** The card's columns, picked from the public ones by the one list of keys the pages and tests share. */
export const summaryColumns = Object.fromEntries(COMPETITION_SUMMARY_KEYS.map((key) => [key, publicColumns[key]])) as Pick<
  typeof publicColumns,
  keyof CompetitionSummary
>;

/** Backslash is PostgreSQL's default LIKE escape, so a search for "50%" means the text "50%". */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Still taking entries: live, before its end date, tickets left (the same rule as canEnter). */
function isEnterable(now: Date) {
  return and(eq(competitions.status, "active"), gt(competitions.endDate, now), lt(competitions.ticketsSold, competitions.totalTickets));
}

function listConditions(query: Pick<CompetitionListQuery, "q" | "filter">, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isPublic];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(competitions.title, pattern), ilike(competitions.prizeDescription, pattern)));
  }
  if (query.filter === "featured") conditions.push(eq(competitions.featured, true));
  if (query.filter === "ending-soon") {
    conditions.push(isEnterable(now), lt(competitions.endDate, new Date(now.getTime() + ENDING_SOON_MS)));
  }
  return and(...conditions);
}

function listOrder(sort: CompetitionListQuery["sort"], now: Date): SQL[] {
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  switch (sort) {
    case "newest":
      return [desc(competitions.createdAt), desc(competitions.id)];
    case "price-asc":
      return [asc(competitions.entryPricePence), asc(competitions.endDate), asc(competitions.id)];
    case "price-desc":
      return [desc(competitions.entryPricePence), asc(competitions.endDate), asc(competitions.id)];
    case "ending":
      // Open competitions first, soonest to close; ended ones after them, most recently ended first.
      return [
        sql`${competitions.endDate} <= ${nowParam}`,
        sql`case when ${competitions.endDate} > ${nowParam} then ${competitions.endDate} end asc`,
        desc(competitions.endDate),
        asc(competitions.id),
      ];
  }
}

export type CompetitionListPage = { competitions: CompetitionSummary[]; total: number };

/**
 * One listing for /competitions. `through` returns pages 1..page (what a link to ?page=N shows without
 * JavaScript); `only` returns page `page` alone (what Load More appends).
 */
export async function listPublicCompetitions(
  db: Database,
  query: CompetitionListQuery,
  now: Date,
  mode: "through" | "only" = "through",
): Promise<CompetitionListPage> {
  const where = listConditions(query, now);
  const offset = mode === "only" ? (query.page - 1) * COMPETITIONS_PAGE_SIZE : 0;
  const limit = mode === "only" ? COMPETITIONS_PAGE_SIZE : query.page * COMPETITIONS_PAGE_SIZE;
  const [rows, [counted]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(competitions)
      .where(where)
      .orderBy(...listOrder(query.sort, now))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(competitions).where(where),
  ]);
  return { competitions: rows, total: counted?.n ?? 0 };
}

/** The competition's public face, or null when it does not exist or is a draft. */
export async function getPublicCompetition(db: Database, id: number): Promise<PublicCompetition | null> {
  const [row] = await db
    .select(publicColumns)
    .from(competitions)
    .where(and(eq(competitions.id, id), isPublic))
    .limit(1);
  return row ?? null;
}

/** The soonest closing time of a competition still open (live and not yet closed), or null. */
export async function nextDrawDate(db: Database, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ endDate: min(competitions.endDate) })
    .from(competitions)
    .where(and(eq(competitions.status, "active"), gt(competitions.endDate, now)));
  return row?.endDate ?? null;
}

/** Current counts for the realtime stream's first message, so a page served from a cache catches up at once. */
export async function liveCompetitionCounts(db: Database, ids: readonly number[]): Promise<LiveCompetition[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: competitions.id,
      ticketsSold: competitions.ticketsSold,
      totalTickets: competitions.totalTickets,
      status: competitions.status,
    })
    .from(competitions)
    .where(and(inArray(competitions.id, [...ids]), isPublic));
}

const PERSONAL_COOKIE = /(?:^|;\s*)(?:(?:__Secure-)?better-auth\.session_token|paddock_toast)=/;

/**
 * Anonymous list and detail pages are the same for everyone, so a CDN may hold them briefly (live numbers
 * still arrive over SSE). A session (or a one-time toast) makes the page personal: never stored.
 */
export function competitionPageCacheControl(request: Request): string {
  return PERSONAL_COOKIE.test(request.headers.get("Cookie") ?? "")
    ? "private, no-store"
    : "public, s-maxage=10, stale-while-revalidate=60";
}

/**
 * For a route's `headers` export: the loader's caching, unless a parent set a cookie or an action answered
 * (a form's reply is personal), and then never shared.
 */
export function competitionPageHeaders(args: { loaderHeaders: Headers; parentHeaders: Headers; actionHeaders: Headers }) {
  const personal = args.parentHeaders.has("Set-Cookie") || args.loaderHeaders.has("Set-Cookie") || args.actionHeaders.has("Cache-Control");
  return {
    "Cache-Control": personal ? "private, no-store" : (args.loaderHeaders.get("Cache-Control") ?? "private, no-store"),
    Vary: "Cookie",
  };
}
