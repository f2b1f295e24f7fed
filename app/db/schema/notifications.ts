import { sql } from "drizzle-orm";
import { check, index, pgTable, text, unique } from "drizzle-orm/pg-core";
import { NOTIFICATION_KINDS, sqlList } from "../constants";
import { identityId, instant, ownerUserId } from "./columns";

/**
 * In-app notifications behind the header's bell, kept 90 days. Each change NOTIFYs `notification_changed` with the
 * owner's id (a trigger), so every process's open streams update that person's unread count.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: identityId(),
    userId: ownerUserId(),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** One notification per event and person ("order-confirmed:<order id>"), however often the event is seen. */
    eventKey: text("event_key").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** A path on this site to open from the notification. */
    link: text("link").notNull(),
    readAt: instant("read_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("notifications_kind_check", sql.raw(`kind in (${sqlList(NOTIFICATION_KINDS)})`)),
    unique("notifications_user_event_unique").on(t.userId, t.eventKey),
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_created_idx").on(t.createdAt),
  ],
);
