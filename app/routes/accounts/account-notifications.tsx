import { Link } from "react-router";
import { AccountSection, AccountShell } from "~/components/account/account-shell";
import { textLinkClass } from "~/components/legal-page";
import { PostButton } from "~/components/ui/post-button";
import { formatUkShortDateTime } from "~/domain/london-format";
import { NOTIFICATION_RETENTION_DAYS } from "~/domain/notifications";
import { pageMeta } from "~/lib/seo";
import { safeRedirectPath } from "~/schemas/auth";
import { notificationActionCheck } from "~/schemas/notifications";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/server/accounts/notifications.server";
import { guardedUser } from "~/server/accounts/session.server";
import { servicesContext } from "~/server/platform/context";
import { readSubmission, refused } from "~/server/platform/form-action.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/account-notifications";

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = guardedUser(context);
  return listNotifications(services, user.id);
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const submission = await readSubmission(services, request, notificationActionCheck.schema);
  if (submission.status !== "success") return refused(submission, notificationActionCheck);
  const user = guardedUser(context);
  const input = submission.value;
  const changed =
    input.intent === "read-all"
      ? await markAllNotificationsRead(services, user.id)
      : await markNotificationRead(services, user.id, input.id);
  const title = input.intent === "read-all" ? "All notifications marked as read" : "Notification marked as read";
  // Back where the person marked it: this page, or the page under the header's pop-over.
  return redirectWithToast(services, safeRedirectPath(input.returnTo, "/account/notifications"), {
    type: "success",
    title: changed > 0 ? title : "Nothing to mark",
  });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Notifications", "Your orders, refunds and competitions closing soon.");

export default function AccountNotificationsPage({ loaderData }: Route.ComponentProps) {
  const { items, unread } = loaderData;
  return (
    <AccountShell
      title="Notifications"
      intro={`Your orders, refunds and competitions closing soon, kept for ${NOTIFICATION_RETENTION_DAYS} days.`}
    >
      <AccountSection
        id="notifications-title"
        title={unread === 0 ? "All read" : `${unread} unread`}
        actions={
          unread > 0 ? (
            <PostButton values={{ intent: "read-all" }} variant="outline" size="sm">
              Mark all as read
            </PostButton>
          ) : null
        }
      >
        {items.length === 0 ? (
          <p className="text-muted-foreground">
            No notifications yet. We will tell you here when an order is confirmed.
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-labelledby="notifications-title">
            {items.map((n) => (
              <li key={n.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">
                    {n.readAt ? null : <span className="sr-only">Unread: </span>}
                    <Link to={n.link} className={textLinkClass}>
                      {n.title}
                    </Link>
                    {n.readAt ? null : (
                      <span aria-hidden="true" className="ml-2 inline-block size-2 rounded-full bg-primary" />
                    )}
                  </p>
                  <p className="mt-1 text-sm">{n.body}</p>
                  <p className="mt-1 text-xs text-muted-foreground">{formatUkShortDateTime(n.createdAt)}</p>
                </div>
                {n.readAt ? null : (
                  <PostButton
                    values={{ intent: "read", id: n.id }}
                    variant="ghost"
                    size="sm"
                    aria-label={`Mark as read: ${n.title}`}
                  >
                    Mark as read
                  </PostButton>
                )}
              </li>
            ))}
          </ul>
        )}
      </AccountSection>
    </AccountShell>
  );
}
