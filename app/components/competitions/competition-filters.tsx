import { ChevronDown, Search, SlidersHorizontal } from "lucide-react";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import {
  COMPETITION_FILTERS,
  COMPETITION_SORTS,
  type CompetitionListQuery,
  FILTER_LABELS,
  listSearch,
  parseListQuery,
  SEARCH_MAX_LENGTH,
  SORT_LABELS,
} from "~/domain/competition-list-query";

const SEARCH_DELAY_MS = 350;
const DEFAULT_SORT = parseListQuery(new URLSearchParams()).sort;

/** What the closed disclosure says is applied: "Featured, Price: low to high". */
function summaryOf(query: CompetitionListQuery) {
  return [
    query.filter === "all" ? null : FILTER_LABELS[query.filter],
    query.sort === DEFAULT_SORT ? null : SORT_LABELS[query.sort],
  ]
    .filter(Boolean)
    .join(", ");
}

/**
 * Search, filter and sort as one GET form: without JavaScript it submits to /competitions?q=&filter=&sort=;
 * with it, a change applies at once (typing after a short pause) and the URL stays short.
 */
export function CompetitionFilters({ query }: { query: CompetitionListQuery }) {
  const formRef = useRef<HTMLFormElement>(null);
  const typingTimer = useRef<number | undefined>(undefined);
  const navigate = useNavigate();
  const filtered = query.filter !== "all" || query.sort !== DEFAULT_SORT;

  // Back and forward change the query without remounting the form: bring the fields along.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const search = form.elements.namedItem("q") as HTMLInputElement | null;
    if (search && document.activeElement !== search && search.value !== query.q) search.value = query.q;
    const filter = form.querySelector<HTMLInputElement>(`input[name="filter"][value="${query.filter}"]`);
    if (filter) filter.checked = true;
    const sort = form.elements.namedItem("sort") as HTMLSelectElement | null;
    if (sort) sort.value = query.sort;
  }, [query]);

  useEffect(() => () => window.clearTimeout(typingTimer.current), []);

  function apply(replace: boolean) {
    window.clearTimeout(typingTimer.current);
    const form = formRef.current;
    if (!form) return;
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === "string") params.set(key, value);
    const next = parseListQuery(params);
    navigate(`/competitions${listSearch({ ...next, page: 1 })}`, { replace, preventScrollReset: true });
  }

  return (
    <form
      ref={formRef}
      method="get"
      action="/competitions"
      role="search"
      aria-label="Search and filter competitions"
      className={
        "flex flex-col gap-3 rounded-lg border border-border bg-card p-3 text-card-foreground sm:p-4 " +
        "md:flex-row md:flex-wrap md:items-end md:gap-4 md:p-5"
      }
      onSubmit={(event) => {
        event.preventDefault();
        apply(false);
      }}
      onChange={(event) => {
        const target = event.target as unknown as HTMLInputElement | HTMLSelectElement;
        if (target.name === "q") {
          window.clearTimeout(typingTimer.current);
          typingTimer.current = window.setTimeout(() => apply(true), SEARCH_DELAY_MS);
        } else {
          apply(false);
        }
      }}
    >
      <div className="flex items-end gap-2 md:min-w-64 md:flex-[2]">
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor="competition-search" className="block text-sm font-medium">
            Search competitions
          </label>
          <input
            id="competition-search"
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Title or prize"
            autoComplete="off"
            className={inputClass}
          />
        </div>
        <Button type="submit" variant="outline" className="shrink-0">
          <Search aria-hidden="true" className="h-4 w-4" />
          Search
        </Button>
      </div>
      {/* On a phone the filter and sort wait behind a disclosure so the competitions come first. */}
      <details className="filters-disclosure group md:contents" open={filtered}>
        <summary
          className={
            "flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-md border " +
            "border-input px-3 font-medium focus-visible:outline-3 focus-visible:outline-offset-2 " +
            "focus-visible:outline-ring md:hidden [&::-webkit-details-marker]:hidden"
          }
        >
          <span className="inline-flex items-center gap-2">
            <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
            Filter and sort
            {filtered ? <span className="text-sm font-normal text-muted-foreground">({summaryOf(query)})</span> : null}
          </span>
          <ChevronDown aria-hidden="true" className="h-4 w-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="mt-3 flex flex-col gap-3 md:mt-0 md:contents">
          <fieldset className="space-y-1.5">
            <legend className="mb-1.5 text-sm font-medium">Show</legend>
            <div className="flex flex-wrap gap-2">
              {COMPETITION_FILTERS.map((filter) => (
                <label key={filter} className="relative cursor-pointer">
                  <input
                    type="radio"
                    name="filter"
                    value={filter}
                    defaultChecked={query.filter === filter}
                    className={
                      "peer absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
                    }
                  />
                  <span
                    className={
                      "inline-flex h-11 items-center rounded-full border border-input px-4 text-sm font-medium " +
                      "peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground " +
                      "peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 " +
                      "peer-focus-visible:outline-ring"
                    }
                  >
                    {FILTER_LABELS[filter]}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="space-y-1.5">
            <label htmlFor="competition-sort" className="block text-sm font-medium">
              Sort by
            </label>
            <select id="competition-sort" name="sort" defaultValue={query.sort} className={inputClass}>
              {COMPETITION_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </details>
    </form>
  );
}
