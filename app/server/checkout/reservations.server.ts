import { asc, eq, sql } from "drizzle-orm";
import { type OrderRow, orderLines } from "~/db/schema";
import type { Executor, Tx } from "../platform/db.server";
import type { SessionTerms } from "./payment-queue.server";

/** An order's lines in lock order (competition id), the order every writer uses so transactions never deadlock. */
export async function linesInLockOrder(tx: Executor, orderId: string) {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.competitionId));
}

/**
 * Gives an order's reserved tickets back, counts and numbers (ADR 031), any promo code's use (ADR 035) and any site
 * credit (ADR 036), through `paddock_release_hold` (drizzle/0024), the one copy of the rule, which `paddock_fulfil`
 * also runs for the holds it releases. Only call while the order is pending (its reservation is held) and under the
 * order's row lock.
 */
export async function releaseReservation(tx: Tx, orderId: string, now: Date) {
  await tx.execute(sql`select paddock_release_hold(${orderId}::uuid, ${now}::timestamptz)`);
}

/** One line of a hold as `paddock_hold` takes it: priced by the pure rule, with its chosen numbers and candidates. */
type HoldLine = {
  competitionId: number;
  quantity: number;
  unitPricePence: number;
  discountPence: number;
  promoDiscountPence: number;
  totalPence: number;
  skillAnswer: string;
  chosen: readonly number[];
  /** A uniformly random ordering of numbers to try for the lucky dip (none: the hold draws from the free set). */
  candidates: readonly number[];
};

type HoldInput = {
  userId: string;
  email: string;
  idempotencyKey: string;
  source: "single" | "basket";
  termsVersion: string;
  now: Date;
  expiresAt: Date;
  lines: HoldLine[];
  subtotalPence: number;
  discountPence: number;
  promoDiscountPence: number;
  totalPence: number;
  promo: { codeId: number; maxUsesPerPerson: number | null } | null;
  monthlyLimitPence: number | null;
  monthStart: Date;
  /** The funnel's visitor key: the "answered" and "checkout started" steps are written with the hold. */
  funnelKey?: string | null;
  /** The payment queue's terms: the new order is claimed for its provider request or queued, with the hold. */
  session?: SessionTerms | null;
};

/** Why `paddock_hold` refused, with the facts the refusal's words need (it wrote nothing). */
export type HoldRefused =
  | { refusal: "cap"; held: Record<string, number> }
  | { refusal: "spend_limit"; spent: number }
  | { refusal: "promo_per_person" | "promo_used_up"; used?: number }
  | { refusal: "unavailable"; competitionId: number }
  | { refusal: "taken"; competitionId: number; numbers: number[] };

type HoldResult =
  | {
      kind: "created";
      order: OrderRow;
      numbers: Map<number, number[]>;
      /** With `session` terms: the order was claimed for the provider's next request, or queued. */
      session: "claimed" | "queued" | null;
    }
  | { kind: "existing" };

/** `paddock_hold` refused (and wrote nothing): `refused` says why. */
export class HoldRefusedError extends Error {
  constructor(readonly refused: HoldRefused) {
    super(`hold refused: ${refused.refusal}`);
  }
}

/**
 * The hold in one statement (`paddock_hold` through `paddock_hold_and_queue`, drizzle/0024 and 0027; ADR 027 §1):
 * under the buyer's advisory lock, the idempotency key, the caps, the spend limit and the code's per-person uses
 * against settled orders; the order, its lines, its held numbers, the counters and the code's use; then the funnel's
 * steps and the order's claim on the provider or its place in the queue. Runs on `db` as its own transaction, or
 * inside a caller's transaction when another write must commit with it (site credit spent on the order).
 */
export async function holdOrder(db: Executor, input: HoldInput): Promise<HoldResult> {
  const lines = input.lines.map((line) => ({
    competitionId: line.competitionId,
    quantity: line.quantity,
    unitPricePence: line.unitPricePence,
    discountPence: line.discountPence,
    promoDiscountPence: line.promoDiscountPence,
    totalPence: line.totalPence,
    skillAnswer: line.skillAnswer,
    chosen: line.chosen,
    candidates: line.candidates,
  }));
  let answer:
    | { kind: "created"; orderId: string; numbers: Record<string, number[]>; session?: "claimed" | "queued" }
    | { kind: "existing" };
  try {
    const session = input.session ? JSON.stringify(input.session) : null;
    const result = await db.execute<{ held: typeof answer }>(
      sql`select paddock_hold_and_queue(${input.userId}, ${input.email}, ${input.idempotencyKey}, ${input.source},
        ${input.termsVersion}, ${input.now}::timestamptz, ${input.expiresAt}::timestamptz,
        ${JSON.stringify(lines)}::jsonb,
        ${input.subtotalPence}::integer, ${input.discountPence}::integer, ${input.promoDiscountPence}::integer,
        ${input.totalPence}::integer, ${input.promo?.codeId ?? null}::integer,
        ${input.promo?.maxUsesPerPerson ?? null}::integer, ${input.monthlyLimitPence}::integer,
        ${input.monthStart}::timestamptz, ${input.funnelKey ?? null}::text, ${session}::jsonb) as held`,
    );
    const held = result.rows[0]?.held;
    if (!held) throw new Error("paddock_hold returned nothing");
    answer = held;
  } catch (error) {
    const refused = holdRefusalOf(error);
    // Thrown on, so a caller's transaction rolls back rather than committing around the failed statement.
    if (refused) throw new HoldRefusedError(refused);
    throw error;
  }
  if (answer.kind === "existing") return answer;
  const { now } = input;
  const order: OrderRow = {
    id: answer.orderId,
    userId: input.userId,
    paymentStatus: "pending",
    subtotalPence: input.subtotalPence,
    discountPence: input.discountPence,
    promoDiscountPence: input.promoDiscountPence,
    totalAmountPence: input.totalPence,
    siteCreditPence: 0,
    termsVersion: input.termsVersion,
    reservationExpiresAt: input.expiresAt,
    paidAt: null,
    email: input.email,
    source: input.source,
    idempotencyKey: input.idempotencyKey,
    providerSessionId: null,
    checkoutUrl: null,
    queuedAt: answer.session === "queued" ? now : null,
    nextSessionAttemptAt:
      answer.session === "claimed" && input.session ? new Date(now.getTime() + input.session.leaseMs) : null,
    sessionAttempts: answer.session === "claimed" ? 1 : 0,
    nextReconcileAt: null,
    refundedAt: null,
    refundReason: null,
    refundRequestedBy: null,
    refundAttempts: 0,
    refundLastError: null,
    failureReason: null,
    cardFunding: null,
    authorisedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const numbers = new Map(Object.entries(answer.numbers).map(([id, list]) => [Number(id), list.map(Number)]));
  return { kind: "created", order, numbers, session: answer.session ?? null };
}

/** The refusal `paddock_hold` raised (SQLSTATE PDK02, its facts as JSON), from node-postgres or PGlite. */
function holdRefusalOf(error: unknown): HoldRefused | null {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const raised = e?.code === "PDK02" ? e : e?.cause?.code === "PDK02" ? e.cause : null;
  if (!raised?.message) return null;
  return JSON.parse(raised.message) as HoldRefused;
}
