import { and, asc, count, desc, eq, gt, ilike, inArray, lt, lte, min, notInArray, or, type SQL } from "drizzle-orm";
import { UNPUBLISHED_STATUSES } from "~/db/constants";
import { competitions } from "~/db/schema";
import { ENDING_SOON_MS } from "~/domain/competition-status";
import type { LiveCompetition } from "~/domain/live-competition";
import {
  COMPETITION_SUMMARY_KEYS,
  COMPETITIONS_PAGE_SIZE,
  type CompetitionListQuery,
  type CompetitionSummary,
  type PublicCompetition,
} from "~/schemas/competition-query";
import type { Database } from "../platform/db.server";
import { withPictures } from "./pictures.server";

/** Every public query starts from here: drafts are not public. */
const isPublic = notInArray(competitions.status, [...UNPUBLISHED_STATUSES]);

/** Exactly the public columns (PUBLIC_COMPETITION_KEYS, less the pictures); correct_answer is never selected. */
const publicColumns = {
  id: competitions.id,
  title: competitions.title,
  description: competitions.description,
  prizeTitle: competitions.prizeTitle,
  prizeDescription: competitions.prizeDescription,
  prizeValue: competitions.prizeValue,
  entryPricePence: competitions.entryPricePence,
  ticketsSold: competitions.ticketsSold,
  ticketsReserved: competitions.ticketsReserved,
  totalTickets: competitions.totalTickets,
  endDate: competitions.endDate,
  imageUrl: competitions.imageUrl,
  additionalImages: competitions.additionalImages,
  featured: competitions.featured,
  skillQuestion: competitions.skillQuestion,
  skillOptions: competitions.skillOptions,
  status: competitions.status,
  multiBuyTiers: competitions.multiBuyTiers,
  maxTicketsPerUser: competitions.maxTicketsPerUser,
} satisfies Record<Exclude<keyof PublicCompetition, "pictures">, unknown>;

/** The card's columns, picked from the public ones by the one list of keys the pages and tests share. */
export const summaryColumns = Object.fromEntries(
  COMPETITION_SUMMARY_KEYS.filter((key) => key !== "pictures").map((key) => [key, publicColumns[key]]),
) as Pick<typeof publicColumns, Exclude<keyof CompetitionSummary, "pictures">>;

/** Backslash is PostgreSQL's default LIKE escape, so a search for "50%" means the text "50%". */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Still taking entries: live, before its end date, tickets left (the same rule as canEnter). */
function isEnterable(now: Date) {
  return and(
    eq(competitions.status, "active"),
    gt(competitions.endDate, now),
    lt(competitions.ticketsSold, competitions.totalTickets),
  );
}

function listConditions(query: Pick<CompetitionListQuery, "q" | "filter">, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isPublic];
  if (query.q) {
    const pattern = likePattern(query.q);
    // The title and the prize as the card prints it (its prize line) and as the page describes it.
    conditions.push(
      or(
        ilike(competitions.title, pattern),
        ilike(competitions.prizeTitle, pattern),
        ilike(competitions.prizeDescription, pattern),
      ),
    );
  }
  if (query.filter === "featured") conditions.push(eq(competitions.featured, true));
  if (query.filter === "ending-soon") {
    conditions.push(isEnterable(now), lt(competitions.endDate, new Date(now.getTime() + ENDING_SOON_MS)));
  }
  return and(...conditions);
}

function listOrder(sort: Exclude<CompetitionListQuery["sort"], "ending">): SQL[] {
  switch (sort) {
    case "newest":
      return [desc(competitions.createdAt), desc(competitions.id)];
    case "price-asc":
      return [asc(competitions.entryPricePence), asc(competitions.endDate), asc(competitions.id)];
    case "price-desc":
      return [desc(competitions.entryPricePence), asc(competitions.endDate), asc(competitions.id)];
  }
}

type CompetitionListPage = { competitions: CompetitionSummary[]; total: number };

const countWhere = async (db: Database, where: SQL | undefined) =>
  (await db.select({ n: count() }).from(competitions).where(where))[0]?.n ?? 0;

const pageOf = (db: Database, where: SQL | undefined, order: SQL[], limit: number, offset: number) =>
  db
    .select(summaryColumns)
    .from(competitions)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);

/**
 * The default order: open competitions first, soonest to close; ended ones after them, most recently ended first.
 * Read as two index-ordered ranges (before and after now), so a long history is never sorted as a whole.
 */
async function endingFirstPage(db: Database, where: SQL | undefined, now: Date, offset: number) {
  const open = and(where, gt(competitions.endDate, now));
  const ended = and(where, lte(competitions.endDate, now));
  const [openCount, endedCount] = await Promise.all([countWhere(db, open), countWhere(db, ended)]);
  const rows =
    offset < openCount
      ? await pageOf(db, open, [asc(competitions.endDate), asc(competitions.id)], COMPETITIONS_PAGE_SIZE, offset)
      : [];
  if (rows.length < COMPETITIONS_PAGE_SIZE) {
    const left = COMPETITIONS_PAGE_SIZE - rows.length;
    const order = [desc(competitions.endDate), asc(competitions.id)];
    rows.push(...(await pageOf(db, ended, order, left, Math.max(0, offset - openCount))));
  }
  return { rows, total: openCount + endedCount };
}

/** One page of /competitions: page `query.page` alone (what a link to ?page=N shows, and what Load More appends). */
export async function listPublicCompetitions(
  db: Database,
  query: CompetitionListQuery,
  now: Date,
): Promise<CompetitionListPage> {
  const where = listConditions(query, now);
  const offset = (query.page - 1) * COMPETITIONS_PAGE_SIZE;
  const { rows, total } =
    query.sort === "ending"
      ? await endingFirstPage(db, where, now, offset)
      : await Promise.all([
          pageOf(db, where, listOrder(query.sort), COMPETITIONS_PAGE_SIZE, offset),
          countWhere(db, where),
        ]).then(([rows, total]) => ({ rows, total }));
  return { competitions: await withPictures(db, rows, { first: true }), total };
}

/**
 * The competition's public face, or null when it does not exist or is a draft. `unpublished: true` also finds drafts
 * and scheduled ones: only for staff previewing the page (the caller checks who asks).
 */
export async function getPublicCompetition(
  db: Database,
  id: number,
  options: { unpublished?: boolean } = {},
): Promise<PublicCompetition | null> {
  const [row] = await db
    .select(publicColumns)
    .from(competitions)
    .where(and(eq(competitions.id, id), options.unpublished ? undefined : isPublic))
    .limit(1);
  if (!row) return null;
  const [withAll] = await withPictures(db, [row]);
  return withAll ?? null;
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
export function competitionPageHeaders(args: {
  loaderHeaders: Headers;
  parentHeaders: Headers;
  actionHeaders: Headers;
}) {
  const personal =
    args.parentHeaders.has("Set-Cookie") ||
    args.loaderHeaders.has("Set-Cookie") ||
    args.actionHeaders.has("Cache-Control");
  return {
    "Cache-Control": personal ? "private, no-store" : (args.loaderHeaders.get("Cache-Control") ?? "private, no-store"),
    Vary: "Cookie",
  };
}
