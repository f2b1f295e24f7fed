import { useEffect, useRef, useState } from "react";
import { usePrefersReducedMotion } from "~/lib/use-prefers-reduced-motion";

/**
 * Calls `onTick` every `intervalMs` while playing. Under prefers-reduced-motion it starts paused, and a
 * person can still choose to play it; `hold` stops ticking for a moment (pointer or focus inside) without
 * changing the chosen state.
 */
export function useAutoplay(intervalMs: number, onTick: () => void, hold = false) {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState<boolean | null>(null);
  const playing = !(paused ?? reducedMotion);
  const tick = useRef(onTick);
  tick.current = onTick;

  useEffect(() => {
    if (!playing || hold) return;
    const id = window.setInterval(() => tick.current(), intervalMs);
    return () => window.clearInterval(id);
  }, [playing, hold, intervalMs]);

  return { playing, toggle: () => setPaused(playing) };
}
