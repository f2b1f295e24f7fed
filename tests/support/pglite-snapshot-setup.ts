// Vitest global set-up: makes the pre-migrated embedded-database snapshot once per run (ADR 026), before any test
// file opens its own embedded database from it.
import path from "node:path";
import { ensureSnapshot } from "~/server/platform/pglite-snapshot.server";

export default async function setup() {
  await ensureSnapshot(path.resolve("drizzle"));
}
