// Backups (docs/operations.md, "Backups"): a backup taken while the site runs restores to the same orders, tickets and
// draws, on the engine in use: PGlite dumped by the process that has it open, PostgreSQL with pg_dump and pg_restore.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  backupPglite,
  backupPostgres,
  pgliteClientOf,
  pgliteDirectory,
  restorePglite,
  restorePostgres,
} from "~/server/platform/backup.server";
import { createTestPostgresUrl, dropTestPostgres } from "../support/database";
import { writeSaleData } from "../support/sale-data";
import { createTestServices, type TestServices } from "../support/services";

const folder = mkdtempSync(path.join(os.tmpdir(), "paddock-backup-"));
let services: TestServices;
let restoredUrl: string | undefined;

beforeAll(async () => {
  services = await createTestServices();
  await writeSaleData(services.db);
});
afterAll(async () => {
  await services?.dispose();
  await dropTestPostgres(restoredUrl);
  rmSync(folder, { recursive: true, force: true });
});

/** Every row of what a backup must keep, in a stable order. */
const CONTENTS = `
  select json_build_object(
    'orders', (select json_agg(o order by o.id) from orders o),
    'lines', (select json_agg(l order by l.id) from order_lines l),
    'tickets', (select json_agg(t order by t.id) from tickets t),
    'competitions', (select json_agg(json_build_object('id', c.id, 'sold', c.tickets_sold, 'status', c.status,
       'winner', c.winner_ticket_number) order by c.id) from competitions c),
    'draws', (select json_agg(d order by d.id) from draws d)
  )::text as contents`;

async function contentsOf(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<unknown> {
  const { rows } = await query(CONTENTS);
  return JSON.parse((rows[0] as { contents: string }).contents);
}

it("a backup taken while the site runs restores to the same orders, tickets and draws", async () => {
  const live = await contentsOf((text) => services.db.execute(sql.raw(text)));
  expect(live).toMatchObject({ orders: expect.any(Array), tickets: expect.any(Array), draws: expect.any(Array) });
  const file = path.join(folder, "backup");

  if (services.handle.kind === "pglite") {
    await backupPglite(pgliteClientOf(services.db), file);
    const dataDir = path.join(folder, "restored");
    await restorePglite(file, dataDir);
    const restored = await PGlite.create(pgliteDirectory(dataDir));
    try {
      expect(await contentsOf((text) => restored.query(text))).toEqual(live);
    } finally {
      await restored.close();
    }
    await expect(restorePglite(file, dataDir)).rejects.toThrow(/already holds a database/);
  } else {
    const url = services.env.DATABASE_URL;
    if (!url) throw new Error("a PostgreSQL engine has DATABASE_URL");
    await backupPostgres(url, file);
    restoredUrl = await createTestPostgresUrl();
    if (!restoredUrl) throw new Error("PostgreSQL is in use, so a second database can be made");
    await restorePostgres(restoredUrl, file);
    const restored = new pg.Client({ connectionString: restoredUrl });
    await restored.connect();
    try {
      expect(await contentsOf((text) => restored.query(text))).toEqual(live);
    } finally {
      await restored.end();
    }
  }
});
