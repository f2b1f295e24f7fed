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
  "tests/integration/fulfil-batch.test.ts",
  "tests/integration/chosen-numbers.test.ts",
  "tests/integration/promo-codes-race.test.ts",
  "tests/integration/site-credit-race.test.ts",
  "tests/integration/roles.test.ts",
  "tests/integration/realtime.test.ts",
  "tests/integration/migrations-concurrent.test.ts",
  "tests/integration/database-outage.test.ts",
];
/**
 * The integration files that need a module graph of their own: they count or replace the app's module loads
 * (vi.mock), so they run in a fresh worker thread each instead of a process shared with other files.
 */
const OWN_MODULES = ["tests/integration/payment-stand-in-switch.test.ts"];

type Engine = "pglite" | "postgres";

/**
 * An integration project: every file makes its own services on its own database (tests/support/services.ts), so
 * files share their process's loaded modules (the forks pool's isolate: false, set below) and skip importing the app
 * again for each file; the OWN_MODULES files are the exception.
 */
function integrationProject(name: string, engine: Engine, include: string[], ownModules = false) {
  const setup =
    engine === "pglite"
      ? // Each file opens its own embedded database from the pre-migrated snapshot (ADR 026).
        { globalSetup: ["tests/support/pglite-snapshot-setup.ts"] }
      : usePostgres
        ? {}
        : // Without TEST_DATABASE_URL: a PostgreSQL server this project starts for itself.
          {
            globalSetup: ["tests/support/embedded-postgres.ts"],
            setupFiles: ["tests/support/embedded-postgres-env.ts"],
          };
  return {
    ...shared,
    test: {
      name,
      include: ownModules ? include.filter((file) => OWN_MODULES.includes(file)) : include,
      exclude: ownModules ? [] : OWN_MODULES,
      ...setup,
      env: { NODE_ENV: "test", TEST_DB_ENGINE: engine },
      testTimeout: 60_000,
      hookTimeout: 120_000,
      pool: ownModules ? ("threads" as const) : ("forks" as const),
    },
  };
}

const ALL_INTEGRATION = ["tests/integration/**/*.test.ts"];

export default defineConfig({
  ...shared,
  test: {
    maxWorkers: 2,
    // Processes are reused from file to file (a project's files share loaded modules); see integrationProject.
    poolOptions: { forks: { isolate: false } },
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
          // Worker threads, each file with modules of its own.
          pool: "threads",
        },
      },
      integrationProject("integration", "pglite", ALL_INTEGRATION),
      integrationProject("integration-own-modules", "pglite", OWN_MODULES, true),
      // Without TEST_DATABASE_URL the tests that need real concurrent connections (PGlite runs one transaction at a
      // time) still run: on a PostgreSQL server this project starts for itself (tests/support/embedded-postgres.ts).
      ...(usePostgres
        ? [
            integrationProject("integration-postgres", "postgres", ALL_INTEGRATION),
            integrationProject("integration-postgres-own-modules", "postgres", OWN_MODULES, true),
          ]
        : [integrationProject("integration-concurrency", "postgres", POSTGRES_ONLY)]),
      // One file at a time in one process here (`npx vitest run --project e2e <file>`); `npm run test:e2e` runs them
      // two processes at a time with vitest.e2e.config.ts.
      ...e2eProjects({ singleFork: true }),
    ],
  },
});
