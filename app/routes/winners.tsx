import { Quote, Trophy } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/winners";
import { ReviewContent } from "~/components/home/review";
import { textLinkClass } from "~/components/legal-page";
import { sampleReviews, sampleWinners } from "~/db/seed-data";
import { pageMeta } from "~/lib/seo";
import { servicesContext } from "~/server/context";
import { cacheControlFor, publicPageHeaders, recentWinners } from "~/server/home.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const winners = await recentWinners(db);
  return data({ winners }, { headers: { "Cache-Control": cacheControlFor(request) } });
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta("Winners", "The latest Paddock draw results: who won, what they won and when the draw took place.");

const drawDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/London" });

export default function WinnersPage({ loaderData }: Route.ComponentProps) {
  const { winners } = loaderData;
  return (
    <article aria-labelledby="winners-title" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 id="winners-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
        Winners
      </h1>
      <p className="mt-4 max-w-prose text-lg leading-8 text-muted-foreground">
        When a competition closes, its winner is drawn at random from the correct entries and free postal entries.
        Every result appears here.
      </p>

      <section id="draw-results" aria-labelledby="results-title" className="mt-12 scroll-mt-24">
        <h2 id="results-title" className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <Trophy aria-hidden="true" className="h-6 w-6 text-primary" />
          Latest draw results
        </h2>
        {winners.length > 0 ? (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {winners.map((w) => (
              <li key={w.id} data-testid="draw-result" className="rounded-lg border border-border bg-card p-6 text-card-foreground">
                <h3 className="text-lg font-semibold">{w.prizeTitle}</h3>
                <p className="text-sm text-muted-foreground">{w.title}</p>
                <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">Winner</dt>
                  <dd className="font-medium">
                    {w.winnerDisplayName ?? "Name withheld"}
                    {w.winnerLocation ? `, ${w.winnerLocation}` : ""}
                  </dd>
                  <dt className="text-muted-foreground">Prize value</dt>
                  <dd>{w.prizeValue}</dd>
                  {w.drawnAt ? (
                    <>
                      <dt className="text-muted-foreground">Drawn</dt>
                      <dd>
                        <time dateTime={w.drawnAt.toISOString()}>{drawDate.format(w.drawnAt)}</time>
                      </dd>
                    </>
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 rounded-lg border border-border bg-card p-8 text-card-foreground">
            <p className="font-medium">No draws have been completed yet.</p>
            <p className="mt-2 text-muted-foreground">
              As soon as a competition closes and its winner is drawn, the result is published here. In the meantime,{" "}
              <Link to="/competitions" className={textLinkClass}>
                see the competitions open now
              </Link>
              .
            </p>
          </div>
        )}
      </section>

      <section aria-labelledby="examples-title" className="mt-16">
        <h2 id="examples-title" className="text-2xl font-semibold tracking-tight">
          Example stories
        </h2>
        <p data-testid="sample-note" className="mt-2 rounded-md border border-border bg-muted px-4 py-3 text-sm">
          <strong>Illustrative sample content.</strong> The winners and reviews in this section are examples written to
          show what a story looks like. They are not real people or real results.
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {sampleWinners.map((w) => (
            <li key={w.name} data-testid="sample-winner" className="flex flex-col rounded-lg border border-border bg-card p-6 text-card-foreground">
              <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Example</p>
              <h3 className="mt-1 text-lg font-semibold">
                {w.name}, <span className="font-normal">{w.location}</span>
              </h3>
              <p className="mt-2 font-medium">
                {w.prize} <span className="text-muted-foreground">({w.value})</span>
              </p>
              <p className="text-sm text-muted-foreground">{w.date}</p>
              <blockquote className="mt-4 flex gap-2 text-sm leading-6">
                <Quote aria-hidden="true" className="h-4 w-4 flex-none text-primary" />
                <p>{w.testimonial}</p>
              </blockquote>
            </li>
          ))}
        </ul>

        <h3 className="mt-12 text-xl font-semibold tracking-tight">Example reviews</h3>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {sampleReviews.map((r) => (
            <li key={r.name} data-testid="sample-review" className="rounded-lg border border-border bg-card p-6 text-card-foreground">
              <figure>
                <ReviewContent review={r} />
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
