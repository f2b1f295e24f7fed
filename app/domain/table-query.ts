// A staff list's query string (?q=&sort=&dir=&page=&size= and its filters): what each list allows, and how a typed
// or shared link is read. Pure and free of the schema library. Every value is checked against the list's allow-lists,
// so whatever reaches a query is one of ours; a bad value falls back to its default (links are shared and edited by
// hand, and a list should never answer 500 to a typo).
import { cleanSearchText } from "./search-text";

export type SortDirection = "asc" | "desc";

/** What one filter accepts: one of a fixed set, a database id, a UK calendar day typed as dd/mm/yyyy, or words. */
export type FilterSpec =
  | { kind: "oneOf"; values: readonly string[]; fallback?: string }
  | { kind: "id" }
  | { kind: "day" }
  | { kind: "text"; max: number };

export type TableSpec<S extends string = string, F extends string = string> = {
  /** Sort keys this list offers, each with the direction a first click on its heading sorts by. */
  sorts: Readonly<Record<S, SortDirection>>;
  defaultSort: NoInfer<S>;
  filters: Readonly<Record<F, FilterSpec>>;
  pageSizes: readonly number[];
  defaultSize: number;
  /** The longest search kept; 0 when the list has no search box. */
  searchMax: number;
  /** Deep pages are one huge offset; nobody pages this far (filters get there faster). */
  maxPage?: number;
};

export type TableQuery<S extends string = string, F extends string = string> = {
  q: string;
  sort: S;
  dir: SortDirection;
  page: number;
  size: number;
  /** Each filter's value as read ("" when not set); a day as ISO "2026-11-21". */
  filters: Record<F, string>;
  /** Filters given a value that was not understood (and so not applied), for the page to say so. */
  ignored: F[];
};

export const DEFAULT_MAX_PAGE = 10_000;

/** Declares a list's query string, keeping its sort and filter names as types. */
export const defineTable = <S extends string, F extends string>(spec: TableSpec<S, F>) => spec;

const UK_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const pad = (n: number) => String(n).padStart(2, "0");

/** "21/11/2026" → "2026-11-21", or null for anything that is not a real date in that exact shape. */
export function parseUkDay(text: string): string | null {
  const match = UK_DAY.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** "2026-11-21" → "21/11/2026": how a day filter shows what it holds. */
export function formatUkDay(iso: string): string {
  const [year, month, day] = iso.split("-");
  return iso ? `${day}/${month}/${year}` : "";
}

const wholeNumber = (text: string | null) => (text !== null && /^\d{1,9}$/.test(text) ? Number(text) : null);

function readFilter(spec: FilterSpec, raw: string): string | null {
  if (spec.kind === "oneOf") return spec.values.includes(raw) ? raw : null;
  if (spec.kind === "text") return raw;
  if (spec.kind === "id") {
    const id = wholeNumber(raw);
    return id !== null && id >= 1 && id <= 2_147_483_647 ? String(id) : null;
  }
  return parseUkDay(raw);
}

const has = <K extends string>(record: Readonly<Record<K, unknown>>, key: string): key is K =>
  Object.hasOwn(record, key);

export function parseTableQuery<S extends string, F extends string>(
  spec: TableSpec<S, F>,
  params: URLSearchParams,
): TableQuery<S, F> {
  const sortText = params.get("sort") ?? "";
  const sort: S = has(spec.sorts, sortText) ? sortText : spec.defaultSort;
  const dirText = params.get("dir");
  const dir: SortDirection = dirText === "asc" || dirText === "desc" ? dirText : spec.sorts[sort];
  const page = wholeNumber(params.get("page"));
  const size = wholeNumber(params.get("size"));
  const filters = {} as Record<F, string>;
  const ignored: F[] = [];
  for (const name of Object.keys(spec.filters) as F[]) {
    const filter = spec.filters[name];
    const raw = cleanSearchText(params.get(name), filter.kind === "text" ? filter.max : 40);
    const value = raw ? readFilter(filter, raw) : null;
    if (raw && value === null) ignored.push(name);
    filters[name] = value ?? (filter.kind === "oneOf" ? (filter.fallback ?? "") : "");
  }
  return {
    q: spec.searchMax > 0 ? cleanSearchText(params.get("q"), spec.searchMax) : "",
    sort,
    dir,
    page: page !== null && page >= 1 && page <= (spec.maxPage ?? DEFAULT_MAX_PAGE) ? page : 1,
    size: size !== null && spec.pageSizes.includes(size) ? size : spec.defaultSize,
    filters,
    ignored,
  };
}

/** How many pages `total` rows make (at least one, so "page 1 of 1" reads right when nothing matches). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** Rows to skip for this page. */
export const pageOffset = (query: Pick<TableQuery, "page" | "size">) => (query.page - 1) * query.size;

type QueryChange<S extends string, F extends string> = Partial<Omit<TableQuery<S, F>, "filters" | "ignored">> & {
  filters?: Partial<Record<F, string>>;
};

/**
 * The query as a search string, with a change applied and defaults left out so links stay short and stable:
 * "?status=paid&sort=total&dir=asc&page=2". A day filter is written as the UK day it was typed as.
 */
export function tableSearch<S extends string, F extends string>(
  spec: TableSpec<S, F>,
  query: TableQuery<S, F>,
  change: QueryChange<S, F> = {},
): string {
  const next = { ...query, ...change, filters: { ...query.filters, ...change.filters } };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  for (const name of Object.keys(spec.filters) as F[]) {
    const filter = spec.filters[name];
    const value = next.filters[name];
    if (!value || (filter.kind === "oneOf" && value === (filter.fallback ?? ""))) continue;
    params.set(name, filter.kind === "day" ? formatUkDay(value) : value);
  }
  if (next.sort !== spec.defaultSort || next.dir !== spec.sorts[spec.defaultSort]) {
    params.set("sort", next.sort);
    if (next.dir !== spec.sorts[next.sort]) params.set("dir", next.dir);
  }
  if (next.size !== spec.defaultSize) params.set("size", String(next.size));
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A column heading's link: sorts by it (its first direction), or reverses it when it is already the sort; page 1. */
export function sortSearch<S extends string, F extends string>(
  spec: TableSpec<S, F>,
  query: TableQuery<S, F>,
  key: S,
): string {
  const flip: SortDirection = query.dir === "asc" ? "desc" : "asc";
  return tableSearch(spec, query, { sort: key, dir: query.sort === key ? flip : spec.sorts[key], page: 1 });
}

/** The page numbers a pager links to: first, last, and two either side of this one, with null for a gap. */
export function pagerPages(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...wanted].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of sorted) {
    const last = out.at(-1);
    if (typeof last === "number" && n - last > 1) out.push(null);
    out.push(n);
  }
  return out;
}
