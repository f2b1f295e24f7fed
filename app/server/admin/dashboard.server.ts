import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { FunnelStage } from "~/db/constants";
import { competitions, funnelEvents, orders, tickets } from "~/db/schema";
import { fillDays, startOfDay } from "~/domain/daily-series";
import { DASHBOARD_TOP, type DashboardPeriod, type DaySpan, daysOf, shiftDay } from "~/domain/dashboard-period";
import { LONDON_TIME_ZONE } from "~/domain/london-time";
import { SELL_THROUGH_WINDOW_DAYS, sellThrough } from "~/domain/sell-through";
import type { Services } from "../platform/services.server";
import { linesOf, orderSummaryColumns, refundColumns, refundFailed } from "./orders.server";

const DAY_MS = 86_400_000;
const DASHBOARD_LATEST_ORDERS = 10;
/** The most the funnel table shows when asked for all of it. */
const LIST_LIMIT = 50;

/** Tickets that are in the draw: sold and not withdrawn by a refund. */
const inDraw = isNull(tickets.withdrawnAt);
const londonDay = (column: typeof orders.paidAt | typeof tickets.purchaseDate) =>
  sql<string>`to_char(${column} at time zone ${LONDON_TIME_ZONE}, 'YYYY-MM-DD')`;

/** The instants a period's London days start and end: [start, end). */
const bounds = (span: DaySpan) => ({ start: startOfDay(span.from), end: startOfDay(shiftDay(span.to, 1)) });

/**
 * The dashboard from live data, for a period of London days beside the period before it. Refunded orders count
 * nowhere: revenue and tickets are net of refunds. `funnelAll` lifts the funnel table's top-N.
 */
export async function getDashboard(services: Services, period: DashboardPeriod, options: { funnelAll?: boolean } = {}) {
  const now = services.now();
  const [cards, latest, daily, selling, perCompetition, todo] = await Promise.all([
    statCards(services, period, now),
    latestPaidOrders(services),
    dailyFigures(services, period),
    sellThroughOfActive(services, now),
    funnelAndAnswers(services, options.funnelAll ? LIST_LIMIT : DASHBOARD_TOP),
    toDo(services, now),
  ]);
  return { period, cards, latest, daily, selling, perCompetition, todo };
}

/** Sums for the period and for the one before it, in one pass over both. */
function inPeriods(column: typeof orders.paidAt | typeof tickets.purchaseDate, period: DashboardPeriod) {
  const now = bounds(period);
  const before = bounds(period.previous);
  return {
    span: and(gte(column, before.start), lt(column, now.end)),
    current: sql`${column} >= ${now.start}`,
    previous: sql`${column} < ${now.start}`,
  };
}

async function statCards(services: Services, period: DashboardPeriod, now: Date) {
  const { db } = services;
  const paid = inPeriods(orders.paidAt, period);
  const issued = inPeriods(tickets.purchaseDate, period);
  const [[money], [ticketCounts], [active]] = await Promise.all([
    db
      .select({
        revenue: sql<number>`coalesce(sum(${orders.totalAmountPence}) filter (where ${paid.current}), 0)`.mapWith(
          Number,
        ),
        revenueBefore:
          sql<number>`coalesce(sum(${orders.totalAmountPence}) filter (where ${paid.previous}), 0)`.mapWith(Number),
        orders: sql<number>`count(*) filter (where ${paid.current})`.mapWith(Number),
        ordersBefore: sql<number>`count(*) filter (where ${paid.previous})`.mapWith(Number),
      })
      .from(orders)
      .where(and(eq(orders.paymentStatus, "paid"), paid.span)),
    db
      .select({
        paid: sql<number>`count(*) filter (where ${tickets.source} = 'paid' and ${issued.current})`.mapWith(Number),
        postal: sql<number>`count(*) filter (where ${tickets.source} = 'postal' and ${issued.current})`.mapWith(Number),
        before: sql<number>`count(*) filter (where ${issued.previous})`.mapWith(Number),
      })
      .from(tickets)
      .where(and(inDraw, issued.span)),
    db
      .select({ n: count() })
      .from(competitions)
      .where(and(eq(competitions.status, "active"), gt(competitions.endDate, now))),
  ]);
  return {
    revenuePence: { current: money?.revenue ?? 0, previous: money?.revenueBefore ?? 0 },
    tickets: { current: (ticketCounts?.paid ?? 0) + (ticketCounts?.postal ?? 0), previous: ticketCounts?.before ?? 0 },
    paidTickets: ticketCounts?.paid ?? 0,
    postalEntries: ticketCounts?.postal ?? 0,
    paidOrders: { current: money?.orders ?? 0, previous: money?.ordersBefore ?? 0 },
    activeCompetitions: active?.n ?? 0,
  };
}

async function latestPaidOrders(services: Services) {
  const rows = await services.db
    .select(orderSummaryColumns)
    .from(orders)
    .where(eq(orders.paymentStatus, "paid"))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(DASHBOARD_LATEST_ORDERS);
  const lines = await linesOf(
    services.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, lines: lines.get(row.id) ?? [] }));
}

/** Revenue (paid orders) and tickets (in the draw) for each London day of the period. */
async function dailyFigures(services: Services, period: DashboardPeriod) {
  const { start, end } = bounds(period);
  const [revenue, sold] = await Promise.all([
    services.db
      .select({ day: londonDay(orders.paidAt), revenuePence: sql<number>`sum(${orders.totalAmountPence})::int` })
      .from(orders)
      .where(and(eq(orders.paymentStatus, "paid"), gte(orders.paidAt, start), lt(orders.paidAt, end)))
      .groupBy(sql`1`),
    services.db
      .select({ day: londonDay(tickets.purchaseDate), tickets: sql<number>`count(*)::int` })
      .from(tickets)
      .where(and(inDraw, gte(tickets.purchaseDate, start), lt(tickets.purchaseDate, end)))
      .groupBy(sql`1`),
  ]);
  return fillDays(daysOf(period), [...revenue, ...sold]);
}

/** Active competitions: share sold, this week's pace and when, at that pace, they sell out. */
async function sellThroughOfActive(services: Services, now: Date) {
  const active = await services.db
    .select({
      id: competitions.id,
      title: competitions.title,
      totalTickets: competitions.totalTickets,
      ticketsSold: competitions.ticketsSold,
      endDate: competitions.endDate,
      liveSince: sql<Date>`coalesce(${competitions.goLiveAt}, ${competitions.createdAt})`.mapWith(
        competitions.createdAt,
      ),
    })
    .from(competitions)
    .where(and(eq(competitions.status, "active"), gt(competitions.endDate, now)))
    .orderBy(asc(competitions.endDate), asc(competitions.id))
    .limit(DASHBOARD_TOP);
  if (active.length === 0) return [];
  const windowStart = new Date(now.getTime() - SELL_THROUGH_WINDOW_DAYS * DAY_MS);
  const recent = await services.db
    .select({ competitionId: tickets.competitionId, n: count() })
    .from(tickets)
    .where(
      and(
        inDraw,
        gte(tickets.purchaseDate, windowStart),
        inArray(
          tickets.competitionId,
          active.map((c) => c.id),
        ),
      ),
    )
    .groupBy(tickets.competitionId);
  const soldRecently = new Map(recent.map((r) => [r.competitionId, r.n]));
  return active.map((c) => ({
    id: c.id,
    title: c.title,
    ticketsSold: c.ticketsSold,
    totalTickets: c.totalTickets,
    endDate: c.endDate,
    ...sellThrough({ ...c, soldInWindow: soldRecently.get(c.id) ?? 0, now }),
  }));
}

type FunnelCounts = Record<FunnelStage, number>;

/**
 * Per competition with any funnel step or ticket: the checkout funnel and the wrong-answer rate (paid tickets in
 * the draw answering wrongly, of all of them), the evidence that each question is a real test of skill.
 */
async function funnelAndAnswers(services: Services, limit: number) {
  const [steps, answers] = await Promise.all([
    services.db
      .select({ competitionId: funnelEvents.competitionId, stage: funnelEvents.stage, n: count() })
      .from(funnelEvents)
      .groupBy(funnelEvents.competitionId, funnelEvents.stage),
    services.db
      .select({
        competitionId: tickets.competitionId,
        all: count(),
        wrong: sql<number>`count(*) filter (where not ${tickets.isCorrectAnswer})::int`,
      })
      .from(tickets)
      // The wrong-answer rate is over paid entries: the evidence that the question is a real test of skill.
      .where(and(inDraw, eq(tickets.source, "paid")))
      .groupBy(tickets.competitionId),
  ]);
  const ids = [...new Set([...steps.map((s) => s.competitionId), ...answers.map((a) => a.competitionId)])];
  if (ids.length === 0) return { rows: [], total: 0 };
  const titles = await services.db
    .select({ id: competitions.id, title: competitions.title, status: competitions.status })
    .from(competitions)
    .where(inArray(competitions.id, ids))
    .orderBy(desc(competitions.createdAt), desc(competitions.id))
    .limit(limit);
  const rows = titles.map((c) => {
    const funnel: FunnelCounts = { viewed: 0, answered: 0, checkout_started: 0, paid: 0 };
    for (const s of steps) if (s.competitionId === c.id) funnel[s.stage] = s.n;
    const a = answers.find((row) => row.competitionId === c.id);
    return { ...c, funnel, paidTickets: a?.all ?? 0, wrongAnswers: Number(a?.wrong ?? 0) };
  });
  return { rows, total: ids.length };
}

/**
 * What staff should act on, the first few of each with how many there are: competitions to close or draw,
 * cancellations under way, refunds the provider refused.
 */
async function toDo(services: Services, now: Date) {
  const { db } = services;
  const pick = { id: competitions.id, title: competitions.title, endDate: competitions.endDate };
  const firstFew = async <T>(rows: Promise<T[]>, counted: Promise<{ n: number }[]>) => {
    const [items, [n]] = await Promise.all([rows, counted]);
    return { items, total: n?.n ?? 0 };
  };
  const competitionsWhere = (where: SQL | undefined) =>
    firstFew(
      db
        .select(pick)
        .from(competitions)
        .where(where)
        .orderBy(asc(competitions.endDate), asc(competitions.id))
        .limit(DASHBOARD_TOP),
      db.select({ n: count() }).from(competitions).where(where),
    );
  const [pastClosing, toDraw, cancelling, failedRefunds] = await Promise.all([
    competitionsWhere(and(eq(competitions.status, "active"), lte(competitions.endDate, now))),
    competitionsWhere(and(eq(competitions.status, "closed"), isNull(competitions.drawnAt))),
    competitionsWhere(eq(competitions.status, "cancelling")),
    firstFew(
      db.select(refundColumns).from(orders).where(refundFailed).orderBy(asc(orders.updatedAt)).limit(DASHBOARD_TOP),
      db.select({ n: count() }).from(orders).where(refundFailed),
    ),
  ]);
  return { pastClosing, toDraw, cancelling, failedRefunds };
}

export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;
