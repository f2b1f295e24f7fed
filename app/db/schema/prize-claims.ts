import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { PRIZE_CHOICES, PRIZE_CLAIM_STATUSES, sqlList } from "../constants";
import { user } from "./auth";
import { identityId, instant } from "./columns";
import { competitions } from "./competitions";
import { instantWins } from "./instant-wins";

/**
 * A winner's claim on a prize: the delivery address they confirmed, then staff's shipping and delivery. Keyed by
 * competition and winner (the account, or for a postal winner without one the winning ticket), so a redraw to an
 * alternate starts a new claim and the old one stays as it was. An instant win's cash or physical prize is claimed
 * the same way, one claim per instant win (`instant_win_id`), beside any claim on the main prize.
 */
export const prizeClaims = pgTable(
  "prize_claims",
  {
    id: identityId(),
    competitionId: integer("competition_id")
      .notNull()
      .references(() => competitions.id),
    /** The winning account; null for a postal winner without one, who claims through an e-mailed link. */
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    /** For a postal winner without an account: the winning ticket the claim is for. */
    ticketNumber: integer("ticket_number"),
    /** The instant win this claim is for; null for the competition's main prize. */
    instantWinId: integer("instant_win_id")
      .references(() => instantWins.id)
      .unique(),
    /** When the competition offers a cash alternative: what the winner chose. */
    choice: text("choice", { enum: PRIZE_CHOICES }),
    status: text("status", { enum: PRIZE_CLAIM_STATUSES }).notNull().default("confirmed"),
    recipientName: text("recipient_name").notNull(),
    address: text("address").notNull(),
    county: text("county").notNull(),
    postcode: text("postcode").notNull(),
    phone: text("phone").notNull(),
    confirmedAt: instant("confirmed_at"),
    carrier: text("carrier"),
    trackingReference: text("tracking_reference"),
    shippedAt: instant("shipped_at"),
    shippedBy: text("shipped_by").references(() => user.id, { onDelete: "set null" }),
    deliveredAt: instant("delivered_at"),
    deliveredBy: text("delivered_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("prize_claims_competition_user_unique")
      .on(t.competitionId, t.userId)
      .where(sql`${t.instantWinId} is null`),
    uniqueIndex("prize_claims_competition_ticket_unique")
      .on(t.competitionId, t.ticketNumber)
      .where(sql`${t.instantWinId} is null`),
    check("prize_claims_choice_check", sql.raw(`choice is null or choice in (${sqlList(PRIZE_CHOICES)})`)),
    check("prize_claims_status_check", sql.raw(`status in (${sqlList(PRIZE_CLAIM_STATUSES)})`)),
    check("prize_claims_claimant_check", sql`${t.userId} is not null or ${t.ticketNumber} is not null`),
  ],
);

/**
 * The single-use link e-mailed to a postal winner without an account, to confirm the delivery address: only the
 * SHA-256 of its token is kept, it expires with the claim period, and using it once spends it.
 */
export const prizeClaimLinks = pgTable(
  "prize_claim_links",
  {
    id: identityId(),
    competitionId: integer("competition_id")
      .notNull()
      .references(() => competitions.id),
    ticketNumber: integer("ticket_number").notNull(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("prize_claim_links_competition_idx").on(t.competitionId, t.ticketNumber)],
);

export type PrizeClaimRow = typeof prizeClaims.$inferSelect;
