import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { COMPLAINT_STATUSES, CONSENT_PURPOSES, CONSENT_SOURCES, ROLES, sqlList } from "../constants";
import { user } from "./auth";
import { identityId, instant, ownerUserId } from "./columns";

export const profiles = pgTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  phone: text("phone"),
  /**
   * Unused: marketing consent is the consent ledger's alone. Kept, neither read nor written, until the release after
   * this one drops it, so processes of the previous release still running during a rolling deploy keep working.
   */
  marketingConsent: boolean("marketing_consent").notNull().default(false),
  /** A new address waiting for its owner to confirm it from the link we sent there. */
  pendingEmail: text("pending_email"),
  dateOfBirth: date("date_of_birth"),
  country: text("country"),
  /** Set when the account confirmed date of birth (18+) and UK/Ireland residence before a first paid entry. */
  eligibilityConfirmedAt: instant("eligibility_confirmed_at"),
  /** Published with the surname if this person wins ("H. Vane, Herefordshire"), as the CAP code expects. */
  county: text("county"),
  /** The winner objected to publication of their name: the winners list shows "Winner, <county>". */
  winnerNameWithheld: boolean("winner_name_withheld").notNull().default(false),
  createdAt: instant("created_at").notNull().defaultNow(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

export const userRoles = pgTable(
  "user_roles",
  {
    id: identityId(),
    userId: ownerUserId(),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    unique("user_roles_user_role_unique").on(t.userId, t.role),
    check("user_roles_role_check", sql.raw(`role in (${sqlList(ROLES)})`)),
  ],
);

export const contactSubmissions = pgTable("contact_submissions", {
  id: identityId(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: instant("created_at").notNull().defaultNow(),
});

export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  id: identityId(),
  email: text("email").notNull().unique(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  name: text("name").notNull(),
  consentText: text("consent_text").notNull(),
  consentedAt: instant("consented_at").notNull(),
  consentSource: text("consent_source").notNull(),
  unsubscribeToken: text("unsubscribe_token").notNull().unique(),
  unsubscribedAt: instant("unsubscribed_at"),
  /**
   * Double opt-in (issue 29): a sign-up waits, holding the token its confirmation e-mail links to, until the link is
   * opened; only then is the consent recorded in the ledger. Null `confirmed_at` with a token: waiting.
   */
  confirmationToken: text("confirmation_token").unique(),
  confirmedAt: instant("confirmed_at"),
  createdAt: instant("created_at").notNull().defaultNow(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

/**
 * The consent ledger: append-only (a trigger refuses deletes and edits, except erasing the address and the account
 * when a person deletes their account). A person's current choice is derived from it (domain/consent-ledger).
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: identityId(),
    email: text("email").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** SHA-256 of the lower-cased address: ties records to an address even after the address is erased. */
    addressHash: text("address_hash"),
    purpose: text("purpose", { enum: CONSENT_PURPOSES }).notNull(),
    granted: boolean("granted").notNull(),
    wording: text("wording").notNull(),
    source: text("source", { enum: CONSENT_SOURCES }).notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("consent_records_purpose_check", sql.raw(`purpose in (${sqlList(CONSENT_PURPOSES)})`)),
    check("consent_records_source_check", sql.raw(`source in (${sqlList(CONSENT_SOURCES)})`)),
    index("consent_records_user_idx").on(t.userId),
    index("consent_records_address_idx").on(t.addressHash),
  ],
);

/** Complaints from the public /complaints form; the reference shown to the complainant is built from the id. */
export const complaints = pgTable(
  "complaints",
  {
    id: identityId(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The account that sent it, when the complainant was signed in: they see it, and our replies, in their account. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** An order number or other reference the complainant gave, as typed. */
    orderReference: text("order_reference"),
    details: text("details").notNull(),
    status: text("status", { enum: COMPLAINT_STATUSES }).notNull().default("open"),
    /** The reply promised when it arrived, in working days (the setting may change later). */
    replyWorkingDays: integer("reply_working_days").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
    answeredAt: instant("answered_at"),
    resolvedAt: instant("resolved_at"),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("complaints_status_check", sql.raw(`status in (${sqlList(COMPLAINT_STATUSES)})`)),
    index("complaints_status_idx").on(t.status, t.createdAt),
    index("complaints_user_idx").on(t.userId),
  ],
);

/**
 * Staff replies to a complaint, in the order written: the complaint's thread after the complaint itself. Each is
 * e-mailed to the complainant as it is written; a final reply closes the complaint (and starts the complainant's
 * right to go to the dispute resolution body). Never edited: a correction is another reply.
 */
export const complaintReplies = pgTable(
  "complaint_replies",
  {
    id: identityId(),
    complaintId: integer("complaint_id")
      .notNull()
      .references(() => complaints.id, { onDelete: "cascade" }),
    /** The member of staff who wrote it (null once their account is deleted). */
    authorUserId: text("author_user_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    /** Our final reply: the complaint was resolved with it. */
    final: boolean("final").notNull().default(false),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("complaint_replies_complaint_idx").on(t.complaintId, t.id)],
);
