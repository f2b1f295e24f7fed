import { and, count, desc, eq, gt, isNotNull, isNull, lt, lte } from "drizzle-orm";
import { competitions, notifications, tickets } from "~/db/schema";
import { closingSoonText, closingSoonWindow, retentionCutoff } from "~/domain/notifications";
import type { Executor } from "../platform/db.server";
import { type PeriodicJob, startPeriodicJob } from "../platform/jobs.server";
import { addNotification } from "../platform/notifications.server";
import type { Services } from "../platform/services.server";

/** How many notifications the bell's page shows: the newest. */
const NOTIFICATIONS_SHOWN = 50;

/** The person's unread notifications still kept. */
export async function unreadCount(db: Executor, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        gt(notifications.createdAt, retentionCutoff(now)),
      ),
    );
  return row?.n ?? 0;
}

/** The person's newest notifications (90 days at most), newest first, with the unread count. */
export async function listNotifications(services: Services, userId: string) {
  const now = services.now();
  const [items, unread] = await Promise.all([
    services.db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), gt(notifications.createdAt, retentionCutoff(now))))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_SHOWN),
    unreadCount(services.db, userId, now),
  ]);
  return { items, unread };
}

/** Marks one of the person's own notifications read; another person's id matches nothing. */
export async function markNotificationRead(services: Services, userId: string, id: number) {
  const changed = await services.db
    .update(notifications)
    .set({ readAt: services.now() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return changed.length;
}

export async function markAllNotificationsRead(services: Services, userId: string) {
  const changed = await services.db
    .update(notifications)
    .set({ readAt: services.now() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return changed.length;
}

/**
 * One pass of the notifications job: tells everyone holding tickets in a live competition that closes within 24 hours
 * (once per person and competition, however many passes or processes see it), and deletes notifications older than
 * 90 days.
 */
export async function runNotificationsOnce(services: Pick<Services, "db" | "now">) {
  const now = services.now();
  const { after, until } = closingSoonWindow(now);
  const entrants = await services.db
    .selectDistinct({
      userId: tickets.userId,
      competitionId: competitions.id,
      title: competitions.title,
      endDate: competitions.endDate,
    })
    .from(tickets)
    .innerJoin(competitions, eq(competitions.id, tickets.competitionId))
    .where(
      and(
        eq(competitions.status, "active"),
        gt(competitions.endDate, after),
        lte(competitions.endDate, until),
        isNotNull(tickets.userId),
      ),
    );
  let added = 0;
  for (const entrant of entrants) {
    if (!entrant.userId) continue;
    await addNotification(services.db, {
      userId: entrant.userId,
      kind: "closing-soon",
      eventKey: `closing-soon:${entrant.competitionId}`,
      ...closingSoonText(entrant.title, entrant.endDate),
      link: `/competition/${entrant.competitionId}`,
      at: now,
    });
    added++;
  }
  const purged = await services.db
    .delete(notifications)
    .where(lt(notifications.createdAt, retentionCutoff(now)))
    .returning({ id: notifications.id });
  return { closingSoon: added, purged: purged.length };
}

const NOTIFICATIONS_INTERVAL_MS = 5 * 60_000;

export function startNotificationsJob(
  services: Services,
  intervalMs = NOTIFICATIONS_INTERVAL_MS,
): PeriodicJob<unknown> {
  return startPeriodicJob({
    name: "notifications",
    pass: () => runNotificationsOnce(services),
    intervalMs,
    firstDelayMs: 5_000,
    logger: services.logger,
  });
}
