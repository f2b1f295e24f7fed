import { and, count, eq, isNull, sql } from "drizzle-orm";
import { orders, promoCodes, promoRedemptions } from "~/db/schema";
import {
  decidePromoCode,
  normalisePromoCode,
  PROMO_MESSAGES,
  type PromoCodeFacts,
  type PromoDecision,
  type PromoLine,
} from "~/domain/promo-code";
import type { Executor } from "../platform/db.server";
import type { Services } from "../platform/services.server";

/**
 * Promo codes at checkout (ADR 027 §4). placeOrder prices the order with the code inside its transaction, under the
 * buyer's advisory lock (so the per-person count is settled), and takes one use with a conditional UPDATE after the
 * tickets are reserved; every path that ends a hold unpaid gives the use back in its own transaction.
 */

/** Thrown inside placeOrder's transaction when the code cannot be used: the order and its reservation roll back. */
export class PromoCodeRefusal extends Error {
  readonly status = 422 as const;
}

type StoredCode = PromoCodeFacts & { id: number };

/** A code's stored facts as the rule reads them (and the staff list shows them). */
export const promoCodeColumns = {
  id: promoCodes.id,
  code: promoCodes.code,
  kind: promoCodes.kind,
  value: promoCodes.value,
  minimumSpendPence: promoCodes.minimumSpendPence,
  startsAt: promoCodes.startsAt,
  endsAt: promoCodes.endsAt,
  maxUses: promoCodes.maxUses,
  maxUsesPerPerson: promoCodes.maxUsesPerPerson,
  competitionIds: promoCodes.competitionIds,
  uses: promoCodes.uses,
  active: promoCodes.active,
};

/** The stored code the buyer typed, matched without regard to case. */
async function findCode(db: Executor, typed: string): Promise<StoredCode | null> {
  const [row] = await db
    .select(promoCodeColumns)
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = lower(${normalisePromoCode(typed)})`);
  return row ?? null;
}

/** The buyer's uses of a code that were not given back (paid orders and live holds). */
async function usesByBuyer(db: Executor, codeId: number, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(promoRedemptions)
    .where(
      and(
        eq(promoRedemptions.promoCodeId, codeId),
        eq(promoRedemptions.userId, userId),
        isNull(promoRedemptions.releasedAt),
      ),
    );
  return Number(row?.n ?? 0);
}

async function decide<L extends PromoLine>(
  db: Executor,
  userId: string,
  typed: string,
  lines: readonly L[],
  now: Date,
): Promise<{ decision: PromoDecision<L>; code: StoredCode | null }> {
  const code = await findCode(db, typed);
  const usedByBuyer = code && code.maxUsesPerPerson !== null ? await usesByBuyer(db, code.id, userId) : 0;
  return { decision: decidePromoCode({ typed, code, usedByBuyer, lines, now }), code };
}

/**
 * What a code would take off these lines for this buyer now, for the basket and review pages' Apply button. It
 * reserves nothing: the checkout decides again when the buyer pays.
 */
export async function quotePromoCode<L extends PromoLine>(
  services: Services,
  userId: string,
  typed: string,
  lines: readonly L[],
): Promise<PromoDecision<L>> {
  return (await decide(services.db, userId, typed, lines, services.now())).decision;
}

type PricedOrder<L extends PromoLine> = {
  lines: L[];
  subtotalPence: number;
  discountPence: number;
  totalPence: number;
};

/**
 * The code to redeem with an order: its use is taken by `paddock_hold`, which also counts the buyer's uses again
 * under their lock (`maxUsesPerPerson`); a refusal there is worded by the same rule (`refusal`).
 */
type AppliedPromo = {
  codeId: number;
  discountPence: number;
  maxUsesPerPerson: number | null;
  refusal: (why: "per_person" | "used_up", usedByBuyer: number) => string;
};

/** A priced order with the code applied: each line's total after its share, and the code to redeem. */
type WithPromo<L extends PromoLine> = PricedOrder<L & { promoDiscountPence: number }> & {
  promoDiscountPence: number;
  promo: AppliedPromo | null;
};

/**
 * placeOrder's pricing with the buyer's code (or unchanged, with no code), read before the hold: throws
 * PromoCodeRefusal with the rule's message. The hold settles the per-person count and the last use under locks.
 */
export async function priceWithPromoCode<L extends PromoLine>(
  tx: Executor,
  userId: string,
  typed: string | undefined,
  priced: PricedOrder<L>,
  now: Date,
): Promise<WithPromo<L>> {
  if (!typed || normalisePromoCode(typed) === "") {
    return {
      ...priced,
      lines: priced.lines.map((line) => ({ ...line, promoDiscountPence: 0 })),
      promoDiscountPence: 0,
      promo: null,
    };
  }
  const { decision, code } = await decide(tx, userId, typed, priced.lines, now);
  if (!decision.ok || code === null) throw new PromoCodeRefusal(decision.ok ? "" : decision.message);
  const refusal = (why: "per_person" | "used_up", usedByBuyer: number) => {
    if (why === "used_up") return PROMO_MESSAGES.usedUp(code.code);
    const again = decidePromoCode({ typed, code, usedByBuyer, lines: priced.lines, now });
    return again.ok ? PROMO_MESSAGES.usedUp(code.code) : again.message;
  };
  return {
    lines: decision.lines,
    subtotalPence: priced.subtotalPence,
    discountPence: priced.discountPence,
    promoDiscountPence: decision.discountPence,
    totalPence: decision.totalPence,
    promo: { codeId: code.id, discountPence: decision.discountPence, maxUsesPerPerson: code.maxUsesPerPerson, refusal },
  };
}

/** What a buyer's own order cost and any code that took something off it, for the payment result page. */
export async function orderReceipt(services: Services, userId: string, orderId: string) {
  const [row] = await services.db
    .select({
      totalPence: orders.totalAmountPence,
      promoDiscountPence: orders.promoDiscountPence,
      code: promoCodes.code,
    })
    .from(orders)
    .leftJoin(promoRedemptions, eq(promoRedemptions.orderId, orders.id))
    .leftJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) return null;
  const promo =
    row.code && row.promoDiscountPence > 0 ? { code: row.code, discountPence: row.promoDiscountPence } : null;
  return { totalPence: row.totalPence, promo };
}
