import { Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, useLocation, useNavigation } from "react-router";
import { CompetitionCard } from "~/components/competitions/competition-card";
import { CompetitionFilters } from "~/components/competitions/competition-filters";
import { LoadFailed } from "~/components/competitions/entry-status";
import { NextDrawCountdown } from "~/components/competitions/next-draw-countdown";
import { buttonClass } from "~/components/ui/button";
import { PAGES } from "~/content/pages";
import {
  COMPETITIONS_PAGE_SIZE,
  type CompetitionListQuery,
  listSearch,
  parseListQuery,
} from "~/domain/competition-list-query";
import { metaFor } from "~/lib/seo";
import { useLiveCompetitions, withLiveCounts } from "~/lib/use-live-competitions";
import { useNow } from "~/lib/use-now";
import type { CompetitionSummary } from "~/schemas/competition-query";
import {
  competitionPageCacheControl,
  competitionPageHeaders,
  listPublicCompetitions,
  nextDrawDate,
} from "~/server/catalogue/competitions.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/competitions";

const LOAD_ERROR = { title: "Error", description: "Failed to load competitions. Please try again." } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams);
  const now = services.now();
  // ?page=N is page N alone, whether a link opened it or Load More fetched it to append.
  const [list, nextDraw] = await Promise.all([
    listPublicCompetitions(services.db, query, now),
    nextDrawDate(services.db, now),
  ]);
  return data(
    { query, ...list, nextDraw, now },
    { headers: { "Cache-Control": competitionPageCacheControl(request), Vary: "Cookie" } },
  );
}

export const headers: Route.HeadersFunction = competitionPageHeaders;

/** Search engines and assistive tools learn the sequence of pages from rel="prev" and rel="next". */
export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return metaFor(PAGES.competitions);
  const { query, total } = loaderData;
  const pageLink = (rel: "prev" | "next", page: number) => ({
    tagName: "link",
    rel,
    href: `/competitions${listSearch({ ...query, page })}`,
  });
  return [
    ...metaFor(PAGES.competitions),
    ...(query.page > 1 ? [pageLink("prev", query.page - 1)] : []),
    ...(query.page * COMPETITIONS_PAGE_SIZE < total ? [pageLink("next", query.page + 1)] : []),
  ];
};

export default function CompetitionsPage({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-start">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Competitions</h1>
          <p className="mt-2 max-w-prose text-muted-foreground sm:mt-3">
            Every competition is skill-based, with a free postal entry route. Ticket numbers update live.
          </p>
        </div>
        <NextDrawCountdown target={loaderData.nextDraw} serverNow={loaderData.now} />
      </div>
      <div className="mt-4 sm:mt-8">
        <CompetitionFilters query={loaderData.query} />
      </div>
      {/* A new search starts a fresh list; pages appended by Load More belong to the search that loaded them. */}
      <CompetitionResults key={location.search} {...loaderData} />
    </div>
  );
}

type ResultsProps = { query: CompetitionListQuery; competitions: CompetitionSummary[]; total: number; now: Date };

function CompetitionResults({ query, competitions: firstPages, total: firstTotal, now: serverNow }: ResultsProps) {
  const navigation = useNavigation();
  const fetcher = useFetcher<typeof loader>();
  const [appended, setAppended] = useState<{ page: number; items: CompetitionSummary[]; total: number }>({
    page: query.page,
    items: [],
    total: firstTotal,
  });
  const firstNewCard = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const more = fetcher.data;
    if (!more || fetcher.state !== "idle") return;
    setAppended((current) => {
      if (more.query.page <= current.page) return current;
      const seen = new Set([...firstPages, ...current.items].map((c) => c.id));
      const fresh = more.competitions.filter((c) => !seen.has(c.id));
      firstNewCard.current = fresh[0]?.id ?? null;
      return { page: more.query.page, items: [...current.items, ...fresh], total: more.total };
    });
  }, [fetcher.data, fetcher.state, firstPages]);

  // After Load More, keyboard focus moves to the first new card so the reader continues where the list grew.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each Load More appends
  useEffect(() => {
    if (firstNewCard.current === null) return;
    listRef.current?.querySelector<HTMLAnchorElement>(`[data-competition-id="${firstNewCard.current}"] a`)?.focus();
    firstNewCard.current = null;
  }, [appended]);

  const now = useNow(serverNow, 30_000);
  const shown = [...firstPages, ...appended.items];
  const live = useLiveCompetitions(shown.map((c) => c.id));
  const searching = navigation.state === "loading" && navigation.location.pathname === "/competitions";
  const loadingMore = fetcher.state !== "idle";
  // A link to ?page=N opens page N alone: the cards before it are on the earlier pages.
  const before = (query.page - 1) * COMPETITIONS_PAGE_SIZE;
  const hasMore = before + shown.length < appended.total;
  const nextPage = { ...query, page: appended.page + 1 };
  const range = before > 0 ? `${before + 1}–${before + shown.length}` : String(shown.length);

  return (
    <section aria-labelledby="results-title" className="mt-4 sm:mt-8">
      <h2 id="results-title" className="sr-only">
        Results
      </h2>
      <p role="status" className="mb-4 flex items-center gap-2 text-sm text-muted-foreground">
        {searching ? (
          <>
            <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
            Loading competitions…
          </>
        ) : shown.length > 0 ? (
          `Showing ${range} of ${appended.total} ${appended.total === 1 ? "competition" : "competitions"}`
        ) : null}
      </p>
      {shown.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-border px-6 py-16 text-center text-lg"
          data-testid="no-results"
        >
          No competitions found. Try adjusting your search or filter.
        </p>
      ) : (
        <ul
          ref={listRef}
          aria-busy={searching || loadingMore}
          className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${searching ? "opacity-60" : ""}`}
          data-testid="competition-list"
        >
          {shown.map((competition, i) => (
            <li key={competition.id}>
              <CompetitionCard competition={withLiveCounts(competition, live)} now={now} priority={i === 0} />
            </li>
          ))}
        </ul>
      )}
      {hasMore || query.page > 1 ? (
        <nav aria-label="More competitions" className="mt-10 flex flex-wrap justify-center gap-4">
          {query.page > 1 ? (
            <Link
              to={`/competitions${listSearch({ ...query, page: query.page - 1 })}`}
              rel="prev"
              className={buttonClass("outline", "lg")}
            >
              Previous page
            </Link>
          ) : null}
          {hasMore ? (
            <Link
              to={`/competitions${listSearch(nextPage)}`}
              rel="next"
              preventScrollReset
              aria-disabled={loadingMore || undefined}
              className={buttonClass("primary", "lg", loadingMore ? "pointer-events-none opacity-70" : "")}
              onClick={(event) => {
                event.preventDefault();
                if (!loadingMore) fetcher.load(`/competitions${listSearch(nextPage)}`);
              }}
            >
              {loadingMore ? (
                <>
                  <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" />
                  Loading…
                </>
              ) : (
                "Load More"
              )}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <LoadFailed
      title={LOAD_ERROR.title}
      description={LOAD_ERROR.description}
      action={
        <a href="/competitions" className={buttonClass("primary", "lg")}>
          Try again
        </a>
      }
    />
  );
}
