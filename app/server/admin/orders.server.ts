import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, like, lt, type SQL, sql } from "drizzle-orm";
import type { OrderStatus } from "~/db/constants";
import { auditLog, competitions, emailOutbox, orderLines, orders, payments, profiles, tickets } from "~/db/schema";
import { dayAfter, startOfDay } from "~/domain/daily-series";
import { isCorrectAnswer } from "~/domain/ticket-allocation";
import type { ORDER_TABLE, QueryOf } from "~/schemas/admin-tables";
import { isUuid } from "~/schemas/ids";
import { orderLinesWithTitle } from "../checkout/order-lines.server";
import type { Executor } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { containsPattern, tableOrder, tablePage } from "../platform/table-query.server";

/** The kinds of e-mail an order sends its buyer. */
const ORDER_MAIL_KINDS = ["order-confirmation", "order-refunded"];

/** A refund the order is waiting for that the provider has refused at least once. */
export const refundFailed = and(
  eq(orders.paymentStatus, "refunded"),
  isNull(orders.refundedAt),
  sql`${orders.refundAttempts} > 0`,
);

type OrderQuery = QueryOf<typeof ORDER_TABLE>;

function orderConditions({ q, filters }: OrderQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.status === "refund_failed") conditions.push(refundFailed);
  else if (filters.status !== "all") conditions.push(eq(orders.paymentStatus, filters.status as OrderStatus));
  if (filters.competition)
    conditions.push(
      sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id}
        and ${orderLines.competitionId} = ${Number(filters.competition)})`,
    );
  if (q) conditions.push(ilike(orders.email, containsPattern(q)));
  if (filters.from) conditions.push(gte(orders.createdAt, startOfDay(filters.from)));
  if (filters.to) conditions.push(lt(orders.createdAt, startOfDay(dayAfter(filters.to))));
  return and(...conditions);
}

/** Each order's lines, as "title × quantity" for the tables. */
export async function linesOf(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, { competitionId: number; title: string; quantity: number }[]>();
  const rows = await orderLinesWithTitle(db, orderIds, { columns: { orderId: orderLines.orderId } });
  const byOrder = new Map<string, { competitionId: number; title: string; quantity: number }[]>();
  for (const { orderId, ...line } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), line]);
  return byOrder;
}

/** An order waiting for its refund, as the to-do panel and the cancel page list it. */
export const refundColumns = {
  id: orders.id,
  email: orders.email,
  totalPence: orders.totalAmountPence,
  attempts: orders.refundAttempts,
  lastError: orders.refundLastError,
};

export const orderSummaryColumns = {
  id: orders.id,
  email: orders.email,
  status: orders.paymentStatus,
  totalPence: orders.totalAmountPence,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  refundedAt: orders.refundedAt,
  refundAttempts: orders.refundAttempts,
};

/** Orders filtered, searched by e-mail, sorted by a column (newest first unless asked), a page at a time. */
export async function listOrders(services: Services, query: OrderQuery) {
  const where = orderConditions(query);
  const order = tableOrder(
    query,
    { created: orders.createdAt, total: orders.totalAmountPence, email: orders.email },
    orders.id,
  );
  const [page, competitionOptions] = await Promise.all([
    tablePage(
      query,
      () => services.db.select({ n: count() }).from(orders).where(where),
      (limit, offset) =>
        services.db
          .select(orderSummaryColumns)
          .from(orders)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
    ),
    services.db
      .select({ id: competitions.id, title: competitions.title })
      .from(competitions)
      .orderBy(desc(competitions.createdAt)),
  ]);
  const lines = await linesOf(
    services.db,
    page.rows.map((r) => r.id),
  );
  return {
    ...page,
    orders: page.rows.map((row) => ({ ...row, lines: lines.get(row.id) ?? [] })),
    competitions: competitionOptions,
  };
}

/** Everything staff need about one order, including the answers' correctness (never shown to the public). */
export async function getOrderDetail(services: Services, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [order] = await services.db
    .select({
      ...orderSummaryColumns,
      userId: orders.userId,
      subtotalPence: orders.subtotalPence,
      discountPence: orders.discountPence,
      source: orders.source,
      providerSessionId: orders.providerSessionId,
      failureReason: orders.failureReason,
      refundReason: orders.refundReason,
      refundLastError: orders.refundLastError,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const [lines, ticketRows, paymentRows, mails, audit] = await Promise.all([
    orderLinesWithTitle(services.db, orderId, {
      columns: {
        unitPricePence: orderLines.unitPricePence,
        discountPence: orderLines.discountPence,
        totalPence: orderLines.totalPence,
        skillAnswer: orderLines.skillAnswer,
        correctAnswer: competitions.correctAnswer,
      },
    }),
    services.db
      .select({
        competitionId: tickets.competitionId,
        number: tickets.ticketNumber,
        isCorrectAnswer: tickets.isCorrectAnswer,
        withdrawnAt: tickets.withdrawnAt,
      })
      .from(tickets)
      .where(eq(tickets.orderId, orderId))
      .orderBy(asc(tickets.ticketNumber)),
    services.db
      .select({
        providerSessionId: payments.providerSessionId,
        provider: payments.provider,
        status: payments.status,
        amountPence: payments.amountPence,
        createdAt: payments.createdAt,
        updatedAt: payments.updatedAt,
      })
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(payments.id)),
    order.email ? ordersMail(services, order.email, orderId) : Promise.resolve([]),
    services.db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        actorEmail: profiles.email,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(profiles, eq(profiles.userId, auditLog.actorUserId))
      .where(eq(auditLog.subject, `order:${orderId}`))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
  ]);
  return {
    order,
    lines: lines.map(({ correctAnswer, ...line }) => ({
      ...line,
      isCorrectAnswer: isCorrectAnswer(line.skillAnswer, correctAnswer),
      tickets: ticketRows.filter((t) => t.competitionId === line.competitionId),
    })),
    payments: paymentRows,
    mails,
    audit,
  };
}

/** Mail about this order: to its address, of an order kind, naming its short id; oldest first. */
function ordersMail(services: Services, email: string, orderId: string) {
  return services.db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.to, email),
        inArray(emailOutbox.kind, ORDER_MAIL_KINDS),
        like(emailOutbox.text, `%${orderId.slice(0, 8)}%`),
      ),
    )
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
}
