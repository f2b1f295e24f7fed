import { Clock } from "lucide-react";
import { Link } from "react-router";
import { formatTimeLeft, percentSold } from "~/domain/competition-status";
import { formatPence } from "~/domain/money";

export type CompetitionCardData = {
  id: number;
  title: string;
  prizeTitle: string;
  prizeValue: string;
  entryPricePence: number;
  ticketsSold: number;
  totalTickets: number;
  endDate: Date;
  imageUrl: string;
};

const count = new Intl.NumberFormat("en-GB");

/** One competition as a card; the title link covers the whole card. `now` comes from the loader so server and browser agree. */
export function CompetitionCard({ competition: c, now }: { competition: CompetitionCardData; now: Date }) {
  const percent = percentSold(c.ticketsSold, c.totalTickets);
  const left = formatTimeLeft(c.endDate, now);
  return (
    <article
      data-testid="competition-card"
      className="relative flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card text-card-foreground shadow-sm focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-ring"
    >
      <img src={c.imageUrl} alt="" width={640} height={400} loading="lazy" className="aspect-[16/10] w-full bg-muted object-cover" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="text-lg font-semibold leading-snug">
          <Link to={`/competition/${c.id}`} className="outline-none after:absolute after:inset-0 hover:underline">
            {c.title}
          </Link>
        </h3>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          <div className="col-span-2">
            <dt className="text-muted-foreground">Prize</dt>
            <dd className="font-medium">{c.prizeTitle}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Worth</dt>
            <dd className="font-medium">{c.prizeValue}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Entry</dt>
            <dd className="font-medium">{formatPence(c.entryPricePence)}</dd>
          </div>
          <div className="col-span-2">
            <dt className="sr-only">Time left</dt>
            <dd className="flex items-center gap-1.5">
              <Clock aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
              <span>{left === "Ended" ? "Ended" : `${left} left`}</span>
            </dd>
          </div>
        </dl>
        <div className="mt-auto">
          <p className="flex justify-between text-sm">
            <span>
              {count.format(c.ticketsSold)} / {count.format(c.totalTickets)} sold
            </span>
            <span className="text-muted-foreground">{percent}%</span>
          </p>
          <div
            role="progressbar"
            aria-label={`Tickets sold for ${c.title}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-1.5 h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
          </div>
        </div>
      </div>
    </article>
  );
}
