import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Form, Link, useLocation, useSearchParams } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import {
  formatUkDay,
  pagerPages,
  sortSearch,
  type TableQuery,
  type TableSpec,
  tableSearch,
} from "~/domain/table-query";
import { ScrollRegion } from "./scroll-region";

// One table, pager and filter bar for every staff list. Everything is a link or a GET form carrying the list's query
// string, so sorting, filtering and paging work without JavaScript and any view of a list can be shared.

export type DataColumn<S extends string> = {
  label: string;
  /** The sort key its heading sorts by; headings without one do not sort. */
  sort?: S;
  numeric?: boolean;
  /** A heading for screen readers only (a column of buttons). */
  hidden?: boolean;
};

type ListProps<S extends string, F extends string> = {
  spec: TableSpec<S, F>;
  query: TableQuery<S, F>;
};

/** A list as its page shows it: its spec, the query read from the address, and how many rows and pages match. */
export type TableView<S extends string = string, F extends string = string> = ListProps<S, F> & {
  total: number;
  pages: number;
};

const DIRECTION_WORDS = { asc: "ascending", desc: "descending" } as const;
const th = "py-2 pr-4 font-medium whitespace-nowrap";
const sortLinkClass =
  "inline-flex items-center gap-1 rounded-sm underline-offset-4 hover:underline " +
  "focus-visible:outline-3 focus-visible:outline-ring";

function SortHeading<S extends string, F extends string>({
  spec,
  query,
  column,
}: ListProps<S, F> & { column: DataColumn<S> & { sort: S } }) {
  const { pathname } = useLocation();
  const current = query.sort === column.sort;
  const Icon = current ? (query.dir === "asc" ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={current ? DIRECTION_WORDS[query.dir] : undefined}
      className={`${th}${column.numeric ? " text-right" : ""}`}
    >
      <Link to={`${pathname}${sortSearch(spec, query, column.sort)}`} preventScrollReset className={sortLinkClass}>
        {column.label}
        <Icon aria-hidden="true" className={`h-3.5 w-3.5 ${current ? "" : "opacity-60"}`} />
      </Link>
    </th>
  );
}

/**
 * A staff list's table: headings that sort it (aria-sort on the sorted one), its rows, and its pager. `caption` says
 * what the rows are; the caption adds how they are sorted.
 */
export function DataTable<S extends string, F extends string>({
  list,
  label,
  caption,
  columns,
  empty = "Nothing matches.",
  minWidth,
  children,
}: {
  list: TableView<S, F>;
  label: string;
  caption: string;
  columns: DataColumn<S>[];
  empty?: string;
  minWidth?: string;
  children: React.ReactNode;
}) {
  const { spec, query, total } = list;
  if (total === 0) return <p className="text-muted-foreground">{empty}</p>;
  const sortedBy = columns.find((c) => c.sort === query.sort)?.label ?? query.sort;
  return (
    <>
      <ScrollRegion label={label}>
        <table className={`w-full text-left text-sm ${minWidth ?? ""}`}>
          <caption className="sr-only">
            {caption}, sorted by {sortedBy.toLowerCase()}, {DIRECTION_WORDS[query.dir]}
          </caption>
          <thead className="text-muted-foreground">
            <tr>
              {columns.map((column) =>
                column.sort ? (
                  <SortHeading key={column.label} spec={spec} query={query} column={{ ...column, sort: column.sort }} />
                ) : (
                  <th key={column.label} scope="col" className={`${th}${column.numeric ? " text-right" : ""}`}>
                    {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </ScrollRegion>
      <TablePager list={list} label={`${label}: pages`} />
    </>
  );
}

/** "Showing 26–50 of 312", and links to the first, last and nearby pages, keeping the list's filters and sort. */
export function TablePager<S extends string, F extends string>({
  list: { spec, query, total, pages },
  label,
}: {
  list: TableView<S, F>;
  label: string;
}) {
  const { pathname } = useLocation();
  const first = (query.page - 1) * query.size + 1;
  const last = Math.min(total, query.page * query.size);
  const to = (page: number) => `${pathname}${tableSearch(spec, query, { page })}`;
  const link = buttonClass("outline", "sm");
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground">
        Showing {first.toLocaleString("en-GB")}–{last.toLocaleString("en-GB")} of {total.toLocaleString("en-GB")}
      </p>
      {pages > 1 ? (
        <nav aria-label={label}>
          <ul className="flex flex-wrap items-center gap-1.5">
            {query.page > 1 ? (
              <li>
                <Link to={to(query.page - 1)} className={link} rel="prev">
                  Previous<span className="sr-only"> page</span>
                </Link>
              </li>
            ) : null}
            {pagerPages(query.page, pages).map((page, i) =>
              page === null ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
                <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted-foreground">
                  …
                </li>
              ) : (
                <li key={page}>
                  {page === query.page ? (
                    <span aria-current="page" className={buttonClass("primary", "sm")}>
                      <span className="sr-only">Page </span>
                      {page}
                    </span>
                  ) : (
                    <Link to={to(page)} className={link}>
                      <span className="sr-only">Page </span>
                      {page}
                    </Link>
                  )}
                </li>
              ),
            )}
            {query.page < pages ? (
              <li>
                <Link to={to(query.page + 1)} className={link} rel="next">
                  Next<span className="sr-only"> page</span>
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

/**
 * A list's search and filters: a GET form that keeps the sort and page size and starts again at page 1. `children`
 * are its filter fields (FilterSelect, FilterDay).
 */
export function TableFilters<S extends string, F extends string>({
  list: { spec, query },
  label,
  search,
  children,
}: {
  list: ListProps<S, F>;
  label: string;
  search?: { label: string; placeholder?: string };
  children?: React.ReactNode;
}) {
  const { pathname } = useLocation();
  const sorted = query.sort !== spec.defaultSort || query.dir !== spec.sorts[spec.defaultSort];
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))]"
    >
      {search ? (
        <Field name="q" label={search.label}>
          {({ id }) => (
            <input
              id={id}
              name="q"
              type="search"
              defaultValue={query.q}
              placeholder={search.placeholder}
              maxLength={spec.searchMax}
              autoComplete="off"
              className={inputClass}
            />
          )}
        </Field>
      ) : null}
      {children}
      <FilterSelect
        name="size"
        label="Rows per page"
        value={String(query.size)}
        options={spec.pageSizes.map((size) => [String(size), String(size)] as const)}
      />
      {sorted ? (
        <>
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
        </>
      ) : null}
      <div className="flex items-end gap-2 self-end">
        <Button type="submit" variant="outline">
          Apply
        </Button>
        <Link to={pathname} className={buttonClass("ghost")}>
          Reset
        </Link>
      </div>
    </Form>
  );
}

/** A choice of one value; `any` names the first option, which filters nothing. */
export function FilterSelect({
  name,
  label,
  value,
  any,
  options,
}: {
  name: string;
  label: string;
  value: string;
  any?: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  const all = any === undefined ? options : [["", any] as const, ...options];
  return (
    <Field name={name} label={label}>
      {({ id }) => (
        <select id={id} name={name} defaultValue={value} className={inputClass}>
          {all.map(([optionValue, optionLabel]) => (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Labelled options from a list of values and their labels. */
export const optionsOf = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) =>
  values.map((value) => [value, labels[value]] as const);

/** Words to filter by, with a hint of what they match. */
export function FilterText({ name, label, hint, value }: { name: string; label: string; hint: string; value: string }) {
  return (
    <Field name={name} label={label} hint={hint}>
      {({ id, describedBy }) => (
        <input
          id={id}
          name={name}
          type="search"
          defaultValue={value}
          autoComplete="off"
          aria-describedby={describedBy}
          className={inputClass}
        />
      )}
    </Field>
  );
}

export const DAY_FILTER_MESSAGE = "Enter the date as dd/mm/yyyy, for example 21/11/2026.";

/** A UK date typed as dd/mm/yyyy (what staff read everywhere else); one that cannot be read says so and is not used. */
export function FilterDay({
  name,
  label,
  value,
  invalid,
}: {
  name: string;
  label: string;
  value: string;
  invalid: boolean;
}) {
  const [params] = useSearchParams();
  return (
    <Field name={name} label={label} hint="dd/mm/yyyy" error={invalid ? DAY_FILTER_MESSAGE : undefined}>
      {({ id, describedBy }) => (
        <input
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          defaultValue={invalid ? (params.get(name) ?? "") : formatUkDay(value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={inputClass}
        />
      )}
    </Field>
  );
}
