// /competitions?q=&filter=&sort=&page=: what the list's query string may say and how it is read. Pure and free of
// the schema library, so the list page's first load does not carry a validator for four query parameters.
import { cleanSearchText } from "./search-text";

export const COMPETITION_FILTERS = ["all", "featured", "ending-soon"] as const;
export type CompetitionFilter = (typeof COMPETITION_FILTERS)[number];
export const FILTER_LABELS: Record<CompetitionFilter, string> = {
  all: "All",
  featured: "Featured",
  "ending-soon": "Ending soon",
};

export const COMPETITION_SORTS = ["ending", "newest", "price-asc", "price-desc"] as const;
export type CompetitionSort = (typeof COMPETITION_SORTS)[number];
export const SORT_LABELS: Record<CompetitionSort, string> = {
  ending: "Ending soonest",
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
};

export const COMPETITIONS_PAGE_SIZE = 9;
/** Deep pages are refused (they would be one huge query through `?page=`); nobody scrolls that far. */
export const MAX_LIST_PAGE = 50;
export const SEARCH_MAX_LENGTH = 100;

export type CompetitionListQuery = {
  q: string;
  filter: CompetitionFilter;
  sort: CompetitionSort;
  page: number;
};

const oneOf = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The query string is typed by people and shared as links, so a bad value falls back to its default. */
export function parseListQuery(params: URLSearchParams): CompetitionListQuery {
  const page = Number(params.get("page") ?? Number.NaN);
  return {
    q: cleanSearchText(params.get("q"), SEARCH_MAX_LENGTH),
    filter: oneOf(COMPETITION_FILTERS, params.get("filter"), "all"),
    sort: oneOf(COMPETITION_SORTS, params.get("sort"), "ending"),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_LIST_PAGE ? page : 1,
  };
}

/** The query as a search string, leaving out defaults so links stay short: "?filter=featured&page=2". */
export function listSearch(query: CompetitionListQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.filter !== "all") params.set("filter", query.filter);
  if (query.sort !== "ending") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}
