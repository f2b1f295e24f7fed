import { and, asc, eq, sql } from "drizzle-orm";
import { isPublishedStatus } from "~/db/constants";
import { basketItems, competitions } from "~/db/schema";
import { parseChosenNumbers } from "~/domain/chosen-numbers";
import { type MultiBuyOffer, multiBuyOffers } from "~/domain/multi-buy-text";
import { clampQuantity, type PricedLine, priceLine } from "~/domain/pricing";
import { isOfferedAnswer } from "~/domain/ticket-allocation";
import { loweredQuantityNote, ticketAvailability, type UnavailableReason } from "~/domain/ticket-availability";
import type { Executor } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { ticketsHeldByUser } from "./checkout.server";

/**
 * The basket lives on the server, one line per competition per account. It stores only what the buyer chose
 * (competition, quantity, answer); titles, prices, discounts and limits are read fresh from the database on
 * every view, and checkout re-checks all of it.
 */

export type LinePrice = PricedLine;

export type BasketLine = {
  competitionId: number;
  title: string;
  prizeValue: string;
  imageUrl: string;
  unitPricePence: number;
  quantity: number;
  skillAnswer: string | null;
  /** The numbers chosen (ADR 031), at most `quantity`; the rest are a lucky dip at Pay. */
  chosenNumbers: number[];
  skillQuestion: string;
  skillOptions: string[];
  /** min(10, tickets remaining, what the per-person cap still allows). */
  maxQuantity: number;
  available: boolean;
  unavailableReason?: UnavailableReason;
  /** Why the tickets saved were lowered to what can be had now (never silently), if they were. */
  quantityNote: string | null;
  pricing: LinePrice;
};

type Basket = {
  lines: BasketLine[];
  totals: { subtotalPence: number; discountPence: number; totalPence: number };
  /** The multi-buy tiers of the competitions that can be bought, each its own (the ones `pricing` used). */
  offers: MultiBuyOffer[];
};

export const BASKET_MESSAGES = {
  notFound: "This competition could not be found.",
  ended: "This competition has ended.",
  notLive: "This competition is not open for entries.",
  soldOut: "Sorry, this competition has sold out.",
  limitReached: "You already have the most tickets one person can hold for this competition.",
  quantity: "Choose at least 1 ticket.",
  answer: "Please choose one of the answers.",
  notInBasket: "This competition is not in your basket.",
} as const;

/** What a basket line or the checkout review shows of a competition; never the correct answer. */
export const competitionColumns = {
  id: competitions.id,
  title: competitions.title,
  prizeValue: competitions.prizeValue,
  imageUrl: competitions.imageUrl,
  entryPricePence: competitions.entryPricePence,
  totalTickets: competitions.totalTickets,
  ticketsSold: competitions.ticketsSold,
  ticketsReserved: competitions.ticketsReserved,
  maxTicketsPerUser: competitions.maxTicketsPerUser,
  multiBuyTiers: competitions.multiBuyTiers,
  endDate: competitions.endDate,
  status: competitions.status,
  skillQuestion: competitions.skillQuestion,
  skillOptions: competitions.skillOptions,
};

const REASON_MESSAGES: Record<UnavailableReason, string> = {
  ended: BASKET_MESSAGES.ended,
  not_live: BASKET_MESSAGES.notLive,
  sold_out: BASKET_MESSAGES.soldOut,
  limit_reached: BASKET_MESSAGES.limitReached,
};

async function competitionWithCapacity(db: Executor, userId: string, competitionId: number, now: Date) {
  const [comp] = await db.select(competitionColumns).from(competitions).where(eq(competitions.id, competitionId));
  if (!comp || !isPublishedStatus(comp.status)) return null;
  const held = (await ticketsHeldByUser(db, userId, [competitionId])).get(competitionId) ?? 0;
  return { comp, ...ticketAvailability(comp, held, now) };
}

export async function getBasket(services: Services, userId: string): Promise<Basket> {
  const now = services.now();
  const rows = await services.db
    .select({
      quantity: basketItems.quantity,
      skillAnswer: basketItems.skillAnswer,
      chosenNumbers: basketItems.chosenNumbers,
      comp: competitionColumns,
    })
    .from(basketItems)
    .innerJoin(competitions, eq(competitions.id, basketItems.competitionId))
    .where(eq(basketItems.userId, userId))
    .orderBy(asc(basketItems.addedAt), asc(basketItems.id));
  const held = await ticketsHeldByUser(
    services.db,
    userId,
    rows.map((r) => r.comp.id),
  );
  const lines = rows.map(({ quantity: stored, skillAnswer, chosenNumbers, comp }): BasketLine => {
    const availability = ticketAvailability(comp, held.get(comp.id) ?? 0, now);
    const { maxQuantity, reason } = availability;
    const quantity = reason ? stored : Math.max(1, Math.min(stored, maxQuantity));
    return {
      competitionId: comp.id,
      title: comp.title,
      prizeValue: comp.prizeValue,
      imageUrl: comp.imageUrl,
      unitPricePence: comp.entryPricePence,
      quantity,
      // An answer that is no longer among the options (edited by an admin) counts as unanswered.
      skillAnswer: skillAnswer !== null && isOfferedAnswer(skillAnswer, comp.skillOptions) ? skillAnswer : null,
      chosenNumbers: chosenNumbers.slice(0, quantity),
      skillQuestion: comp.skillQuestion,
      skillOptions: comp.skillOptions,
      maxQuantity,
      available: !reason,
      ...(reason ? { unavailableReason: reason } : {}),
      quantityNote: reason ? null : loweredQuantityNote(availability, stored, quantity, comp.title, "basket"),
      pricing: priceLine(comp.entryPricePence, quantity, comp.multiBuyTiers),
    };
  });
  const counted = lines.filter((l) => l.available);
  return {
    lines,
    offers: multiBuyOffers(rows.filter((_, i) => lines[i]?.available).map((r) => r.comp)),
    totals: {
      subtotalPence: counted.reduce((sum, l) => sum + l.pricing.subtotalPence, 0),
      discountPence: counted.reduce((sum, l) => sum + l.pricing.discountPence, 0),
      totalPence: counted.reduce((sum, l) => sum + l.pricing.totalPence, 0),
    },
  };
}

/** Adds tickets to the basket (on top of any already there), never beyond what the buyer could actually buy. */
export async function addToBasket(
  services: Services,
  userId: string,
  input: { competitionId: number; quantity: unknown; skillAnswer?: string | null; numbers?: readonly unknown[] },
): Promise<{ ok: true; quantityNote: string | null } | { ok: false; message: string }> {
  const now = services.now();
  const found = await competitionWithCapacity(services.db, userId, input.competitionId, now);
  if (!found) return { ok: false, message: BASKET_MESSAGES.notFound };
  if (found.reason) return { ok: false, message: REASON_MESSAGES[found.reason] };
  const answer = input.skillAnswer ?? null;
  if (answer !== null && !isOfferedAnswer(answer, found.comp.skillOptions))
    return { ok: false, message: BASKET_MESSAGES.answer };
  const add = clampQuantity(input.quantity);
  if (add < 1) return { ok: false, message: BASKET_MESSAGES.quantity };
  const max = found.maxQuantity;
  const chosen = parseChosenNumbers(input.numbers ?? [], add, found.comp.totalTickets);
  if (!chosen.ok) return { ok: false, message: chosen.message };
  // What the basket held before, so a total above what can be had is told, not lowered silently.
  const [existing] = await services.db
    .select({ quantity: basketItems.quantity })
    .from(basketItems)
    .where(and(eq(basketItems.userId, userId), eq(basketItems.competitionId, input.competitionId)));
  const before = existing?.quantity ?? 0;
  const saved = await services.db
    .insert(basketItems)
    .values({
      userId,
      competitionId: input.competitionId,
      quantity: Math.min(add, max),
      skillAnswer: answer,
      chosenNumbers: chosen.numbers.slice(0, Math.min(add, max)),
      addedAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [basketItems.userId, basketItems.competitionId],
      set: {
        quantity: sql`least(${basketItems.quantity} + ${add}, ${max})`,
        skillAnswer: sql`coalesce(excluded.skill_answer, ${basketItems.skillAnswer})`,
        // Numbers chosen again join those already there (each once), as many as the tickets allow.
        chosenNumbers: sql`(select coalesce(array_agg(n order by o), '{}') from (
          select n, o, row_number() over (order by o) as r from (
            select n, min(o) as o from unnest(${basketItems.chosenNumbers} || excluded.chosen_numbers)
              with ordinality as u(n, o) group by n) d) k
          where r <= least(${basketItems.quantity} + ${add}, ${max}))`,
        updatedAt: now,
      },
    })
    .returning({ quantity: basketItems.quantity });
  const given = saved[0]?.quantity ?? Math.min(add, max);
  return { ok: true, quantityNote: loweredQuantityNote(found, before + add, given, found.comp.title, "basket") };
}

/** Spec rules: below 1 removes the item, a non-numeric value becomes 1, and it is capped at what can be bought. */
export async function setBasketQuantity(
  services: Services,
  userId: string,
  competitionId: number,
  quantity: unknown,
): Promise<{ quantityNote: string | null }> {
  const requested = clampQuantity(quantity);
  const found =
    requested < 1 ? null : await competitionWithCapacity(services.db, userId, competitionId, services.now());
  if (!found) {
    await removeFromBasket(services, userId, competitionId);
    return { quantityNote: null };
  }
  const given = Math.min(requested, Math.max(1, found.maxQuantity));
  await services.db
    .update(basketItems)
    .set({
      quantity: given,
      // Fewer tickets keep the first numbers chosen (the basket shows which).
      chosenNumbers: sql`${basketItems.chosenNumbers}[1:${given}]`,
      updatedAt: services.now(),
    })
    .where(and(eq(basketItems.userId, userId), eq(basketItems.competitionId, competitionId)));
  return {
    quantityNote: found.reason ? null : loweredQuantityNote(found, requested, given, found.comp.title, "basket"),
  };
}

export async function setBasketAnswer(
  services: Services,
  userId: string,
  competitionId: number,
  skillAnswer: string,
): Promise<{ ok: boolean; message?: string }> {
  const [comp] = await services.db
    .select({ skillOptions: competitions.skillOptions })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  if (!comp) return { ok: false, message: BASKET_MESSAGES.notInBasket };
  if (!isOfferedAnswer(skillAnswer, comp.skillOptions)) return { ok: false, message: BASKET_MESSAGES.answer };
  const updated = await services.db
    .update(basketItems)
    .set({ skillAnswer, updatedAt: services.now() })
    .where(and(eq(basketItems.userId, userId), eq(basketItems.competitionId, competitionId)))
    .returning({ id: basketItems.id });
  return updated.length > 0 ? { ok: true } : { ok: false, message: BASKET_MESSAGES.notInBasket };
}

export async function removeFromBasket(services: Services, userId: string, competitionId: number): Promise<void> {
  await services.db
    .delete(basketItems)
    .where(and(eq(basketItems.userId, userId), eq(basketItems.competitionId, competitionId)));
}

export async function clearBasket(services: Services, userId: string): Promise<void> {
  await services.db.delete(basketItems).where(eq(basketItems.userId, userId));
}

/** Lets go of chosen numbers someone else took (the line keeps its quantity: those tickets become a lucky dip). */
export async function dropBasketNumbers(
  services: Services,
  userId: string,
  competitionId: number,
  numbers: readonly number[],
): Promise<void> {
  await services.db
    .update(basketItems)
    .set({
      chosenNumbers: sql`array(select n from unnest(${basketItems.chosenNumbers}) with ordinality as u(n, o)
        where n <> all(${`{${numbers.join(",")}}`}::integer[]) order by o)`,
      updatedAt: services.now(),
    })
    .where(and(eq(basketItems.userId, userId), eq(basketItems.competitionId, competitionId)));
}
