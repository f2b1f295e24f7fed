import { Timer } from "lucide-react";
import { countdownParts } from "~/domain/countdown";
import { useNow } from "~/lib/use-now";
import { ClosingDate } from "./closing-date";

const UNITS = [
  ["days", "Days"],
  ["hours", "Hours"],
  ["minutes", "Minutes"],
  ["seconds", "Seconds"],
] as const;

/**
 * Counts down to the soonest closing of an open competition, every second. The ticking digits are a timer
 * that screen readers are not made to announce; the closing time is stated once in words beside them.
 */
export function NextDrawCountdown({ target, serverNow }: { target: Date | null; serverNow: Date }) {
  const now = useNow(serverNow, 1000);
  const parts = target ? countdownParts(target, now) : null;
  const closed = target ? target.getTime() <= now.getTime() : false;
  return (
    <section aria-labelledby="next-draw-title" className="rounded-lg border border-border bg-card p-5 text-card-foreground">
      <h2 id="next-draw-title" className="flex items-center gap-2 text-lg font-semibold">
        <Timer aria-hidden="true" className="h-5 w-5 text-primary" />
        Next Draw
      </h2>
      {target && parts ? (
        <>
          <div role="timer" aria-live="off" aria-atomic="true" className="mt-3 flex gap-3" data-testid="next-draw-countdown">
            {UNITS.map(([unit, label]) => (
              <div key={unit} className="min-w-16 rounded-md bg-muted px-3 py-2 text-center">
                <span className="block font-mono text-2xl font-bold tabular-nums" data-unit={unit}>
                  {parts[unit]}
                </span>
                <span className="text-xs text-muted-foreground">{label}</span>
              </div>
            ))}
          </div>
          <p className="mt-3 text-sm text-muted-foreground">
            {closed ? "Entries for the next draw have just closed. " : "Entries for the next draw close "}
            {closed ? null : <ClosingDate date={target} className="font-medium text-card-foreground" />}
            {closed ? null : "."}
          </p>
        </>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground" data-testid="next-draw-none">
          No competition is open at the moment, so no draw is scheduled. Check back soon.
        </p>
      )}
    </section>
  );
}
