// Processes started together against a new PostgreSQL database (DESIGN.md, Scaling out) take turns to migrate it:
// both start, and every migration is applied exactly once.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/server/platform/db.server";
import { createTestPostgresUrl, dropTestPostgres } from "../support/database";

const migrationsFolder = path.resolve("drizzle");
const handles: DatabaseHandle[] = [];
let url: string | undefined;

afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()));
  await dropTestPostgres(url);
});

/** PGlite is one process's own database; the race is PostgreSQL's (on CI's server, or the embedded one). */
const postgres = process.env.TEST_DB_ENGINE === "postgres";

it.skipIf(!postgres)(
  "two processes migrating one new database at once both start, each migration applied once",
  async () => {
    url = await createTestPostgresUrl();
    if (!url) throw new Error("TEST_DB_ENGINE is postgres, so there is a server to make the database on");
    for (let i = 0; i < 3; i++) handles.push(await openDatabase({ url, poolSize: 2, migrationsFolder }));
    await Promise.all(handles.map((h) => h.migrate()));
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const [first] = handles;
    const applied = await first!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied.rows[0]).toEqual({ n: journal.entries.length });
    const tables = await first!.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_name = 'competitions'`,
    );
    expect(tables.rows[0]).toEqual({ n: 1 });
  },
);
