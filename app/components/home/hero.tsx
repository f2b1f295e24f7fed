import { ArrowRight, Trophy } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

const count = new Intl.NumberFormat("en-GB");

/** The page's one h1, the live count of open competitions and the way in. */
export function Hero({ activeCount }: { activeCount: number }) {
  return (
    <section aria-labelledby="home-title" className="border-b border-border bg-card text-card-foreground">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 lg:grid-cols-[3fr_2fr] lg:items-center lg:py-24">
        <div>
          <h1 id="home-title" className="text-4xl font-bold tracking-tight sm:text-5xl">
            Win equestrian prizes with what you know about horses
          </h1>
          <p className="mt-6 max-w-prose text-lg leading-8 text-muted-foreground">
            Answer a skill question, choose your tickets and enter the draw for tack, equipment, event tickets and cash.
            Open to riders aged 18 and over in the UK and Ireland, with a free postal entry route on every competition.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <Link to="/competitions" className={buttonClass("primary", "lg")}>
              Browse competitions <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Link>
            <Link to="/winners#draw-results" className={buttonClass("outline", "lg")}>
              <Trophy aria-hidden="true" className="h-5 w-5" /> See the latest draw results
            </Link>
          </div>
        </div>
        <p className="rounded-lg border border-border bg-background p-8 text-center">
          <span data-testid="active-count" className="block text-6xl font-bold text-primary">
            {count.format(activeCount)}
          </span>
          <span className="mt-2 block text-lg font-medium">
            {activeCount === 1 ? "competition open for entry now" : "competitions open for entry now"}
          </span>
        </p>
      </div>
    </section>
  );
}
