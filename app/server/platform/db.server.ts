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

/** SQLSTATEs of a server that is away or refusing work: connection exceptions, shutdown or restart, no free slot. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-4]|53300)$/;
/** node-postgres's own words for a connection it lost or could not make (no SQLSTATE comes with them). */
const UNAVAILABLE_MESSAGE = new RegExp(
  "^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect" +
    "|Cannot use a pool after calling end)",
);
const UNAVAILABLE_ERRNO = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);

/**
 * The database could not be reached or dropped the connection (a failover, a restart, a terminated backend), seen
 * through any wrapping (Drizzle's "Failed query", better-auth's errors keep the original as `cause`). Such a request
 * may well work a moment later: it is answered 503 "try again", never as a bug or a signed-out visitor.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === "string" && (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_ERRNO.has(e.code))) return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    e = typeof e.cause === "object" ? (e.cause as typeof e) : null;
  }
  return false;
}

export type Listener = (payload: string) => void;

/** One database handle whatever the engine: queries through Drizzle, LISTEN for realtime, close. */
export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process of this app runs its own start-up work (the migrations, the demo seed) on the
   * same database: processes started together take turns. PGlite is one process's own database, so it simply runs.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
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

/** The advisory lock start-up work (migrations, the demo seed) runs under: any number, the same in every process. */
const STARTUP_LOCK = 5_000_001;

/**
 * Runs `work` while holding a session-level advisory lock on a connection of its own, so processes that start together
 * against a new database take turns: the first migrates (or seeds), the others then find nothing left to do (drizzle's
 * own migration transaction does not stop two from creating the same tables at once, nor does the seed's
 * "if empty" stop two from inserting the same demo people).
 */
async function exclusively<T>(url: string, work: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: url });
  // Its query fails if the connection dies; without a listener the client's "error" event would stop the process.
  lock.on("error", () => {});
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
    return await work();
  } finally {
    // Closing the session releases the lock too, even when the unlock is not reached.
    await lock.end().catch(() => {});
  }
}

async function openPostgres(url: string, poolSize: number, migrationsFolder: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A connection can die (server restart, failover, pg_terminate_backend); its client then emits "error", which
  // with no listener is an uncaught exception that stops the process. The pool listens only while a client is idle
  // (and then drops it); a client checked out by a request or a transaction is covered here: the query in flight
  // fails (the request answers 503), and the pool drops the broken client when it is released.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", (error) => console.warn(`database connection lost: ${error.message}`));
  });
  const db = drizzlePg(pool, { schema, casing: "snake_case" });
  return {
    db,
    kind: "postgres",
    migrate: () => exclusively(url, () => migratePg(db, { migrationsFolder })),
    exclusive: (work) => exclusively(url, work),
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
    exclusive: (work) => work(),
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
