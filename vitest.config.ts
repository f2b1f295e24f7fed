import { defineConfig } from "vitest/config";
import { e2eProjects } from "./vitest.e2e.projects";

const alias = { "~": new URL("./app", import.meta.url).pathname };
const usePostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx"],
          environment: "node",
          // Property tests run thousands of cases; a busy machine must not turn them into timeouts.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
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
      ...(usePostgres
        ? [
            {
              resolve: { alias },
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
