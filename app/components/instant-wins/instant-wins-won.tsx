import { Trophy } from "lucide-react";
import type { InstantWinKind } from "~/db/constants";
import { wonPrizeText } from "~/domain/instant-win-prize";

type Won = { id: number; ticketNumber: number; kind: InstantWinKind; amountPence: number; prize: string };

/** The payment result's good news: the instant prizes this order's tickets won, and where each one goes. */
export function InstantWinsWon({ wins }: { wins: readonly Won[] }) {
  if (wins.length === 0) return null;
  const credit = wins.some((w) => w.kind === "site-credit");
  const toClaim = wins.some((w) => w.kind !== "site-credit");
  return (
    <section
      aria-labelledby="instant-won-title"
      className="mt-6 rounded-lg border-2 border-primary bg-card p-5 text-card-foreground"
      data-testid="instant-wins-won"
    >
      <h2 id="instant-won-title" className="flex items-center gap-2 text-xl font-semibold">
        <Trophy aria-hidden="true" className="size-6 text-primary" />
        {wins.length === 1 ? "You won an instant prize!" : `You won ${wins.length} instant prizes!`}
      </h2>
      <ul className="mt-3 space-y-1">
        {wins.map((w) => (
          <li key={w.id}>
            Ticket {w.ticketNumber}: <strong>{wonPrizeText(w)}</strong>
          </li>
        ))}
      </ul>
      {credit ? <p className="mt-3">Site credit is already in your wallet: see your account.</p> : null}
      {toClaim ? <p className="mt-3">Claim your cash or prize from your account: we will need your details.</p> : null}
    </section>
  );
}
