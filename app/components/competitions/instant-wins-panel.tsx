import { Link } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import type { InstantWinKind } from "~/db/constants";
import { instantWinsTextPath } from "~/domain/draw/instant-wins";
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

/** A short line for the entry box: instant wins and the UK code's rule on credit cards. */
export function InstantWinsEntryNote({ count }: { count: number }) {
  return (
    <p className="mb-4 text-sm" data-testid="instant-wins-note">
      <strong>Instant wins:</strong> {count} {count === 1 ? "ticket number wins" : "ticket numbers win"} a prize the
      moment it is sold. Instant-win competitions cannot be paid for with a credit card: please use a debit card.
    </p>
  );
}

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
        Fixed before the first sale: on {formatUkDateTime(view.committedAt)} we published the SHA-256 of the list with a
        secret salt, <code className="break-all font-mono">{view.commitment}</code>. At the close we publish the list
        and the salt, so anyone can check the list never changed.{" "}
        <Link to="/fair-play#instant-wins" className={textLinkClass}>
          How instant wins work
        </Link>
      </p>
      {view.list ? (
        <>
          <h3 className="mt-4 font-semibold">Every instant win</h3>
          <ul className="mt-2 space-y-1" aria-label="Every instant win">
            {view.list.map((p) => {
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
          <p className="mt-3 text-sm">
            Salt: <code className="break-all font-mono">{view.salt}</code>.{" "}
            <a href={instantWinsTextPath(competitionId)} className={textLinkClass}>
              The list exactly as committed (instant-wins.txt)
            </a>{" "}
            <Link to={`/draws/${competitionId}`} className={textLinkClass}>
              Check it
            </Link>
          </p>
        </>
      ) : view.won.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold">Won so far</h3>
          <ul className="mt-2 space-y-1" aria-label="Instant wins won so far">
            {view.won.map((w) => (
              <li key={w.ticketNumber}>
                Ticket {w.ticketNumber}: {wonPrizeText(w)} <span className="font-semibold">Won</span> by {w.winner}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
