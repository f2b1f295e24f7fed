import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CompactCountdown } from "~/components/competitions/compact-countdown";
import { CompetitionImage } from "~/components/competitions/competition-picture";
import { FeaturedBadge } from "~/components/competitions/entry-status";
import { TicketsSold } from "~/components/competitions/tickets-sold";
import { buttonClass } from "~/components/ui/button";
import { formatPence } from "~/domain/money";
import type { CompetitionSummary } from "~/schemas/competition-query";

const count = new Intl.NumberFormat("en-GB");

/** The hero picture fills the left half from 1024px, the whole width below. */
const HERO_SIZES = "(min-width: 1280px) 720px, (min-width: 1024px) 55vw, 100vw";
const pictureClass = "aspect-[2/1] w-full rounded-lg bg-muted object-cover sm:aspect-[16/10]";

function OpenCount({ activeCount }: { activeCount: number }) {
  return (
    <p className="text-sm text-muted-foreground">
      <span data-testid="active-count" className="font-semibold text-foreground">
        {count.format(activeCount)}
      </span>{" "}
      {activeCount === 1 ? "competition open for entry now" : "competitions open for entry now"}, each with a free
      postal entry route.
    </p>
  );
}

/**
 * The page's one h1 and the prize that sells it: the featured competition (or, with none featured, the open one
 * closing soonest) with its picture, value, price, countdown and sales, and the way in.
 */
export function Hero({
  competition: c,
  closes,
  activeCount,
  now,
}: {
  competition: CompetitionSummary | null;
  /** The closing time in words, UK time, formatted by the loader (the page need not ship the formatter). */
  closes: string;
  activeCount: number;
  now: Date;
}) {
  if (!c) return <HeroWithoutPrize activeCount={activeCount} />;
  return (
    <section
      aria-labelledby="home-title"
      className="border-b border-border bg-card text-card-foreground"
      data-testid="hero"
      data-competition-id={c.id}
    >
      <div
        className={
          "mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 sm:py-10 lg:grid-cols-[11fr_9fr] lg:items-center " +
          "lg:gap-10"
        }
      >
        <CompetitionImage competition={c} sizes={HERO_SIZES} priority className={pictureClass} />
        <div>
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-muted-foreground">
            {c.featured ? <FeaturedBadge /> : <span>Closing soonest</span>}
            <span className="hidden sm:inline">Win equestrian prizes with what you know about horses</span>
          </p>
          <h1 id="home-title" className="mt-2 text-2xl font-bold tracking-tight sm:mt-3 sm:text-4xl">
            {c.title}
          </h1>
          <p className="mt-1 text-muted-foreground sm:mt-2 sm:text-lg">{c.prizeTitle}</p>
          <p className="mt-4 flex flex-wrap items-baseline gap-x-6 gap-y-1 sm:mt-5">
            <span>
              <span className="text-muted-foreground">Worth </span>
              <strong className="text-2xl" data-testid="hero-prize-value">
                {c.prizeValue}
              </strong>
            </span>
            <span>
              <strong className="text-2xl" data-testid="hero-price">
                {formatPence(c.entryPricePence)}
              </strong>
              <span className="text-muted-foreground"> a ticket</span>
            </span>
          </p>
          {/* A phone shows the digits alone; the closing date in words is there for screen readers too. */}
          <p className="mt-3 text-sm text-muted-foreground">
            <span aria-hidden="true" className="sm:hidden">
              Closes in
            </span>
            <span className="sr-only sm:not-sr-only">
              Closes{" "}
              <time dateTime={c.endDate.toISOString()} className="font-medium text-card-foreground">
                {closes}
              </time>
            </span>
          </p>
          <CompactCountdown target={c.endDate} serverNow={now} className="mt-1.5 text-lg" testId="hero-countdown" />
          <TicketsSold ticketsSold={c.ticketsSold} totalTickets={c.totalTickets} className="mt-4 sm:mt-5" />
          <div className="mt-5 flex flex-wrap items-center gap-3 sm:mt-6">
            <Link
              to={`/competition/${c.id}`}
              className={buttonClass("primary", "lg")}
              aria-describedby="home-title"
              data-testid="hero-enter"
            >
              Enter now <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Link>
            <Link to="/competitions" className={buttonClass("outline", "lg")}>
              Browse competitions
            </Link>
          </div>
          <div className="mt-5">
            <OpenCount activeCount={activeCount} />
          </div>
        </div>
      </div>
    </section>
  );
}

/** Nothing open: the promise, the count (none) and the way to past results. */
function HeroWithoutPrize({ activeCount }: { activeCount: number }) {
  return (
    <section aria-labelledby="home-title" className="border-b border-border bg-card text-card-foreground">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
        <h1 id="home-title" className="text-4xl font-bold tracking-tight sm:text-5xl">
          Win equestrian prizes with what you know about horses
        </h1>
        <div className="mt-6">
          <OpenCount activeCount={activeCount} />
        </div>
        <div className="mt-8 flex flex-wrap items-center gap-4">
          <Link to="/competitions" className={buttonClass("primary", "lg")}>
            Browse competitions <ArrowRight aria-hidden="true" className="h-5 w-5" />
          </Link>
          <Link to="/winners#draw-results" className={buttonClass("outline", "lg")}>
            See the latest draw results
          </Link>
        </div>
      </div>
    </section>
  );
}
