import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { EMAIL_STATUSES, FUNNEL_STAGES, sqlList } from "../constants";
import { identityId, instant } from "./columns";

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: identityId(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Extra message headers, e.g. List-Unsubscribe for marketing mail. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    kind: text("kind").notNull(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: instant("sent_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("email_outbox_status_check", sql.raw(`status in (${sqlList(EMAIL_STATUSES)})`)),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: identityId(),
    actorUserId: text("actor_user_id"),
    action: text("action").notNull(),
    subject: text("subject"),
    data: jsonb("data"),
    /** The subject's state before and after a staff action, for the audit page. */
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_action_idx").on(t.action, t.createdAt),
    // The audit page's subject filter: one subject ("competition:12") or every one of a kind ("competition:…").
    index("audit_log_subject_idx").using("btree", t.subject.op("text_pattern_ops"), t.createdAt),
  ],
);

/** The checkout funnel per competition: one row per visitor and step (viewed, answered, checkout started, paid). */
export const funnelEvents = pgTable(
  "funnel_events",
  {
    id: identityId(),
    competitionId: integer("competition_id").notNull(),
    stage: text("stage", { enum: FUNNEL_STAGES }).notNull(),
    /** A salted hash of the visitor's session or client id: no personal data. */
    visitorKey: text("visitor_key").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("funnel_events_stage_check", sql.raw(`stage in (${sqlList(FUNNEL_STAGES)})`)),
    unique("funnel_events_once").on(t.competitionId, t.stage, t.visitorKey),
  ],
);

/** Fixed-window counters for rate limits on our own forms (contact, newsletter). */
export const rateLimits = pgTable("form_rate_limits", {
  key: text("key").primaryKey(),
  windowStart: instant("window_start").notNull(),
  count: integer("count").notNull(),
});

/** Site settings the business changes on the admin Settings page (domain/site-settings.ts), one row per key. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedByUserId: text("updated_by_user_id"),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});
