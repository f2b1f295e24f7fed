// Every benchmark in one run, against the machine's PostgreSQL by default (a database of its own, dropped after):
//
//   npm run bench
//
// Pages at 50 connections beside a bare node:http server in the same run; the same pages rendered afresh before and
// after 10,000 more competitions; start-up on a fresh embedded database; the checkout flash sale
// (scripts/bench-checkout.ts); live numbers fanned out to 1,000 Server-Sent Events streams; Lighthouse (mobile,
// median of 3) on the three public pages; first-load JavaScript against the budget (.size-limit.json). Prints one
// table and rewrites the figures table in docs/benchmarks.md with the date, machine and load average.
// Settings: BENCH_DATABASE_URL, BENCH_PAGE_SECONDS (10), BENCH_GROWTH (10000), BENCH_LIVE_CLIENTS (1000),
// BENCH_SKIP ("pages,growth,startup,checkout,live,lighthouse,bundles"), BENCH_WRITE_DOCS (1), BENCH_CHECKOUT_PROCESSES
// ("1,2": the sale with one app process, then two), BENCH_NODE_ARGS (the pages run's app), BENCH_LOAD_GENERATOR
// (wrk when installed, else autocannon: scripts/bench/load-generator.ts),
// PADDOCK_BUILD_DIR (build), MIGRATIONS_DIR (for measuring an older build).
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { benchLighthouse, LIGHTHOUSE_TARGET, meetsLighthouseTarget } from "./bench/lighthouse";
import { benchLive } from "./bench/live";
import {
  addCompetitions,
  benchPages,
  firstCompetitionId,
  type GrowthFigure,
  loadGenerator,
  type PageFigure,
  pagePaths,
  renderP50,
} from "./bench/pages";
import { benchDatabase, ensureBuild, machine, root, startApp } from "./bench/support";

const Settings = z.object({
  BENCH_PAGE_SECONDS: z.coerce.number().int().min(1).default(10),
  BENCH_GROWTH: z.coerce.number().int().min(0).default(10_000),
  BENCH_LIVE_CLIENTS: z.coerce.number().int().min(1).default(1000),
  BENCH_SKIP: z.string().default(""),
  BENCH_WRITE_DOCS: z.enum(["0", "1"]).default("1"),
  PADDOCK_BUILD_DIR: z.string().default("build"),
  /** Flags for the app's Node process in the pages run, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof". */
  BENCH_NODE_ARGS: z.string().default(""),
  /** The checkout sale is run once per number here: app processes sharing the database (DESIGN.md, Scaling out). */
  BENCH_CHECKOUT_PROCESSES: z
    .string()
    .regex(/^\d+(,\d+)*$/, "a comma-separated list of process counts, e.g. 1,2")
    .default("1,2"),
});
const settings = Settings.parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== "")));
const skip = new Set(settings.BENCH_SKIP.split(",").map((s) => s.trim()));
const buildDir = settings.PADDOCK_BUILD_DIR;
const checkoutProcesses = settings.BENCH_CHECKOUT_PROCESSES.split(",").map(Number);

type Row = [string, string, string];
const rows: Row[] = [];
const f0 = (n: number) => n.toFixed(0);
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

async function pagesAndGrowth() {
  const database = await benchDatabase();
  const nodeArgs = settings.BENCH_NODE_ARGS.split(" ").filter(Boolean);
  const app = await startApp({ buildDir, databaseUrl: database.url, nodeArgs });
  try {
    rows.push(["start-up, PostgreSQL (new database: migrations, demo data)", ms(app.startupMs), ""]);
    const id = await firstCompetitionId(database.url);
    console.log(`Pages at 50 connections (load generator: ${loadGenerator.name})…`);
    const pages: PageFigure[] = await benchPages(app, id, settings.BENCH_PAGE_SECONDS);
    for (const p of pages) {
      const share = p.share === undefined ? "the ceiling" : `${(p.share * 100).toFixed(1)}% of bare node:http`;
      const errors = p.errors ? `, ${p.errors} errors/non-2xx` : "";
      rows.push([
        `${p.name}, 50 connections (${loadGenerator.name})`,
        `${f0(p.rps)} req/s`,
        `p50 ${ms(p.p50)}, p99 ${ms(p.p99)}; ${share}${errors}`,
      ]);
    }
    if (!skip.has("growth") && settings.BENCH_GROWTH > 0) {
      console.log(`Rendered afresh, before and after ${settings.BENCH_GROWTH} more competitions…`);
      const seconds = Math.max(2, Math.round(settings.BENCH_PAGE_SECONDS / 2));
      const growth: GrowthFigure[] = [];
      for (const [name, p] of pagePaths(id)) growth.push({ name, before: await renderP50(app, p, seconds), after: 0 });
      await addCompetitions(database.url, settings.BENCH_GROWTH);
      for (const [i, [, p]] of pagePaths(id).entries())
        (growth[i] as GrowthFigure).after = await renderP50(app, p, seconds);
      for (const g of growth) {
        const change = ((g.after / g.before - 1) * 100).toFixed(0);
        rows.push([
          `${g.name} rendered afresh, 1 connection: +${settings.BENCH_GROWTH} competitions`,
          `p50 ${ms(g.before)} → ${ms(g.after)}`,
          `${Number(change) >= 0 ? "+" : ""}${change}%`,
        ]);
      }
    }
  } finally {
    await app.stop();
    await database.drop();
  }
}

async function embeddedStartup() {
  const app = await startApp({ buildDir, databaseUrl: "" });
  await app.stop();
  rows.push(["start-up, fresh embedded database (PGlite: migrations, demo data)", ms(app.startupMs), "target ≤ 5 s"]);
}

/** Server-Sent Events fan-out and Lighthouse, on one app of their own (streams per client raised for the crowd). */
async function liveAndLighthouse() {
  const database = await benchDatabase();
  const app = await startApp({ buildDir, databaseUrl: database.url, env: { LIVE_STREAMS_PER_CLIENT: "100000" } });
  try {
    const id = await firstCompetitionId(database.url);
    if (!skip.has("live")) {
      console.log(`Live numbers to ${settings.BENCH_LIVE_CLIENTS} streams…`);
      const l = await benchLive(app, database.url, id, settings.BENCH_LIVE_CLIENTS);
      rows.push([
        `live numbers (SSE): ${l.connected} of ${l.clients} streams open, ${l.changes} changes`,
        `p50 ${ms(l.p50)}, p99 ${ms(l.p99)}, max ${ms(l.max)}`,
        `change (UPDATE → NOTIFY) to event at each stream; ${l.received} of ${l.connected * l.changes} delivered; ` +
          `app RSS ${f0(l.rssIdleMb)} MB idle → ${f0(l.rssStreamsMb)} MB with the streams`,
      ]);
      if (l.connected < l.clients || l.received < l.connected * l.changes) process.exitCode = 1;
    }
    if (!skip.has("lighthouse")) {
      const target = Object.entries(LIGHTHOUSE_TARGET)
        .map(([c, n]) => `${c} ≥ ${n}`)
        .join(", ");
      for (const f of await benchLighthouse(app, id)) {
        if (f.failing.length) console.log(`Lighthouse ${f.name}, below 0.9: ${f.failing.join("; ")}`);
        const s = f.scores;
        rows.push([
          `Lighthouse ${f.name}, mobile, median of 3`,
          `${s.performance} / ${s.accessibility} / ${s["best-practices"]} / ${s.seo}`,
          `performance / accessibility / best practices / SEO; LCP ${ms(f.lcpMs)}, TBT ${ms(f.tbtMs)}, ` +
            `CLS ${f.cls.toFixed(3)}; ${meetsLighthouseTarget(f) ? "meets" : "BELOW"} target (${target})`,
        ]);
      }
    }
  } finally {
    await app.stop();
    await database.drop();
  }
}

/** Paddock's share of a per-order SQL count (the stand-in's taken off), or "unknown" without the server's log. */
const sqlShare = (all: number | null, standin: number | null) =>
  all === null ? "unknown" : (all - (standin ?? 0)).toFixed(1);

/** The flash sale once per entry of BENCH_CHECKOUT_PROCESSES: one app process, then N behind a balancer. */
function checkout(processes: number) {
  console.log(`Checkout flash sale, ${processes} app process(es)…`);
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/bench-checkout.ts"], {
    cwd: root,
    env: { ...process.env, BENCH_APP_PROCESSES: String(processes) },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(
    run.stdout
      .split("\n")
      .filter((l) => !l.startsWith("BENCH_RESULT"))
      .join("\n"),
  );
  const line = run.stdout.split("\n").find((l) => l.startsWith("BENCH_RESULT "));
  if (!line) throw new Error(`the checkout benchmark failed:\n${run.stderr}`);
  const r = JSON.parse(line.slice("BENCH_RESULT ".length));
  rows.push([
    `checkout: ${r.sale}, ${processes} app process${processes === 1 ? "" : "es"}`,
    `${r.ordersPerSecond.toFixed(1)} orders/s`,
    `create-payment p50 ${ms(r.checkoutP50)}, p99 ${ms(r.checkoutP99)}; oversold ${r.oversold}, duplicates ` +
      `${r.duplicates}; bare conditional UPDATE ${f0(r.ceilingUpdatesPerSecond)}/s; CPU per order: app ` +
      `${ms(r.cpuPerOrderMs.app)}, PostgreSQL ${ms(r.cpuPerOrderMs.postgres)}, load generator ` +
      `${ms(r.cpuPerOrderMs.generator)}` +
      (r.cpuPerOrderMs.standin === null || r.cpuPerOrderMs.standin === undefined
        ? ""
        : `, the stand-in apart ${ms(r.cpuPerOrderMs.standin)} + PostgreSQL ${ms(r.cpuPerOrderMs.standinPostgres)}`) +
      "; SQL per order: " +
      `${sqlShare(r.statementsPerOrder, r.standinStatementsPerOrder)} statements, ` +
      `${sqlShare(r.paddockCommitsPerOrder, null)} commits (${sqlShare(r.writeCommitsPerOrder, null)} writing; ` +
      "the payment stand-in's apart)",
  ]);
  if (r.oversold !== 0 || r.duplicates !== 0) process.exitCode = 1;
}

function bundles() {
  const run = spawnSync("npx", ["size-limit", "--json"], { cwd: root, encoding: "utf8" });
  const results = JSON.parse(run.stdout || "[]") as {
    name: string;
    size: number;
    sizeLimit?: number;
    passed?: boolean;
  }[];
  for (const r of results) {
    const limit = r.sizeLimit
      ? `budget ${(r.sizeLimit / 1000).toFixed(0)} kB${r.passed === false ? " EXCEEDED" : ""}`
      : "";
    rows.push([`first-load JS, ${r.name} (gzip)`, `${(r.size / 1000).toFixed(1)} kB`, limit]);
  }
}

function table() {
  const m = machine();
  const date = new Date().toISOString().slice(0, 16).replace("T", " ");
  const lines = [
    `Run ${date} UTC on ${m.cpus}, load average ${m.load} (at the end), Node ${m.node}, build \`${buildDir}\`.`,
    "",
    "| measure | result | detail |",
    "| --- | --- | --- |",
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ];
  return lines.join("\n");
}

async function main() {
  ensureBuild(buildDir);
  if (!skip.has("pages")) await pagesAndGrowth();
  if (!skip.has("startup")) await embeddedStartup();
  if (!skip.has("checkout")) for (const processes of checkoutProcesses) checkout(processes);
  if (!skip.has("live") || !skip.has("lighthouse")) await liveAndLighthouse();
  if (!skip.has("bundles")) bundles();
  const text = table();
  console.log(`\n${text}\n`);
  if (settings.BENCH_WRITE_DOCS === "1") {
    const file = path.join(root, "docs/benchmarks.md");
    const doc = readFileSync(file, "utf8");
    const start = "<!-- bench:figures:start -->";
    const end = "<!-- bench:figures:end -->";
    const from = doc.indexOf(start);
    const to = doc.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/benchmarks.md has no ${start} … ${end} markers`);
    writeFileSync(file, `${doc.slice(0, from + start.length)}\n${text}\n${doc.slice(to)}`);
    console.log("docs/benchmarks.md: figures table rewritten.");
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
