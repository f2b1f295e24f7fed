// `npm run test:durations -- <report.json>...`: records each test file's duration from Vitest JSON reports
// (`npx vitest run --project <name> --reporter=json --outputFile=<report.json>`) in tests/durations.json, which
// tests/support/slowest-first.ts reads to start the slowest files first. Files in several projects are recorded
// under `<project>:<path>` when the report's name says which project (`--outputFile=<project>.json`), else by path.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DURATIONS_FILE, type Durations } from "../tests/support/slowest-first";

type JsonReport = { testResults: { name: string; startTime: number; endTime: number }[] };

/**
 * The seconds each file of a report took (to a tenth), by its path from root, under `prefix` when given; a file the
 * report has twice (run by two projects) is recorded at its longer time.
 */
export function durationsOf(report: JsonReport, root: string, prefix = ""): Durations {
  const out: Durations = {};
  for (const file of report.testResults) {
    const key = `${prefix}${path.relative(root, file.name).split(path.sep).join("/")}`;
    out[key] = Math.max(out[key] ?? 0, Math.round((file.endTime - file.startTime) / 100) / 10);
  }
  return out;
}

/** The recorded figures with the new ones in, sorted by key so the file's diff shows what changed. */
export function merged(old: Durations, fresh: Durations): Durations {
  const all = { ...old, ...fresh };
  return Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((key) => [key, all[key] as number]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd();
  let durations: Durations = {};
  try {
    durations = JSON.parse(readFileSync(DURATIONS_FILE, "utf8"));
  } catch {}
  for (const file of process.argv.slice(2)) {
    const report = JSON.parse(readFileSync(file, "utf8")) as JsonReport;
    const project = path.basename(file, ".json");
    const prefix = /^(integration|e2e)(-[a-z]+)?$/.test(project) ? `${project}:` : "";
    durations = merged(durations, durationsOf(report, root, prefix));
  }
  writeFileSync(DURATIONS_FILE, `${JSON.stringify(durations, null, 2)}\n`);
  console.log(`${Object.keys(durations).length} files in tests/durations.json`);
}
