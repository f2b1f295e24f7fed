import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CompetitionCard } from "~/components/competitions/competition-card";
import { buttonClass } from "~/components/ui/button";
import type { CompetitionSummary } from "~/schemas/competition-query";

export function FeaturedCompetitions({ competitions, now }: { competitions: CompetitionSummary[]; now: Date }) {
  return (
    <section aria-labelledby="featured-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="featured-title" className="text-3xl font-bold tracking-tight">
            Featured Competitions
          </h2>
          <p className="mt-2 text-muted-foreground">More hand-picked prizes, open for entry now.</p>
        </div>
        <Link to="/competitions" className={buttonClass("outline")}>
          View all competitions <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
      {competitions.length > 0 ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {competitions.map((c) => (
            <li key={c.id}>
              <CompetitionCard competition={c} now={now} headingLevel={3} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 rounded-lg border border-border bg-card p-8 text-center text-card-foreground">
          There are no featured competitions open right now. New competitions are added regularly:{" "}
          <Link to="/competitions" className="font-medium text-primary underline">
            see everything that is open
          </Link>
          .
        </p>
      )}
    </section>
  );
}
