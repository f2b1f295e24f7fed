// The pre-migrated embedded-database snapshot (ADR 026): a new database opened from it has exactly the schema the
// migrations make, a snapshot made from other migrations is never used, and an existing database is never replaced.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/platform/db.server";
import { ensureSnapshot, readSnapshot, snapshotKey } from "~/server/platform/pglite-snapshot.server";

const MIGRATIONS = path.resolve("drizzle");
const temporary: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "paddock-snapshot-"));
  temporary.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

const TABLES = sql`select table_schema || '.' || table_name as name from information_schema.tables
  where table_schema in ('public', 'drizzle') order by 1`;

const journalEntries = () =>
  (JSON.parse(readFileSync(path.join(MIGRATIONS, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries
    .length;

describe("the snapshot's key", () => {
  it("changes when a migration's content or the PGlite version changes, and not otherwise", () => {
    const copy = path.join(tempDir(), "drizzle");
    cpSync(MIGRATIONS, copy, { recursive: true });
    const key = snapshotKey(MIGRATIONS, "0.5.16");
    expect(snapshotKey(copy, "0.5.16")).toBe(key);
    expect(snapshotKey(MIGRATIONS, "0.5.17")).not.toBe(key);
    const first = path.join(copy, "0000_init.sql");
    writeFileSync(first, `${readFileSync(first, "utf8")}\n-- changed`);
    expect(snapshotKey(copy, "0.5.16")).not.toBe(key);
  });
});

describe("a new embedded database", () => {
  it.each([
    ["on disk", { dataDir: "" }],
    ["in memory", { memory: true }],
  ])(
    "%s, opened from the snapshot, has every migration and the tables of one migrated from nothing",
    async (_, where) => {
      await ensureSnapshot(MIGRATIONS);
      const place = "dataDir" in where ? { dataDir: tempDir() } : where;
      const handle = await openDatabase({ ...place, poolSize: 1, migrationsFolder: MIGRATIONS });
      try {
        // Before migrate() runs: the snapshot alone already holds every migration.
        const applied = await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect((applied.rows[0] as { n: number }).n).toBe(journalEntries());
        await handle.migrate();
        const fromSnapshot = (await handle.db.execute(TABLES)).rows;

        const scratch = await PGlite.create();
        try {
          const db = drizzle(scratch);
          await migrate(db, { migrationsFolder: MIGRATIONS });
          expect(fromSnapshot).toEqual((await db.execute(TABLES)).rows);
        } finally {
          await scratch.close();
        }
      } finally {
        await handle.close();
      }
    },
  );

  it("does not use a snapshot made from other migrations", async () => {
    const copy = path.join(tempDir(), "drizzle");
    cpSync(MIGRATIONS, copy, { recursive: true });
    writeFileSync(path.join(copy, "0000_init.sql"), `${readFileSync(path.join(copy, "0000_init.sql"), "utf8")}\n--`);
    expect(await readSnapshot(MIGRATIONS)).toBeDefined();
    expect(await readSnapshot(copy)).toBeUndefined();
  });
});

describe("an existing embedded database", () => {
  it("is opened as it is: its data survives, whatever snapshot exists", async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir, poolSize: 1, migrationsFolder: MIGRATIONS });
    await first.migrate();
    await first.db.execute(sql`insert into site_settings (key, value) values ('snapshot.test', '"kept"')`);
    await first.close();

    const again = await openDatabase({ dataDir, poolSize: 1, migrationsFolder: MIGRATIONS });
    try {
      const rows = await again.db.execute(sql`select value from site_settings where key = 'snapshot.test'`);
      expect(rows.rows).toEqual([{ value: "kept" }]);
    } finally {
      await again.close();
    }
  });
});
