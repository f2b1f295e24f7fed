import { Timer } from "lucide-react";
import { useNow } from "~/lib/use-now";
import { ClosingDate } from "./closing-date";
import { CompactCountdown } from "./compact-countdown";

/**
 * Counts down to the soonest closing of an open competition, every second, on one compact line so a phone's
 * first screen still reaches the competitions. The ticking digits are a timer that screen readers are not made
 * to announce; the closing time is stated once in words beside them.
 */
export function NextDrawCountdown({ target, serverNow }: { target: Date | null; serverNow: Date }) {
  const now = useNow(serverNow, 30_000);
  const closed = target ? target.getTime() <= now.getTime() : false;
  return (
    <section
      aria-labelledby="next-draw-title"
      className="rounded-lg border border-border bg-card p-3 text-card-foreground sm:p-4"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id="next-draw-title" className="flex items-center gap-2 font-semibold sm:text-lg">
          <Timer aria-hidden="true" className="h-5 w-5 text-primary" />
          Next Draw
        </h2>
        {target ? (
          <CompactCountdown
            target={target}
            serverNow={serverNow}
            testId="next-draw-countdown"
            className="text-sm sm:text-base"
          />
        ) : null}
      </div>
      {target ? (
        // On a phone the sentence is for screen readers only: the digits say it, and the competitions come sooner.
        <p className="sr-only sm:not-sr-only sm:mt-2 sm:text-sm sm:text-muted-foreground">
          {closed ? "Entries for the next draw have just closed. " : "Entries for the next draw close "}
          {closed ? null : <ClosingDate date={target} className="font-medium text-card-foreground" />}
          {closed ? null : "."}
        </p>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground" data-testid="next-draw-none">
          No competition is open at the moment, so no draw is scheduled. Check back soon.
        </p>
      )}
    </section>
  );
}
