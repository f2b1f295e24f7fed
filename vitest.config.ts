import { defineConfig } from "vitest/config";

const alias = { "~": new URL("./app", import.meta.url).pathname };
const usePostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The journeys that also run end to end on the embedded database when PostgreSQL is the main engine. */
const EMBEDDED_JOURNEYS = [
  "tests/e2e/auth.test.ts",
  "tests/e2e/basket.test.ts",
  "tests/e2e/checkout.test.ts",
  "tests/e2e/competition-detail.test.ts",
  "tests/e2e/admin-journey.test.ts",
];

function e2eProject(name: string, include: string[], env: Record<string, string>) {
  return {
    resolve: { alias },
    // The built server in this process sets NODE_ENV=production, whose React has no jsxDEV: source run from a test
    // (the lifecycle job's e-mails, rendered with react-email) must use the production JSX runtime too.
    esbuild: { jsx: "automatic" as const, jsxDev: false },
    test: {
      name,
      include,
      // The built server runs natively in Node, as in production, with one copy of react-router.
      server: { deps: { external: [/\/server\/index\.js$/, /\/server\/assets\//, /\/server\/main\.js$/] } },
      env: { NODE_ENV: "test", ...env },
      testTimeout: 60_000,
      hookTimeout: 180_000,
      pool: "forks" as const,
      poolOptions: { forks: { singleFork: true } },
      isolate: false,
    },
  };
}

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
      e2eProject("e2e", ["tests/e2e/**/*.test.ts"], {}),
      // With PostgreSQL in use, the main journeys run on the embedded database too: the one a newcomer starts with.
      ...(usePostgres ? [e2eProject("e2e-pglite", EMBEDDED_JOURNEYS, { TEST_DB_ENGINE: "pglite" })] : []),
    ],
  },
});
