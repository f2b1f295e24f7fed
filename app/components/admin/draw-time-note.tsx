import { drawTiming } from "~/domain/draw/chain";
import { formatUkWeekdayDateTime } from "~/domain/london-format";
import { londonWallTimeToInstant } from "~/domain/london-time";

/** The beacon the draw will use, as the form needs it: its name and clock (public facts, not secrets). */
export type DrawChainTiming = { network: "drand-quicknet" | "local-test-beacon"; genesis: number; period: number };

const BEACON_NAMES = { "drand-quicknet": "drand quicknet", "local-test-beacon": "the local test beacon" } as const;

/**
 * When the draw will happen, worked out from the closing time as it is typed (the same rule the server fixes at
 * go-live), and why an hour later: the entry list is frozen and its fingerprint published first.
 */
export function DrawTimeNote({ chain, closes }: { chain: DrawChainTiming; closes: string | undefined }) {
  const closesAt = closes ? londonWallTimeToInstant(closes) : null;
  const timing = closesAt ? drawTiming(chain, closesAt) : null;
  return (
    <div className="rounded-md border border-border bg-muted/40 p-4 text-sm" data-testid="draw-time-note">
      <p aria-live="polite" className="font-medium">
        {timing
          ? `The draw: ${formatUkWeekdayDateTime(timing.drawAt)}, decided by ${BEACON_NAMES[chain.network]} round ` +
            `${timing.round.toLocaleString("en-GB")}, the round current 60 minutes after the closing time.`
          : "Set the closing time to see when the draw will happen."}
      </p>
      <p className="mt-1 text-muted-foreground">
        Why an hour later: at the close the entry list is frozen and its fingerprint published, before a public
        randomness beacon emits the number that picks the winner. So nobody, Paddock included, can know or choose the
        winner in advance, and anyone can check the draw afterwards.
      </p>
    </div>
  );
}
