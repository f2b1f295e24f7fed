import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { INSTANT_WIN_KINDS, sqlList, WALLET_REASONS } from "../constants";
import { user } from "./auth";
import { identityId, instant, ownerUserId } from "./columns";
import { competitions, tickets } from "./competitions";

/**
 * A competition's instant wins (docs/instant-wins-v1.md): set by staff before go-live, secret until won or until the
 * close. A sold ticket with the number wins it once: `won_ticket_id` is set by one conditional UPDATE (where it is
 * still null) in the fulfilment transaction.
 */
export const instantWins = pgTable(
  "instant_wins",
  {
    id: identityId(),
    competitionId: integer("competition_id")
      .notNull()
      .references(() => competitions.id, { onDelete: "cascade" }),
    ticketNumber: integer("ticket_number").notNull(),
    prizeKind: text("prize_kind", { enum: INSTANT_WIN_KINDS }).notNull(),
    /** Site credit and cash: the amount; a physical prize: its stated value or 0. */
    amountPence: integer("amount_pence").notNull(),
    prize: text("prize").notNull(),
    wonTicketId: integer("won_ticket_id")
      .references(() => tickets.id)
      .unique(),
    wonByUserId: text("won_by_user_id").references(() => user.id, { onDelete: "set null" }),
    wonAt: instant("won_at"),
  },
  (t) => [
    unique("instant_wins_competition_number_unique").on(t.competitionId, t.ticketNumber),
    check("instant_wins_kind_check", sql.raw(`prize_kind in (${sqlList(INSTANT_WIN_KINDS)})`)),
    check(
      "instant_wins_amount_check",
      sql`${t.amountPence} > 0 or (${t.prizeKind} = 'physical' and ${t.amountPence} = 0)`,
    ),
    check("instant_wins_number_check", sql`${t.ticketNumber} >= 1`),
  ],
);

/**
 * The commitment published at go-live (written in the transaction that makes the competition live): the canonical
 * list's exact bytes with its 32-byte salt, and their SHA-256. The text and salt are secret until `revealed_at` (the
 * close or the cancellation); only the commitment is public before.
 */
export const instantWinCommitments = pgTable("instant_win_commitments", {
  competitionId: integer("competition_id")
    .primaryKey()
    .references(() => competitions.id),
  canonical: text("canonical").notNull(),
  salt: text("salt").notNull(),
  commitment: text("commitment").notNull(),
  committedAt: instant("committed_at").notNull(),
  revealedAt: instant("revealed_at"),
});

/** The site-credit wallet: append-only, one row per movement; the balance is the sum. */
export const walletLedger = pgTable(
  "wallet_ledger",
  {
    id: identityId(),
    userId: ownerUserId(),
    amountPence: integer("amount_pence").notNull(),
    reason: text("reason", { enum: WALLET_REASONS }).notNull(),
    /** What moved it (`instant-win:<id>`): each thing credits or debits once. */
    ref: text("ref").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    unique("wallet_ledger_reason_ref_unique").on(t.reason, t.ref),
    check("wallet_ledger_amount_check", sql`${t.amountPence} <> 0`),
    check("wallet_ledger_reason_check", sql.raw(`reason in (${sqlList(WALLET_REASONS)})`)),
    index("wallet_ledger_user_idx").on(t.userId, t.createdAt),
  ],
);

export type InstantWinRow = typeof instantWins.$inferSelect;
export type WalletLedgerRow = typeof walletLedger.$inferSelect;
