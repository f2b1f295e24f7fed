import { sql } from "drizzle-orm";
import { check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { instant } from "./columns";

/**
 * Player protection settings. A pending limit change exists when `pending_effective_at` is set
 * (its `pending_limit_pence` may be null: "remove the limit"); it applies from that instant.
 */
export const playerLimits = pgTable(
  "player_limits",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    monthlyLimitPence: integer("monthly_limit_pence"),
    pendingLimitPence: integer("pending_limit_pence"),
    pendingEffectiveAt: instant("pending_effective_at"),
    pausedUntil: instant("paused_until"),
    excludedUntil: instant("excluded_until"),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("player_limits_monthly_check", sql`${t.monthlyLimitPence} is null or ${t.monthlyLimitPence} >= 0`),
    check("player_limits_pending_check", sql`${t.pendingLimitPence} is null or ${t.pendingLimitPence} >= 0`),
  ],
);

export type PlayerLimitsRow = typeof playerLimits.$inferSelect;
