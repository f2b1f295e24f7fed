import { cpSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "~/db/schema";
import { withParsersInstalled } from "./pglite-client.server";
import { readSnapshot, snapshotDirectory } from "./pglite-snapshot.server";

export type Database = NodePgDatabase<typeof schema>;
/** A Drizzle transaction (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or a transaction: helpers that must join the caller's transaction take this. */
export type Executor = Database | Tx;
/** A unique constraint refused the write (PostgreSQL 23505), from node-postgres or PGlite, wrapped or not. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export type Listener = (payload: string) => void;

/** One database handle whatever the engine: queries through Drizzle, LISTEN for realtime, close. */
export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  listen(channel: string, onMessage: Listener): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  memory?: boolean;
  /** Env's DATABASE_POOL_SIZE and MIGRATIONS_DIR. */
  poolSize: number;
  migrationsFolder: string;
}): Promise<DatabaseHandle> {
  const { url, poolSize, migrationsFolder } = options;
  return url
    ? openPostgres(url, poolSize, migrationsFolder)
    : openPglite(options.memory ? undefined : options.dataDir, migrationsFolder);
}

/** The advisory lock migrations run under: any number, the same in every process of this app. */
const MIGRATION_LOCK = 5_000_001;

/**
 * Runs the migrations while holding a session-level advisory lock on a connection of its own, so processes that start
 * together against a new database take turns: the first migrates, the others then find nothing left to apply
 * (drizzle's own migration transaction does not stop two from creating the same tables at once).
 */
async function migrateOnce(url: string, migrate: () => Promise<void>) {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate();
  } finally {
    // Closing the session releases the lock too, even when the unlock is not reached.
    await lock.end().catch(() => {});
  }
}

async function openPostgres(url: string, poolSize: number, migrationsFolder: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client can lose its connection (server restart, failover); the pool replaces it. Without a
  // listener node-postgres would raise it as an uncaught error and stop the process.
  pool.on("error", (error) => console.warn(`database connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema, casing: "snake_case" });
  return {
    db,
    kind: "postgres",
    migrate: () => migrateOnce(url, () => migratePg(db, { migrationsFolder })),
    async listen(channel, onMessage) {
      // A dedicated connection per process; if it drops, it is re-opened so live updates resume.
      let closed = false;
      let current: pg.Client | undefined;
      const open = async (): Promise<void> => {
        const client = new pg.Client({ connectionString: url });
        client.on("notification", (n) => n.channel === channel && onMessage(n.payload ?? ""));
        client.on("error", (error) => console.warn(`LISTEN connection lost: ${error.message}`));
        client.on("end", () => {
          if (!closed && current === client) setTimeout(reopen, 1000).unref();
        });
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        current = client;
      };
      const reopen = () => {
        if (closed) return;
        open().catch(() => setTimeout(reopen, 2000).unref());
      };
      await open();
      return async () => {
        closed = true;
        await current?.end().catch(() => {});
      };
    },
    async ping() {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}

/**
 * A new database starts from the pre-migrated snapshot when there is one (ADR 026): on disk a copy of its closed data
 * directory, in memory its tarball. An existing data directory is opened as it is.
 */
async function openPgliteClient(dir: string | undefined, migrationsFolder: string): Promise<PGlite> {
  if (dir && existsSync(path.join(dir, "PG_VERSION"))) return PGlite.create(dir);
  if (dir) {
    const template = snapshotDirectory(migrationsFolder);
    if (existsSync(path.join(template, "PG_VERSION"))) {
      // Synchronous on purpose: 1,200 small files take ~70 ms this way and ~1 s through fs/promises' cp, whose
      // per-file promises dominate; nothing is being served while a new database is made.
      cpSync(template, dir, { recursive: true });
      return PGlite.create(dir);
    }
  }
  const snapshot = await readSnapshot(migrationsFolder);
  return PGlite.create(dir, snapshot ? { loadDataDir: snapshot } : {});
}

async function openPglite(dataDir: string | undefined, migrationsFolder: string): Promise<DatabaseHandle> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(path.resolve(dataDir), "pglite");
    mkdirSync(path.dirname(dir), { recursive: true });
  }
  const client = await openPgliteClient(dir, migrationsFolder);
  const db = drizzlePglite(withParsersInstalled(client), { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    async listen(channel, onMessage) {
      const unsub = await client.listen(channel, onMessage);
      return unsub;
    },
    async ping() {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}
