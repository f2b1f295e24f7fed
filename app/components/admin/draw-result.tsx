import type { DrawnEntry } from "~/db/schema/draws";
import { isSkipReason, skipReasonText } from "~/domain/draw/skip-reasons";
import { formatUkWeekdayDateTime } from "~/domain/london-format";

type Skip = { reason: string; clause: number | null };

/** "Ticket 123 (paid entry)", "Ticket 7 (postal entry)". */
const entryName = (e: DrawnEntry) => `Ticket ${e.ticketNumber} (${e.source === "postal" ? "postal" : "paid"} entry)`;

/**
 * What the draw decided, first on the page: the winner now (after any redraws), the alternates in order, the entries
 * passed over with their published reason, when it was drawn and by which beacon round.
 */
export function DrawResult({
  drawnEntries,
  skips,
  drawnAt,
  round,
  roundAt,
}: {
  drawnEntries: DrawnEntry[];
  skips: Skip[];
  drawnAt: string | Date | null;
  round: number | null;
  roundAt: string | null;
}) {
  const winner = drawnEntries[skips.length];
  const alternates = drawnEntries.slice(skips.length + 1);
  return (
    <div className="grid gap-4">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Winner</dt>
        <dd className="text-xl font-semibold" data-testid="draw-winner">
          {winner ? entryName(winner) : "No entry left to win"}
        </dd>
        <dt className="text-muted-foreground">Drawn</dt>
        <dd>{drawnAt ? formatUkWeekdayDateTime(drawnAt) : "Not yet"}</dd>
        <dt className="text-muted-foreground">Beacon round</dt>
        <dd>{round ? `${round.toLocaleString("en-GB")}${roundAt ? `, out at ${roundAt}` : ""}` : "Not yet fixed"}</dd>
      </dl>
      <div>
        <h3 className="font-medium">Alternates, in order</h3>
        {alternates.length > 0 ? (
          <ol className="mt-1 list-decimal pl-6">
            {alternates.map((e) => (
              <li key={e.position}>{entryName(e)}</li>
            ))}
          </ol>
        ) : (
          <p className="mt-1 text-muted-foreground">None left.</p>
        )}
      </div>
      {skips.length > 0 ? (
        <div>
          <h3 className="font-medium">Passed over</h3>
          <ul className="mt-1 list-disc pl-6">
            {skips.map((s, i) => {
              const entry = drawnEntries[i];
              return (
                <li key={entry?.position ?? i}>
                  {entry ? entryName(entry) : "An entry"}:{" "}
                  {isSkipReason(s.reason) ? skipReasonText(s.reason, s.clause) : s.reason}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
