// Makes the pre-migrated embedded-database snapshot for the committed migrations (ADR 026): part of `npm run build`,
// so the first start on a fresh machine loads it instead of initialising a database from nothing.
import { existsSync } from "node:fs";
import path from "node:path";
import { ensureSnapshot, snapshotDirectory, snapshotFile } from "~/server/platform/pglite-snapshot.server";

const migrations = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");
const started = performance.now();
const found = existsSync(snapshotFile(migrations)) && existsSync(snapshotDirectory(migrations));
const file = await ensureSnapshot(migrations);
const how = found ? "already made" : `made in ${Math.round(performance.now() - started)} ms`;
console.log(`Embedded-database snapshot ${path.relative(process.cwd(), file)}: ${how}`);
