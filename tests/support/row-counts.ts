import { count, isTable } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import * as schema from "~/db/schema";
import type { Services } from "~/server/platform/services.server";

/** Every table in app/db/schema, by its export name: a table added later is counted the day it is added. */
const TABLES = Object.entries(schema)
  .filter(([, value]) => isTable(value))
  .map(([name, table]) => [name, table as PgTable] as const);

/** The number of rows in each table, by name; two calls compare equal when nothing was written between them. */
export async function rowCounts(services: Services): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of TABLES) counts[name] = (await services.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return counts;
}
