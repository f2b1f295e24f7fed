// Upgrades (docs/operations.md, "Upgrades"): a database made and filled by the previous release, whose schema is every
// migration but the newest ones, is migrated forward by this release at start, keeps its data, and serves.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { parseListQuery } from "~/schemas/competition-query";
import { listPublicCompetitions } from "~/server/catalogue/competitions.server";
import { reconcileOnce } from "~/server/checkout/reconciler.server";
import { loadEnv } from "~/server/platform/env.server";
import { logger } from "~/server/platform/logger.server";
import { closeServices, createServices, type Services } from "~/server/platform/services.server";
import { createTestPostgresUrl, dropTestPostgres } from "../support/database";
import { writeSaleData } from "../support/sale-data";

/** How many of the newest migrations the previous release did not have. */
const NEWER_MIGRATIONS = 3;

type Journal = { entries: { idx: number; tag: string }[] };
const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as Journal & Record<string, unknown>;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "paddock-upgrade-"));
let url: string | undefined;
const opened: Services[] = [];

afterAll(async () => {
  for (const services of opened) await closeServices(services).catch(() => {});
  await dropTestPostgres(url);
  rmSync(dataDir, { recursive: true, force: true });
});

/** The previous release's migrations folder: this one's, without its newest migrations. */
function previousReleaseMigrations(): string {
  const folder = path.join(dataDir, "previous-drizzle");
  mkdirSync(path.join(folder, "meta"), { recursive: true });
  const entries = journal.entries.slice(0, -NEWER_MIGRATIONS);
  for (const { tag } of entries) copyFileSync(`drizzle/${tag}.sql`, path.join(folder, `${tag}.sql`));
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return folder;
}

async function open(migrationsDir: string) {
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    BASE_URL: "http://localhost:3999",
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    MIGRATIONS_DIR: migrationsDir,
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const services = await createServices(env, logger.child({ test: true }));
  opened.push(services);
  return services;
}

async function contents(services: Services) {
  const result = await services.db.execute(sql`
    select (select count(*)::int from competitions) as competitions,
           (select count(*)::int from orders where payment_status = 'paid') as paid_orders,
           (select count(*)::int from tickets) as tickets,
           (select coalesce(sum(tickets_sold), 0)::int from competitions) as sold`);
  return result.rows[0];
}

it("a database made by the previous release is migrated forward at start, keeps its data, and serves", async () => {
  url = await createTestPostgresUrl();
  const previous = await open(previousReleaseMigrations());
  await writeSaleData(previous.db);
  const before = await contents(previous);
  expect(before).toEqual({ competitions: 2, paid_orders: 1, tickets: 3, sold: 5 });
  await closeServices(previous);
  opened.pop();

  const current = await open("drizzle");
  const applied = await current.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  expect(applied.rows[0]).toEqual({ n: journal.entries.length });
  expect(await contents(current)).toEqual(before);
  // The new release's work runs on the old data: the public list, and a reconciler pass over its orders.
  const list = await listPublicCompetitions(current.db, parseListQuery(new URLSearchParams()), current.now());
  expect(list.competitions.length).toBeGreaterThan(0);
  const report = await reconcileOnce(current);
  expect(report).toMatchObject({ checked: 1, errors: 0 });
  const released = await current.db.execute(
    sql`select payment_status as status from orders where payment_status <> 'paid'`,
  );
  expect(released.rows).toEqual([{ status: "expired" }]);
});
