import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { POSTAL_OUTCOMES, POSTAL_REJECTION_REASONS, sqlList } from "../constants";
import { user } from "./auth";
import { identityId, instant } from "./columns";
import { competitions, tickets } from "./competitions";

/**
 * Free postal entries as staff recorded them from the card, every one with its outcome and reason (never silently
 * dropped). An accepted entry owns a ticket (source 'postal') numbered from the competition's one sequence.
 */
export const postalEntries = pgTable(
  "postal_entries",
  {
    id: identityId(),
    competitionId: integer("competition_id")
      .notNull()
      .references(() => competitions.id),
    fullName: text("full_name").notNull(),
    /** Null when the card gave none (or no real date): the entry is then incomplete. */
    dateOfBirth: date("date_of_birth"),
    address: text("address").notNull(),
    /** Where the winner list names the entrant ("surname, county"), when the card gives it. */
    county: text("county"),
    contactNumber: text("contact_number").notNull(),
    email: text("email").notNull(),
    termsAccepted: boolean("terms_accepted").notNull(),
    skillAnswer: text("skill_answer").notNull(),
    isCorrectAnswer: boolean("is_correct_answer").notNull(),
    receivedAt: instant("received_at").notNull(),
    /** Staff's reference for the envelope: the first entry recorded for it is considered, the rest are bulk. */
    envelopeRef: text("envelope_ref").notNull(),
    outcome: text("outcome", { enum: POSTAL_OUTCOMES }).notNull(),
    reason: text("reason", { enum: POSTAL_REJECTION_REASONS }),
    reasonDetail: text("reason_detail"),
    ticketId: integer("ticket_id").references(() => tickets.id),
    recordedBy: text("recorded_by").references(() => user.id, { onDelete: "set null" }),
    recordedAt: instant("recorded_at").notNull().defaultNow(),
  },
  (t) => [
    check("postal_entries_outcome_check", sql.raw(`outcome in (${sqlList(POSTAL_OUTCOMES)})`)),
    check(
      "postal_entries_reason_check",
      sql.raw(
        `(outcome = 'accepted' and reason is null and ticket_id is not null) or ` +
          `(outcome = 'rejected' and reason in (${sqlList(POSTAL_REJECTION_REASONS)}) and ticket_id is null)`,
      ),
    ),
    index("postal_entries_competition_idx").on(t.competitionId, t.recordedAt),
    index("postal_entries_envelope_idx").on(t.competitionId, t.envelopeRef),
    index("postal_entries_email_idx").on(t.competitionId, sql`lower(${t.email})`),
    index("postal_entries_ticket_idx").on(t.ticketId),
  ],
);

export type PostalEntryRow = typeof postalEntries.$inferSelect;
export type NewPostalEntry = typeof postalEntries.$inferInsert;
