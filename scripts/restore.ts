// `npm run restore -- <file>`: restores a backup made by `npm run backup` (docs/operations.md, "Backups").
// PostgreSQL (DATABASE_URL): into that database, which must be empty (createdb a new one). Embedded (PGlite): into
// DATA_DIR, which must have no database yet; no process may be running on it.
import { existsSync, readFileSync } from "node:fs";
import { pidFileOf, restorePglite, restorePostgres } from "~/server/platform/backup.server";

const dataDir = process.env.DATA_DIR || "./data";
const databaseUrl = process.env.DATABASE_URL || undefined;
const file = process.argv[2];

async function main() {
  if (!file || !existsSync(file)) throw new Error("Usage: npm run restore -- <backup file>");
  if (databaseUrl) await restorePostgres(databaseUrl, file);
  else {
    const pidFile = pidFileOf(dataDir);
    if (existsSync(pidFile)) {
      const pid = Number.parseInt(readFileSync(pidFile, "utf8"), 10);
      let running = true;
      try {
        process.kill(pid, 0);
      } catch {
        running = false;
      }
      if (running) throw new Error(`Paddock (process ${pid}) is running on ${dataDir}: stop it first.`);
    }
    await restorePglite(file, dataDir);
  }
  console.log(`Restored ${file} into ${databaseUrl ? "DATABASE_URL's database" : dataDir}.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
