import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { SKIP_REASONS, sqlList } from "../constants";
import { user } from "./auth";
import { identityId, instant } from "./columns";
import { competitions } from "./competitions";

/** Entries left out of a draw, by reason; the postal area adds its rejections by reason. */
export type DrawCounts = {
  eligible: { paid: number; postal: number };
  excluded: { wrongAnswer: number; refunded: number; postalRejected: Record<string, number> };
};

/** A drawn entry as its manifest line says, with its 0-based position. */
export type DrawnEntry = { position: number; ticketNumber: number; entryRef: string; source: "paid" | "postal" };

/**
 * One competition's draw (draw-v1.md): the manifest frozen at close with its hash and counts, the round that
 * decides, and once drawn the beacon's value and signature and the sequence (winner, then ordered alternates).
 * The manifest text lives here, written in the closing transaction, so it exists exactly when the close does.
 */
export const draws = pgTable(
  "draws",
  {
    id: identityId(),
    competitionId: integer("competition_id")
      .notNull()
      .references(() => competitions.id)
      .unique(),
    manifest: text("manifest").notNull(),
    manifestHash: text("manifest_hash").notNull(),
    entries: integer("entries").notNull(),
    counts: jsonb("counts").$type<DrawCounts>().notNull(),
    publishedAt: instant("published_at").notNull(),
    chainHash: text("chain_hash").notNull(),
    round: bigint("round", { mode: "number" }).notNull(),
    /** The manifest came out later than 30 minutes before the draw time, so the round moved (by the rule). */
    roundMoved: boolean("round_moved").notNull().default(false),
    beaconRandomness: text("beacon_randomness"),
    beaconSignature: text("beacon_signature"),
    /** 0-based manifest position of the first drawn entry. */
    winnerPosition: integer("winner_position"),
    /** 0-based manifest positions of the ordered alternates. */
    alternates: jsonb("alternates").$type<number[]>(),
    /** The drawn entries in order, as their manifest lines say (kept so nobody re-reads the manifest for them). */
    drawnEntries: jsonb("drawn_entries").$type<DrawnEntry[]>(),
    drawnAt: instant("drawn_at"),
    drawnBy: text("drawn_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check(
      "draws_drawn_check",
      sql`(${t.drawnAt} is null) = (${t.beaconSignature} is null)
        and (${t.drawnAt} is null) = (${t.winnerPosition} is null)`,
    ),
  ],
);

/** The prize passing from a drawn entry to the next alternate, with its published reason. */
export const drawSkips = pgTable(
  "draw_skips",
  {
    id: identityId(),
    drawId: integer("draw_id")
      .notNull()
      .references(() => draws.id),
    /** Place in the sequence skipped: 0 the winner, 1 the first alternate, ... */
    sequenceIndex: integer("sequence_index").notNull(),
    position: integer("position").notNull(),
    reason: text("reason", { enum: SKIP_REASONS }).notNull(),
    /** The terms clause an "ineligible" skip applies (draw-v1.md, "Redraws"); null for the other reasons. */
    clause: integer("clause"),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    unique("draw_skips_draw_index_unique").on(t.drawId, t.sequenceIndex),
    check("draw_skips_reason_check", sql.raw(`reason in (${sqlList(SKIP_REASONS)})`)),
    check("draw_skips_clause_check", sql`${t.clause} is null or (${t.reason} = 'ineligible' and ${t.clause} > 0)`),
    index("draw_skips_draw_idx").on(t.drawId),
  ],
);

/**
 * The manifest log (docs/manifest-log-v1.md): one entry per frozen manifest, appended in the transaction that
 * freezes it, each carrying the previous entry's hash. Never updated or deleted.
 */
export const manifestLog = pgTable("manifest_log", {
  sequence: integer("sequence").primaryKey(),
  // No foreign key: the log is a public record that outlives anything else, and a removed row would break its chain.
  competitionId: integer("competition_id").notNull().unique(),
  manifestHash: text("manifest_hash").notNull(),
  round: bigint("round", { mode: "number" }).notNull(),
  closesAt: instant("closes_at").notNull(),
  previousHash: text("previous_hash").notNull(),
  entryHash: text("entry_hash").notNull().unique(),
  createdAt: instant("created_at").notNull().defaultNow(),
});

export type DrawRow = typeof draws.$inferSelect;
export type DrawSkipRow = typeof drawSkips.$inferSelect;
