import { CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { formatUkShortDateTime } from "~/domain/london-format";
import { formatPence } from "~/domain/money";

/** The competition being entered: on the review pages as a card of its own, in a basket line as its heading. */
export function CheckoutCompetition({
  competition,
  framed = true,
}: {
  competition: {
    id: number;
    title: string;
    prizeValue: string;
    imageUrl: string;
    entryPricePence: number;
    endDate?: Date | string;
  };
  framed?: boolean;
}) {
  return (
    <section
      aria-labelledby={`competition-${competition.id}-title`}
      className={`flex gap-4 ${framed ? "rounded-lg border border-border bg-card p-4 text-card-foreground" : ""}`}
    >
      <img
        src={competition.imageUrl}
        alt=""
        width={128}
        height={96}
        className="h-24 w-32 shrink-0 rounded-md bg-muted object-cover"
      />
      <div className="min-w-0 space-y-1">
        <h2 id={`competition-${competition.id}-title`} className="text-lg font-semibold leading-snug">
          <Link to={`/competition/${competition.id}`} className="hover:underline">
            {competition.title}
          </Link>
        </h2>
        <p className="text-sm text-muted-foreground">
          Prize value {competition.prizeValue} · {formatPence(competition.entryPricePence)} per ticket
        </p>
        {competition.endDate ? (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <CalendarClock aria-hidden="true" className="size-4" />
            Closes {formatUkShortDateTime(competition.endDate)}
          </p>
        ) : null}
      </div>
    </section>
  );
}
