// Backups of either engine (docs/operations.md, "Backups"). PostgreSQL: pg_dump's custom format, consistent while the
// site runs (one snapshot), restored with pg_restore into an empty database. PGlite: the running process dumps its own
// database (only it may open the folder), a gzipped tarball PGlite loads into a new data folder.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import type { Database } from "./db.server";

const run = promisify(execFile);

/** The data folder PGlite keeps under DATA_DIR (db.server.ts opens the same one). */
export const pgliteDirectory = (dataDir: string) => path.join(path.resolve(dataDir), "pglite");

/** Where a process on the embedded database writes its id, so `npm run backup` can ask it for a backup (SIGUSR2). */
export const pidFileOf = (dataDir: string) => path.join(path.resolve(dataDir), "paddock.pid");

/** Where a backup asked of a running process is written: DATA_DIR/backups/paddock-<UTC time>.tar.gz. */
export function backupFileName(dataDir: string, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  return path.join(path.resolve(dataDir), "backups", `paddock-${stamp}.tar.gz`);
}

/** Written under a temporary name and renamed, so a file by the final name is always a whole backup. */
async function writeWhole(file: string, bytes: Uint8Array) {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}

/** The PGlite instance under a database on the embedded engine (drizzle keeps the driver's client beside it). */
export function pgliteClientOf(db: Database): Pick<PGlite, "dumpDataDir"> {
  const client = (db as unknown as { $client?: Partial<PGlite> }).$client;
  if (typeof client?.dumpDataDir !== "function") throw new Error("This database is not the embedded one (PGlite).");
  return client as Pick<PGlite, "dumpDataDir">;
}

/** Dumps an open embedded database, between two of its queries, into `file`. */
export async function backupPglite(client: Pick<PGlite, "dumpDataDir">, file: string): Promise<void> {
  const dump = await client.dumpDataDir("gzip");
  await writeWhole(file, new Uint8Array(await dump.arrayBuffer()));
}

/** Unpacks a PGlite backup as DATA_DIR's database; refuses when DATA_DIR already has one. */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  const directory = pgliteDirectory(dataDir);
  if (existsSync(path.join(directory, "PG_VERSION")))
    throw new Error(`${directory} already holds a database: restore into a new DATA_DIR, or move that one away.`);
  await mkdir(path.dirname(directory), { recursive: true });
  const restored = await PGlite.create(directory, { loadDataDir: new Blob([await readFile(file)]) });
  await restored.close();
}

/** pg_dump in its custom format: one consistent snapshot, taken while the site runs. */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await run("pg_dump", ["--format=custom", "--no-owner", `--file=${partial}`, `--dbname=${databaseUrl}`]);
  await rename(partial, file);
}

/** pg_restore into an empty database; stops at the first error rather than leave half a database. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  await run("pg_restore", ["--no-owner", "--exit-on-error", "--single-transaction", `--dbname=${databaseUrl}`, file]);
}
