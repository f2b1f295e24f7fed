import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A fresh, empty PostgreSQL database on the server named by TEST_DATABASE_URL, or undefined when tests
 * should use in-process PGlite. Each caller gets its own database, so test files never share state.
 */
export async function createTestPostgresUrl(): Promise<string | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base || process.env.TEST_DB_ENGINE === "pglite") return undefined;
  // Named after the run's own database, so a run cleans up only what it made (two runs may share one server).
  const prefix =
    new URL(base).pathname
      .slice(1)
      .replace(/[^a-z0-9_]/gi, "")
      .slice(0, 30) || "paddock";
  const name = `${prefix}_t_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropTestPostgres(url: string | undefined) {
  const base = process.env.TEST_DATABASE_URL;
  if (!url || !base) return;
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
