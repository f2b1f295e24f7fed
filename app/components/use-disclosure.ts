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
  const shownPath = useRef(location.pathname);
  // Navigating closes the menu (not the first render: that is no navigation).
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    setOpen(false);
  }, [location.pathname]);
  // A menu opened before the page became interactive (its summary works without script) stays open, and says so.
  useEffect(() => {
    if (ref.current?.open) setOpen(true);
  }, []);
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
