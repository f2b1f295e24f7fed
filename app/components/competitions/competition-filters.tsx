import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import {
  COMPETITION_FILTERS,
  COMPETITION_SORTS,
  FILTER_LABELS,
  SEARCH_MAX_LENGTH,
  SORT_LABELS,
  listSearch,
  parseListQuery,
  type CompetitionListQuery,
} from "~/schemas/competition-query";

const SEARCH_DELAY_MS = 350;

/**
 * Search, filter and sort as one GET form: without JavaScript it submits to /competitions?q=&filter=&sort=;
 * with it, a change applies at once (typing after a short pause) and the URL stays short.
 */
export function CompetitionFilters({ query }: { query: CompetitionListQuery }) {
  const formRef = useRef<HTMLFormElement>(null);
  const typingTimer = useRef<number | undefined>(undefined);
  const navigate = useNavigate();

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
      className="grid gap-4 rounded-lg border border-border bg-card p-5 text-card-foreground md:grid-cols-[minmax(0,2fr)_auto_minmax(0,1fr)_auto] md:items-end"
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
      <div className="space-y-1.5">
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
                className="peer absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
              />
              <span className="inline-flex h-11 items-center rounded-full border border-input px-4 text-sm font-medium peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring">
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
      <Button type="submit" variant="outline">
        <Search aria-hidden="true" className="h-4 w-4" />
        Search
      </Button>
    </form>
  );
}
