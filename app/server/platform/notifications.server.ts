import type { NotificationKind } from "~/db/constants";
import { notifications } from "~/db/schema";
import type { Executor } from "./db.server";

export const NOTIFICATION_CHANNEL = "notification_changed";

export type NewNotification = {
  userId: string;
  kind: NotificationKind;
  eventKey: string;
  title: string;
  body: string;
  link: string;
  at?: Date;
};

/**
 * Adds an in-app notification in the caller's transaction, so it exists exactly when its event does. The same event
 * seen twice (a replayed webhook) adds nothing. The database trigger announces it to the person's open pages.
 */
export async function addNotification(tx: Executor, notification: NewNotification) {
  const { at, ...values } = notification;
  await tx
    .insert(notifications)
    .values({ ...values, ...(at ? { createdAt: at } : {}) })
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] });
}
