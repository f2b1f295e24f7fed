import { defineConfig } from "vitest/config";

const alias = { "~": new URL("./app", import.meta.url).pathname };
const usePostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["app/**/*.test.ts", "app/**/*.test.tsx"], environment: "node" },
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
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          // The built server runs natively in Node, as in production, with one copy of react-router.
          server: { deps: { external: [/\/server\/index\.js$/, /\/server\/assets\//, /\/server\/main\.js$/] } },
          env: { NODE_ENV: "test" },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
          isolate: false,
        },
      },
    ],
  },
});
