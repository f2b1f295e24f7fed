import { Clock } from "lucide-react";
import { Link } from "react-router";
import { timeLeftText } from "~/domain/competition-status";
import { formatPence } from "~/domain/money";
import type { CompetitionSummary } from "~/schemas/competition-query";
import { CompetitionImage } from "./competition-picture";
import { EntryStatusBadge, FeaturedBadge } from "./entry-status";
import { TicketsSold } from "./tickets-sold";

type CompetitionCardProps = {
  competition: CompetitionSummary;
  /** The clock to measure time left against; pass the loader's `now` first so hydration matches. */
  now: Date;
  /** 2 on the list page (under its h1), 3 where the cards sit under a section heading. */
  headingLevel?: 2 | 3;
  /** The first card on a page: its picture is likely the largest on screen, so it loads first (LCP). */
  priority?: boolean;
};

/** Cards sit one, two or three to a row within the 80rem page. */
const CARD_SIZES = "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw";

/** One public competition as a card; the title link covers the whole card. */
export function CompetitionCard({ competition: c, now, headingLevel = 2, priority = false }: CompetitionCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const left = timeLeftText(c, now);
  return (
    <article
      data-testid="competition-card"
      data-competition-id={c.id}
      className={
        "relative flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card text-card-foreground " +
        "shadow-sm focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-ring"
      }
    >
      <div className="relative">
        <CompetitionImage
          competition={c}
          sizes={CARD_SIZES}
          priority={priority}
          className="aspect-[16/10] w-full bg-muted object-cover"
        />
        <div className="absolute left-3 top-3 flex flex-wrap gap-2">
          {c.featured ? <FeaturedBadge /> : null}
          <EntryStatusBadge competition={c} now={now} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading className="text-lg font-semibold leading-snug">
          <Link to={`/competition/${c.id}`} className="outline-none after:absolute after:inset-0 hover:underline">
            {c.title}
          </Link>
        </Heading>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div className="col-span-2">
            <dt className="text-muted-foreground">Prize</dt>
            <dd className="font-medium">{c.prizeTitle}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Prize value</dt>
            <dd className="font-medium">{c.prizeValue}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Entry price</dt>
            <dd className="font-medium" data-testid="entry-price">
              {formatPence(c.entryPricePence)}
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="sr-only">Time left</dt>
            <dd className="flex items-center gap-1.5" data-testid="time-left">
              <Clock aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
              <span>{left === "Ended" ? "Ended" : `${left} left`}</span>
            </dd>
          </div>
        </dl>
        <TicketsSold ticketsSold={c.ticketsSold} totalTickets={c.totalTickets} className="mt-auto" />
      </div>
    </article>
  );
}
