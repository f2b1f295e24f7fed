import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { identityId, instant, ownerUserId } from "./columns";
import { competitions } from "./competitions";

/** The server-side basket: one line per competition per account. Prices are never stored here. */
export const basketItems = pgTable(
  "basket_items",
  {
    id: identityId(),
    userId: ownerUserId(),
    competitionId: integer("competition_id")
      .notNull()
      .references(() => competitions.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    skillAnswer: text("skill_answer"),
    /** The numbers the buyer chose (ADR 031); held only when they pay. Empty: lucky dip for every ticket. */
    chosenNumbers: integer("chosen_numbers").array().notNull().default(sql`'{}'::integer[]`),
    addedAt: instant("added_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    unique("basket_items_user_competition_unique").on(t.userId, t.competitionId),
    check("basket_items_quantity_check", sql`${t.quantity} between 1 and 10`),
    index("basket_items_competition_idx").on(t.competitionId),
  ],
);

export type BasketItemRow = typeof basketItems.$inferSelect;
