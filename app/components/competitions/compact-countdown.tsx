import { useEffect, useState } from "react";
import { countdownParts } from "~/domain/countdown";

const UNITS = [
  ["days", "d", "days"],
  ["hours", "h", "hours"],
  ["minutes", "m", "minutes"],
  ["seconds", "s", "seconds"],
] as const;

/**
 * Time left to `target` on one line ("02d 04h 13m 05s"), ticking every second. A timer screen readers are not
 * made to announce: whoever shows it states the closing time once in words as well.
 */
export function CompactCountdown({
  target,
  serverNow,
  className = "",
  testId,
}: {
  target: Date;
  serverNow: Date;
  className?: string;
  testId?: string;
}) {
  // Its own one-second clock (not useNow): the home page then loads no more than this for its only ticking part.
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const tick = () => setNow(new Date());
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, []);
  const parts = countdownParts(target, now);
  return (
    <span
      role="timer"
      aria-live="off"
      aria-atomic="true"
      className={`inline-flex flex-wrap gap-1 font-mono tabular-nums ${className}`}
      data-testid={testId}
    >
      {UNITS.map(([unit, short, long]) => (
        <span key={unit} className="rounded-md bg-muted px-1.5 py-0.5 font-bold sm:px-2 sm:py-1">
          <span data-unit={unit}>{parts[unit]}</span>
          <abbr title={long} className="ml-0.5 font-normal text-muted-foreground no-underline">
            {short}
          </abbr>
        </span>
      ))}
    </span>
  );
}
