import { defineConfig } from "vitest/config";
import { SlowestFirstSequencer } from "./tests/support/slowest-first";
import { assetsInlineLimit } from "./vite.assets";
import { e2eProjects } from "./vitest.e2e.projects";

const alias = { "~": new URL("./app", import.meta.url).pathname };
/** Every project resolves `~` to app/ and treats imported files as the build does. */
const shared = { resolve: { alias }, build: { assetsInlineLimit } };
const usePostgres = Boolean(process.env.TEST_DATABASE_URL);
/** The integration files with tests that only PostgreSQL can run (real concurrent transactions). */
const POSTGRES_ONLY = [
  "tests/integration/checkout-race.test.ts",
  "tests/integration/chosen-numbers.test.ts",
  "tests/integration/promo-codes-race.test.ts",
  "tests/integration/site-credit-race.test.ts",
  "tests/integration/roles.test.ts",
  "tests/integration/realtime.test.ts",
  "tests/integration/migrations-concurrent.test.ts",
  "tests/integration/database-outage.test.ts",
];

export default defineConfig({
  ...shared,
  test: {
    maxWorkers: 2,
    // The slowest files start first (tests/durations.json), so the two workers end together.
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "scripts/**/*.test.ts"],
          environment: "node",
          // Property tests run thousands of cases; a busy machine must not turn them into timeouts.
          testTimeout: 30_000,
        },
      },
      {
        ...shared,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Each file opens its own embedded database from the pre-migrated snapshot (ADR 026).
          globalSetup: ["tests/support/pglite-snapshot-setup.ts"],
          env: { NODE_ENV: "test", TEST_DB_ENGINE: "pglite" },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
      // Without TEST_DATABASE_URL the tests that need real concurrent connections (PGlite runs one transaction at a
      // time) still run: on a PostgreSQL server this project starts for itself (tests/support/embedded-postgres.ts).
      ...(usePostgres
        ? []
        : [
            {
              ...shared,
              test: {
                name: "integration-concurrency",
                include: POSTGRES_ONLY,
                env: { NODE_ENV: "test", TEST_DB_ENGINE: "postgres" },
                globalSetup: ["tests/support/embedded-postgres.ts"],
                setupFiles: ["tests/support/embedded-postgres-env.ts"],
                testTimeout: 60_000,
                hookTimeout: 120_000,
                pool: "forks" as const,
              },
            },
          ]),
      ...(usePostgres
        ? [
            {
              ...shared,
              test: {
                name: "integration-postgres",
                include: ["tests/integration/**/*.test.ts"],
                env: { NODE_ENV: "test", TEST_DB_ENGINE: "postgres" },
                testTimeout: 60_000,
                hookTimeout: 120_000,
                pool: "forks" as const,
              },
            },
          ]
        : []),
      // One file at a time in one process here (`npx vitest run --project e2e <file>`); `npm run test:e2e` runs them
      // two processes at a time with vitest.e2e.config.ts.
      ...e2eProjects({ singleFork: true }),
    ],
  },
});
