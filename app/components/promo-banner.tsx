import { Pause, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { usePrefersReducedMotion } from "~/lib/use-prefers-reduced-motion";
import { BANNER_INTERVAL_MS } from "./motion-timings";

const BANNER_MESSAGES = [
  "Premium equestrian prizes worth over £50K available now",
  "Next draw coming soon",
  "100% skill-based competitions",
  "A new competition is coming soon",
  "Join equestrian enthusiasts and win equestrian prizes",
] as const;

/** The five promotional messages in a loop, with a pause control; still under reduced motion. */
export function PromoBanner() {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  // Under reduced motion it starts still; a person may still choose to play it.
  const [paused, setPaused] = useState<boolean | null>(null);
  const running = !(paused ?? reducedMotion);
  const ToggleIcon = running ? Pause : Play;

  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % BANNER_MESSAGES.length), BANNER_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [running]);

  return (
    <section aria-label="Announcements" aria-roledescription="carousel" className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-7xl items-center justify-center gap-3 px-4 py-2 text-sm font-medium">
        <p aria-live={running ? "off" : "polite"} data-testid="banner-message">
          {BANNER_MESSAGES[index]}
        </p>
        <button
          type="button"
          onClick={() => setPaused(running)}
          aria-pressed={!running}
          aria-label={running ? "Pause announcements" : "Play announcements"}
          // The site's ring colour is close to the banner's own; the banner's text colour stands out from it (3:1).
          className={
            "inline-flex h-7 w-7 items-center justify-center rounded-full border border-current " +
            "focus-visible:outline-primary-foreground"
          }
        >
          <ToggleIcon aria-hidden="true" className="h-3.5 w-3.5" />
        </button>
      </div>
    </section>
  );
}
