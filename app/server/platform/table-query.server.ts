import { type AnyColumn, asc, desc, type SQL } from "drizzle-orm";
import { pageCount, type TableQuery } from "~/domain/table-query";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `text` as an ILIKE pattern matching it anywhere, its % and _ matched literally (a bound parameter, never SQL). */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** `text` as a LIKE pattern matching values that start with it (a prefix an index can serve). */
export const startsWithPattern = (text: string) => `${escapeLike(text)}%`;

/**
 * A list's ORDER BY: the column its allow-listed sort key names, then a unique tie-break in the same direction, so
 * every row has one place and a page never repeats or skips a row. Each list keeps an index on its sort columns.
 */
export function tableOrder<S extends string>(
  query: Pick<TableQuery<S>, "sort" | "dir">,
  columns: Record<S, AnyColumn | SQL>,
  tieBreak: AnyColumn,
): SQL[] {
  const by = query.dir === "asc" ? asc : desc;
  return [by(columns[query.sort]), by(tieBreak)];
}

export type TablePage<R, S extends string = string, F extends string = string> = {
  rows: R[];
  total: number;
  pages: number;
  /** The query as shown: a page past the last is the last. */
  query: TableQuery<S, F>;
};

/**
 * One page of a list: counts the rows its filters match, then reads the page asked for (the last one when asked
 * for a page past it) with LIMIT and OFFSET.
 */
export async function tablePage<R, S extends string, F extends string>(
  query: TableQuery<S, F>,
  count: () => Promise<{ n: number }[]>,
  read: (limit: number, offset: number) => Promise<R[]>,
): Promise<TablePage<R, S, F>> {
  const [counted] = await count();
  const total = Number(counted?.n ?? 0);
  const pages = pageCount(total, query.size);
  const page = Math.min(query.page, pages);
  const rows = total === 0 ? [] : await read(query.size, (page - 1) * query.size);
  return { rows, total, pages, query: { ...query, page } };
}
