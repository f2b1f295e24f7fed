import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * A <details> menu's state: open and closed by its summary (so it works before JavaScript), closed by script on
 * each navigation and by Escape, which returns focus to the summary.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigating closes the menu
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      ref.current?.querySelector("summary")?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  const onToggle = (e: React.SyntheticEvent<HTMLDetailsElement>) => setOpen(e.currentTarget.open);
  return { ref, open, onToggle };
}
