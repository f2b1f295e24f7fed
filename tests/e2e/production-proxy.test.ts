// Production as docs/operations.md runs it: the repository's nginx configuration (TLS, HTTP/2, the real client
// address, unbuffered live updates, the Stripe webhook path) in front of two built app processes on one PostgreSQL.
// A purchase goes through the proxy, a live ticket count reaches a stream held open through it on the other process,
// the sign-in rate limit counts the real client address, and one process is restarted under a running sale without
// losing an order or answering a request with a 5xx.
import { randomBytes } from "node:crypto";
import http from "node:http";
import http2 from "node:http2";
import https from "node:https";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Fetch,
  insertSaleCompetition,
  payWithTestCard,
  signUpBuyer,
  startCheckout,
} from "../../scripts/bench/buyers";
import { type RunningApp, startApp } from "../../scripts/bench/support";
import { createTestPostgresUrl, dropTestPostgres } from "../support/database";
import startEmbeddedPostgres from "../support/embedded-postgres";
import { freePort } from "../support/free-port";
import { type Nginx, proxyFetch, startNginx, testCertificate } from "../support/nginx";

let databaseUrl: string | undefined;
/** Without TEST_DATABASE_URL, a PostgreSQL server of this file's own (the embedded-postgres package), stopped after. */
let stopEmbeddedPostgres: (() => Promise<void>) | undefined;
const METRICS_TOKEN = "metrics-token-for-the-proxy-test";
const buildDir = process.env.PADDOCK_BUILD_DIR ?? "build";

let nginx: Nginx;
let apps: RunningApp[] = [];
let db: pg.Pool;
let appEnv: Record<string, string>;
let buyerCount = 0;

/** A buyer signed up through the proxy from a loopback address of their own (the sign-up limit is per address). */
async function newBuyer() {
  buyerCount++;
  const send = proxyFetch(nginx.ca, `127.0.1.${buyerCount}`);
  const email = `proxy-buyer-${buyerCount}-${randomBytes(3).toString("hex")}@example.test`;
  const cookie = await signUpBuyer({
    fetch: send,
    baseUrl: nginx.origin,
    db,
    email,
    name: `Proxy Buyer ${buyerCount}`,
  });
  return { send, cookie };
}

/** Buys one ticket through the proxy: the checkout's status, and the payment page's when there was one. */
async function buyOne(buyer: { send: Fetch; cookie: string }, competitionId: number) {
  const checkout = await startCheckout({
    fetch: buyer.send,
    baseUrl: nginx.origin,
    cookie: buyer.cookie,
    competitionId,
    quantity: 1,
  });
  if (!checkout.url) return { checkout: checkout.res.status, error: checkout.error };
  const paid = await payWithTestCard(checkout.url, buyer.send);
  return { checkout: checkout.res.status, payment: paid.status };
}

async function metricsOf(app: RunningApp): Promise<string> {
  const res = await fetch(`${app.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

async function competitionStreamsOn(app: RunningApp): Promise<number> {
  const match = /^paddock_sse_clients\{stream="competitions"\} (\d+)$/m.exec(await metricsOf(app));
  return Number(match?.[1]);
}

/** A Server-Sent Events stream read as text as it arrives (over TLS with `ca`, else plain HTTP). */
function openStream(url: string, ca?: string) {
  let text = "";
  let ended = false;
  const onResponse = (res: http.IncomingMessage) => {
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      text += chunk;
    });
    res.on("end", () => {
      ended = true;
    });
    res.on("error", () => {
      ended = true;
    });
  };
  const req = ca ? https.get(url, { ca, agent: false }, onResponse) : http.get(url, { agent: false }, onResponse);
  req.on("error", () => {
    ended = true;
  });
  return {
    text: () => text,
    ended: () => ended,
    close: () => req.destroy(),
  };
}

async function ticketsSold(competitionId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>("select tickets_sold as n from competitions where id = $1", [
    competitionId,
  ]);
  return rows[0]!.n;
}

/**
 * Ends the pool and waits until each of its connections has closed. `Pool.end()` resolves as soon as it has asked
 * them to close, and dropping the database then (WITH (FORCE)) ends one mid-close: an error event on a pool no
 * longer listening, which fails the whole run.
 */
async function endPool(pool: pg.Pool) {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on("remove", () => {
      open -= 1;
      if (open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

/** A new database on TEST_DATABASE_URL's server, or on an embedded PostgreSQL started for this file. */
async function postgresForThisFile(): Promise<string> {
  const url = await createTestPostgresUrl();
  if (url) return url;
  let embedded = "";
  // Not through TEST_DATABASE_URL: the other end-to-end files in this process must keep their own engine.
  const teardown = await startEmbeddedPostgres({
    provide: (_key: string, value: string) => {
      embedded = value;
    },
  } as unknown as Parameters<typeof startEmbeddedPostgres>[0]);
  stopEmbeddedPostgres = teardown;
  return embedded;
}

describe("behind nginx, two processes on one PostgreSQL", () => {
  beforeAll(async () => {
    databaseUrl = await postgresForThisFile();
    db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const certificate = testCertificate();
    const port = await freePort();
    appEnv = {
      BASE_URL: `https://localhost:${port}`,
      TRUST_PROXY: "true",
      METRICS_TOKEN,
      AUTH_RATE_LIMIT: "true",
      SEED: "false",
      // One secret for every process, as a deployment shares it: a session works on either.
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
      // The payment stand-in calls the site's own address, through the proxy and its test certificate.
      NODE_EXTRA_CA_CERTS: certificate.caFile,
    };
    // One after the other: the first migrates the new database.
    apps.push(await startApp({ buildDir, databaseUrl, env: appEnv }));
    apps.push(await startApp({ buildDir, databaseUrl, env: appEnv }));
    nginx = await startNginx({ port, upstreams: apps.map((app) => app.port), certificate });
  });

  afterAll(async () => {
    await nginx?.stop();
    for (const app of apps) await app.stop();
    if (db) await endPool(db);
    if (stopEmbeddedPostgres) await stopEmbeddedPostgres();
    else await dropTestPostgres(databaseUrl);
  });

  it("serves the site over TLS and HTTP/2, compressed, and keeps /metrics off the public site", async () => {
    const session = http2.connect(nginx.origin, { ca: nginx.ca });
    try {
      const headers = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
        const stream = session.request({ ":path": "/competitions", "accept-encoding": "gzip, br" });
        stream.on("response", (h) => {
          stream.resume();
          stream.on("end", () => resolve(h));
        });
        stream.on("error", reject);
      });
      expect(headers[":status"]).toBe(200);
      expect(headers["content-encoding"]).toMatch(/^(gzip|br)$/);
      expect(headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      session.close();
    }
    const send = proxyFetch(nginx.ca);
    const publicMetrics = await send(`${nginx.origin}/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(publicMetrics.status).toBe(404);
  });

  it("sells a ticket through the proxy, and a stream held through the proxy on the other process sees it", async () => {
    const competitionId = await insertSaleCompetition(db, 100, 10);
    const stream = openStream(`${nginx.origin}/api/competitions/events?ids=${competitionId}`, nginx.ca);
    try {
      await expect.poll(stream.text, { timeout: 10_000 }).toContain(`"ticketsSold":10`);
      const counts = await Promise.all(apps.map(competitionStreamsOn));
      const holder = counts.indexOf(1);
      expect(counts.filter((n) => n === 1)).toHaveLength(1);
      const other = apps[1 - holder]!;

      const buyer = await newBuyer();
      // The checkout is asked of the process without the stream, by its own address; the payment page and the
      // webhook the stand-in sends go through the proxy.
      const checkout = await startCheckout({
        baseUrl: other.baseUrl,
        origin: nginx.origin,
        cookie: buyer.cookie,
        competitionId,
        quantity: 1,
      });
      expect(checkout.url?.startsWith(`${nginx.origin}/`)).toBe(true);
      const paid = await payWithTestCard(checkout.url!, buyer.send);
      expect(paid.status).toBe(303);
      await expect.poll(stream.text, { timeout: 10_000 }).toContain(`"ticketsSold":11`);
      expect(await ticketsSold(competitionId)).toBe(11);
    } finally {
      stream.close();
    }
  });

  it("limits sign-in attempts by the client's real address, whatever X-Forwarded-For the client sends", async () => {
    const attempt = (localAddress: string) =>
      proxyFetch(nginx.ca, localAddress)(`${nginx.origin}/api/auth/sign-in/email`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: nginx.origin,
          "X-Forwarded-For": `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
        },
        body: JSON.stringify({ email: "nobody@example.test", password: "not-the-password-123" }),
      }).then((res) => res.status);
    const statuses: number[] = [];
    // Five a minute per address (app/server/platform/auth.server.ts), counted in the database across processes.
    for (let i = 0; i < 6; i++) statuses.push(await attempt("127.0.2.1"));
    expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
    expect(await attempt("127.0.2.2")).toBe(401);
  });

  it("restarts one process under a running sale: no order lost, no 5xx, streams told to reconnect", async () => {
    const competitionId = await insertSaleCompetition(db, 10_000, 0);
    const buyers = await Promise.all(Array.from({ length: 4 }, () => newBuyer()));
    const failures: string[] = [];
    let paid = 0;
    let running = true;
    const sale = buyers.map(async (buyer) => {
      while (running) {
        try {
          const outcome = await buyOne(buyer, competitionId);
          if (outcome.payment === 303) paid++;
          // A refusal (a protection limit reached) is an answer; anything else is a failure.
          else if (!(outcome.checkout === 409 && outcome.payment === undefined))
            failures.push(`checkout ${outcome.checkout} (${outcome.error ?? "no error"}), payment ${outcome.payment}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    });
    const browsing = (async () => {
      const send = proxyFetch(nginx.ca);
      while (running) {
        try {
          const res = await send(`${nginx.origin}/competition/${competitionId}`);
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`page ${res.status}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    })();

    try {
      const [stopping, staying] = apps as [RunningApp, RunningApp];
      const stream = openStream(`${stopping.baseUrl}/api/competitions/events?ids=${competitionId}`);
      await expect.poll(stream.text, { timeout: 10_000 }).toContain('"ticketsSold"');
      await expect.poll(() => paid, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);

      const exitCode = await stopping.stop();
      expect(exitCode).toBe(0);
      await expect.poll(stream.ended).toBe(true);
      expect(stream.text()).toMatch(/retry: \d+\n\n$/);
      const soldWhileOneWasDown = paid;
      await expect.poll(() => paid, { timeout: 30_000 }).toBeGreaterThanOrEqual(soldWhileOneWasDown + 2);
      const restarted = await startApp({ buildDir, databaseUrl, env: appEnv, port: stopping.port });
      apps = [staying, restarted];
      const afterRestart = paid;
      // The restarted process takes its share again: requests reach it through the proxy.
      await expect.poll(() => paid, { timeout: 30_000 }).toBeGreaterThanOrEqual(afterRestart + 4);
      await expect
        .poll(
          async () =>
            /paddock_http_requests_total\{method="POST",route="\/api\/checkout"/.test(await metricsOf(restarted)),
          {
            timeout: 30_000,
          },
        )
        .toBe(true);
    } finally {
      // However the steps above end, the buyers and the browser stop, so nothing runs on after the test.
      running = false;
      await Promise.all([...sale, browsing]);
    }

    expect(failures).toEqual([]);
    const { rows } = await db.query<{ status: string; n: number }>(
      `select o.payment_status as status, count(*)::int as n from orders o
         join order_lines l on l.order_id = o.id where l.competition_id = $1 group by 1`,
      [competitionId],
    );
    expect(rows).toEqual([{ status: "paid", n: paid }]);
    expect(await ticketsSold(competitionId)).toBe(paid);
    // Four 30-second waits and a process start: on a loaded machine this outlasts the default minute.
  }, 180_000);
});
