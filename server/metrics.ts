import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Request, Response } from "express";
import pg from "pg";
import { periodicJobs } from "~/server/platform/jobs.server";
import {
  formatMetrics,
  METRICS_CONTENT_TYPE,
  type MetricFamily,
  type RequestMetrics,
  type Sample,
} from "~/server/platform/metrics.server";
import type { Services } from "~/server/platform/services.server";
import { requestContextOf } from "./request-log";

/** What the process knows of itself at scrape time, beside what the database says. */
export type ProcessGauges = { liveStreams(): { competitions: number; notifications: number } };

const gauge = (name: string, help: string, samples: Sample[]): MetricFamily => ({ name, help, type: "gauge", samples });

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN (`Authorization: Bearer <token>`).
 * Without METRICS_TOKEN the route does not exist (404), so nothing about the site's sales is public by default.
 */
export function metricsRoute(services: Services, requests: RequestMetrics, gauges: ProcessGauges) {
  const token = services.env.METRICS_TOKEN;
  return async (req: Request, res: Response) => {
    if (!token) return void res.status(404).type("text/plain; charset=utf-8").send("Not found.");
    const header = req.get("authorization") ?? "";
    if (!header.startsWith("Bearer ") || !sameToken(header.slice("Bearer ".length), token)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return void res.status(401).type("text/plain; charset=utf-8").send("A metrics token is needed.");
    }
    try {
      const families = [
        ...requests.families(),
        ...processFamilies(services, gauges),
        ...(await databaseFamilies(services)),
      ];
      res.status(200).type(METRICS_CONTENT_TYPE).send(formatMetrics(families));
    } catch (error) {
      requestContextOf(res).logger.error({ err: error }, "could not read the metrics");
      res.status(503).type("text/plain; charset=utf-8").send("The metrics could not be read.");
    }
  };
}

function processFamilies(services: Services, gauges: ProcessGauges): MetricFamily[] {
  const streams = gauges.liveStreams();
  const now = Date.now();
  const jobs = periodicJobs();
  const families = [
    gauge("paddock_sse_clients", "Open live-update streams in this process, by stream.", [
      { labels: { stream: "competitions" }, value: streams.competitions },
      { labels: { stream: "notifications" }, value: streams.notifications },
    ]),
    gauge(
      "paddock_job_last_success_age_seconds",
      "Seconds since this process's last successful pass of each periodic job (since the job started, before one).",
      jobs.map((job) => ({ labels: { job: job.name }, value: (now - (job.lastSuccessAt ?? job.startedAt)) / 1000 })),
    ),
    gauge(
      "paddock_job_interval_seconds",
      "How often each periodic job runs in this process.",
      jobs.map((job) => ({ labels: { job: job.name }, value: job.intervalMs / 1000 })),
    ),
  ];
  // drizzle keeps the driver's client beside the database; on PostgreSQL that is the pool.
  const client = (services.db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    families.push(
      gauge("paddock_db_pool_connections", "PostgreSQL connections in this process's pool, by state.", [
        { labels: { state: "total" }, value: client.totalCount },
        { labels: { state: "idle" }, value: client.idleCount },
        { labels: { state: "in_use" }, value: client.totalCount - client.idleCount },
      ]),
      gauge("paddock_db_pool_waiting", "Queries waiting for a free connection in this process's pool.", [
        { value: client.waitingCount },
      ]),
      gauge("paddock_db_pool_max", "The pool's size (DATABASE_POOL_SIZE).", [
        { value: services.env.DATABASE_POOL_SIZE },
      ]),
    );
  }
  return families;
}

type DatabaseFigures = {
  orders: { status: string; n: number }[];
  reserved_orders: number;
  reserved_tickets: number;
  outbox_pending: number;
  outbox_oldest_seconds: number;
  outbox_failed: number;
  lifecycle_overdue_seconds: number;
  reconciler_overdue_seconds: number;
  campaigns_overdue_seconds: number;
  domain_overdue_seconds: number;
};

/** One query for everything the database says; each figure reads an index the app already has. */
async function databaseFamilies(services: Services): Promise<MetricFamily[]> {
  const result = await services.db.execute(sql`
    select
      (select coalesce(json_agg(json_build_object('status', payment_status, 'n', n)), '[]'::json)
         from (select payment_status, count(*)::int as n from orders group by payment_status) s) as orders,
      (select count(*)::int from orders where payment_status = 'pending' and reservation_expires_at > now())
        as reserved_orders,
      (select coalesce(sum(l.quantity), 0)::int from orders o join order_lines l on l.order_id = o.id
         where o.payment_status = 'pending' and o.reservation_expires_at > now()) as reserved_tickets,
      (select count(*)::int from email_outbox where status = 'pending') as outbox_pending,
      (select coalesce(extract(epoch from now() - min(created_at)), 0)::float8 from email_outbox
         where status = 'pending') as outbox_oldest_seconds,
      (select count(*)::int from email_outbox where status = 'failed') as outbox_failed,
      (select coalesce(extract(epoch from now() - min(due)), 0)::float8 from (
         select go_live_at as due from competitions where status = 'scheduled' and go_live_at <= now()
         union all select end_date from competitions where status = 'active' and end_date <= now()) d)
        as lifecycle_overdue_seconds,
      (select coalesce(extract(epoch from now() - min(reservation_expires_at)), 0)::float8 from orders
         where payment_status = 'pending' and reservation_expires_at <= now()) as reconciler_overdue_seconds,
      (select coalesce(extract(epoch from now() - min(scheduled_at)), 0)::float8 from campaigns
         where state = 'scheduled' and scheduled_at <= now()) as campaigns_overdue_seconds,
      (select coalesce(extract(epoch from now() - min(next_check_at)), 0)::float8 from custom_domains
         where status = 'pending' and next_check_at <= now()) as domain_overdue_seconds
  `);
  const row = result.rows[0] as unknown as DatabaseFigures;
  const orders = typeof row.orders === "string" ? (JSON.parse(row.orders) as DatabaseFigures["orders"]) : row.orders;
  const overdue = (job: string, seconds: number): Sample => ({ labels: { job }, value: Number(seconds) });
  return [
    gauge(
      "paddock_orders",
      "Orders by payment status.",
      orders.map((o) => ({ labels: { status: o.status }, value: o.n })),
    ),
    gauge("paddock_reservations_held_orders", "Pending checkouts whose reservation has not expired.", [
      { value: row.reserved_orders },
    ]),
    gauge("paddock_reservations_held_tickets", "Tickets held by unexpired reservations.", [
      { value: row.reserved_tickets },
    ]),
    gauge("paddock_outbox_pending", "E-mails waiting in the outbox.", [{ value: row.outbox_pending }]),
    gauge("paddock_outbox_oldest_age_seconds", "Age of the oldest e-mail waiting in the outbox (0 when none).", [
      { value: Number(row.outbox_oldest_seconds) },
    ]),
    gauge("paddock_outbox_failed", "E-mails the outbox gave up on.", [{ value: row.outbox_failed }]),
    gauge(
      "paddock_job_overdue_seconds",
      "How long the oldest piece of work a job should already have done has waited (0 when none), by job.",
      [
        overdue("competition lifecycle", row.lifecycle_overdue_seconds),
        overdue("reconciler", row.reconciler_overdue_seconds),
        overdue("campaign sending", row.campaigns_overdue_seconds),
        overdue("custom domain re-check", row.domain_overdue_seconds),
      ],
    ),
  ];
}
