import { useEffect, useState } from "react";

/**
 * The current time, ticking every `intervalMs` once the page is interactive. It starts from `initial` (the
 * loader's clock) so the server's HTML and the first browser render agree and hydration never mismatches.
 */
export function useNow(initial: Date, intervalMs: number): Date {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    setNow(new Date());
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

/** False on the server and in the first browser render, true once React has hydrated. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
