import { and, eq, inArray } from "drizzle-orm";
import { data, redirectDocument } from "react-router";
import { competitions, orderLines, orders } from "~/db/schema";
import { canEnter } from "~/domain/competition-status";
import { MAX_TICKETS, MIN_TICKETS } from "~/domain/pricing";
import { CHECKOUT_FALLBACK_MESSAGE } from "~/schemas/checkout";
import { fieldErrors } from "~/schemas/form";
import { EligibilitySchema, type EligibilityErrors } from "~/schemas/protection";
import { competitionColumns } from "./basket.server";
import { startCheckout, ticketsHeldByUser, type CheckoutLineInput } from "./checkout.server";
import { checkCanEnter, confirmEligibility, getProtectionStatus } from "./player-protection.server";
import type { Services } from "./services.server";
import type { SessionUser } from "./session.server";

/** What the review pages' Pay form gets back when it does not leave for the payment page. */
export type PaymentActionData = {
  answerError?: string;
  eligibilityErrors?: EligibilityErrors;
  checkoutError?: string;
  /** With JavaScript the page says 'Redirecting to Payment' and then goes here itself. */
  paymentUrl?: string;
};

export function paymentFailure(body: PaymentActionData, status: number) {
  return data<PaymentActionData>(body, { status });
}

/**
 * The Pay button of /checkout/:id and /checkout/basket: confirms eligibility first when the account has
 * not (same POST, so a first-time buyer fills one form), then starts checkout. The server re-prices and
 * re-checks everything in startCheckout; this only carries the form across.
 */
export async function payFromForm(
  services: Services,
  user: SessionUser,
  form: FormData,
  checkout: { lines: CheckoutLineInput[]; idempotencyKey: string; source: "single" | "basket" },
) {
  const now = services.now();
  const status = await getProtectionStatus(services, user.id, now);
  if (!status.eligibility.confirmed) {
    const parsed = EligibilitySchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return paymentFailure({ eligibilityErrors: fieldErrors(parsed.error) }, 400);
    const confirmed = await confirmEligibility(services, user.id, parsed.data, now);
    if (!confirmed.ok) {
      const field = (confirmed.field ?? "dateOfBirth") as keyof EligibilityErrors;
      return paymentFailure({ eligibilityErrors: { [field]: confirmed.message } }, 400);
    }
  }

  let result: Awaited<ReturnType<typeof startCheckout>>;
  try {
    result = await startCheckout(services, { userId: user.id, email: user.email, ...checkout });
  } catch (error) {
    services.logger.error({ err: error }, "checkout failed");
    return paymentFailure({ checkoutError: CHECKOUT_FALLBACK_MESSAGE }, 500);
  }
  if (!result.ok) return paymentFailure({ checkoutError: result.message || CHECKOUT_FALLBACK_MESSAGE }, result.status);
  if (form.get("js") === "1") return data<PaymentActionData>({ paymentUrl: result.url });
  // A document redirect: the payment page is not one of this app's routes, even on the stand-in's host.
  return redirectDocument(result.url, 303);
}

/** Only what the review page shows; the correct answer is never selected here. */
export async function findCheckoutCompetition(services: Services, id: number) {
  const [row] = await services.db
    .select(competitionColumns)
    .from(competitions)
    .where(eq(competitions.id, id));
  return row && row.status !== "draft" ? row : undefined;
}

/**
 * What a review page needs to offer Pay: whether eligibility must be asked on it, any other block to
 * explain instead (pause, exclusion, spend limit), and a fresh idempotency key for this page view.
 */
export async function paymentReadiness(services: Services, userId: string, totalPence: number) {
  const now = services.now();
  const [protection, block] = await Promise.all([getProtectionStatus(services, userId, now), checkCanEnter(services.db, userId, totalPence, now)]);
  return {
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
 * How many tickets this buyer may choose on /checkout/:id, or why none: tickets held in other checkouts
 * count as taken until they lapse, and the per-person cap counts this buyer's paid and pending tickets.
 */
export async function singleEntryLimit(services: Services, userId: string, competition: CheckoutCompetition) {
  const taken = competition.ticketsSold + competition.ticketsReserved;
  const entry = canEnter({ ...competition, ticketsSold: taken }, services.now());
  if (!entry.ok) return { unavailable: entry.reason, maxQuantity: MIN_TICKETS };
  const cap = competition.maxTicketsPerUser;
  const held = cap === null ? 0 : ((await ticketsHeldByUser(services.db, userId, [competition.id])).get(competition.id) ?? 0);
  const capLeft = cap === null ? MAX_TICKETS : cap - held;
  if (capLeft <= 0) return { unavailable: "limit_reached" as const, maxQuantity: MIN_TICKETS };
  return { unavailable: null, maxQuantity: Math.max(MIN_TICKETS, Math.min(MAX_TICKETS, competition.totalTickets - taken, capLeft)) };
}
