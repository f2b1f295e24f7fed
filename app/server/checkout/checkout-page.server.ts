import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { isPublishedStatus } from "~/db/constants";
import { competitions, orderLines, orders } from "~/db/schema";
import type { DateParts } from "~/domain/date-of-birth";
import { MIN_TICKETS } from "~/domain/pricing";
import { loweredQuantityNote, ticketAvailability } from "~/domain/ticket-availability";
import { CHECKOUT_FALLBACK_MESSAGE } from "~/schemas/checkout";
import { EligibilitySchema } from "~/schemas/protection";
import type { SessionUser } from "../accounts/session.server";
import { instantWinCompetitions } from "../instant-wins/instant-wins.server";
import { walletBalance } from "../instant-wins/wallet.server";
import type { Services } from "../platform/services.server";
import { confirmEligibility, protectionForOrder } from "../protection/player-protection.server";
import { competitionColumns } from "./basket.server";
import { type CheckoutLineInput, startCheckout, ticketsHeldByUser } from "./checkout.server";

/** Where to send the buyer to pay, or why not: a checkout message, or messages for the eligibility fields. */
export type PaymentOutcome =
  | { ok: true; url: string }
  | {
      ok: false;
      status: number;
      message?: string;
      fieldErrors?: Record<string, string[]>;
      /** Chosen numbers someone else took in between (ADR 031). */
      taken?: { competitionId: number; numbers: number[] };
    };

/** What the Pay form sent besides the order: its key, and the eligibility fields as typed (first purchase). */
type PaySent = {
  idempotencyKey: string;
  dateOfBirth?: DateParts;
  country?: string;
  acceptTerms?: string;
  promo?: string;
  /** "on" when the buyer ticked "Use my site credit" (ADR 036). */
  siteCredit?: string;
};

/**
 * The Pay button of /checkout/:id and /checkout/basket. startCheckout reads the account's protections once, in
 * its transaction; only when that read says eligibility was never confirmed (a first purchase, whose form carries
 * the eligibility fields) are the fields checked and confirmed here and the checkout started again, so a
 * first-time buyer fills one form. The server re-prices and re-checks everything in startCheckout; this only
 * carries the form across.
 */
export async function payForEntry(
  services: Services,
  user: SessionUser,
  checkout: { lines: CheckoutLineInput[]; source: "single" | "basket" },
  sent: PaySent,
): Promise<PaymentOutcome> {
  const start = () =>
    startCheckout(services, {
      userId: user.id,
      email: user.email,
      ...checkout,
      idempotencyKey: sent.idempotencyKey,
      promoCode: sent.promo,
      useSiteCredit: sent.siteCredit === "on",
    });
  let result: Awaited<ReturnType<typeof startCheckout>>;
  try {
    result = await start();
    if (!result.ok && result.block?.code === "eligibility_required") {
      const { dateOfBirth, country, acceptTerms } = sent;
      const parsed = EligibilitySchema.safeParse({ dateOfBirth, country, acceptTerms });
      if (!parsed.success) {
        const { fieldErrors } = z.flattenError(parsed.error);
        return { ok: false, status: 400, fieldErrors: fieldErrors as Record<string, string[]> };
      }
      const confirmed = await confirmEligibility(services, user.id, parsed.data, services.now());
      if (!confirmed.ok)
        return { ok: false, status: 400, fieldErrors: { [confirmed.field ?? "dateOfBirth"]: [confirmed.message] } };
      result = await start();
    }
  } catch (error) {
    services.logger.error({ err: error }, "checkout failed");
    return { ok: false, status: 500, message: CHECKOUT_FALLBACK_MESSAGE };
  }
  if (!result.ok)
    return {
      ok: false,
      status: result.status,
      message: result.message || CHECKOUT_FALLBACK_MESSAGE,
      ...(result.taken ? { taken: result.taken } : {}),
    };
  return { ok: true, url: result.url };
}

/** Only what the review page shows; the correct answer is never selected here. */
export async function findCheckoutCompetition(services: Services, id: number) {
  const [row] = await services.db.select(competitionColumns).from(competitions).where(eq(competitions.id, id));
  return row && isPublishedStatus(row.status) ? row : undefined;
}

/**
 * What a review page needs to offer Pay: whether eligibility must be asked on it, any other block to
 * explain instead (pause, exclusion, spend limit), and a fresh idempotency key for this page view.
 */
export async function paymentReadiness(
  services: Services,
  userId: string,
  totalPence: number,
  competitionIds: number[],
) {
  const [{ status: protection, block }, siteCreditPence, instantWin] = await Promise.all([
    protectionForOrder(services, userId, totalPence, services.now()),
    walletBalance(services.db, userId),
    instantWinCompetitions(services.db, competitionIds),
  ]);
  return {
    siteCreditPence,
    /** An instant-win competition is in the order: the UK code allows no credit card, and the page says so first. */
    noCreditCards: instantWin.length > 0,
    block: block && block.code !== "eligibility_required" ? block : null,
    needsEligibility: !protection.eligibility.confirmed,
    eligibilityDefaults: { dateOfBirth: protection.eligibility.dateOfBirth, country: protection.eligibility.country },
    idempotencyKey: crypto.randomUUID(),
  };
}

/** When each competition closes (its draw follows), for the success page's next steps. */
export async function closingDates(services: Services, competitionIds: number[]) {
  if (competitionIds.length === 0) return new Map<number, Date>();
  const rows = await services.db
    .select({ id: competitions.id, endDate: competitions.endDate })
    .from(competitions)
    .where(inArray(competitions.id, competitionIds));
  return new Map(rows.map((row) => [row.id, row.endDate]));
}

/** Where "try again" leads after a cancelled payment: the basket for a basket order, else the competition. */
export async function retryLink(services: Services, userId: string, orderId: string) {
  const rows = await services.db
    .select({ source: orders.source, competitionId: orderLines.competitionId })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  const [first] = rows;
  if (!first) return null;
  return first.source === "basket" || rows.length > 1 ? "/basket" : `/competition/${first.competitionId}`;
}

type CheckoutCompetition = NonNullable<Awaited<ReturnType<typeof findCheckoutCompetition>>>;

/**
 * How many tickets this buyer may choose on /checkout/:id, or why none: tickets held in other checkouts count as
 * taken until they lapse, and the per-person cap counts this buyer's paid and pending tickets. The quantity asked
 * for (already a valid 1 to 10) is offered as it is when it can be had; when it is more than can be had, the most
 * that can is offered instead, with the reason in the checkout's words: a quantity is never lowered silently.
 */
export async function singleEntryLimit(
  services: Services,
  userId: string,
  competition: CheckoutCompetition,
  asked: number = MIN_TICKETS,
) {
  const held =
    competition.maxTicketsPerUser === null
      ? 0
      : ((await ticketsHeldByUser(services.db, userId, [competition.id])).get(competition.id) ?? 0);
  const availability = ticketAvailability(competition, held, services.now());
  // With none to offer the page still prices one ticket beside its notice, as it always has.
  if (availability.reason)
    return { unavailable: availability.reason, maxQuantity: MIN_TICKETS, quantity: MIN_TICKETS, lowered: null };
  const quantity = Math.min(asked, availability.maxQuantity);
  const lowered = loweredQuantityNote(availability, asked, quantity, competition.title, "entry");
  return { unavailable: null, maxQuantity: availability.maxQuantity, quantity, lowered };
}
