import { Quote, Trophy } from "lucide-react";
import { data, Link } from "react-router";
import { ReviewContent } from "~/components/home/review";
import { textLinkClass } from "~/components/legal-page";
import { ContentPage, cardClass, Section } from "~/components/page-section";
import { PAGES } from "~/content/pages";
import { sampleReviews, sampleWinners } from "~/content/showcase";
import { formatUkDate } from "~/domain/london-format";
import { metaFor } from "~/lib/seo";
import { cacheControlFor, publicPageHeaders, recentWinners } from "~/server/catalogue/home.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/winners";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const winners = await recentWinners(db);
  return data({ winners }, { headers: { "Cache-Control": cacheControlFor(request) } });
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = () => metaFor(PAGES.winners);

export default function WinnersPage({ loaderData }: Route.ComponentProps) {
  const { winners } = loaderData;
  return (
    <ContentPage
      titleId="winners-title"
      title="Winners"
      width="max-w-6xl"
      lead={
        "When a competition closes, its winner is drawn at random from the correct entries and free postal " +
        "entries. Every result appears here, newest first, with the evidence to check the draw yourself. Winners " +
        'are shown by initial, surname and county, or as "Winner" and county if they objected.'
      }
    >
      <Section
        id="draw-results"
        titleId="results-title"
        title="Latest draw results"
        icon={<Trophy aria-hidden="true" className="h-6 w-6 text-primary" />}
      >
        {winners.length > 0 ? (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {winners.map((w) => (
              <li key={w.id} data-testid="draw-result" className={cardClass}>
                <h3 className="text-lg font-semibold">{w.prizeTitle}</h3>
                <p className="text-sm text-muted-foreground">{w.title}</p>
                <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">Winner</dt>
                  <dd className="font-medium" data-testid="winner-name">
                    {w.winner}
                  </dd>
                  <dt className="text-muted-foreground">Prize value</dt>
                  <dd>{w.prizeValue}</dd>
                  {w.drawnAt ? (
                    <>
                      <dt className="text-muted-foreground">Drawn</dt>
                      <dd>
                        <time dateTime={w.drawnAt.toISOString()}>{formatUkDate(w.drawnAt)}</time>
                      </dd>
                    </>
                  ) : null}
                </dl>
                <p className="mt-4 text-sm">
                  <Link to={`/draws/${w.id}`} className={textLinkClass}>
                    Check this draw
                    <span className="sr-only">: {w.title}</span>
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 rounded-lg border border-border bg-card p-8 text-card-foreground">
            <p className="font-medium">No draws have been completed yet.</p>
            <p className="mt-2 text-muted-foreground">
              As soon as a competition closes and its winner is drawn, the result is published here.{" "}
              {"In the meantime, "}
              <Link to="/competitions" className={textLinkClass}>
                see the competitions open now
              </Link>
              .
            </p>
          </div>
        )}
      </Section>

      <Section titleId="examples-title" title="Example stories" className="mt-16">
        <p data-testid="sample-note" className="mt-2 rounded-md border border-border bg-muted px-4 py-3 text-sm">
          <strong>Illustrative sample content.</strong> The winners and reviews in this section are examples written to
          show what a story looks like. They are not real people or real results.
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {sampleWinners.map((w) => (
            <li key={w.name} data-testid="sample-winner" className={`flex flex-col ${cardClass}`}>
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
            <li key={r.name} data-testid="sample-review" className={cardClass}>
              <figure>
                <ReviewContent review={r} />
              </figure>
            </li>
          ))}
        </ul>
      </Section>
    </ContentPage>
  );
}
