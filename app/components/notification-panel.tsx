import { useEffect } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { textLinkClass } from "~/components/legal-page";
import { Button } from "~/components/ui/button";
import { HiddenFields } from "~/components/ui/post-button";
import { formatUkShortDateTime } from "~/domain/london-format";

const NOTIFICATIONS_PAGE = "/account/notifications";
/** How many of the newest notifications the pop-over lists; the page lists the rest. */
const POPOVER_SHOWN = 5;

/** What the notifications page's loader answers; the pop-over reads it through a fetcher. */
type NotificationList = {
  items: { id: number; title: string; body: string; link: string; readAt: Date | null; createdAt: Date }[];
  unread: number;
};

/**
 * The inside of the header bell's pop-over, loaded the first time it opens: the newest notifications (read from the
 * notifications page's loader when the panel opens and whenever the live count changes while it is open), a form to
 * mark each or all read, and a link to the page with the rest.
 */
export default function NotificationPanel({
  open,
  unread,
  onMarked,
  onFollow,
}: {
  open: boolean;
  unread: number;
  /** After a mark-read form is sent: its button is about to go, so the focus needs a new home. */
  onMarked: () => void;
  /** A link in the panel was followed. */
  onFollow: () => void;
}) {
  const list = useFetcher<NotificationList>({ key: "notification-bell" });
  const { pathname, search } = useLocation();
  const returnTo = pathname + search;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fetcher's identity changes with its state
  useEffect(() => {
    if (open) list.load(NOTIFICATIONS_PAGE);
  }, [open, unread]);

  return (
    <>
      <NotificationItems data={list.data} returnTo={returnTo} onMarked={onMarked} onFollow={onFollow} />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <Link to={NOTIFICATIONS_PAGE} className={`${textLinkClass} text-sm`} onClick={onFollow}>
          See all notifications
        </Link>
        {unread > 0 ? (
          <MarkReadForm values={{ intent: "read-all" }} returnTo={returnTo} onSent={onMarked}>
            Mark all as read
          </MarkReadForm>
        ) : null}
      </div>
    </>
  );
}

/** Posts to the notifications page's action without leaving this page: it redirects back here with a toast. */
function MarkReadForm({
  values,
  returnTo,
  onSent,
  label,
  children,
}: {
  values: Record<string, string | number>;
  returnTo: string;
  onSent: () => void;
  label?: string;
  children: React.ReactNode;
}) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={NOTIFICATIONS_PAGE} onSubmit={onSent}>
      <HiddenFields values={{ ...values, returnTo }} />
      <Button type="submit" variant="ghost" size="sm" aria-label={label} disabled={fetcher.state !== "idle"}>
        {children}
      </Button>
    </fetcher.Form>
  );
}

function NotificationItems({
  data,
  returnTo,
  onMarked,
  onFollow,
}: {
  data: NotificationList | undefined;
  returnTo: string;
  onMarked: () => void;
  onFollow: () => void;
}) {
  if (!data) return <p className="mt-3 text-sm text-muted-foreground">Loading notifications…</p>;
  if (data.items.length === 0) return <p className="mt-3 text-sm text-muted-foreground">No notifications yet.</p>;
  return (
    <ul className="mt-2 max-h-96 divide-y divide-border overflow-y-auto">
      {data.items.slice(0, POPOVER_SHOWN).map((n) => (
        <li key={n.id} className="py-2">
          <p className="text-sm font-semibold">
            {n.readAt ? null : <span className="sr-only">Unread: </span>}
            <Link to={n.link} className={textLinkClass} onClick={onFollow}>
              {n.title}
            </Link>
          </p>
          <p className="mt-1 text-sm">{n.body}</p>
          <div className="mt-1 flex items-center justify-between gap-2">
            <p className="text-xs text-muted-foreground">{formatUkShortDateTime(n.createdAt)}</p>
            {n.readAt ? null : (
              <MarkReadForm
                values={{ intent: "read", id: n.id }}
                returnTo={returnTo}
                onSent={onMarked}
                label={`Mark as read: ${n.title}`}
              >
                Mark as read
              </MarkReadForm>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
