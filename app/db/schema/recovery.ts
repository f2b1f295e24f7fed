import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { instant } from "./columns";
import { orders } from "./orders";

/**
 * Abandoned-checkout recovery, one row per abandoned order once staff (or the automatic rule) acted on it: the one
 * recovery e-mail sent for it, with its lawful basis and its link (only a hash of the token is kept), or its
 * dismissal from the list. The abandoned orders themselves are the orders table's expired and cancelled rows.
 */
export const checkoutRecoveries = pgTable(
  "checkout_recoveries",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    sentAt: instant("sent_at"),
    /** Null with sent_at set: the automatic rule sent it. */
    sentByUserId: text("sent_by_user_id"),
    /** consent or soft-opt-in (domain/recovery.ts), as it stood when the e-mail was sent. */
    basis: text("basis"),
    /** SHA-256 (hex) of the link's token; the token itself is only ever in the e-mail. */
    tokenHash: text("token_hash").unique(),
    tokenExpiresAt: instant("token_expires_at"),
    usedAt: instant("used_at"),
    dismissedAt: instant("dismissed_at"),
    dismissedByUserId: text("dismissed_by_user_id"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [index("checkout_recoveries_user_idx").on(t.userId, t.sentAt)],
);
