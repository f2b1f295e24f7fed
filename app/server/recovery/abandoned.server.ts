import { and, count, eq, ilike, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { checkoutRecoveries, orderLines, orders, playerLimits, siteSettings, user } from "~/db/schema";
import {
  AUTO_SEND_SETTING_KEY,
  abandonedAgo,
  autoSendDelayHours,
  BASIS_LABELS,
  REFUSAL_MESSAGES,
  type RecoveryBasis,
  type RecoveryFacts,
  recoveredSales,
  recoveryEligibility,
} from "~/domain/recovery";
import { parseTableQuery } from "~/domain/table-query";
import { type QueryOf, RECOVERY_TABLE } from "~/schemas/admin-tables";
import { orderLinesWithTitle } from "../checkout/order-lines.server";
import { consentStateOf } from "../platform/consent.server";
import type { Executor } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { containsPattern, tableOrder, tablePage } from "../platform/table-query.server";

/**
 * An abandoned checkout: an order that expired or was cancelled without payment, whose buyer still has an account,
 * and whose competitions the same person has not all paid for in a later order.
 */
export function abandonedOrderCondition(): SQL {
  return and(
    inArray(orders.paymentStatus, ["expired", "cancelled"]),
    isNotNull(orders.userId),
    // Some competition of it has not been paid for since, by the same person.
    sql`exists (
      select 1 from ${orderLines} ol where ol.order_id = ${orders.id} and not exists (
        select 1 from ${orders} p join ${orderLines} pl on pl.order_id = p.id
        where p.user_id = ${orders.userId} and p.paid_at is not null and p.created_at > ${orders.createdAt}
          and pl.competition_id = ol.competition_id))`,
  ) as SQL;
}

/** What the eligibility rule needs to know about each of these accounts, read in a few queries. */
export async function recoveryFacts(db: Executor, userIds: readonly string[]): Promise<Map<string, RecoveryFacts>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const [accounts, limits, paid] = await Promise.all([
    db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, ids)),
    db
      .select({ userId: playerLimits.userId, paused: playerLimits.pausedUntil, excluded: playerLimits.excludedUntil })
      .from(playerLimits)
      .where(inArray(playerLimits.userId, ids)),
    db
      .selectDistinct({ userId: orders.userId })
      .from(orders)
      .where(and(inArray(orders.userId, ids), isNotNull(orders.paidAt))),
  ]);
  const limitsOf = new Map(limits.map((l) => [l.userId, l]));
  const paidBefore = new Set(paid.map((p) => p.userId));
  const facts = new Map<string, RecoveryFacts>();
  for (const id of ids) {
    const account = accounts.find((a) => a.id === id);
    const consent = account ? await consentStateOf(db, { userId: id, email: account.email }) : { status: "never" };
    facts.set(id, {
      accountExists: Boolean(account),
      consent: consent.status as RecoveryFacts["consent"],
      hasPaidBefore: paidBefore.has(id),
      pausedUntil: limitsOf.get(id)?.paused ?? null,
      excludedUntil: limitsOf.get(id)?.excluded ?? null,
    });
  }
  return facts;
}

export type AbandonedLine = { competitionId: number; title: string; quantity: number };

/** Each order's lines with their competitions' titles and the answers chosen, in the order they were added. */
export async function linesOf(db: Executor, orderIds: readonly string[]) {
  const byOrder = new Map<string, (AbandonedLine & { skillAnswer: string; chosenNumbers: number[] })[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await orderLinesWithTitle(db, orderIds, {
    columns: {
      orderId: orderLines.orderId,
      skillAnswer: orderLines.skillAnswer,
      chosenNumbers: orderLines.chosenNumbers,
    },
  });
  for (const { orderId, ...line } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), line]);
  return byOrder;
}

export type AbandonedRow = {
  orderId: string;
  email: string;
  lines: AbandonedLine[];
  quantity: number;
  totalPence: number;
  abandonedAt: Date;
  abandonedAgo: string;
  status: "expired" | "cancelled";
  recovery: { sentAt: Date; automatic: boolean; basis: RecoveryBasis; used: boolean } | null;
  /** The basis recorded when it was sent; before that, the one that applies now, or why none does. */
  basisText: string;
  canSend: boolean;
};

/** The automatic rule's delay in hours, or null when it is off (the default). */
export async function autoSendSetting(db: Executor): Promise<number | null> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, AUTO_SEND_SETTING_KEY));
  return autoSendDelayHours(row?.value);
}

type RecoveryQuery = QueryOf<typeof RECOVERY_TABLE>;

const DEFAULT_QUERY: RecoveryQuery = parseTableQuery(RECOVERY_TABLE, new URLSearchParams());

/**
 * The Recovery tab: abandoned checkouts not dismissed (newest first unless sorted), filtered by how they ended and
 * whether a recovery e-mail went, searched by e-mail, a page at a time; what recovery has brought in; the rule.
 */
export async function listAbandonedCheckouts(services: Services, query: RecoveryQuery = DEFAULT_QUERY) {
  const { db } = services;
  const now = services.now();
  const email = sql<string>`coalesce(${user.email}, ${orders.email}, '')`;
  const { status, recovery } = query.filters;
  const where = and(
    abandonedOrderCondition(),
    isNull(checkoutRecoveries.dismissedAt),
    status ? eq(orders.paymentStatus, status as "expired" | "cancelled") : undefined,
    recovery === "sent" ? isNotNull(checkoutRecoveries.sentAt) : undefined,
    recovery === "not-sent" ? isNull(checkoutRecoveries.sentAt) : undefined,
    query.q ? ilike(email, containsPattern(query.q)) : undefined,
  );
  const page = await tablePage(
    query,
    () =>
      db
        .select({ n: count() })
        .from(orders)
        .leftJoin(user, eq(user.id, orders.userId))
        .leftJoin(checkoutRecoveries, eq(checkoutRecoveries.orderId, orders.id))
        .where(where),
    (limit, offset) =>
      db
        .select({
          orderId: orders.id,
          userId: orders.userId,
          email,
          totalPence: orders.totalAmountPence,
          status: orders.paymentStatus,
          abandonedAt: orders.updatedAt,
          sentAt: checkoutRecoveries.sentAt,
          sentBy: checkoutRecoveries.sentByUserId,
          basis: checkoutRecoveries.basis,
          usedAt: checkoutRecoveries.usedAt,
        })
        .from(orders)
        .leftJoin(user, eq(user.id, orders.userId))
        .leftJoin(checkoutRecoveries, eq(checkoutRecoveries.orderId, orders.id))
        .where(where)
        .orderBy(
          ...tableOrder(query, { abandoned: orders.updatedAt, total: orders.totalAmountPence, email }, orders.id),
        )
        .limit(limit)
        .offset(offset),
  );
  const rows = page.rows;
  const [lines, facts] = await Promise.all([
    linesOf(
      db,
      rows.map((r) => r.orderId),
    ),
    recoveryFacts(
      db,
      rows.flatMap((r) => (r.userId ? [r.userId] : [])),
    ),
  ]);
  const abandoned = rows.map((r): AbandonedRow => {
    const orderLinesOf = (lines.get(r.orderId) ?? []).map(({ competitionId, title, quantity }) => ({
      competitionId,
      title,
      quantity,
    }));
    const sent = r.sentAt && r.basis ? { basis: r.basis as RecoveryBasis, sentAt: r.sentAt } : null;
    const eligibility = recoveryEligibility(facts.get(r.userId ?? "") ?? NO_ACCOUNT, now);
    return {
      orderId: r.orderId,
      email: r.email,
      lines: orderLinesOf,
      quantity: orderLinesOf.reduce((sum, l) => sum + l.quantity, 0),
      totalPence: r.totalPence,
      abandonedAt: r.abandonedAt,
      abandonedAgo: abandonedAgo(r.abandonedAt, now),
      status: r.status as "expired" | "cancelled",
      recovery: sent ? { ...sent, automatic: r.sentBy === null, used: r.usedAt !== null } : null,
      basisText: sent
        ? BASIS_LABELS[sent.basis]
        : eligibility.ok
          ? BASIS_LABELS[eligibility.basis]
          : `None: ${REFUSAL_MESSAGES[eligibility.refusal]}`,
      canSend: !sent && eligibility.ok,
    };
  });
  const [stats, autoSendHours] = await Promise.all([recoveredStats(db), autoSendSetting(db)]);
  return { abandoned, total: page.total, pages: page.pages, query: page.query, stats, autoSendHours };
}

const NO_ACCOUNT: RecoveryFacts = {
  accountExists: false,
  consent: "never",
  hasPaidBefore: false,
  pausedUntil: null,
  excludedUntil: null,
};

/**
 * Recovery e-mails sent, links used, and the recovered checkouts then paid (an order paid after the link was used,
 * by that person, for those competitions) with their value.
 */
export async function recoveredStats(db: Executor) {
  const recoveries = await db
    .select({
      orderId: checkoutRecoveries.orderId,
      userId: checkoutRecoveries.userId,
      usedAt: checkoutRecoveries.usedAt,
    })
    .from(checkoutRecoveries)
    .where(isNotNull(checkoutRecoveries.sentAt));
  const used = recoveries.filter(
    (r): r is { orderId: string; userId: string; usedAt: Date } => r.usedAt !== null && r.userId !== null,
  );
  const lines = await linesOf(
    db,
    used.map((r) => r.orderId),
  );
  const userIds = [...new Set(used.map((r) => r.userId))];
  const paidRows = userIds.length
    ? await db
        .select({
          orderId: orders.id,
          userId: orders.userId,
          paidAt: orders.paidAt,
          competitionId: orderLines.competitionId,
          totalPence: orderLines.totalPence,
        })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .where(and(inArray(orders.userId, userIds), eq(orders.paymentStatus, "paid")))
    : [];
  const paid = new Map<string, { orderId: string; userId: string; paidAt: Date; lines: PaidLine[] }>();
  for (const row of paidRows) {
    if (!row.userId || !row.paidAt) continue;
    const order = paid.get(row.orderId) ?? { orderId: row.orderId, userId: row.userId, paidAt: row.paidAt, lines: [] };
    order.lines.push({ competitionId: row.competitionId, totalPence: row.totalPence });
    paid.set(row.orderId, order);
  }
  const sales = recoveredSales(
    used.map((r) => ({
      userId: r.userId,
      usedAt: r.usedAt,
      competitionIds: (lines.get(r.orderId) ?? []).map((l) => l.competitionId),
    })),
    [...paid.values()],
  );
  return { sent: recoveries.length, used: used.length, paid: sales.count, paidValuePence: sales.valuePence };
}

type PaidLine = { competitionId: number; totalPence: number };
