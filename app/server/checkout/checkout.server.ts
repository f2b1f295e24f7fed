import { randomInt } from "node:crypto";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { isPublishedStatus } from "~/db/constants";
import { competitions, orderLines, orders, tickets } from "~/db/schema";
import { parseChosenNumbers, takenNumbersMessage } from "~/domain/chosen-numbers";
import { candidateCount, randomCandidates } from "~/domain/lucky-dip";
import { formatPence } from "~/domain/money";
import { priceBasket } from "~/domain/pricing";
import { cardPartOfLines } from "~/domain/site-credit";
import { isOfferedAnswer } from "~/domain/ticket-allocation";
import {
  type AvailabilityFacts,
  QUANTITY_MESSAGE,
  refusalMessage,
  refuseQuantity,
  ticketAvailability,
  ticketsText,
} from "~/domain/ticket-availability";
import { sessionRetryDelayMs } from "~/domain/token-bucket";
import { isUuid } from "~/schemas/ids";
import { parseTicketQuantity } from "~/schemas/ticket-quantity";
import type { Database, Executor } from "../platform/db.server";
import { funnelVisitorKey } from "../platform/funnel.server";
import { type CheckoutSessionSummary, providerErrorKind } from "../platform/payments.server";
import { integerArrayParameter, preparedPerDatabase } from "../platform/prepared.server";
import { publicOrigin } from "../platform/public-origin.server";
import type { Services } from "../platform/services.server";
import {
  type EntryBlock,
  type EntryFacts,
  readEntryFactsWith,
  TERMS_VERSION,
} from "../protection/player-protection.server";
import { CREDIT_CAP_FAILURE, creditCapRefusalMessage, INSTANT_WIN_CREDIT_FAILURE } from "./card-authorisation.server";
import { payBySiteCredit } from "./credit-payment.server";
import { fulfilCheckoutSession } from "./fulfilment.server";
import { orderLinesWithTitle } from "./order-lines.server";
import {
  claimOrQueue,
  enqueue,
  kickPaymentQueue,
  placeInQueue,
  sessionTerms,
  startPaymentQueue,
} from "./payment-queue.server";
import { PromoCodeRefusal, priceWithPromoCode } from "./promo-codes.server";
import {
  type HoldRefused,
  HoldRefusedError,
  holdOrder,
  holdOrderGrouped,
  releaseReservation,
} from "./reservations.server";
import { applySiteCredit, paidEntirelyByCredit } from "./site-credit.server";
import { extendOrderNumbers } from "./ticket-numbers.server";

/** One line of a checkout as it arrives: `numbers` are the ticket numbers chosen (none: a lucky dip for all). */
export type CheckoutLineInput = { competitionId: number; quantity: unknown; skillAnswer: unknown; numbers?: unknown };

/**
 * Where the buyer goes next: the provider's payment page, or, while the payment queue makes their session, the hold
 * page (`held` says until when their tickets are held and their place in the queue).
 */
type StartCheckoutResult =
  | { ok: true; orderId: string; url: string; held?: { until: Date; place: number } }
  | {
      ok: false;
      status: 400 | 403 | 409 | 422 | 502;
      message: string;
      block?: EntryBlock;
      /** Chosen numbers someone else took between choosing and paying (the rest stay chosen). */
      taken?: { competitionId: number; numbers: number[] };
    };

/** How long tickets are held for a buyer at the payment page (the spec's 30 minutes). */
export const CHECKOUT_WINDOW_MS = 30 * 60_000;
/**
 * Stripe refuses a session that expires less than 30 minutes after it receives the request, so the session
 * (and the reservation with it) runs a minute longer than the window to absorb clocks and latency.
 */
export const PROVIDER_MARGIN_MS = 60_000;
const MAX_CHECKOUT_LINES = 20;

const CHECKOUT_MESSAGES = {
  answer: "Please answer the skill question to proceed.",
  quantity: QUANTITY_MESSAGE,
  empty: "Your basket is empty.",
  duplicate: "Each competition can appear only once in a checkout.",
  invalid: "This checkout request is not valid. Please reload the page and try again.",
  notFound: "This competition could not be found.",
  failed: "Failed to create checkout session",
  alreadyPaid: "This order has already been paid.",
  stale: "This checkout has expired or was cancelled. Please start again.",
  busy: "Those tickets were taken a moment ago. Please try again.",
} as const;

/** A refusal inside the checkout transaction: thrown to roll everything back, then returned to the caller. */
class Refusal extends Error {
  constructor(
    readonly status: 400 | 403 | 409 | 422,
    message: string,
    readonly block?: EntryBlock,
    readonly taken?: { competitionId: number; numbers: number[] },
  ) {
    super(message);
  }
}

type ParsedLine = { competitionId: number; quantity: number; skillAnswer: string; numbers: unknown[] };

function parseLines(lines: CheckoutLineInput[]): ParsedLine[] {
  if (!Array.isArray(lines) || lines.length === 0) throw new Refusal(400, CHECKOUT_MESSAGES.empty);
  if (lines.length > MAX_CHECKOUT_LINES) throw new Refusal(400, CHECKOUT_MESSAGES.invalid);
  const seen = new Set<number>();
  return lines.map((line) => {
    const competitionId = Number(line?.competitionId);
    if (!Number.isSafeInteger(competitionId) || competitionId < 1) throw new Refusal(400, CHECKOUT_MESSAGES.notFound);
    if (seen.has(competitionId)) throw new Refusal(400, CHECKOUT_MESSAGES.duplicate);
    seen.add(competitionId);
    const quantity = parseTicketQuantity(line.quantity);
    if (quantity === null) throw new Refusal(400, CHECKOUT_MESSAGES.quantity);
    const skillAnswer = typeof line.skillAnswer === "string" ? line.skillAnswer : "";
    if (skillAnswer.trim() === "") throw new Refusal(400, CHECKOUT_MESSAGES.answer);
    const numbers = line.numbers === undefined ? [] : Array.isArray(line.numbers) ? line.numbers : [line.numbers];
    return { competitionId, quantity, skillAnswer, numbers };
  });
}

/** Tickets this user holds or is holding per competition: paid orders and live (pending) reservations. */
export async function ticketsHeldByUser(
  db: Executor,
  userId: string,
  competitionIds: number[],
): Promise<Map<number, number>> {
  if (competitionIds.length === 0) return new Map();
  const rows = await db
    .select({ competitionId: orderLines.competitionId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.paymentStatus, ["paid", "pending"]),
        inArray(orderLines.competitionId, competitionIds),
      ),
    )
    .groupBy(orderLines.competitionId);
  return new Map(rows.map((r) => [r.competitionId, Number(r.quantity)]));
}

type ExistingOrder = typeof orders.$inferSelect;

async function findByKey(db: Executor, userId: string, idempotencyKey: string): Promise<ExistingOrder | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  return row;
}

/**
 * Starts paying for tickets. Everything is decided here from the database (the input carries no prices):
 * in ONE transaction the lines are validated, priced, checked against the player's protections and reserved
 * with one conditional UPDATE per competition, and the order is written; then the provider's Checkout Session
 * is created with an idempotency key derived from the order, so a double click (same key) makes one order and
 * one session.
 */
export async function startCheckout(services: Services, input: OrderInput): Promise<StartCheckoutResult> {
  const placed = await placeOrder(services, input, { toPayment: true });
  if (!placed.ok) return placed;
  if (paidEntirelyByCredit(placed.order)) return paidByCredit(services, placed.order);
  if (!placed.isNew) return resumeExisting(services, placed.order);
  // The hold claimed the provider's next request for this order (nobody queued, a token to spare), or queued it.
  if (placed.session === "claimed") return createSession(services, placed.order, placed.lines);
  kickPaymentQueue(services);
  return queued(services, placed.order, placed.place);
}

type OrderInput = {
  userId: string;
  email: string;
  lines: CheckoutLineInput[];
  idempotencyKey: string;
  source: "single" | "basket";
  /** The promo code as the buyer typed it, if any: decided again here, inside the transaction. */
  promoCode?: string;
  /** The buyer asked to spend their site credit: how much is decided inside the transaction (ADR 036). */
  useSiteCredit?: boolean;
  /** The protections and competitions, when the request read them with its session (used when `ids` match). */
  prefetched?: PrefetchedFacts;
};

type PlaceOrderResult =
  | {
      ok: true;
      order: ExistingOrder;
      isNew: boolean;
      competitionIds: number[];
      lines?: SessionLine[];
      /** A new order on its way to payment: claimed for the provider's next request, or queued (ADR 027 §2). */
      session?: "claimed" | "queued" | null;
      /** A queued order's place in the queue, when the hold said it (ADR 039). */
      place?: number | null;
    }
  | Extract<StartCheckoutResult, { ok: false }>;

/**
 * The order half of a checkout, below the provider: validates, prices, checks protections and caps, and reserves
 * the tickets in one statement (or finds the order this idempotency key already made). With `toPayment` (a buyer's
 * checkout) the same statement records the funnel's steps and claims the provider's next request for the order or
 * queues it (ADR 027 §2). The demo seed places its orders here too, without it, so they obey the same rules.
 */
export async function placeOrder(
  services: Services,
  input: OrderInput,
  options: { toPayment?: boolean } = {},
): Promise<PlaceOrderResult> {
  const { db } = services;
  const now = services.now();
  const key = typeof input.idempotencyKey === "string" ? input.idempotencyKey.trim() : "";
  if (key.length < 8 || key.length > 200) return { ok: false, status: 400, message: CHECKOUT_MESSAGES.invalid };

  // A repeat of a request (same key) is recognised inside the transaction, after the buyer's lock, or by a look-up
  // when the read-only look below refuses it: a new checkout spends no query on it before the transaction.
  try {
    const parsed = parseLines(input.lines);
    const ids = parsed.map((l) => l.competitionId).sort((a, b) => a - b);
    // Read once for this request, in one statement: the lines' competitions and the buyer's protections (the spend
    // limit is settled by the hold, under the buyer's lock).
    const protection =
      input.prefetched && sameIds(input.prefetched.ids, ids)
        ? input.prefetched.facts
        : await readEntryFactsWith(db, input.userId, now, competitionsOf(ids));
    const rows = (protection.alongside ?? []).map((row) => ({ ...row, endDate: new Date(row.endDate) }));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const competitionOf = (line: ParsedLine) => byId.get(line.competitionId) as (typeof rows)[number];
    // A read-only look first, so a rush on a sold-out competition is turned away without a transaction or a lock.
    // It decides nothing: the conditional UPDATE below does. A repeat of a click that took the last tickets finds
    // its own order (committed together with that reservation, so visible whenever the reservation is).
    const early = refusedBeforeReserving(parsed, byId, now);
    if (early) {
      const mine = await findByKey(db, input.userId, key);
      if (mine) return { ok: true, order: mine, isNew: false, competitionIds: ids };
      throw early;
    }
    const chosen = new Map<number, number[]>();
    for (const line of parsed) {
      const result = parseChosenNumbers(line.numbers, line.quantity, competitionOf(line).totalTickets);
      if (!result.ok) throw new Refusal(422, result.message);
      chosen.set(line.competitionId, result.numbers);
    }
    // The promo code is read before the hold too (its per-person count and last use are settled by the hold).
    const price = () =>
      priceWithPromoCode(
        db,
        input.userId,
        input.promoCode,
        priceBasket(
          parsed.map((line) => {
            const { entryPricePence, multiBuyTiers } = competitionOf(line);
            return { ...line, unitPricePence: entryPricePence, tiers: multiBuyTiers };
          }),
        ),
        now,
      );
    let priced: Awaited<ReturnType<typeof price>>;
    try {
      priced = await price();
      const block = protection.blockFor(priced.totalPence);
      if (block && block.code !== "spend_limit") throw new Refusal(403, block.message, block);
    } catch (error) {
      // A repeat of a request that made its order (which used the code, or counts towards a limit) finds that order.
      if (!(error instanceof Refusal || error instanceof PromoCodeRefusal)) throw error;
      const mine = await findByKey(db, input.userId, key);
      if (mine) return { ok: true, order: mine, isNew: false, competitionIds: ids };
      throw error;
    }

    const expiresAt = new Date(now.getTime() + CHECKOUT_WINDOW_MS + PROVIDER_MARGIN_MS);
    const toPayment = options.toPayment === true;
    // The hold is one statement. A buyer's site credit is debited in its transaction (ADR 036), and only then is it
    // known whether the order needs the provider at all, so such an order is claimed or queued after the debit.
    // Alone in the site credit's transaction, or grouped with the holds arriving meanwhile (ADR 039).
    const holdWith = (
      send: (input: Parameters<typeof holdOrder>[1]) => ReturnType<typeof holdOrder>,
      session: boolean,
    ) =>
      send({
        userId: input.userId,
        email: input.email,
        idempotencyKey: key,
        source: input.source === "basket" ? "basket" : "single",
        termsVersion: TERMS_VERSION,
        now,
        expiresAt,
        lines: priced.lines.map((line) => {
          const comp = competitionOf(line);
          const picked = chosen.get(line.competitionId) ?? [];
          return { ...line, chosen: picked, candidates: luckyDipCandidates(comp, line.quantity - picked.length) };
        }),
        subtotalPence: priced.subtotalPence,
        discountPence: priced.discountPence,
        promoDiscountPence: priced.promoDiscountPence,
        totalPence: priced.totalPence,
        promo: priced.promo,
        monthlyLimitPence: protection.monthlyLimitPence,
        monthStart: protection.monthStart,
        funnelKey: toPayment ? funnelVisitorKey(services.env.AUTH_SECRET, { userId: input.userId }) : null,
        session: session ? sessionTerms(services) : null,
      });
    const hold = input.useSiteCredit
      ? db.transaction(async (tx) => {
          const result = await holdWith((hold) => holdOrder(tx, hold), false);
          // Site credit (ADR 036): decided and debited under the buyer's lock the hold took, in its transaction.
          if (result.kind === "existing") return result;
          const order = await applySiteCredit(tx, result.order, true, now);
          if (!toPayment || paidEntirelyByCredit(order)) return { ...result, order };
          const session = await claimOrQueue(tx, services, order.id);
          return { ...result, order: session === "queued" ? { ...order, queuedAt: now } : order, session };
        })
      : holdWith((hold) => holdOrderGrouped(db, hold, db === services.handle.db), toPayment);
    const held = await hold.catch(async (error) => {
      if (error instanceof HoldRefusedError)
        throw await holdRefusal(db, error.refused, { parsed, byId, priced, protection, now });
      throw error;
    });
    let created: {
      order: ExistingOrder;
      isNew: boolean;
      lines?: SessionLine[];
      session?: "claimed" | "queued" | null;
      place?: number | null;
    };
    if (held.kind === "existing") {
      const again = await findByKey(db, input.userId, key);
      if (!again) throw new Error("the order of a repeated checkout has gone");
      created = { order: again, isNew: false };
    } else {
      const lines = priced.lines
        .map((line) => ({ ...line, title: competitionOf(line).title }))
        .sort((a, b) => a.competitionId - b.competitionId);
      created = { order: held.order, isNew: true, lines, session: held.session, place: held.place };
    }
    return { ok: true, ...created, competitionIds: ids };
  } catch (error) {
    if (error instanceof PromoCodeRefusal) return { ok: false, status: error.status, message: error.message };
    if (error instanceof Refusal)
      return {
        ok: false,
        status: error.status,
        message: error.message,
        ...(error.block ? { block: error.block } : {}),
        ...(error.taken ? { taken: error.taken } : {}),
      };
    throw error;
  }
}

type CompetitionFacts = AvailabilityFacts & { title: string };

/** A checkout's competitions as the JSON column `competitionsOf` reads: what pricing and rules need. */
export type CheckoutCompetitions = (Omit<CompetitionFacts, "endDate"> & {
  id: number;
  endDate: string;
  entryPricePence: number;
  maxTicketsPerUser: number | null;
  multiBuyTiers: (typeof competitions.$inferSelect)["multiBuyTiers"];
  skillOptions: string[];
})[];

/**
 * A checkout's competitions as one JSON column, read with the buyer's protections: `ids`, or in a prepared statement
 * a placeholder given `integerArrayParameter(ids)`.
 */
export const competitionsOf = (ids: number[] | ReturnType<typeof sql.placeholder>) =>
  sql<CheckoutCompetitions>`(select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title,
    'status', c.status, 'endDate', c.end_date, 'entryPricePence', c.entry_price_pence,
    'totalTickets', c.total_tickets, 'ticketsSold', c.tickets_sold, 'ticketsReserved', c.tickets_reserved,
    'maxTicketsPerUser', c.max_tickets_per_user, 'multiBuyTiers', c.multi_buy_tiers,
    'skillOptions', c.skill_options)), '[]'::json)
  from ${competitions} c where c.id = any(${Array.isArray(ids) ? integerArrayParameter(ids) : ids}::integer[]))`;

/**
 * The buyer's protections and the checkout's competitions, read already with the session (`checkout-buyer.server.ts`,
 * ADR 042) for the competitions `ids` (sorted, each once).
 */
export type PrefetchedFacts = { ids: number[]; facts: EntryFacts<CheckoutCompetitions | undefined> };

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** The first line that cannot be had whoever asks (unknown, unpublished, wrong answer, unavailable), as a refusal. */
function refusedBeforeReserving(
  parsed: ParsedLine[],
  byId: Map<number, CompetitionFacts & { skillOptions: readonly string[] }>,
  now: Date,
): Refusal | null {
  for (const line of parsed) {
    const comp = byId.get(line.competitionId);
    if (!comp || !isPublishedStatus(comp.status)) return new Refusal(400, CHECKOUT_MESSAGES.notFound);
    if (!isOfferedAnswer(line.skillAnswer, comp.skillOptions)) return new Refusal(422, CHECKOUT_MESSAGES.answer);
  }
  for (const line of parsed) {
    const refusal = unavailable(byId.get(line.competitionId) as CompetitionFacts, line.quantity, now);
    if (refusal) return refusal;
  }
  return null;
}

/** The availability rule's refusal for this buyer and quantity, in the checkout's words, or null. */
function refusalFor(comp: CompetitionFacts, held: number, quantity: number, now: Date): Refusal | null {
  const availability = ticketAvailability(comp, held, now);
  const refusal = refuseQuantity(availability, quantity);
  if (!refusal) return null;
  return new Refusal(refusal === "quantity" ? 400 : 409, refusalMessage(refusal, availability, comp.title));
}

/** Why `quantity` more tickets cannot be had (closed, not live, sold out, too few left), whoever asks. */
function unavailable(comp: CompetitionFacts, quantity: number, now: Date): Refusal | null {
  return refusalFor({ ...comp, maxTicketsPerUser: null }, 0, quantity, now);
}

/** After the conditional UPDATE took nothing: reads the row again to say why. */
async function availabilityRefusal(tx: Executor, competitionId: number, line: number, now: Date): Promise<Refusal> {
  const [comp] = await tx
    .select({
      title: competitions.title,
      status: competitions.status,
      endDate: competitions.endDate,
      totalTickets: competitions.totalTickets,
      ticketsSold: competitions.ticketsSold,
      ticketsReserved: competitions.ticketsReserved,
    })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  if (!comp) return new Refusal(400, CHECKOUT_MESSAGES.notFound);
  return unavailable(comp, line, now) ?? new Refusal(409, CHECKOUT_MESSAGES.busy);
}

/** Candidates for a line's lucky dip (ADR 031), from the counters read before the hold; none when few are free. */
function luckyDipCandidates(comp: CompetitionFacts, wanted: number): number[] {
  if (wanted <= 0) return [];
  const free = comp.totalTickets - comp.ticketsSold - comp.ticketsReserved;
  const count = candidateCount(wanted, free, comp.totalTickets);
  return count === null ? [] : randomCandidates(comp.totalTickets, count, (bound) => randomInt(bound));
}

/** A refusal by `paddock_hold`, in the same words as the rules give it everywhere else. */
async function holdRefusal(
  db: Executor,
  refused: HoldRefused,
  context: {
    parsed: ParsedLine[];
    byId: Map<number, CompetitionFacts>;
    priced: { totalPence: number; promo: { refusal: (why: "per_person" | "used_up", used: number) => string } | null };
    protection: { blockFor: (total: number, spent?: number) => EntryBlock | null };
    now: Date;
  },
): Promise<Refusal | PromoCodeRefusal> {
  const { parsed, byId, priced, protection, now } = context;
  switch (refused.refusal) {
    case "cap":
      for (const line of parsed) {
        const comp = byId.get(line.competitionId) as CompetitionFacts;
        const refusal = refusalFor(comp, refused.held[String(line.competitionId)] ?? 0, line.quantity, now);
        if (refusal) return refusal;
      }
      break;
    case "spend_limit": {
      const block = protection.blockFor(priced.totalPence, refused.spent);
      if (block) return new Refusal(403, block.message, block);
      break;
    }
    case "promo_per_person":
    case "promo_used_up":
      if (priced.promo)
        return new PromoCodeRefusal(
          priced.promo.refusal(refused.refusal === "promo_used_up" ? "used_up" : "per_person", refused.used ?? 0),
        );
      break;
    case "unavailable": {
      const line = parsed.find((l) => l.competitionId === refused.competitionId);
      return availabilityRefusal(db, refused.competitionId, line?.quantity ?? 1, now);
    }
    case "taken":
      if (refused.numbers.length > 0)
        return new Refusal(409, takenNumbersMessage(refused.numbers), undefined, {
          competitionId: refused.competitionId,
          numbers: refused.numbers,
        });
      break;
  }
  return new Refusal(409, CHECKOUT_MESSAGES.busy);
}

/**
 * Provider sessions being created by requests in this process, by order id: a repeat of the same request waits
 * for the creator's own result instead of asking the database again and again.
 */
const sessionsInFlight = new Map<string, Promise<StartCheckoutResult>>();

/**
 * The hold page's answer for a queued order (or the checkout's refusal if the order has gone meanwhile); `place` is
 * its place in the queue when the hold's statement said it, read otherwise.
 */
async function queued(
  services: Services,
  order: ExistingOrder | undefined,
  place?: number | null,
): Promise<StartCheckoutResult> {
  if (!order) return { ok: false, status: 409, message: CHECKOUT_MESSAGES.stale };
  const until = order.reservationExpiresAt ?? new Date(order.createdAt.getTime() + CHECKOUT_WINDOW_MS);
  return {
    ok: true,
    orderId: order.id,
    url: holdPagePath(order.id),
    held: { until, place: place ?? (await placeInQueue(services.db, order)) },
  };
}

export const holdPagePath = (orderId: string) => `/checkout/hold/${orderId}`;

/** An order the buyer's site credit pays in full: fulfilled at once, no provider session (ADR 036). */
async function paidByCredit(services: Services, order: ExistingOrder): Promise<StartCheckoutResult> {
  const { outcome, successUrl } = await payBySiteCredit(services, order);
  // Paid, or refunded because it could not be honoured after all: the payment result page says which.
  const settled = outcome.kind === "fulfilled" || outcome.kind === "refund" || outcome.kind === "already_final";
  if (settled && !(outcome.kind === "already_final" && outcome.status !== "paid" && outcome.status !== "refunded"))
    return { ok: true, orderId: order.id, url: successUrl };
  return { ok: false, status: 409, message: CHECKOUT_MESSAGES.stale };
}

/** The request that created the order creates its session (and, if that fails, gives the tickets back). */
function createSession(services: Services, order: ExistingOrder, lines?: SessionLine[]): Promise<StartCheckoutResult> {
  const running = openSession(services, order, true, lines).finally(() => sessionsInFlight.delete(order.id));
  sessionsInFlight.set(order.id, running);
  return running;
}

/** How long a repeat waits for a creator in another process, doubling from the first delay (about 6 s in all). */
const OTHER_PROCESS_WAITS_MS = [100, 200, 400, 800, 1600, 3200];

/**
 * A repeat of a request whose order exists. Its session, once recorded, is the answer. While the creator is still
 * at the provider: a creator in this process is awaited (one promise, no queries); a creator elsewhere (another
 * app process) is looked for a few times at growing intervals, and if no session appears (it may have crashed),
 * the repeat creates it itself with the same idempotency key, so the same session.
 */
async function resumeExisting(services: Services, order: ExistingOrder): Promise<StartCheckoutResult> {
  let current = order;
  const waits = [0, ...OTHER_PROCESS_WAITS_MS];
  while (current.paymentStatus === "pending" && !current.checkoutUrl && waits.length > 0) {
    const running = sessionsInFlight.get(order.id);
    if (running) return running;
    // The payment queue makes this one's session: the repeat goes to the hold page like the first request.
    if (current.queuedAt) return queued(services, current);
    const wait = waits.shift() as number;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const [fresh] = await services.db.select().from(orders).where(eq(orders.id, order.id));
    if (fresh) current = fresh;
  }
  return openSession(services, current, false);
}

async function openSession(
  services: Services,
  current: ExistingOrder,
  isCreator: boolean,
  lines?: SessionLine[],
): Promise<StartCheckoutResult> {
  if (current.paymentStatus === "paid") return { ok: false, status: 409, message: CHECKOUT_MESSAGES.alreadyPaid };
  if (current.paymentStatus !== "pending") return { ok: false, status: 409, message: CHECKOUT_MESSAGES.stale };
  if (current.checkoutUrl) return { ok: true, orderId: current.id, url: current.checkoutUrl };
  try {
    const session = await openProviderSession(services, current, lines);
    if (session.status !== "open" || !session.url)
      throw new Error(`session ${session.id} is ${session.status}, not open`);
    return { ok: true, orderId: current.id, url: session.url };
  } catch (error) {
    // The provider's limit (or a connection that failed) never drops a buyer whose tickets are held: the order
    // joins the payment queue, which asks again after a short wait with the same idempotency key.
    if (isCreator && providerErrorKind(error) === "rate_limited")
      return queued(services, await enqueue(services, current.id, sessionRetryDelayMs(1)));
    services.logger.error({ err: error, orderId: current.id }, "could not create the checkout session");
    if (isCreator)
      await abandonOrder(services, current.id, "cancelled", "session_create_failed", { onlyWithoutSession: true });
    return { ok: false, status: 502, message: CHECKOUT_MESSAGES.failed };
  }
}

/** What the provider's line items are made of: the order's lines with their competitions' titles. */
type SessionLine = {
  title: string;
  quantity: number;
  unitPricePence: number;
  discountPence: number;
  promoDiscountPence: number;
  totalPence: number;
};

/** An order's lines for the provider, in competition order (a repeat's look-up; the creator has them at hand). */
function sessionLines(services: Services, orderId: string): Promise<SessionLine[]> {
  return orderLinesWithTitle(services.db, orderId, {
    columns: {
      unitPricePence: orderLines.unitPricePence,
      discountPence: orderLines.discountPence,
      promoDiscountPence: orderLines.promoDiscountPence,
      totalPence: orderLines.totalPence,
    },
    by: "competition",
  });
}

/**
 * Creates (or, with the same idempotency key, finds again) the provider's session for an order and records it.
 * Its parameters are a pure function of the order, so a retry with the same key replays it.
 */
export async function openProviderSession(
  services: Services,
  order: ExistingOrder,
  known?: SessionLine[],
): Promise<CheckoutSessionSummary> {
  const lines = known ?? (await sessionLines(services, order.id));
  // Site credit pays part of the order: the card pays the rest of each line (ADR 036).
  const cardParts = cardPartOfLines(
    lines.map((line) => line.totalPence),
    order.siteCreditPence,
  );
  const expiresAt = await holdForPaymentPage(services, order);
  const session = await services.payments.createCheckoutSession({
    orderId: order.id,
    email: order.email ?? "",
    items: lines.map((line, i) => ({
      name: `${line.title}: ${ticketsText(line.quantity)}`,
      description:
        `${ticketsText(line.quantity)} at ${formatPence(line.unitPricePence)}` +
        (line.discountPence > 0 ? `, multi-buy saving ${formatPence(line.discountPence)}` : "") +
        (line.promoDiscountPence > 0 ? `, promo code saving ${formatPence(line.promoDiscountPence)}` : "") +
        (cardParts[i] !== line.totalPence ? `, site credit ${formatPence(line.totalPence - (cardParts[i] ?? 0))}` : ""),
      amountPence: cardParts[i] ?? line.totalPence,
    })),
    expiresAt,
    idempotencyKey: `checkout-session-${order.id}`,
    returnOrigin: await publicOrigin(services),
  });
  await sessionRecorded(services.db).execute({
    orderId: order.id,
    sessionId: session.id,
    url: session.status === "open" ? session.url : null,
    now: services.now().toISOString(),
  });
  return session;
}

/** The provider's session recorded on its pending order (its place in the payment queue cleared): once per order. */
const sessionRecorded = preparedPerDatabase((db: Database) =>
  db
    .update(orders)
    .set({
      providerSessionId: sql`${sql.placeholder("sessionId")}`,
      checkoutUrl: sql`${sql.placeholder("url")}`,
      queuedAt: null,
      nextSessionAttemptAt: null,
      updatedAt: sql`${sql.placeholder("now")}::timestamptz`,
    })
    .where(and(eq(orders.id, sql.placeholder("orderId")), eq(orders.paymentStatus, "pending")))
    .prepare("order_session_recorded"),
);

/**
 * The hold's expiry as the payment page will have it. A buyer who waited in the payment queue still gets the whole
 * window at the payment page: when less than the window is left, the hold is extended (and stored first, so a
 * retry of the same request sends the same expiry with the same idempotency key).
 */
async function holdForPaymentPage(services: Services, order: ExistingOrder): Promise<Date> {
  const now = services.now().getTime();
  const current =
    order.reservationExpiresAt ?? new Date(order.createdAt.getTime() + CHECKOUT_WINDOW_MS + PROVIDER_MARGIN_MS);
  if (current.getTime() >= now + CHECKOUT_WINDOW_MS) return current;
  const extended = new Date(now + CHECKOUT_WINDOW_MS + PROVIDER_MARGIN_MS);
  await services.db.transaction(async (tx) => {
    const [still] = await tx
      .update(orders)
      .set({ reservationExpiresAt: extended })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, "pending")))
      .returning({ id: orders.id });
    if (still) await extendOrderNumbers(tx, order.id, extended);
  });
  return extended;
}

/** Releases a pending order's reservation and closes it (kept as an abandoned checkout). */
export async function abandonOrder(
  services: Services,
  orderId: string,
  status: "cancelled" | "expired",
  reason: string,
  options: { onlyWithoutSession?: boolean } = {},
): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (order?.paymentStatus !== "pending") return false;
    if (options.onlyWithoutSession && order.providerSessionId) return false;
    await releaseReservation(tx, orderId, services.now());
    await tx
      .update(orders)
      .set({ paymentStatus: status, failureReason: reason, updatedAt: services.now() })
      .where(eq(orders.id, orderId));
    return true;
  });
}

async function findOwnOrder(services: Services, userId: string, orderId: string) {
  if (!isUuid(orderId)) return undefined;
  const [order] = await services.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order;
}

/**
 * A paid line as the buyer sees it at once: numbers and entry references, never whether the answer was right
 * (that waits for the close: app/domain/answer-reveal.ts).
 */
export type PaidLine = { competitionId: number; title: string; tickets: { number: number; entryRef: string }[] };

type VerifyPaymentResult =
  | {
      ok: true;
      status: "paid";
      ticketCount: number;
      lines: PaidLine[];
    }
  | { ok: true; status: "pending" }
  /** Refused before any money moved (the credit card cap): the buyer may try again, e.g. with a debit card. */
  | { ok: true; status: "refused"; message: string }
  | { ok: false; message: string };

const NOT_FOUND = { ok: false as const, message: "Order not found" };

const VERIFY_MESSAGES = {
  failed: "Failed to verify payment",
  notCompleted: "This checkout was not completed, so no payment was taken.",
  refunded: "We could not honour this payment, so it has been refunded in full. We have e-mailed you the details.",
} as const;

/**
 * /payment-success: reads the order (it must be the caller's); if it is not settled yet, asks the provider and
 * runs the same fulfilment as the webhook, so a late webhook never leaves a paying buyer without tickets.
 */
export async function verifyPayment(
  services: Services,
  input: { userId: string; sessionId: string; orderId: string },
): Promise<VerifyPaymentResult> {
  let order = await findOwnOrder(services, input.userId, input.orderId);
  if (!order) return NOT_FOUND;
  if (order.providerSessionId && order.providerSessionId !== input.sessionId) return NOT_FOUND;
  if (order.paymentStatus !== "paid" && order.paymentStatus !== "refunded") {
    try {
      const session = await services.payments.retrieveSession(input.sessionId);
      if (session.orderId !== order.id) return NOT_FOUND;
      await fulfilCheckoutSession(services, session);
    } catch (error) {
      services.logger.error({ err: error, orderId: order.id }, "payment verification failed");
      return { ok: false, message: VERIFY_MESSAGES.failed };
    }
    order = (await findOwnOrder(services, input.userId, input.orderId)) ?? order;
  }
  if (order.paymentStatus === "pending") {
    // The buyer is back from the provider and the payment is not settled yet: the reconciler asks again at its
    // next pass rather than at the order's next scheduled look (domain/provider-checks). A lapsed order keeps the
    // lease the reconciler holds on it.
    const now = services.now();
    await services.db
      .update(orders)
      .set({ nextReconcileAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, "pending"), gt(orders.reservationExpiresAt, now)));
    return { ok: true, status: "pending" };
  }
  if (order.failureReason === CREDIT_CAP_FAILURE || order.failureReason === INSTANT_WIN_CREDIT_FAILURE) {
    const message = await creditCapRefusalMessage(services, input.userId, order.id, order.failureReason);
    return { ok: true, status: "refused", message };
  }
  if (order.paymentStatus === "refunded") return { ok: false, message: VERIFY_MESSAGES.refunded };
  if (order.paymentStatus !== "paid") return { ok: false, message: VERIFY_MESSAGES.notCompleted };
  const rows = await services.db
    .select({
      competitionId: tickets.competitionId,
      title: competitions.title,
      ticketNumber: tickets.ticketNumber,
      entryRef: tickets.entryRef,
    })
    .from(tickets)
    .innerJoin(competitions, eq(competitions.id, tickets.competitionId))
    .where(eq(tickets.orderId, order.id))
    .orderBy(asc(tickets.competitionId), asc(tickets.ticketNumber));
  const lines = new Map<number, PaidLine>();
  for (const row of rows) {
    const line = lines.get(row.competitionId) ?? { competitionId: row.competitionId, title: row.title, tickets: [] };
    line.tickets.push({ number: row.ticketNumber, entryRef: row.entryRef });
    lines.set(row.competitionId, line);
  }
  return { ok: true, status: "paid", ticketCount: rows.length, lines: [...lines.values()] };
}

/**
 * /payment-cancelled: gives the tickets back at once and expires the provider's session. If the buyer paid in
 * another tab a moment earlier, the session comes back complete and is fulfilled (or refunded) as usual.
 */
export async function cancelCheckout(
  services: Services,
  input: { userId: string; orderId: string },
): Promise<{ ok: boolean }> {
  const order = await findOwnOrder(services, input.userId, input.orderId);
  if (!order) return { ok: false };
  if (order.paymentStatus !== "pending")
    return { ok: order.paymentStatus === "cancelled" || order.paymentStatus === "expired" };
  await abandonOrder(services, order.id, "cancelled", "cancelled_by_buyer");
  if (order.providerSessionId) {
    try {
      const session = await services.payments.expireSession(order.providerSessionId);
      if (session.status === "complete") await fulfilCheckoutSession(services, session);
    } catch (error) {
      services.logger.warn(
        { err: error, orderId: order.id },
        "could not expire the checkout session; the reconciler will retry",
      );
    }
  }
  return { ok: true };
}

/** Starts this process's payment queue worker (ADR 027): sessions for queued orders, at the provider's pace. */
export function startCheckoutPaymentQueue(services: Services) {
  return startPaymentQueue(services, openProviderSession, (scoped, orderId) =>
    abandonOrder(scoped, orderId, "cancelled", "session_create_failed", { onlyWithoutSession: true }),
  );
}
