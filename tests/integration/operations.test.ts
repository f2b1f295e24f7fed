// What operators rely on (docs/operations.md): GET /metrics behind its token, with what the database says, and the
// live-update streams a stopping process ends with a hint to reconnect.
import http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competitions, emailOutbox, orderLines, orders } from "~/db/schema";
import { competitionValues } from "~/server/demo/factories.server";
import { RequestMetrics } from "~/server/platform/metrics.server";
import { streamLimiter } from "../../server/limits";
import { metricsRoute } from "../../server/metrics";
import { requestLog } from "../../server/request-log";
import { competitionEvents } from "../../server/sse";
import { type Listening, listen } from "../support/http-server";
import { createTestServices, type TestServices } from "../support/services";

const TOKEN = "a-metrics-token-for-tests";
let services: TestServices;
let withToken: Listening;
let withoutToken: Listening;
const streams = streamLimiter({ perClient: 10, total: 10 });

function appFor(svc: TestServices) {
  const app = express();
  const requests = new RequestMetrics();
  requests.observe({ method: "GET", path: "/competition/4", status: 200, seconds: 0.03 });
  app.use(requestLog({ logger: svc.logger, trustProxy: false }));
  app.get(
    "/metrics",
    metricsRoute(svc, requests, { liveStreams: () => ({ competitions: streams.open, notifications: 0 }) }),
  );
  app.get("/events", competitionEvents(svc, { perClient: 10, total: 10 }, streams));
  return app;
}

beforeAll(async () => {
  services = await createTestServices({ METRICS_TOKEN: TOKEN });
  withToken = await listen(appFor(services));
  withoutToken = await listen(appFor({ ...services, env: { ...services.env, METRICS_TOKEN: undefined } }));
});
afterAll(async () => {
  await withToken?.close();
  await withoutToken?.close();
  await services?.dispose();
});

const scrape = (server: Listening, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${server.port}/metrics`, { headers });

/** A stream read as text as it arrives. */
function openStream(port: number, path: string) {
  let text = "";
  let status = 0;
  let ended = false;
  const req = http.get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
    status = res.statusCode ?? 0;
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      text += chunk;
    });
    res.on("end", () => {
      ended = true;
    });
  });
  req.on("error", () => {
    ended = true;
  });
  return { text: () => text, status: () => status, ended: () => ended, close: () => req.destroy() };
}

describe("GET /metrics", () => {
  it("does not exist without METRICS_TOKEN", async () => {
    const res = await scrape(withoutToken, { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(404);
  });

  it.each([
    ["no token", {}],
    ["a wrong token", { Authorization: "Bearer a-metrics-token-for-test" }],
    ["the token without Bearer", { Authorization: TOKEN }],
  ])("answers 401 to %s, and shows nothing", async (_, headers) => {
    const res = await scrape(withToken, headers);
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain("paddock_");
  });

  it("reports requests, orders by state, held reservations, the outbox and jobs in Prometheus' format", async () => {
    const [competition] = await services.db
      .insert(competitions)
      .values(competitionValues())
      .returning({ id: competitions.id });
    const held = await services.db
      .insert(orders)
      .values([
        { subtotalPence: 500, totalAmountPence: 500, reservationExpiresAt: new Date(Date.now() + 600_000) },
        { subtotalPence: 500, totalAmountPence: 500, reservationExpiresAt: new Date(Date.now() + 600_000) },
        { subtotalPence: 500, totalAmountPence: 500, paymentStatus: "paid", paidAt: new Date() },
      ])
      .returning({ id: orders.id });
    await services.db.insert(orderLines).values(
      held.map((order, i) => ({
        orderId: order.id,
        competitionId: competition!.id,
        quantity: i + 2,
        unitPricePence: 250,
        discountPence: 0,
        totalPence: 500,
        skillAnswer: "a",
      })),
    );
    const oldest = new Date(Date.now() - 120_000);
    await services.db.insert(emailOutbox).values({
      to: "someone@example.test",
      subject: "Waiting",
      text: "Waiting",
      kind: "test",
      createdAt: oldest,
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });

    const res = await scrape(withToken, { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = await res.text();
    const value = (series: string) => {
      const line = text.split("\n").find((l) => l.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };
    expect(value('paddock_http_requests_total{method="GET",route="/competition/:id",status="200"}')).toBe(1);
    expect(value('paddock_orders{status="pending"}')).toBeGreaterThanOrEqual(2);
    expect(value('paddock_orders{status="paid"}')).toBeGreaterThanOrEqual(1);
    expect(value("paddock_reservations_held_orders")).toBe(2);
    expect(value("paddock_reservations_held_tickets")).toBe(2 + 3);
    expect(value("paddock_outbox_pending")).toBeGreaterThanOrEqual(1);
    expect(value("paddock_outbox_oldest_age_seconds")).toBeGreaterThanOrEqual(119);
    expect(value('paddock_job_overdue_seconds{job="competition lifecycle"}')).toBe(0);
    expect(value('paddock_sse_clients{stream="competitions"}')).toBe(0);
    expect(text).toContain("# TYPE paddock_http_request_duration_seconds histogram\n");
  });
});

describe("a stopping process's live-update streams", () => {
  it("are ended with a retry hint, and new ones are refused until the process is gone", async () => {
    const stream = openStream(withToken.port, "/events");
    await expect.poll(stream.text).toContain("retry: 1000");
    expect(streams.open).toBe(1);
    streams.closeAll(1500);
    await expect.poll(stream.ended).toBe(true);
    expect(stream.text()).toMatch(/retry: 1500\n\n$/);
    expect(streams.open).toBe(0);

    const late = openStream(withToken.port, "/events");
    await expect.poll(late.ended).toBe(true);
    expect(late.status()).toBe(503);
  });
});
