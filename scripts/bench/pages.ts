// Pages under a crowd: each anonymous page at 50 connections, beside a bare node:http hello-world server measured
// in the same run (its own process), then the same pages rendered afresh (a cookie that bypasses the page cache)
// before and after 10,000 more competitions, for how the queries grow.
import { spawn } from "node:child_process";
import pg from "pg";
import { chooseLoadGenerator } from "./load-generator";
import { freePort, type RunningApp } from "./support";

export type PageFigure = { name: string; rps: number; p50: number; p99: number; errors: number; share?: number };
export type GrowthFigure = { name: string; before: number; after: number };

const HELLO = "require('node:http').createServer((q,s)=>s.end('hello')).listen(Number(process.argv[1]),'127.0.0.1')";
/** What every browser sends: the crowd gets the cached page's compressed body, as real visitors do. */
const BROWSER = { "Accept-Encoding": "gzip, deflate, br" };
/** A cookie of ours that makes a request personal, so the page is rendered for it: how much a render costs. */
const RENDER_AFRESH = { ...BROWSER, Cookie: "paddock_toast=bench" };

/** Every pages run, the bare server's included, uses one load generator (scripts/bench/load-generator.ts). */
export const loadGenerator = chooseLoadGenerator();

async function measure(name: string, url: string, seconds: number, connections = 50, headers = BROWSER) {
  return { name, ...(await loadGenerator.run(url, seconds, connections, headers)) };
}

/** The ceiling: a bare node:http server in its own process, as the app runs in its own. */
async function bareNodeHttp(seconds: number): Promise<PageFigure> {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", HELLO, String(port)], { stdio: "ignore" });
  try {
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`http://127.0.0.1:${port}/`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 50));
    }
    return await measure("bare node:http hello world", `http://127.0.0.1:${port}/`, seconds);
  } finally {
    child.kill();
  }
}

export async function firstCompetitionId(databaseUrl: string): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number }>(
      "select id from competitions where status = 'active' and end_date > now() order by id limit 1",
    );
    if (!rows[0]) throw new Error("The demo data has no live competition.");
    return rows[0].id;
  } finally {
    await db.end();
  }
}

export function pagePaths(competitionId: number): [string, string][] {
  return [
    ["/", "/"],
    ["/competitions", "/competitions"],
    ["/competitions?filter=featured&sort=newest", "/competitions?filter=featured&sort=newest"],
    ["/competition/{id}", `/competition/${competitionId}`],
  ];
}

export async function benchPages(app: RunningApp, competitionId: number, seconds: number): Promise<PageFigure[]> {
  const bare = await bareNodeHttp(seconds);
  const figures: PageFigure[] = [bare];
  for (const [name, path] of pagePaths(competitionId)) {
    const figure = await measure(name, `${app.baseUrl}${path}`, seconds);
    figures.push({ ...figure, share: figure.rps / bare.rps });
  }
  return figures;
}

/** Median latency of one page rendered afresh, one request at a time. */
export async function renderP50(app: RunningApp, path: string, seconds: number) {
  return (await measure(path, `${app.baseUrl}${path}`, seconds, 1, RENDER_AFRESH)).p50;
}

/**
 * Adds `count` competitions the way a long-running site has them: most of them finished, some live, a few drafts,
 * so the list, home and staff queries must not read the whole table.
 */
export async function addCompetitions(databaseUrl: string, count: number) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `insert into competitions (slug, title, description, prize_title, prize_description, prize_value,
         entry_price_pence, total_tickets, tickets_sold, end_date, image_url, skill_question, skill_options,
         correct_answer, status, featured, created_at)
       select 'growth-' || i, 'Growth competition ' || i, 'Benchmark history', 'Prize ' || i, 'A prize', '£100',
         50 + (i % 400), 1000, i % 1000,
         case when i % 10 = 0 then now() + (i || ' minutes')::interval else now() - (i || ' minutes')::interval end,
         '/images/competitions/dressage-saddle.svg', 'Which gait has three beats?',
         '["Walk","Trot","Canter","Gallop"]', 'Canter',
         case when i % 10 = 0 then 'active' when i % 50 = 1 then 'draft' else 'completed' end,
         i % 97 = 0, now() - (i || ' minutes')::interval
       from generate_series(1, $1::int) as i`,
      [count],
    );
    // As autovacuum leaves a settled table: statistics and the visibility map (index-only counts).
    await db.query("vacuum analyze competitions");
  } finally {
    await db.end();
  }
}
