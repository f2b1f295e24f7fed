// Flash-sale benchmark: N buyers rush M tickets through the real HTTP path of the built app on PostgreSQL.
//
//   npm run bench:checkout   (the machine's PostgreSQL by default; BENCH_DATABASE_URL to use another server)
//
// Each buyer (a real account, signed in through the auth API) calls POST /api/checkout (the create-payment
// call: validation, pricing, player protection, the conditional UPDATE reservation, the order, and a Checkout
// Session from the Stripe stand-in through the Stripe SDK); every buyer who got tickets then pays on the
// stand-in's hosted page with the test card, which delivers the signed webhook that fulfils the order. Then the
// database is checked for oversold tickets and duplicate numbers, and the bare conditional UPDATE is timed on the
// same row as the ceiling. Settings: BENCH_BUYERS (500), BENCH_TICKETS (200), BENCH_QUANTITY (1),
// BENCH_CONCURRENCY (buyers in flight at once; default all), DATABASE_POOL_SIZE (the app's pool, 10),
// BENCH_CEILING_SECONDS (5), BENCH_NODE_ARGS (flags for the app's Node process; BENCH_STANDIN_NODE_ARGS for the
// stand-in's), BENCH_APP_PROCESSES (1: how many app processes share the database, as DESIGN.md's "Scaling out"
// runs them; buyers are spread over them in turn, each buyer's requests going to one process as a sticky load
// balancer would send them), BENCH_PAY (1; 0 stops each
// buyer at the payment page, to time the create-payment call without the payments beside it).
// BENCH_PROVIDER_LIMIT (25, as Stripe's sandbox; 0 turns it off) is the stand-in's rate limit; the app paces its
// session requests at it (ADR 027, 039), so buyers beyond it are held at once and reach the payment page in turn:
// the hold and payment-page latencies, the 429s and the buyers lost are reported, and the SQL statements and
// commits per order as PostgreSQL counted them (scripts/bench/statement-log.ts). BENCH_PICK (0; 1 to 10) makes every
// buyer choose that many numbers at random out of a BENCH_TICKETS-number competition (ADR 031: overlapping choices);
// a buyer told some were taken keeps the rest and pays for a lucky dip in their place, as the review page offers
// (twice at most: three requests in all).
// BENCH_LIST_STATEMENTS=1 lists each kind of statement with its count per order (the budget of ADR 027 §5).
// It also reports the CPU time each paid order cost the app, PostgreSQL and this load generator (from /proc), which
// says what the machine can sell at most: its cores divided by that sum. The Stripe stand-in runs in a process of its
// own (ADR 040; BENCH_STANDIN_APART=0 keeps it inside the app processes), so Stripe's side, which leaves this
// machine with real Stripe, is reported apart: its process and the PostgreSQL backends serving it.
import { randomBytes, randomInt } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { z } from "zod";
import { EnvSchema } from "~/server/platform/env.server";
import { STANDIN_APPLICATION_NAME } from "~/server/platform/payments.server";
import { drainOutbox, insertSaleCompetition, payWithTestCard, signUpBuyer, startCheckout } from "./bench/buyers";
import { statementLog } from "./bench/statement-log";
import {
  benchDatabase,
  type CpuShares,
  cpuMeter,
  DEFAULT_DATABASE_URL,
  ensureBuild,
  freePort,
  percentile,
  type RunningApp,
  startApp,
  withClient,
} from "./bench/support";

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
/** The benchmark's own settings, validated like the app's; the app's pool size is the app's own field. */
const BenchSettings = z.object({
  BENCH_DATABASE_URL: z.string().optional(),
  TEST_DATABASE_URL: z.string().optional(),
  BENCH_BUYERS: count(500),
  BENCH_TICKETS: count(200),
  BENCH_QUANTITY: z.coerce.number().int().min(1, "must be 1 to 10").max(10, "must be 1 to 10").default(1),
  BENCH_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  BENCH_CEILING_SECONDS: count(5),
  BENCH_NODE_ARGS: z.string().default(""),
  /** Flags for the stand-in's Node process (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile Stripe's side). */
  BENCH_STANDIN_NODE_ARGS: z.string().default(""),
  BENCH_APP_PROCESSES: count(1),
  BENCH_PAY: z.enum(["0", "1"]).default("1"),
  BENCH_PICK: z.coerce.number().int().min(0, "must be 0 to 10").max(10, "must be 0 to 10").default(0),
  /** The stand-in's limit in requests/s per endpoint (Stripe's sandbox: 25); 0 turns it off. */
  BENCH_PROVIDER_LIMIT: z.coerce.number().int().min(0).default(25),
  DATABASE_POOL_SIZE: EnvSchema.shape.DATABASE_POOL_SIZE,
  PADDOCK_BUILD_DIR: z.string().default("build"),
  /** 1: list every kind of SQL statement the sale ran, with how many of it per order (from PostgreSQL's log). */
  BENCH_LIST_STATEMENTS: z.enum(["0", "1"]).default("0"),
  /** 1: the stand-in in a process of its own, its CPU counted apart (ADR 040); 0: inside each app process. */
  BENCH_STANDIN_APART: z.enum(["0", "1"]).default("1"),
});
const parsedSettings = BenchSettings.safeParse(
  Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== "")),
);
if (!parsedSettings.success) {
  fail(parsedSettings.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n"));
}
const settings = parsedSettings.data;

const baseDatabaseUrl = settings.BENCH_DATABASE_URL ?? settings.TEST_DATABASE_URL ?? DEFAULT_DATABASE_URL;
const BUYERS = settings.BENCH_BUYERS;
const TICKETS = settings.BENCH_TICKETS;
const PICK = settings.BENCH_PICK;
/** Requests a picking buyer makes at most: the first, and again after each answer that some numbers were taken. */
const PICK_TRIES = 3;
/** Buyers who pick numbers buy as many tickets as they pick. */
const QUANTITY = PICK > 0 ? PICK : settings.BENCH_QUANTITY;
const CONCURRENCY = settings.BENCH_CONCURRENCY ?? BUYERS;
const POOL = settings.DATABASE_POOL_SIZE;
const PROCESSES = settings.BENCH_APP_PROCESSES;
const CEILING_SECONDS = settings.BENCH_CEILING_SECONDS;
const PROVIDER_LIMIT = settings.BENCH_PROVIDER_LIMIT;
/** The app's own pace for session requests: the provider's limit (ADR 039 §3; 10,000/s when the limit is off). */
const APP_PROVIDER_RATE = PROVIDER_LIMIT === 0 ? 10_000 : PROVIDER_LIMIT;
/** A held buyer who has no payment page after this long is counted as lost. */
const PAYMENT_PAGE_DEADLINE_MS = 180_000;
const buildDir = settings.PADDOCK_BUILD_DIR;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The numbers a picking buyer chooses: PICK distinct ones of 1..total, at random (none when not picking). */
function pickNumbers(total: number): number[] | undefined {
  if (PICK === 0) return undefined;
  const chosen = new Set<number>();
  while (chosen.size < Math.min(PICK, total)) chosen.add(1 + randomInt(total));
  return [...chosen];
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i] as T, i);
      }
    }),
  );
  return results;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const perOrder = (n: number | null, orders: number) => (n === null ? "unknown" : (n / Math.max(1, orders)).toFixed(1));
/** How much of the machine's CPU the app, PostgreSQL and the load generator used together over the sale (%). */
const busyShare = (spent: CpuShares) =>
  (
    (100 * (spent.app + spent.postgres + spent.generator + spent.standin + spent.standinPostgres)) /
    (spent.wallMs * os.cpus().length)
  ).toFixed(0);

async function main() {
  ensureBuild(buildDir);

  const database = await benchDatabase(baseDatabaseUrl);
  const databaseUrl = database.url;
  // BENCH_NODE_ARGS passes flags to the app's Node process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = settings.BENCH_NODE_ARGS.split(" ").filter(Boolean);
  // One secret for every process, as a deployment shares it: sessions and signed links work on any of them.
  const secret = randomBytes(32).toString("base64url");
  const apps: RunningApp[] = [];
  let standin: RunningApp | undefined;
  const stop = async () => {
    for (const app of apps) await app.stop();
    await standin?.stop();
    await database.drop();
  };
  const apart = settings.BENCH_STANDIN_APART === "1";

  try {
    const statements = await statementLog(databaseUrl);
    const standinPort = await freePort();
    for (let i = 0; i < PROCESSES; i++) {
      apps.push(
        await startApp({
          buildDir,
          databaseUrl,
          nodeArgs,
          env: {
            DATABASE_POOL_SIZE: String(POOL),
            BETTER_AUTH_SECRET: secret,
            SEED: "false",
            STRIPE_STANDIN_RATE_LIMIT: String(PROVIDER_LIMIT),
            PAYMENT_PROVIDER_RATE: String(APP_PROVIDER_RATE),
            // By address: a name would cost a DNS look-up per new connection, which a real deployment caches.
            ...(apart ? { STRIPE_STANDIN_URL: `http://127.0.0.1:${standinPort}` } : {}),
          },
        }),
      );
    }
    // After the apps, which migrate the database; its webhooks go to them in turn, as a load balancer would send them.
    if (apart)
      standin = await startApp({
        buildDir,
        databaseUrl,
        port: standinPort,
        script: "scripts/bench/standin-process.mjs",
        nodeArgs: settings.BENCH_STANDIN_NODE_ARGS.split(" ").filter(Boolean),
        env: {
          DATABASE_POOL_SIZE: String(POOL),
          BETTER_AUTH_SECRET: secret,
          STRIPE_STANDIN_RATE_LIMIT: String(PROVIDER_LIMIT),
          STANDIN_WEBHOOK_URLS: apps.map((app) => `http://127.0.0.1:${app.port}/api/stripe/webhook`).join(","),
        },
      });
    const db = new pg.Pool({ connectionString: databaseUrl, max: POOL });

    // Set-up (not timed): a competition with exactly M tickets left, and N verified, eligible, signed-in buyers.
    // Picking numbers needs every number free; otherwise 1,000 are sold already (counted, with no numbers).
    const already = PICK > 0 ? 0 : 1000;
    const total = already + TICKETS;
    const competitionId = await insertSaleCompetition(db, total, already);

    console.log(`Signing up ${BUYERS} buyers…`);
    const buyers = await pool(
      Array.from({ length: BUYERS }, (_, i) => i),
      16,
      async (i) => {
        const { baseUrl } = apps[i % apps.length] as (typeof apps)[number];
        const email = `bench-${i}-${randomBytes(3).toString("hex")}@example.test`;
        const cookie = await signUpBuyer({ baseUrl, db, email, name: `Bench Buyer ${i}` });
        return { cookie, baseUrl };
      },
    );

    // Each sign-up queued a confirmation e-mail; a real sale's buyers signed up long before it, so their mail is not
    // sent during it. Wait until the mail worker has sent them (at most a minute), so the sale's CPU is the sale's.
    const mailSent = await drainOutbox(db, 60_000);
    if (!mailSent) console.warn("The sign-ups' e-mails were still being sent when the sale began.");

    // The flash sale (timed): everyone asks at once; the winners pay.
    const sale =
      `${BUYERS} buyers × ${QUANTITY} ticket(s) for ${TICKETS} tickets` +
      (PICK > 0 ? `, each choosing ${PICK} numbers of 1-${total}` : "");
    console.log(`Flash sale: ${sale} (concurrency ${CONCURRENCY}, ${PROCESSES} app process(es), pool ${POOL} each)…`);
    const checkoutLatency: number[] = [];
    const holdLatency: number[] = [];
    const pageLatency: number[] = [];
    const payLatency: number[] = [];
    const refusals = new Map<string, number>();
    let errors = 0;
    const errorStatuses = new Map<number, number>();
    let lostBuyers = 0;
    let lastHeldAt = 0;
    let numbersTaken = 0;
    let numbersTakenAgain = 0;
    const cpu = cpuMeter(
      apps.map((app) => app.pid),
      standin?.pid,
    );
    const window = await statements.open();
    const started = performance.now();
    const outcomes = await pool(buyers, CONCURRENCY, async ({ cookie, baseUrl }) => {
      const t0 = performance.now();
      let reply = await startCheckout({
        baseUrl,
        cookie,
        competitionId,
        quantity: QUANTITY,
        numbers: pickNumbers(total),
      });
      // Some chosen numbers were taken in between: keep the rest, a lucky dip for the difference, as the review page
      // offers; a buyer told again that one they kept has gone does the same, up to PICK_TRIES requests in all.
      for (let tries = 1; tries < PICK_TRIES && reply.res.status === 409 && reply.taken && reply.taken.length > 0; ) {
        if (tries++ === 1) numbersTaken++;
        else numbersTakenAgain++;
        const kept = (reply.numbers ?? []).filter((n) => !reply.taken?.includes(n));
        reply = await startCheckout({ baseUrl, cookie, competitionId, quantity: QUANTITY, numbers: kept });
      }
      const { res, ...body } = reply;
      const heldAt = performance.now();
      checkoutLatency.push(heldAt - t0);
      if (!res.ok || !body.url || !body.orderId) {
        // Refusals naming numbers are counted together: "Ticket N was taken …".
        const reason = (body.error ?? "?").replace(/\d+/g, "N");
        if (res.status === 409) refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
        else errorStatuses.set(res.status, (errorStatuses.get(res.status) ?? 0) + 1);
        return false;
      }
      // Held: the buyer has been told their tickets are theirs until heldUntil (or is at the payment page).
      holdLatency.push(heldAt - t0);
      lastHeldAt = Math.max(lastHeldAt, heldAt);
      let paymentUrl = body.heldUntil ? null : body.url;
      while (!paymentUrl) {
        if (performance.now() - t0 > PAYMENT_PAGE_DEADLINE_MS) break;
        const wait = await fetch(`${baseUrl}/api/checkout/${body.orderId}?wait=20000`, { headers: { Cookie: cookie } });
        const state = (await wait.json()) as { state?: string; url?: string };
        if (state.state === "ready" && state.url) paymentUrl = state.url;
        else if (state.state !== "queued") break;
      }
      if (!paymentUrl) {
        lostBuyers++;
        return false;
      }
      pageLatency.push(performance.now() - t0);
      body.url = paymentUrl;
      if (settings.BENCH_PAY === "0") return true;
      const t1 = performance.now();
      const paid = await payWithTestCard(body.url);
      payLatency.push(performance.now() - t1);
      if (paid.status !== 303) {
        errors++;
        return false;
      }
      return true;
    });
    const elapsed = (performance.now() - started) / 1000;
    const standinBackends = await db.query<{ pid: number }>(
      "select pid from pg_stat_activity where application_name = $1",
      [STANDIN_APPLICATION_NAME],
    );
    const spent = cpu.read(new Set(standinBackends.rows.map((row) => row.pid)));
    const counted = await window.close();

    // Let the outbox and any last webhook settle, then audit the database.
    await new Promise((r) => setTimeout(r, 500));
    const [comp] = (
      await db.query(`select tickets_sold, tickets_reserved, total_tickets from competitions where id = $1`, [
        competitionId,
      ])
    ).rows as {
      tickets_sold: number;
      tickets_reserved: number;
      total_tickets: number;
    }[];
    const ticketRows = Number(
      (await db.query(`select count(*)::int as n from tickets where competition_id = $1`, [competitionId])).rows[0].n,
    );
    const duplicates = Number(
      (
        await db.query(
          `select count(*)::int as n from (
             select ticket_number from tickets where competition_id = $1 group by 1 having count(*) > 1
           ) d`,
          [competitionId],
        )
      ).rows[0].n,
    );
    const outOfRange = Number(
      (
        await db.query(
          `select count(*)::int as n from tickets
           where competition_id = $1 and (ticket_number < 1 or ticket_number > $2)`,
          [competitionId, total],
        )
      ).rows[0].n,
    );
    const paidOrders = Number(
      (await db.query(`select count(*)::int as n from orders where payment_status = 'paid'`)).rows[0].n,
    );
    // Session requests made again after a 429 or a failure: the provider's refusals the queue absorbed.
    const provider429 = Number(
      (
        await db.query(
          `select coalesce(sum(greatest(session_attempts - 1, 0)), 0)::int as n from orders where session_attempts > 0`,
        )
      ).rows[0].n,
    );
    const oversold = Math.max(0, comp!.tickets_sold - comp!.total_tickets) + Math.max(0, ticketRows - TICKETS);

    // The ceiling: the bare conditional UPDATE on the same row (reserve then release, autocommit), same pool size.
    await db.query(`update competitions set total_tickets = total_tickets + 1000000 where id = $1`, [competitionId]);
    let updates = 0;
    const until = performance.now() + CEILING_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: POOL }, async () => {
        const client = await db.connect();
        try {
          while (performance.now() < until) {
            await client.query(
              `update competitions set tickets_reserved = tickets_reserved + $2
                 where id = $1 and status = 'active' and end_date > now()
                   and tickets_sold + tickets_reserved + $2 <= total_tickets returning id`,
              [competitionId, QUANTITY],
            );
            await client.query(`update competitions set tickets_reserved = tickets_reserved - $2 where id = $1`, [
              competitionId,
              QUANTITY,
            ]);
            updates += 2;
          }
        } finally {
          client.release();
        }
      }),
    );
    await db.query(`update competitions set total_tickets = total_tickets - 1000000 where id = $1`, [competitionId]);
    await db.end();

    const sortedCheckout = [...checkoutLatency].sort((a, b) => a - b);
    const sortedPay = [...payLatency].sort((a, b) => a - b);
    const sortedHold = [...holdLatency].sort((a, b) => a - b);
    const sortedPage = [...pageLatency].sort((a, b) => a - b);
    const holdsPerSecond = holdLatency.length / Math.max(0.001, (lastHeldAt - started) / 1000);
    const sold = outcomes.filter(Boolean).length;
    const version = await withClient(
      databaseUrl,
      async (c) => (await c.query("show server_version")).rows[0].server_version as string,
    );
    const perSecond = (n: number) => (n / elapsed).toFixed(1);
    const latency = (sorted: number[]) => `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}`;
    const refused = [...refusals].map(([m, n]) => `${n} × "${m}"`).join(", ") || "none";
    const report = [
      "",
      `Paddock checkout benchmark — ${new Date().toISOString()}`,
      `  machine: ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? "?"}), load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}; Node ${process.version}; PostgreSQL ${version}`,
      `  sale: ${sale}, all asking at once (concurrency ${CONCURRENCY}), ${PROCESSES} app process(es) with a pool ` +
        `of ${POOL} each, ` +
        (settings.BENCH_PAY === "1" ? "payments via the Stripe stand-in" : "no payments (BENCH_PAY=0)"),
      `  ${settings.BENCH_PAY === "1" ? "orders paid:           " : "at the payment page:   "} ${sold} ` +
        `(${paidOrders} paid in the database) in ${elapsed.toFixed(2)} s → ` +
        `${perSecond(sold)} orders/s`,
      `  checkout requests:      ${BUYERS} → ${perSecond(BUYERS)} requests/s; refused: ${refused}; ` +
        `errors: ${errors + [...errorStatuses.values()].reduce((a, b) => a + b, 0)}` +
        (errorStatuses.size > 0 ? ` (${[...errorStatuses].map(([s, n]) => `${n} × ${s}`).join(", ")})` : ""),
      `  create-payment latency: ${latency(sortedCheckout)} (all ${BUYERS} requests)`,
      `  held:                   ${holdLatency.length} buyers, ${latency(sortedHold)}, ${holdsPerSecond.toFixed(0)}/s`,
      `  payment page ready:     ${pageLatency.length} buyers, ` +
        `${pageLatency.length > 0 ? latency(sortedPage) : "none"}; ` +
        `provider limit ${PROVIDER_LIMIT || "off"}/s (app paces at ${APP_PROVIDER_RATE}/s), ` +
        `requests made again after a 429 or failure ${provider429}, buyers held but lost ${lostBuyers}`,
      `  SQL per order:          ${perOrder(counted.statements, sold)} statements ` +
        `(of which the stand-in's ${perOrder(counted.standinStatements, sold)}), ` +
        `${perOrder(counted.commits, sold)} commits by pg_stat_database; from the log, Paddock's ` +
        `${perOrder(counted.paddockCommits, sold)} (${perOrder(counted.writeCommits, sold)} of them wrote, the rest ` +
        `only read) and the stand-in's ${perOrder(counted.standinCommits, sold)}`,
      `  pay + webhook latency:  ${sortedPay.length > 0 ? latency(sortedPay) : "none"} (${sortedPay.length} payments)`,
      `  CPU per order:          app ${ms(spent.app / sold)}, PostgreSQL ${ms(spent.postgres / sold)}, ` +
        `load generator ${ms(spent.generator / sold)}; machine busy ${busyShare(spent)}% of ` +
        `${os.cpus().length} cores during the sale`,
      apart
        ? `  the stand-in apart:     its process ${ms(spent.standin / sold)}, PostgreSQL for it ` +
          `${ms(spent.standinPostgres / sold)} per order (Stripe's side; not in the figures above)`
        : "  the stand-in:           inside the app processes (BENCH_STANDIN_APART=0): in the app's figure above",
      `  tickets sold:           ${comp!.tickets_sold - already} of ${TICKETS}; ` +
        `reserved left ${comp!.tickets_reserved}; ticket rows ${ticketRows}`,
      `  tickets oversold:       ${oversold}`,
      `  duplicate numbers:      ${duplicates} (numbers outside 1-${total}: ${outOfRange})` +
        (PICK > 0
          ? `; buyers whose chosen numbers were partly taken: ${numbersTaken}, ` +
            `told again after keeping the rest: ${numbersTakenAgain}`
          : ""),
      `  ceiling, bare conditional UPDATE on the same row: ${(updates / CEILING_SECONDS).toFixed(0)} updates/s ` +
        `(${(updates / 2 / CEILING_SECONDS).toFixed(0)} reserve+release pairs/s, ${POOL} connections, ` +
        `${CEILING_SECONDS} s)`,
      "",
    ].join("\n");
    console.log(report);
    if (settings.BENCH_LIST_STATEMENTS === "1") {
      console.log(`Statements per order, by kind (${counted.kinds.length} kinds; literals folded to ?):`);
      for (const kind of counted.kinds) console.log(`  ${perOrder(kind.count, sold).padStart(6)}  ${kind.text}`);
    }
    // One line for `npm run bench` to read.
    const result = {
      sale,
      ordersPerSecond: sold / elapsed,
      checkoutP50: percentile(sortedCheckout, 50),
      checkoutP99: percentile(sortedCheckout, 99),
      oversold,
      duplicates,
      ceilingUpdatesPerSecond: updates / CEILING_SECONDS,
      cpuPerOrderMs: {
        app: spent.app / sold,
        postgres: spent.postgres / sold,
        generator: spent.generator / sold,
        // Stripe's side when the stand-in runs apart (ADR 040); null when it is inside the app (and in `app`).
        standin: apart ? spent.standin / sold : null,
        standinPostgres: apart ? spent.standinPostgres / sold : null,
      },
      holdP99: percentile(sortedHold, 99),
      holdsPerSecond,
      paymentPageP99: percentile(sortedPage, 99),
      providerLimit: PROVIDER_LIMIT,
      provider429,
      lostBuyers,
      statementsPerOrder: counted.statements === null ? null : counted.statements / sold,
      standinStatementsPerOrder: counted.standinStatements === null ? null : counted.standinStatements / sold,
      commitsPerOrder: counted.commits / sold,
      standinCommitsPerOrder: counted.standinCommits === null ? null : counted.standinCommits / sold,
      paddockCommitsPerOrder: counted.paddockCommits === null ? null : counted.paddockCommits / sold,
      writeCommitsPerOrder: counted.writeCommits === null ? null : counted.writeCommits / sold,
      pick: PICK,
      numbersTaken,
      numbersTakenAgain,
    };
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
    if (oversold !== 0 || duplicates !== 0 || outOfRange !== 0) {
      process.exitCode = 1;
      console.error("FAILED: tickets were oversold or numbered twice.");
    }
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
