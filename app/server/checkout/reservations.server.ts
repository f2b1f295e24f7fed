import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { OrderRow } from "~/db/schema";
import type { Database, Executor, Tx } from "../platform/db.server";
import { answeredInOrder, type GroupCommit, groupCommit } from "../platform/group-commit.server";
import type { SessionTerms } from "./payment-queue.server";

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
      /** A queued order's place in the payment queue when it was held (1: next); null when not queued. */
      place: number | null;
    }
  | { kind: "existing" };

/** `paddock_hold` refused (and wrote nothing): `refused` says why. */
export class HoldRefusedError extends Error {
  constructor(readonly refused: HoldRefused) {
    super(`hold refused: ${refused.refusal}`);
  }
}

/** One hold's outcome as `paddock_hold_batch` answers it (drizzle/0028). */
type HoldAnswer =
  | {
      kind: "created";
      orderId: string;
      numbers: Record<string, number[]>;
      session?: "claimed" | "queued";
      place?: number;
    }
  | { kind: "existing" }
  | { kind: "refused"; refused: HoldRefused }
  | { kind: "error"; code: string; message: string };

/** A hold's arguments as `paddock_hold_batch` takes them, by name. */
function holdArguments(input: HoldInput) {
  return {
    userId: input.userId,
    email: input.email,
    key: input.idempotencyKey,
    source: input.source,
    terms: input.termsVersion,
    now: input.now.toISOString(),
    expires: input.expiresAt.toISOString(),
    lines: input.lines.map((line) => ({
      competitionId: line.competitionId,
      quantity: line.quantity,
      unitPricePence: line.unitPricePence,
      discountPence: line.discountPence,
      promoDiscountPence: line.promoDiscountPence,
      totalPence: line.totalPence,
      skillAnswer: line.skillAnswer,
      chosen: line.chosen,
      candidates: line.candidates,
    })),
    subtotal: input.subtotalPence,
    discount: input.discountPence,
    promoDiscount: input.promoDiscountPence,
    total: input.totalPence,
    promoCodeId: input.promo?.codeId ?? null,
    promoPerPerson: input.promo?.maxUsesPerPerson ?? null,
    spendLimit: input.monthlyLimitPence,
    monthStart: input.monthStart.toISOString(),
    funnelKey: input.funnelKey ?? null,
    session: input.session ?? null,
  };
}

/**
 * Holds in one statement and one transaction (`paddock_hold_batch`, drizzle/0028; ADR 039): each runs
 * `paddock_hold_and_queue` (drizzle/0024 and 0027; ADR 027 §1) in a subtransaction of its own, so each is answered on
 * its own (made, a repeat of its key, refused, or its own error) and a refusal writes nothing of that hold.
 */
async function sendHolds(db: Executor, inputs: readonly HoldInput[]): Promise<HoldAnswer[]> {
  const result = await db.execute<{ held: HoldAnswer[] }>(
    sql`select paddock_hold_batch(${JSON.stringify(inputs.map(holdArguments))}::jsonb) as held`,
  );
  const answers = result.rows[0]?.held;
  if (!Array.isArray(answers)) throw new Error("paddock_hold_batch returned nothing");
  return answers;
}

/** A hold's answer as its caller sees it: the order made, a repeat of its key, or the refusal or error thrown. */
function holdOutcome(input: HoldInput, answer: HoldAnswer): HoldResult {
  if (answer.kind === "refused") throw new HoldRefusedError(answer.refused);
  if (answer.kind === "error") throw Object.assign(new Error(answer.message), { code: answer.code });
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
  return { kind: "created", order, numbers, session: answer.session ?? null, place: answer.place ?? null };
}

/**
 * The hold in one statement (ADR 027 §1): under the buyer's advisory lock, the idempotency key, the caps, the spend
 * limit and the code's per-person uses against settled orders; the order, its lines, its held numbers, the counters
 * and the code's use; then the funnel's steps and the order's claim on the provider or its place in the queue. Runs
 * on `db` as its own transaction, or inside a caller's transaction when another write must commit with it (site
 * credit spent on the order). A refusal throws `HoldRefusedError` (so a caller's transaction rolls back too).
 */
export async function holdOrder(db: Executor, input: HoldInput): Promise<HoldResult> {
  const [answer] = await sendHolds(db, [input]);
  if (!answer) throw new Error("paddock_hold_batch answered no hold");
  return holdOutcome(input, answer);
}

/**
 * At most this many holds share one statement: each is a subtransaction, and PostgreSQL keeps 64 subtransaction ids
 * of a transaction in shared memory before every snapshot has to look them up on disk (ADR 039).
 */
export const MAX_HOLD_BATCH = 48;

/** A hold that met a deadlock or a serialization failure (its own, in its subtransaction) is sent again alone. */
const RETRY_ALONE = new Set(["40P01", "40001"]);

const holdGroups = new WeakMap<Database, GroupCommit<HoldInput, HoldAnswer>>();

type HoldLane = { get(): Promise<Executor>; release(error?: Error): void };

/** The database itself as the lane: PGlite (one connection), or a copy of the services with a database of its own. */
const directLane = (db: Database): HoldLane => ({ get: async () => db, release: () => {} });

/**
 * Where the groups of holds are sent: on PostgreSQL a connection of the pool kept while groups keep coming (taken for
 * the first group of a rush, given back when no hold waits), so each group does not queue again behind the hundreds
 * of reads a rush puts in the pool's queue (ADR 039).
 */
function poolLane(db: Database): HoldLane {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return directLane(db);
  let held: { client: pg.PoolClient; db: Executor } | null = null;
  return {
    async get() {
      if (!held) {
        const client = await pool.connect();
        held = { client, db: drizzle(client) as unknown as Executor };
      }
      return held.db;
    },
    /** Gives the connection back; with an error, the pool drops it (it may be broken). */
    release(error) {
      held?.client.release(error);
      held = null;
    },
  };
}

/**
 * `holdOrder` for a hold that commits on its own (no site credit), grouped with the others that arrive meanwhile
 * (ADR 039): one statement and one commit for each group, one group in flight per database handle. `ownLane`: the
 * app's own database keeps a pool connection for the groups of a rush; otherwise (a copy of the services with a
 * database of its own, as tests hook one) the groups are sent on `db` itself.
 */
export async function holdOrderGrouped(db: Database, input: HoldInput, ownLane = false): Promise<HoldResult> {
  let group = holdGroups.get(db);
  if (!group) {
    const lane = ownLane ? poolLane(db) : directLane(db);
    const send = async (inputs: HoldInput[]) => {
      const executor = await lane.get();
      try {
        const answers = await sendHolds(executor, inputs);
        if (group?.waiting() === 0) lane.release();
        return answers;
      } catch (error) {
        lane.release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    };
    group = groupCommit(answeredInOrder(send), { maxGroup: MAX_HOLD_BATCH });
    holdGroups.set(db, group);
  }
  const answer = await group.submit(input);
  if (answer.kind === "error" && RETRY_ALONE.has(answer.code)) return holdOrder(db, input);
  return holdOutcome(input, answer);
}

/** Holds waiting for the group in flight on this database handle (tests, and the figures of ADR 039). */
export const holdsWaiting = (db: Database) => holdGroups.get(db)?.waiting() ?? 0;
