import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { PROMO_KINDS, sqlList } from "../constants";
import { user } from "./auth";
import { identityId, instant } from "./columns";
import { orders } from "./orders";

/**
 * Staff-made promo codes (ADR 027 §4). `uses` counts redemptions not given back; it is taken by the hold with a
 * conditional UPDATE (`uses < max_uses`) and given back when the hold lapses, so it never passes `max_uses`.
 * `competition_ids` null means every competition.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: identityId(),
    code: text("code").notNull(),
    kind: text("kind", { enum: PROMO_KINDS }).notNull(),
    /** Percent (1-100) for "percent", pence for "fixed". */
    value: integer("value").notNull(),
    minimumSpendPence: integer("minimum_spend_pence").notNull().default(0),
    startsAt: instant("starts_at"),
    endsAt: instant("ends_at"),
    maxUses: integer("max_uses"),
    maxUsesPerPerson: integer("max_uses_per_person"),
    competitionIds: integer("competition_ids").array(),
    uses: integer("uses").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: instant("created_at").notNull().defaultNow(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promo_codes_code_unique").on(sql`lower(${t.code})`),
    check("promo_codes_kind_check", sql.raw(`kind in (${sqlList(PROMO_KINDS)})`)),
    check("promo_codes_value_check", sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check("promo_codes_minimum_check", sql`${t.minimumSpendPence} >= 0`),
    check("promo_codes_uses_check", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check("promo_codes_max_uses_check", sql`${t.maxUses} is null or ${t.maxUses} > 0`),
    check("promo_codes_per_person_check", sql`${t.maxUsesPerPerson} is null or ${t.maxUsesPerPerson} > 0`),
    check("promo_codes_window_check", sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

/** One use of a code by one order; `released_at` is set when the order's hold ended unpaid and the use came back. */
export const promoRedemptions = pgTable(
  "promo_redemptions",
  {
    id: identityId(),
    promoCodeId: integer("promo_code_id")
      .notNull()
      .references(() => promoCodes.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    discountPence: integer("discount_pence").notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
    releasedAt: instant("released_at"),
  },
  (t) => [
    uniqueIndex("promo_redemptions_order_unique").on(t.orderId),
    index("promo_redemptions_user_idx").on(t.promoCodeId, t.userId),
    check("promo_redemptions_discount_check", sql`${t.discountPence} >= 0`),
  ],
);

export type PromoCodeRow = typeof promoCodes.$inferSelect;
