import { Bell } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { bellLabel } from "~/domain/notifications";
import { useUnreadNotifications } from "~/lib/use-unread-notifications";

const NOTIFICATIONS_PAGE = "/account/notifications";
// The list, its forms and their date formatting load the first time the panel opens, not with every page.
const NotificationPanel = lazy(() => import("./notification-panel"));
const loadingNote = <p className="mt-3 text-sm text-muted-foreground">Loading notifications…</p>;

function Badge({ unread }: { unread: number }) {
  if (unread <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-xs
        font-semibold leading-5 text-primary-foreground"
    >
      {unread > 99 ? "99+" : unread}
    </span>
  );
}

/** Closes on Escape (focus back on the button) and on a press outside; Tab moves through the panel as it reads. */
function useDismiss(open: boolean, close: (refocus: boolean) => void) {
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, close]);
  return wrapper;
}

/**
 * The header's notifications control. Its name says how many are unread (a screen reader hears the count change,
 * politely) and the badge shows the same number, live over SSE. Before JavaScript runs it is a link to the
 * notifications page; after, a button that opens a panel with the newest notifications, where one or all can be
 * marked read (the page's own action, which brings the person back here) and "See all" leads to the page.
 */
export function NotificationBell({ initial }: { initial: number }) {
  const unread = useUnreadNotifications(initial, true);
  const label = bellLabel(unread);
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [opened, setOpened] = useState(false);
  const { pathname } = useLocation();
  const panelId = useId();
  const close = useRef((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }).current;
  const wrapper = useDismiss(open, close);

  useEffect(() => setEnhanced(true), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: following a link closes the panel
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);

  const status = (
    <span role="status" className="sr-only">
      {unread > 0 ? label.replace("Notifications, ", "Notifications: ") : ""}
    </span>
  );
  const bellClass = `${buttonClass("ghost", "icon")} relative`;
  if (!enhanced) {
    return (
      <>
        <Link to={NOTIFICATIONS_PAGE} aria-label={label} data-unread={unread} className={bellClass}>
          <Bell aria-hidden="true" className="h-5 w-5" />
          <Badge unread={unread} />
        </Link>
        {status}
      </>
    );
  }
  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        data-unread={unread}
        className={bellClass}
        onClick={() => setOpen((o) => !o)}
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        <Badge unread={unread} />
      </button>
      {status}
      <section
        id={panelId}
        hidden={!open}
        aria-labelledby={`${panelId}-title`}
        className="absolute right-0 top-full z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-md border border-border
          bg-background p-4 text-foreground shadow-lg"
      >
        <h2 id={`${panelId}-title`} ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
          Notifications
        </h2>
        {opened ? (
          <Suspense fallback={loadingNote}>
            <NotificationPanel
              open={open}
              unread={unread}
              onMarked={() => heading.current?.focus()}
              onFollow={() => setOpen(false)}
            />
          </Suspense>
        ) : (
          loadingNote
        )}
      </section>
    </div>
  );
}
