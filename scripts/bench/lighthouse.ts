// Lighthouse on the three public pages (/, /competitions, /competition/{id}) against the built app: mobile (its
// default form factor and throttling), 3 runs a page, the median of each figure. Lighthouse is fetched by npx at a
// pinned version rather than kept in package.json (it is large and CI installs every dependency). Chromium is
// Debian's (/usr/bin/chromium) unless CHROME_PATH says otherwise. BENCH_LIGHTHOUSE_REPORTS names a folder to keep
// every run's JSON report in, for reading the audits behind a score.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { percentile, type RunningApp, root, runCommand } from "./support";

const LIGHTHOUSE = "lighthouse@13.5.0";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** The target: performance ≥ 98, everything else 100. */
export const LIGHTHOUSE_TARGET = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 } as const;

const Report = z.object({
  categories: z.record(z.string(), z.object({ score: z.number().nullable() })),
  audits: z.record(
    z.string(),
    z.object({ score: z.number().nullable().optional(), numericValue: z.number().optional(), title: z.string() }),
  ),
  runtimeError: z.object({ message: z.string() }).optional(),
});
type Report = z.infer<typeof Report>;

export type LighthouseFigure = {
  name: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that failed in the median-performance run, by title. */
  failing: string[];
};

/** Lighthouse's own failure to record a run (NO_NAVSTART, NO_FCP…), which it answers with "run Lighthouse again". */
class LighthouseRuntimeError extends Error {}

/** A run, repeated when Lighthouse itself fails to record it (up to `attempts` times in all); other errors stop. */
async function runLighthouseAgainIfItFails(url: string, keepAs: string, attempts = 3): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, keepAs);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= attempts) throw error;
      console.log(`  Lighthouse could not record that run (${error.message.split("\n").at(-1)}); running it again…`);
    }
  }
}

async function runLighthouse(url: string, keepAs?: string): Promise<Report> {
  // npx and Lighthouse run on this Node (the project's pinned one), not whichever node is first on PATH.
  const env = {
    ...process.env,
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
    CHROME_PATH: process.env.CHROME_PATH || "/usr/bin/chromium",
  };
  const args = [
    "-y",
    LIGHTHOUSE,
    url,
    "--output=json",
    "--output-path=stdout",
    "--quiet",
    `--only-categories=${CATEGORIES.join(",")}`,
    "--chrome-flags=--headless=new --no-sandbox",
  ];
  const { code, stdout: out, stderr: err } = await runCommand("npx", args, { cwd: root, env });
  if (code !== 0) {
    const failure = `Lighthouse exited with ${code} on ${url}:\n${err.trim().slice(-2000)}`;
    throw err.includes("Runtime error encountered") ? new LighthouseRuntimeError(failure) : new Error(failure);
  }
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports && keepAs) {
    mkdirSync(reports, { recursive: true });
    writeFileSync(path.join(reports, `${keepAs}.json`), out);
  }
  const report = Report.parse(JSON.parse(out));
  if (report.runtimeError) throw new LighthouseRuntimeError(`Lighthouse on ${url}: ${report.runtimeError.message}`);
  return report;
}

const score = (r: Report, category: string) => Math.round((r.categories[category]?.score ?? 0) * 100);
const numeric = (r: Report, audit: string) => r.audits[audit]?.numericValue ?? Number.NaN;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export async function benchLighthouse(app: RunningApp, competitionId: number, runs = 3) {
  const pages: [string, string][] = [
    ["/", "/"],
    ["/competitions", "/competitions"],
    ["/competition/{id}", `/competition/${competitionId}`],
  ];
  const figures: LighthouseFigure[] = [];
  for (const [name, pagePath] of pages) {
    const reports: Report[] = [];
    // One request first, as every other page measure warms up: the runs measure the page cache's steady state,
    // not the first render after start-up (it put 0.5 s on the first run's server response under load).
    await fetch(`${app.baseUrl}${pagePath}`).then((r) => r.arrayBuffer());
    for (let i = 0; i < runs; i++) {
      console.log(`Lighthouse ${name}, run ${i + 1} of ${runs}…`);
      const keepAs = `${name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${i + 1}`;
      reports.push(await runLighthouseAgainIfItFails(`${app.baseUrl}${pagePath}`, keepAs));
    }
    const byPerformance = [...reports].sort((a, b) => score(a, "performance") - score(b, "performance"));
    const middle = byPerformance[Math.floor((byPerformance.length - 1) / 2)] as Report;
    figures.push({
      name,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(reports.map((r) => score(r, c)))])) as Record<
        (typeof CATEGORIES)[number],
        number
      >,
      lcpMs: median(reports.map((r) => numeric(r, "largest-contentful-paint"))),
      tbtMs: median(reports.map((r) => numeric(r, "total-blocking-time"))),
      cls: median(reports.map((r) => numeric(r, "cumulative-layout-shift"))),
      failing: Object.entries(middle.audits)
        .filter(([, a]) => a.score !== null && a.score !== undefined && a.score < 0.9)
        .map(([id, a]) => `${id} (${a.title})`),
    });
  }
  return figures;
}

/** Whether a page meets the target in every category. */
export function meetsLighthouseTarget(f: LighthouseFigure) {
  return CATEGORIES.every((c) => f.scores[c] >= LIGHTHOUSE_TARGET[c]);
}
