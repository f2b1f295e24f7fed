import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { DOMAIN_STATUSES, sqlList } from "../constants";
import { user } from "./auth";
import { identityId, instant } from "./columns";

/**
 * The site's custom domain. One at a time (the unique index on a constant allows a single row): the admin removes
 * the current one before adding another. Once verified it is the public origin for links, e-mails and share URLs.
 */
export const customDomains = pgTable(
  "custom_domains",
  {
    id: identityId(),
    /** The ASCII (punycode) name, lower case, no trailing dot. */
    domain: text("domain").notNull(),
    /** Random; the value of the TXT record `_paddock-challenge.<domain>` that proves the admin controls the name. */
    verificationToken: text("verification_token").notNull(),
    status: text("status", { enum: DOMAIN_STATUSES }).notNull().default("pending"),
    lastCheckedAt: instant("last_checked_at"),
    /** Why the last check verified or failed, in words for the admin. */
    lastReason: text("last_reason"),
    /** Checks since the last success; the periodic re-check backs off with it. */
    failedChecks: integer("failed_checks").notNull().default(0),
    nextCheckAt: instant("next_check_at").notNull().defaultNow(),
    verifiedAt: instant("verified_at"),
    addedBy: text("added_by").references(() => user.id, { onDelete: "set null" }),
    /** Requests on any other host are redirected (301) to this domain once it is verified. */
    redirectOtherHosts: boolean("redirect_other_hosts").notNull().default(false),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  () => [
    uniqueIndex("custom_domains_single").on(sql`(true)`),
    check("custom_domains_status_check", sql.raw(`status in (${sqlList(DOMAIN_STATUSES)})`)),
  ],
);

export type CustomDomain = typeof customDomains.$inferSelect;
