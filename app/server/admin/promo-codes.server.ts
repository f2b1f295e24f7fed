import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { competitions, orders, promoCodes, promoRedemptions } from "~/db/schema";
import type { PromoCodeValues } from "~/schemas/admin-promo-code";
import { promoCodeColumns } from "../checkout/promo-codes.server";
import type { Tx } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { recordAudit } from "./audit.server";

/** Staff's promo codes (issue 23): create, edit, deactivate, each change audited in its own transaction. */

export type PromoAdminOutcome =
  | { ok: true; id: number; message: string }
  | { ok: false; status: 400 | 404 | 409; message: string; field?: "promo" | "maxUses" | "competitionIds" };

export const PROMO_ADMIN_MESSAGES = {
  duplicate: (code: string) => `There is already a promo code called ${code} (codes ignore case).`,
  notFound: "That promo code no longer exists.",
  unknownCompetition: "One of the ticked competitions no longer exists.",
  belowUses: (uses: number) =>
    `This code has already been used ${uses} ${uses === 1 ? "time" : "times"}: total uses cannot be set lower.`,
  created: (code: string) => `Promo code ${code} created`,
  saved: (code: string) => `Promo code ${code} saved`,
  deactivated: (code: string) => `Promo code ${code} deactivated: it can no longer be used`,
  activated: (code: string) => `Promo code ${code} activated`,
} as const;
const M = PROMO_ADMIN_MESSAGES;

/** Competitions a code may be limited to: every one staff can see, newest first. */
export function promoCompetitionChoices(services: Services) {
  return services.db
    .select({ id: competitions.id, title: competitions.title })
    .from(competitions)
    .orderBy(desc(competitions.id))
    .limit(300);
}

/** Every code with its uses: held or paid (not given back) and paid only, and the discount paid orders got. */
export async function listPromoCodes(services: Services) {
  const paid = services.db
    .select({
      promoCodeId: promoRedemptions.promoCodeId,
      paidUses: count().as("paid_uses"),
      paidDiscountPence: sql<number>`coalesce(sum(${promoRedemptions.discountPence}), 0)::int`.as("paid_discount"),
    })
    .from(promoRedemptions)
    .innerJoin(orders, eq(orders.id, promoRedemptions.orderId))
    .where(and(isNull(promoRedemptions.releasedAt), eq(orders.paymentStatus, "paid")))
    .groupBy(promoRedemptions.promoCodeId)
    .as("paid");
  const rows = await services.db
    .select({
      ...promoCodeColumns,
      paidUses: sql<number>`coalesce(${paid.paidUses}, 0)::int`,
      paidDiscountPence: sql<number>`coalesce(${paid.paidDiscountPence}, 0)::int`,
    })
    .from(promoCodes)
    .leftJoin(paid, eq(paid.promoCodeId, promoCodes.id))
    .orderBy(desc(promoCodes.active), asc(promoCodes.code));
  return rows;
}

export async function getPromoCode(services: Services, id: number) {
  const [row] = await services.db.select().from(promoCodes).where(eq(promoCodes.id, id));
  return row;
}

async function refusedValues(tx: Tx, values: PromoCodeValues, id: number | null): Promise<PromoAdminOutcome | null> {
  const [same] = await tx
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(
      and(sql`lower(${promoCodes.code}) = lower(${values.code})`, id === null ? undefined : ne(promoCodes.id, id)),
    );
  if (same) return { ok: false, status: 409, message: M.duplicate(values.code), field: "promo" };
  if (values.competitionIds) {
    const found = await tx
      .select({ id: competitions.id })
      .from(competitions)
      .where(inArray(competitions.id, values.competitionIds));
    if (found.length !== values.competitionIds.length)
      return { ok: false, status: 400, message: M.unknownCompetition, field: "competitionIds" };
  }
  return null;
}

/** A code's stored values for the audit log (what staff set, not its running count). */
const audited = (values: PromoCodeValues | typeof promoCodes.$inferSelect) => ({
  code: values.code,
  kind: values.kind,
  value: values.value,
  minimumSpendPence: values.minimumSpendPence,
  startsAt: values.startsAt,
  endsAt: values.endsAt,
  maxUses: values.maxUses,
  maxUsesPerPerson: values.maxUsesPerPerson,
  competitionIds: values.competitionIds,
});

export async function createPromoCode(
  services: Services,
  actorUserId: string,
  values: PromoCodeValues,
): Promise<PromoAdminOutcome> {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    // One writer of codes at a time, so two staff creating the same code get one code and a clear message.
    await tx.execute(sql`select pg_advisory_xact_lock(5023, 1)`);
    const refused = await refusedValues(tx, values, null);
    if (refused) return refused;
    const [row] = await tx
      .insert(promoCodes)
      .values({ ...values, createdBy: actorUserId, createdAt: now, updatedAt: now })
      .returning({ id: promoCodes.id });
    if (!row) throw new Error("promo code insert returned no row");
    await recordAudit(tx, {
      actorUserId,
      action: "promo_code.created",
      subject: `promo_code:${row.id}`,
      after: audited(values),
    });
    return { ok: true, id: row.id, message: M.created(values.code) };
  });
}

export async function updatePromoCode(
  services: Services,
  actorUserId: string,
  id: number,
  values: PromoCodeValues,
): Promise<PromoAdminOutcome> {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(5023, 1)`);
    const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for("update");
    if (!before) return { ok: false, status: 404, message: M.notFound };
    const refused = await refusedValues(tx, values, id);
    if (refused) return refused;
    if (values.maxUses !== null && values.maxUses < before.uses)
      return { ok: false, status: 409, message: M.belowUses(before.uses), field: "maxUses" };
    await tx
      .update(promoCodes)
      .set({ ...values, updatedAt: now })
      .where(eq(promoCodes.id, id));
    await recordAudit(tx, {
      actorUserId,
      action: "promo_code.updated",
      subject: `promo_code:${id}`,
      before: audited(before),
      after: audited(values),
    });
    return { ok: true, id, message: M.saved(values.code) };
  });
}

/** Deactivating stops new uses at once; holds that already took a use keep it until they are paid or lapse. */
export async function setPromoCodeActive(
  services: Services,
  actorUserId: string,
  id: number,
  active: boolean,
): Promise<PromoAdminOutcome> {
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(promoCodes)
      .set({ active, updatedAt: now })
      .where(eq(promoCodes.id, id))
      .returning({ code: promoCodes.code });
    if (!row) return { ok: false, status: 404, message: M.notFound };
    await recordAudit(tx, {
      actorUserId,
      action: active ? "promo_code.activated" : "promo_code.deactivated",
      subject: `promo_code:${id}`,
      after: { active },
    });
    return { ok: true, id, message: active ? M.activated(row.code) : M.deactivated(row.code) };
  });
}
