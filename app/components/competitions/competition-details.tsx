import { ClosingDate } from "~/components/competitions/closing-date";
import { TicketsSold } from "~/components/competitions/tickets-sold";
import { oddsText } from "~/domain/competition-status";
import type { PublicCompetition } from "~/schemas/competition-query";

/** The description and the facts beside the entry box: prize, odds, closing date, tickets sold. */
export function CompetitionDetails({ competition, left }: { competition: PublicCompetition; left: string }) {
  return (
    <section aria-labelledby="about-prize-title">
      <h2 id="about-prize-title" className="text-xl font-semibold tracking-tight">
        About this competition
      </h2>
      <p className="mt-3 leading-7">{competition.description}</p>
      <dl className="mt-5 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="text-sm text-muted-foreground">Prize</dt>
          <dd className="font-semibold">{competition.prizeTitle}</dd>
          <dd className="mt-1 text-sm">{competition.prizeDescription}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Odds with one ticket</dt>
          <dd className="font-semibold" data-testid="odds">
            {oddsText(competition.totalTickets)}
            <span className="block text-sm font-normal text-muted-foreground">if every ticket is sold</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Closes (UK time)</dt>
          <dd className="font-semibold">
            <ClosingDate date={competition.endDate} />
            <span className="sr-only">, {left} left</span>
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm text-muted-foreground">Tickets sold</dt>
          <dd>
            <TicketsSold
              ticketsSold={competition.ticketsSold}
              totalTickets={competition.totalTickets}
              className="mt-1"
            />
          </dd>
        </div>
      </dl>
    </section>
  );
}
