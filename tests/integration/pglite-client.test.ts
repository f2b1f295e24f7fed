// The embedded database's client as drizzle gets it (app/server/platform/pglite-client.server.ts): drizzle's parsers
// are installed once and no longer sent with each query, and every value reads back exactly as before.
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { date, integer, interval, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { withParsersInstalled } from "~/server/platform/pglite-client.server";

const moments = pgTable("moments", {
  id: serial("id").primaryKey(),
  label: text("label").notNull(),
  at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
  local: timestamp("local", { mode: "string" }).notNull(),
  day: date("day").notNull(),
  span: interval("span").notNull(),
  amount: numeric("amount").notNull(),
  amounts: numeric("amounts").array().notNull(),
  times: timestamp("times", { withTimezone: true, mode: "string" }).array().notNull(),
  count: integer("count").notNull(),
});

const ROW = {
  label: "first",
  at: new Date("2026-11-27T08:30:15.123Z"),
  local: "2026-03-29 01:30:00",
  day: "2026-02-28",
  span: "1 day 02:03:04",
  amount: "12.50",
  amounts: ["1.10", "2.25"],
  times: ["2026-01-01 00:00:00+00", "2026-06-01 12:00:00+00"],
  count: 7,
};

let plain: PGlite;
let wrapped: PGlite;

beforeAll(async () => {
  [plain, wrapped] = await Promise.all([PGlite.create(), PGlite.create()]);
  const create = sql`create table moments (id serial primary key, label text not null, at timestamptz not null,
    local timestamp not null, day date not null, span interval not null, amount numeric not null,
    amounts numeric[] not null, times timestamptz[] not null, count integer not null)`;
  for (const client of [plain, wrapped]) await drizzle(client).execute(create);
});
afterAll(async () => {
  await Promise.all([plain?.close(), wrapped?.close()]);
});

/** The same writes and reads through drizzle, inside and outside a transaction, on a client as given. */
async function readBack(client: PGlite) {
  const db = drizzle(client);
  const inserted = await db.insert(moments).values(ROW).returning();
  const selected = await db.select().from(moments);
  const raw = await db.execute(sql`select at, local, day, span, amounts, times, now() > at as later from moments`);
  const inTransaction = await db.transaction(async (tx) => {
    await tx.insert(moments).values({ ...ROW, label: "second" });
    return {
      selected: await tx.select().from(moments),
      raw: (await tx.execute(sql`select day, span, times from moments order by id`)).rows,
    };
  });
  return { inserted, selected, raw: raw.rows, inTransaction };
}

describe("the embedded database's client with drizzle's parsers installed", () => {
  it("reads every type back as drizzle does on a plain client, and sends queries without parsers", async () => {
    const client = withParsersInstalled(wrapped);
    const sent = vi.spyOn(wrapped, "query");
    const expected = await readBack(plain);
    const actual = await readBack(client);
    expect(actual).toEqual(expected);
    // drizzle's mapping, unchanged: a Date for a timestamptz in date mode, text for the others.
    expect(actual.selected[0]).toMatchObject({ at: ROW.at, day: ROW.day, span: "1 day 02:03:04" });
    expect(actual.selected[0]?.amounts).toEqual(ROW.amounts);
    expect(sent.mock.calls.length).toBeGreaterThan(0);
    expect(sent.mock.calls.map(([, , options]) => options?.parsers)).toEqual(sent.mock.calls.map(() => undefined));
    sent.mockRestore();
  });

  it("refuses a query that brings a different set of parsers instead of reading it with drizzle's", async () => {
    const client = withParsersInstalled(await PGlite.create());
    try {
      await drizzle(client).execute(sql`select 1`);
      await expect(client.query("select now()", [], { parsers: { 1184: (value) => value } })).rejects.toThrow(
        /a query asked for 1184/,
      );
    } finally {
      await client.close();
    }
  });
});
