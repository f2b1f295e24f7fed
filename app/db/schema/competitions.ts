import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { COMPETITION_STATUSES, sqlList } from "../constants";
import { user } from "./auth";

export const competitions = pgTable(
  "competitions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    prizeTitle: text("prize_title").notNull(),
    prizeDescription: text("prize_description").notNull(),
    prizeValue: text("prize_value").notNull(),
    entryPricePence: integer("entry_price_pence").notNull(),
    totalTickets: integer("total_tickets").notNull(),
    ticketsSold: integer("tickets_sold").notNull().default(0),
    ticketsReserved: integer("tickets_reserved").notNull().default(0),
    maxTicketsPerUser: integer("max_tickets_per_user"),
    endDate: timestamp("end_date", { withTimezone: true }).notNull(),
    imageUrl: text("image_url").notNull(),
    additionalImages: jsonb("additional_images").$type<string[]>().notNull().default([]),
    featured: boolean("featured").notNull().default(false),
    skillQuestion: text("skill_question").notNull(),
    skillOptions: jsonb("skill_options").$type<string[]>().notNull(),
    correctAnswer: text("correct_answer").notNull(),
    status: text("status", { enum: COMPETITION_STATUSES }).notNull().default("draft"),
    winnerTicketNumber: integer("winner_ticket_number"),
    winnerUserId: text("winner_user_id").references(() => user.id, { onDelete: "set null" }),
    winnerDisplayName: text("winner_display_name"),
    winnerLocation: text("winner_location"),
    drawnAt: timestamp("drawn_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("competitions_status_check", sql.raw(`status in (${sqlList(COMPETITION_STATUSES)})`)),
    check("competitions_capacity_check", sql`${t.ticketsSold} >= 0 and ${t.ticketsReserved} >= 0 and ${t.ticketsSold} + ${t.ticketsReserved} <= ${t.totalTickets}`),
    check("competitions_price_check", sql`${t.entryPricePence} >= 0`),
    index("competitions_status_end_idx").on(t.status, t.endDate),
  ],
);

export const tickets = pgTable(
  "tickets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    competitionId: integer("competition_id").notNull().references(() => competitions.id),
    ticketNumber: integer("ticket_number").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    orderId: uuid("order_id"),
    skillAnswer: text("skill_answer").notNull(),
    isCorrectAnswer: boolean("is_correct_answer").notNull(),
    purchaseDate: timestamp("purchase_date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("tickets_competition_number_unique").on(t.competitionId, t.ticketNumber),
    index("tickets_user_idx").on(t.userId),
    index("tickets_order_idx").on(t.orderId),
  ],
);

export type CompetitionRow = typeof competitions.$inferSelect;
export type NewCompetition = typeof competitions.$inferInsert;
export type TicketRow = typeof tickets.$inferSelect;
