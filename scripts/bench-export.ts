// Participants export benchmark: 1,000,000 tickets exported as CSV, with the process's peak memory sampled.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:export
//
// Makes a scratch database on that server (dropped at the end), migrates it, inserts BENCH_ROWS tickets (1,000,000)
// in one competition with generate_series, then streams the export through participantsCsv (the route's own
// function) into a byte counter, sampling resident memory every 50 ms. Memory should stay flat: the export holds
// one batch at a time. Without a URL it runs on in-process PGlite (slower; PGlite's own memory dominates).
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { z } from "zod";
import { competitions } from "~/db/schema";
import { competitionValues } from "~/server/demo/factories.server";
import { EXPORT_BATCH, participantsCsv } from "~/server/draws/participants-export.server";
import { openDatabase } from "~/server/platform/db.server";

const settings = z
  .object({
    BENCH_DATABASE_URL: z.string().optional(),
    TEST_DATABASE_URL: z.string().optional(),
    BENCH_ROWS: z.coerce.number().int().min(1).default(1_000_000),
  })
  .parse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== "")));
const baseUrl = settings.BENCH_DATABASE_URL ?? settings.TEST_DATABASE_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function scratchDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  if (!baseUrl) return { drop: async () => {} };
  const name = `paddock_bench_export_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await client.end();
    },
  };
}

const scratch = await scratchDatabase();
const handle = await openDatabase({
  url: scratch.url,
  memory: true,
  poolSize: 4,
  migrationsFolder: path.join(root, "drizzle"),
});
try {
  await handle.migrate();
  const db = handle.db;
  const [comp] = await db
    .insert(competitions)
    .values(competitionValues({ totalTickets: settings.BENCH_ROWS, slug: "bench-export" }))
    .returning({ id: competitions.id });
  if (!comp) throw new Error("no competition");
  const seeding = performance.now();
  await db.execute(sql`
    insert into tickets (competition_id, ticket_number, skill_answer, is_correct_answer, purchase_date)
    select ${comp.id}, n, 'Eventing', n % 3 <> 0, now() - make_interval(secs => n)
    from generate_series(1, ${settings.BENCH_ROWS}) as n`);
  // As autovacuum would after a bulk load: the planner needs to know the table is large.
  await db.execute(sql`analyze tickets`);
  const seeded = ((performance.now() - seeding) / 1000).toFixed(1);
  console.log(`seeded ${settings.BENCH_ROWS.toLocaleString("en-GB")} tickets in ${seeded} s`);

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const samples: number[] = [];
  const sampler = setInterval(() => {
    const rss = process.memoryUsage().rss;
    samples.push(rss);
    peak = Math.max(peak, rss);
  }, 50);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  const reader = (await participantsCsv(db, console, null, comp.id)).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines++;
  }
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const quarter = (q: number) => samples[Math.min(samples.length - 1, Math.floor((samples.length * q) / 4))] ?? 0;
  console.log(
    [
      `engine: ${handle.kind}; batch ${EXPORT_BATCH.toLocaleString("en-GB")} rows`,
      `exported ${(lines - 1).toLocaleString("en-GB")} rows, ${mb(bytes)} of CSV in ${seconds.toFixed(1)} s ` +
        `(${Math.round((lines - 1) / seconds).toLocaleString("en-GB")} rows/s)`,
      `RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)}); ` +
        `at 25/50/75/100 % of the run: ${[1, 2, 3, 4].map((q) => mb(quarter(q === 4 ? 3.99 : q))).join(", ")}`,
    ].join("\n"),
  );
  if (lines - 1 !== settings.BENCH_ROWS) throw new Error(`expected ${settings.BENCH_ROWS} rows, got ${lines - 1}`);
} finally {
  await handle.close();
  await scratch.drop();
}
