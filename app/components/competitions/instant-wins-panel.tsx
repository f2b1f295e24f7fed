import { Link } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import type { InstantWinKind } from "~/db/constants";
import { instantWinsTextPath } from "~/domain/draw/instant-wins-path";
import { wonPrizeText } from "~/domain/instant-win-prize";
import { formatUkDateTime } from "~/domain/london-format";

type Prize = { ticketNumber: number; kind: InstantWinKind; amountPence: number; prize: string };

export type InstantWinsView = {
  commitment: string;
  committedAt: Date;
  revealedAt: Date | null;
  salt: string | null;
  won: (Prize & { winner: string; wonAt: Date })[];
  stillToWin: number;
  list: Prize[] | null;
};

/**
 * The competition's instant wins: the commitment published at go-live, each prize won so far with its winner (as
 * winners are published), and once the competition has closed the whole list and the salt that reproduce the
 * commitment (docs/instant-wins-v1.md).
 */
export function InstantWinsPanel({ competitionId, view }: { competitionId: number; view: InstantWinsView }) {
  const total = view.won.length + view.stillToWin;
  const wonByNumber = new Map(view.won.map((w) => [w.ticketNumber, w]));
  return (
    <section
      aria-labelledby="instant-wins-title"
      className="rounded-lg border border-border bg-card p-5 text-card-foreground"
      data-testid="instant-wins"
    >
      <h2 id="instant-wins-title" className="text-xl font-semibold tracking-tight">
        Instant wins
      </h2>
      <p className="mt-2">
        {total} {total === 1 ? "ticket number wins" : "ticket numbers win"} a prize the moment it is sold:{" "}
        {view.won.length} won, {view.stillToWin} still to win. The numbers stay secret until the competition closes.
      </p>
      <p className="mt-2 text-sm">
        Committed at go-live ({formatUkDateTime(view.committedAt)}), salted SHA-256:{" "}
        <code className="break-all font-mono">{view.commitment}</code>. The list and salt come out at the close.{" "}
        <Link to="/fair-play#instant-wins" className={textLinkClass}>
          How instant wins work
        </Link>
      </p>
      {view.list || view.won.length > 0 ? (
        <ul className="mt-3 space-y-1" aria-label={view.list ? "Every instant win" : "Instant wins won so far"}>
          {(view.list ?? view.won).map((p) => {
            const won = wonByNumber.get(p.ticketNumber);
            return (
              <li key={p.ticketNumber}>
                Ticket {p.ticketNumber}: {wonPrizeText(p)}{" "}
                <span className={won ? "font-semibold" : "text-muted-foreground"}>
                  {won ? `Won by ${won.winner}` : "Not won"}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {view.list ? (
        <p className="mt-3 text-sm">
          Salt: <code className="break-all font-mono">{view.salt}</code>.{" "}
          <a href={instantWinsTextPath(competitionId)} className={textLinkClass}>
            The list as committed
          </a>{" "}
          <Link to={`/draws/${competitionId}`} className={textLinkClass}>
            Check it
          </Link>
        </p>
      ) : null}
    </section>
  );
}
