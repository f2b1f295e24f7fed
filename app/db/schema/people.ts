import { sql } from "drizzle-orm";
import { boolean, check, date, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { ROLES, sqlList } from "../constants";
import { user } from "./auth";

export const profiles = pgTable("profiles", {
  userId: text("user_id").primaryKey().references(() => user.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  phone: text("phone"),
  marketingConsent: boolean("marketing_consent").notNull().default(false),
  /** A new address waiting for its owner to confirm it from the link we sent there. */
  pendingEmail: text("pending_email"),
  dateOfBirth: date("date_of_birth"),
  country: text("country"),
  /** Set when the account confirmed date of birth (18+) and UK/Ireland residence before a first paid entry. */
  eligibilityConfirmedAt: timestamp("eligibility_confirmed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const userRoles = pgTable(
  "user_roles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id").notNull().references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("user_roles_user_role_unique").on(t.userId, t.role),
    check("user_roles_role_check", sql.raw(`role in (${sqlList(ROLES)})`)),
  ],
);

export const contactSubmissions = pgTable("contact_submissions", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  email: text("email").notNull().unique(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  name: text("name").notNull(),
  consentText: text("consent_text").notNull(),
  consentedAt: timestamp("consented_at", { withTimezone: true }).notNull(),
  consentSource: text("consent_source").notNull(),
  unsubscribeToken: text("unsubscribe_token").notNull().unique(),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const consentRecords = pgTable("consent_records", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  email: text("email").notNull(),
  userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
  purpose: text("purpose").notNull(),
  granted: boolean("granted").notNull(),
  wording: text("wording").notNull(),
  source: text("source").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
