// Processes started together against a new PostgreSQL database (DESIGN.md, Scaling out) take turns to migrate it and
// to seed it: all start, every migration is applied exactly once, and the demo data and the admin are made once.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, like, sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { competitions, user, userRoles } from "~/db/schema";
import { seedIfEmpty } from "~/server/demo/seed.server";
import { seedCompetitions } from "~/server/demo/seed-data";
import { type DatabaseHandle, openDatabase } from "~/server/platform/db.server";
import { loadEnv } from "~/server/platform/env.server";
import { logger } from "~/server/platform/logger.server";
import { closeServices, createServices, type Services } from "~/server/platform/services.server";
import { createTestPostgresUrl, dropTestPostgres } from "../support/database";

const migrationsFolder = path.resolve("drizzle");
const handles: DatabaseHandle[] = [];
const processes: Services[] = [];
const urls: string[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), "paddock-start-"));

afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()));
  await Promise.all(processes.map((p) => closeServices(p)));
  for (const url of urls) await dropTestPostgres(url);
  rmSync(dataDir, { recursive: true, force: true });
});

async function newDatabase() {
  const url = await createTestPostgresUrl();
  if (!url) throw new Error("TEST_DB_ENGINE is postgres, so there is a server to make the database on");
  urls.push(url);
  return url;
}

/** PGlite is one process's own database; the race is PostgreSQL's (on CI's server, or the embedded one). */
const postgres = process.env.TEST_DB_ENGINE === "postgres";

it.skipIf(!postgres)(
  "two processes migrating one new database at once both start, each migration applied once",
  async () => {
    const url = await newDatabase();
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

it.skipIf(!postgres)(
  "three processes starting together on a new database all start: the demo and the admin are made once",
  async () => {
    const url = await newDatabase();
    const env = loadEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: "3",
      BASE_URL: "http://localhost:3999",
      BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    });
    // As server/app.ts starts a process: services (which migrate), then the seed; all three at once.
    const started = await Promise.all(
      [1, 2, 3].map(async () => {
        const services = await createServices(env, logger.child({ test: true }));
        processes.push(services);
        return seedIfEmpty(services);
      }),
    );
    // The first to seed made the admin and prints its password; the others found it there.
    expect(started.filter((s) => s.adminCredentials)).toHaveLength(1);
    const [first] = processes;
    const db = first!.db;
    expect(await db.select({ n: count() }).from(competitions)).toEqual([{ n: seedCompetitions.length }]);
    expect(await db.select({ n: count() }).from(user).where(eq(user.id, "demo-buyer-01"))).toEqual([{ n: 1 }]);
    expect(await db.select({ n: count() }).from(userRoles).where(eq(userRoles.role, "admin"))).toEqual([{ n: 1 }]);
    expect(await db.select({ n: count() }).from(user).where(like(user.email, "admin@%"))).toEqual([{ n: 1 }]);
  },
);
