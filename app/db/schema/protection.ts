import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Player protection settings. A pending limit change exists when `pending_effective_at` is set
 * (its `pending_limit_pence` may be null: "remove the limit"); it applies from that instant.
 */
export const playerLimits = pgTable(
  "player_limits",
  {
    userId: text("user_id").primaryKey().references(() => user.id, { onDelete: "cascade" }),
    monthlyLimitPence: integer("monthly_limit_pence"),
    pendingLimitPence: integer("pending_limit_pence"),
    pendingEffectiveAt: timestamp("pending_effective_at", { withTimezone: true }),
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
    excludedUntil: timestamp("excluded_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("player_limits_monthly_check", sql`${t.monthlyLimitPence} is null or ${t.monthlyLimitPence} >= 0`),
    check("player_limits_pending_check", sql`${t.pendingLimitPence} is null or ${t.pendingLimitPence} >= 0`),
  ],
);

export type PlayerLimitsRow = typeof playerLimits.$inferSelect;
