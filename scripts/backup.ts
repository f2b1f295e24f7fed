// `npm run backup -- [file]`: a consistent backup of the site's database while it runs (docs/operations.md).
// PostgreSQL (DATABASE_URL): pg_dump's custom format, by default paddock-<UTC time>.dump here.
// Embedded (PGlite in DATA_DIR): the running process is asked for it (SIGUSR2) and writes it into DATA_DIR/backups;
// with no process running, the folder is opened and dumped here. `file`, when given, receives a copy.
import { copyFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PGlite } from "@electric-sql/pglite";
import {
  backupFileName,
  backupPglite,
  backupPostgres,
  pgliteDirectory,
  pidFileOf,
} from "~/server/platform/backup.server";

const dataDir = process.env.DATA_DIR || "./data";
const databaseUrl = process.env.DATABASE_URL || undefined;
const wanted = process.argv[2];

/** The id of the process serving the embedded database, when one is running. */
function runningProcess(): number | undefined {
  const file = pidFileOf(dataDir);
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

async function askRunningProcess(pid: number): Promise<string> {
  const folder = path.dirname(backupFileName(dataDir, new Date()));
  const before = new Set(existsSync(folder) ? readdirSync(folder) : []);
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const made = (existsSync(folder) ? readdirSync(folder) : []).find((f) => f.endsWith(".tar.gz") && !before.has(f));
    if (made) return path.join(folder, made);
    await sleep(200);
  }
  throw new Error(`Process ${pid} wrote no backup within 2 minutes: see its log ("backup failed").`);
}

async function main() {
  if (databaseUrl) {
    const file = wanted ?? `paddock-${new Date().toISOString().replace(/[:.]/g, "-")}.dump`;
    await backupPostgres(databaseUrl, file);
    console.log(`Backup written: ${file} (restore with npm run restore -- ${file})`);
    return;
  }
  const pid = runningProcess();
  let file: string;
  if (pid) file = await askRunningProcess(pid);
  else {
    if (!existsSync(path.join(pgliteDirectory(dataDir), "PG_VERSION"))) throw new Error(`No database in ${dataDir}.`);
    const client = await PGlite.create(pgliteDirectory(dataDir));
    file = backupFileName(dataDir, new Date());
    try {
      await backupPglite(client, file);
    } finally {
      await client.close();
    }
  }
  if (wanted) copyFileSync(file, wanted);
  console.log(`Backup written: ${wanted ?? file}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
