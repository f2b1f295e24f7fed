import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { CAMPAIGN_AUDIENCES, CAMPAIGN_RECIPIENT_STATUSES, CAMPAIGN_STATES, sqlList } from "../constants";
import { user } from "./auth";
import { identityId, instant } from "./columns";
import { competitions } from "./competitions";
import { emailOutbox } from "./system";

/** A marketing e-mail campaign (domain/campaign holds its states and audiences). */
export const campaigns = pgTable(
  "campaigns",
  {
    id: identityId(),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    /** Plain text from staff: paragraphs separated by blank lines, never HTML. */
    content: text("content").notNull(),
    audience: text("audience", { enum: CAMPAIGN_AUDIENCES }).notNull(),
    /** The competition whose entrants the `competition-entrants` audience means. */
    audienceCompetitionId: integer("audience_competition_id").references(() => competitions.id, {
      onDelete: "set null",
    }),
    state: text("state", { enum: CAMPAIGN_STATES }).notNull().default("draft"),
    scheduledAt: instant("scheduled_at"),
    startedAt: instant("started_at"),
    sentAt: instant("sent_at"),
    cancelledAt: instant("cancelled_at"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("campaigns_state_check", sql.raw(`state in (${sqlList(CAMPAIGN_STATES)})`)),
    check("campaigns_audience_check", sql.raw(`audience in (${sqlList(CAMPAIGN_AUDIENCES)})`)),
    index("campaigns_due_idx").on(t.state, t.scheduledAt),
  ],
);

/**
 * Who a campaign goes to, fixed when sending starts: one row per address (unique), each moved from pending to queued
 * (with its outbox message) or skipped in the same transaction as its batch, so a crash repeats or loses nothing.
 */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    id: identityId(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    /** Lower case. */
    email: text("email").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** Set when the recipient was materialised for an account: a later missing account means it was deleted. */
    hadAccount: boolean("had_account").notNull().default(false),
    status: text("status", { enum: CAMPAIGN_RECIPIENT_STATUSES }).notNull().default("pending"),
    /** Why the send-time check skipped this person (consent withdrawn, paused, self-excluded, deleted). */
    skipReason: text("skip_reason"),
    /** Opaque key the unsubscribe link carries as `campaign`, so the campaign counts the click (ADR 025). */
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    outboxId: integer("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    queuedAt: instant("queued_at"),
    unsubscribedAt: instant("unsubscribed_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    unique("campaign_recipients_campaign_email_unique").on(t.campaignId, t.email),
    check("campaign_recipients_status_check", sql.raw(`status in (${sqlList(CAMPAIGN_RECIPIENT_STATUSES)})`)),
    index("campaign_recipients_status_idx").on(t.campaignId, t.status, t.id),
  ],
);

export type CampaignRow = typeof campaigns.$inferSelect;
