import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadEnv } from "~/server/platform/env.server";
import { logger } from "~/server/platform/logger.server";
import { closeServices, createServices, type Services } from "~/server/platform/services.server";
import { createTestPostgresUrl, dropTestPostgres } from "./database";

export type TestServices = Services & { dispose(): Promise<void> };

/** Real services on a fresh database: in-memory PGlite, or a new PostgreSQL database when TEST_DB_ENGINE=postgres. */
export async function createTestServices(overrides: Record<string, string> = {}): Promise<TestServices> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "paddock-test-"));
  const databaseUrl = await createTestPostgresUrl();
  const env = loadEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    BASE_URL: "http://localhost:3999",
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    // Tests create checkout sessions faster than Stripe's sandbox allows; the rate limit's own tests turn it on,
    // and the payment queue's (payment-queue.test.ts) set the app's pace: otherwise sessions are made at once.
    STRIPE_STANDIN_RATE_LIMIT: "0",
    PAYMENT_PROVIDER_RATE: "10000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...overrides,
  });
  const services = await createServices(env, logger.child({ test: true }), { memoryDatabase: !databaseUrl });
  return Object.assign(services, {
    async dispose() {
      await closeServices(services);
      await dropTestPostgres(databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
