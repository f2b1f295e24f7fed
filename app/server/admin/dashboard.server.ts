import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, sql, sum } from "drizzle-orm";
import type { FunnelStage } from "~/db/constants";
import { competitions, funnelEvents, orders, tickets } from "~/db/schema";
import { fillDays, lastDays, startOfDay } from "~/domain/daily-series";
import { LONDON_TIME_ZONE } from "~/domain/london-time";
import { SELL_THROUGH_WINDOW_DAYS, sellThrough } from "~/domain/sell-through";
import { CHART_DAYS, LATEST_PAID_ORDERS } from "~/schemas/admin-orders";
import type { Services } from "../platform/services.server";
import { linesOf, orderSummaryColumns, refundColumns, refundFailed } from "./orders.server";

const DAY_MS = 86_400_000;
const LIST_LIMIT = 50;

/** Tickets that are in the draw: sold and not withdrawn by a refund. */
const inDraw = isNull(tickets.withdrawnAt);
const londonDay = (column: typeof orders.paidAt | typeof tickets.purchaseDate) =>
  sql<string>`to_char(${column} at time zone ${LONDON_TIME_ZONE}, 'YYYY-MM-DD')`;

/** The dashboard from live data. Refunded orders count nowhere: revenue and tickets are net of refunds. */
export async function getDashboard(services: Services) {
  const now = services.now();
  const [cards, latest, daily, selling, perCompetition, todo] = await Promise.all([
    statCards(services, now),
    latestPaidOrders(services),
    dailyFigures(services, now),
    sellThroughOfActive(services, now),
    funnelAndAnswers(services),
    toDo(services, now),
  ]);
  return { cards, latest, daily, selling, perCompetition, todo };
}

async function statCards(services: Services, now: Date) {
  const { db } = services;
  const [[revenue], [issued], [active], [paidOrders]] = await Promise.all([
    db
      .select({ pence: sum(orders.totalAmountPence) })
      .from(orders)
      .where(eq(orders.paymentStatus, "paid")),
    db
      .select({
        paid: sql<number>`count(*) filter (where ${tickets.source} = 'paid')::int`,
        postal: sql<number>`count(*) filter (where ${tickets.source} = 'postal')::int`,
      })
      .from(tickets)
      .where(inDraw),
    db
      .select({ n: count() })
      .from(competitions)
      .where(and(eq(competitions.status, "active"), gt(competitions.endDate, now))),
    db.select({ n: count() }).from(orders).where(eq(orders.paymentStatus, "paid")),
  ]);
  return {
    revenuePence: Number(revenue?.pence ?? 0),
    paidTickets: issued?.paid ?? 0,
    postalEntries: issued?.postal ?? 0,
    activeCompetitions: active?.n ?? 0,
    totalOrders: paidOrders?.n ?? 0,
  };
}

async function latestPaidOrders(services: Services) {
  const rows = await services.db
    .select(orderSummaryColumns)
    .from(orders)
    .where(eq(orders.paymentStatus, "paid"))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(LATEST_PAID_ORDERS);
  const lines = await linesOf(
    services.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, lines: lines.get(row.id) ?? [] }));
}

/** Revenue (paid orders) and tickets (in the draw) for each of the last 30 London days. */
async function dailyFigures(services: Services, now: Date) {
  const days = lastDays(now, CHART_DAYS);
  const since = startOfDay(days[0] as string);
  const [revenue, sold] = await Promise.all([
    services.db
      .select({ day: londonDay(orders.paidAt), revenuePence: sql<number>`sum(${orders.totalAmountPence})::int` })
      .from(orders)
      .where(and(eq(orders.paymentStatus, "paid"), gte(orders.paidAt, since)))
      .groupBy(sql`1`),
    services.db
      .select({ day: londonDay(tickets.purchaseDate), tickets: sql<number>`count(*)::int` })
      .from(tickets)
      .where(and(inDraw, gte(tickets.purchaseDate, since)))
      .groupBy(sql`1`),
  ]);
  return fillDays(days, [...revenue, ...sold]);
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
    .orderBy(asc(competitions.endDate))
    .limit(LIST_LIMIT);
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
async function funnelAndAnswers(services: Services) {
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
  if (ids.length === 0) return [];
  const titles = await services.db
    .select({ id: competitions.id, title: competitions.title, status: competitions.status })
    .from(competitions)
    .where(inArray(competitions.id, ids))
    .orderBy(desc(competitions.createdAt))
    .limit(LIST_LIMIT);
  return titles.map((c) => {
    const funnel: FunnelCounts = { viewed: 0, answered: 0, checkout_started: 0, paid: 0 };
    for (const s of steps) if (s.competitionId === c.id) funnel[s.stage] = s.n;
    const a = answers.find((row) => row.competitionId === c.id);
    return { ...c, funnel, paidTickets: a?.all ?? 0, wrongAnswers: Number(a?.wrong ?? 0) };
  });
}

/** What staff should act on: competitions to close or draw, cancellations under way, refunds the provider refused. */
async function toDo(services: Services, now: Date) {
  const { db } = services;
  const pick = { id: competitions.id, title: competitions.title, endDate: competitions.endDate };
  const [pastClosing, toDraw, cancelling, failedRefunds] = await Promise.all([
    db
      .select(pick)
      .from(competitions)
      .where(and(eq(competitions.status, "active"), lte(competitions.endDate, now)))
      .orderBy(asc(competitions.endDate))
      .limit(LIST_LIMIT),
    db
      .select(pick)
      .from(competitions)
      .where(and(eq(competitions.status, "closed"), isNull(competitions.drawnAt)))
      .orderBy(asc(competitions.endDate))
      .limit(LIST_LIMIT),
    db.select(pick).from(competitions).where(eq(competitions.status, "cancelling")).orderBy(asc(competitions.id)),
    db.select(refundColumns).from(orders).where(refundFailed).orderBy(asc(orders.updatedAt)).limit(LIST_LIMIT),
  ]);
  return { pastClosing, toDraw, cancelling, failedRefunds };
}

export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;
