// A pre-migrated embedded database (ADR 026). A new PGlite database costs about 4 s of CPU to initialise (initdb in
// WebAssembly); loading a data directory dumped after the migrations costs well under one. The snapshot is made once
// per set of migrations and PGlite version (`npm run build` makes it, tests make it on first use) and kept as a gzip
// tarball in node_modules/.cache/paddock, named by a hash of what it was made from, so a changed migration or a new
// PGlite simply finds no snapshot. The migrations still run after loading one: a snapshot can save time, never decide
// the schema.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

/** Every file under `dir` (relative paths, sorted), so the hash does not depend on the order the disk lists them. */
function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const relative = path.join(prefix, entry.name);
      return entry.isDirectory() ? filesUnder(dir, relative) : [relative];
    })
    .sort();
}

/** The installed PGlite's version: a snapshot is a data directory of that exact build. */
function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve("@electric-sql/pglite"));
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "@electric-sql/pglite" && pkg.version) return pkg.version;
    }
  }
  throw new Error("Cannot find the installed @electric-sql/pglite version");
}

/** What a snapshot is made from: every migration file's name and content, and the PGlite version. */
export function snapshotKey(migrationsFolder: string, version = pgliteVersion()): string {
  const hash = createHash("sha256").update(`pglite ${version}\n`);
  for (const file of filesUnder(migrationsFolder)) {
    hash
      .update(`${file}\n`)
      .update(readFileSync(path.join(migrationsFolder, file)))
      .update("\n");
  }
  return hash.digest("hex").slice(0, 32);
}

/** Where the snapshot for these migrations lives: the project's node_modules/.cache, beside the migrations folder. */
export function snapshotFile(migrationsFolder: string): string {
  const cache = path.join(path.dirname(path.resolve(migrationsFolder)), "node_modules", ".cache", "paddock");
  return path.join(cache, `pglite-${snapshotKey(migrationsFolder)}.tar.gz`);
}

/**
 * The same snapshot as a closed data directory, for new databases on disk: copying it is a fraction of the cost of
 * unpacking the tarball through PGlite's virtual file system.
 */
export function snapshotDirectory(migrationsFolder: string): string {
  return snapshotFile(migrationsFolder).replace(/\.tar\.gz$/, "");
}

/** The snapshot for these migrations, or undefined when none has been made (or it was made from others). */
export async function readSnapshot(migrationsFolder: string): Promise<Blob | undefined> {
  const file = snapshotFile(migrationsFolder);
  if (!existsSync(file)) return undefined;
  return new Blob([await readFile(file)]);
}

/**
 * Makes the snapshot unless it exists: a new in-memory database, migrated, dumped. Written to a temporary name and
 * renamed, so a reader never sees half a file and two processes making it at once both leave a whole one.
 */
export async function ensureSnapshot(migrationsFolder: string): Promise<string> {
  const file = snapshotFile(migrationsFolder);
  const directory = snapshotDirectory(migrationsFolder);
  if (existsSync(file) && existsSync(directory)) return file;
  const partial = (name: string) => `${name}.${process.pid}.${Date.now()}.partial`;
  const client = await PGlite.create();
  let dump: Blob;
  try {
    await migrate(drizzle(client), { migrationsFolder });
    dump = await client.dumpDataDir("gzip");
  } finally {
    await client.close();
  }
  await mkdir(path.dirname(file), { recursive: true });
  const partialFile = partial(file);
  await writeFile(partialFile, Buffer.from(await dump.arrayBuffer()));
  await rename(partialFile, file);
  // The directory: unpacked once by PGlite itself and closed cleanly, then moved into place whole.
  const partialDirectory = partial(directory);
  const unpacked = await PGlite.create(partialDirectory, { loadDataDir: dump });
  await unpacked.close();
  try {
    await rename(partialDirectory, directory);
  } catch (error) {
    // Another process put its own in place first: theirs is as good as ours.
    await rm(partialDirectory, { recursive: true, force: true });
    if (!existsSync(directory)) throw error;
  }
  return file;
}
