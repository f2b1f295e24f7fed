import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { COMPETITION_STATUSES, sqlList, TICKET_SOURCES, UNPUBLISHED_STATUSES } from "../constants";
import { user } from "./auth";
import { identityId, instant } from "./columns";

/** Tickets sold plus tickets held in open checkouts. */
const taken = (t: { ticketsSold: AnyPgColumn; ticketsReserved: AnyPgColumn }) =>
  sql`${t.ticketsSold} + ${t.ticketsReserved}`;

/** Published: what the public may see (UNPUBLISHED_STATUSES are not). */
const published = sql.raw(`status not in (${sqlList(UNPUBLISHED_STATUSES)})`);

export const competitions = pgTable(
  "competitions",
  {
    id: identityId(),
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
    endDate: instant("end_date").notNull(),
    /** When a scheduled competition goes live by itself. */
    goLiveAt: instant("go_live_at"),
    /** The terms close entries early once every ticket is sold (shown before purchase). */
    closesAtSellOut: boolean("closes_at_sell_out").notNull().default(false),
    closedAt: instant("closed_at"),
    cancelReason: text("cancel_reason"),
    cancelledAt: instant("cancelled_at"),
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
    drawnAt: instant("drawn_at"),
    /** The draw rule, fixed when it is scheduled and again at go-live (draw-v1.md): draw time, round, beacon chain. */
    drawAt: instant("draw_at"),
    drawRound: bigint("draw_round", { mode: "number" }),
    drawChainHash: text("draw_chain_hash"),
    /**
     * Multi-buy discounts, fewest tickets first (app/domain/pricing.ts checks them). The default is the tiers every
     * competition had before they were set per competition, so adding the column changed no price.
     */
    multiBuyTiers: jsonb("multi_buy_tiers")
      .$type<{ minQuantity: number; percent: number }[]>()
      .notNull()
      .default(sql`'[{"minQuantity":3,"percent":5},{"minQuantity":5,"percent":10}]'::jsonb`),
    /** The cash a winner may take instead of the prize, when staff offer one. */
    cashAlternativePence: integer("cash_alternative_pence"),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("competitions_status_check", sql.raw(`status in (${sqlList(COMPETITION_STATUSES)})`)),
    check(
      "competitions_capacity_check",
      sql`${t.ticketsSold} >= 0 and ${t.ticketsReserved} >= 0 and ${taken(t)} <= ${t.totalTickets}`,
    ),
    check("competitions_price_check", sql`${t.entryPricePence} >= 0`),
    check(
      "competitions_cash_alternative_check",
      sql`${t.cashAlternativePence} is null or ${t.cashAlternativePence} > 0`,
    ),
    index("competitions_status_end_idx").on(t.status, t.endDate),
    // The public list's orders (issue 11): published competitions only, so drafts never cost the list anything.
    index("competitions_public_end_idx").on(t.endDate, t.id).where(published),
    index("competitions_public_created_idx").on(t.createdAt, t.id).where(published),
    index("competitions_public_price_idx").on(t.entryPricePence, t.endDate, t.id).where(published),
    // The home page's featured row, and the staff list (newest first, with or without a status; read backwards).
    index("competitions_featured_end_idx").on(t.endDate, t.id).where(sql`${t.featured} and ${t.status} = 'active'`),
    index("competitions_created_idx").on(t.createdAt, t.id),
    index("competitions_status_created_idx").on(t.status, t.createdAt, t.id),
  ],
);

export const tickets = pgTable(
  "tickets",
  {
    id: identityId(),
    competitionId: integer("competition_id")
      .notNull()
      .references(() => competitions.id),
    ticketNumber: integer("ticket_number").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    orderId: uuid("order_id"),
    skillAnswer: text("skill_answer").notNull(),
    isCorrectAnswer: boolean("is_correct_answer").notNull(),
    purchaseDate: instant("purchase_date").notNull().defaultNow(),
    /** Set when the ticket's order is refunded: out of the draw, its number never reused. */
    withdrawnAt: instant("withdrawn_at"),
    source: text("source", { enum: TICKET_SOURCES }).notNull().default("paid"),
    /**
     * The pseudonymous reference printed in the draw manifest and e-mailed to the entrant (draw-v1.md):
     * 16 upper-case hex characters from the database's random UUIDs, no personal data.
     */
    entryRef: text("entry_ref").notNull().default(sql`paddock_entry_ref()`),
  },
  (t) => [
    unique("tickets_competition_number_unique").on(t.competitionId, t.ticketNumber),
    unique("tickets_competition_entry_ref_unique").on(t.competitionId, t.entryRef),
    check("tickets_source_check", sql.raw(`source in (${sqlList(TICKET_SOURCES)})`)),
    index("tickets_user_idx").on(t.userId),
    index("tickets_order_idx").on(t.orderId),
  ],
);

/** Uploaded pictures: the original and its responsive variants, stored under content-hashed keys. */
export const competitionImages = pgTable(
  "competition_images",
  {
    id: identityId(),
    competitionId: integer("competition_id")
      .notNull()
      .references(() => competitions.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    alt: text("alt").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Storage key of the original upload (content-hashed). */
    originalKey: text("original_key").notNull(),
    /** Variants: [{ format: "avif" | "webp", width, key }]. */
    variants: jsonb("variants").$type<{ format: string; width: number; key: string }[]>().notNull().default([]),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("competition_images_competition_idx").on(t.competitionId, t.position)],
);

export type CompetitionRow = typeof competitions.$inferSelect;
export type NewCompetition = typeof competitions.$inferInsert;
export type TicketRow = typeof tickets.$inferSelect;

/**
 * Every number of a competition that is taken (ADR 031): held for a pending order until `held_until`, or issued to a
 * ticket (`held_until` null), paid or postal, for ever (a refunded number is never issued again: ADR 015). Its
 * primary key makes two buyers holding or owning one number impossible whatever the application does; every writer
 * of a competition's numbers first takes that competition's row lock (the counters' UPDATE), so holds never wait on
 * each other's rows. A hold whose time has passed may be taken over by the next buyer who asks for that number.
 */
export const ticketNumbers = pgTable(
  "ticket_numbers",
  {
    competitionId: integer("competition_id")
      .notNull()
      .references(() => competitions.id),
    ticketNumber: integer("ticket_number").notNull(),
    /** The order holding or owning it; null for a postal entry's number. */
    orderId: uuid("order_id"),
    heldUntil: instant("held_until"),
  },
  (t) => [
    primaryKey({ name: "ticket_numbers_pkey", columns: [t.competitionId, t.ticketNumber] }),
    check("ticket_numbers_positive_check", sql`${t.ticketNumber} >= 1`),
    index("ticket_numbers_order_idx").on(t.orderId),
  ],
);
