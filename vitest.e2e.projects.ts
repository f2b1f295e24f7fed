// The end-to-end projects, shared by vitest.config.ts (one process, a file at a time) and vitest.e2e.config.ts
// (two processes at once, each with its own built server, database and browser).

import { assetsInlineLimit } from "./vite.assets";

const alias = { "~": new URL("./app", import.meta.url).pathname };

/** The journeys that also run end to end on the embedded database when PostgreSQL is the main engine. */
const EMBEDDED_JOURNEYS = [
  "tests/e2e/auth.test.ts",
  "tests/e2e/basket.test.ts",
  "tests/e2e/checkout.test.ts",
  "tests/e2e/competition-detail.test.ts",
  "tests/e2e/admin-journey.test.ts",
];

function e2eProject(name: string, include: string[], env: Record<string, string>, singleFork: boolean) {
  return {
    resolve: { alias },
    build: { assetsInlineLimit },
    // The built server in this process sets NODE_ENV=production, whose React has no jsxDEV: source run from a test
    // (the lifecycle job's e-mails, rendered with react-email) must use the production JSX runtime too.
    esbuild: { jsx: "automatic" as const, jsxDev: false },
    test: {
      name,
      include,
      // The built server runs natively in Node, as in production, with one copy of react-router.
      server: { deps: { external: [/\/server\/index\.js$/, /\/server\/assets\//, /\/server\/main\.js$/] } },
      env: { NODE_ENV: "test", ...env },
      // Each file closes the browser contexts it opened (a process keeps its browser from file to file).
      setupFiles: ["tests/e2e/support/close-contexts.setup.ts"],
      testTimeout: 60_000,
      hookTimeout: 180_000,
      pool: "forks" as const,
      poolOptions: { forks: { singleFork } },
      // Files in one process share its server (tests/e2e/support/app.ts starts it once per process).
      isolate: false,
    },
  };
}

/** `e2e` on the main engine, and with PostgreSQL in use, the main journeys again on the embedded one (`e2e-pglite`). */
export function e2eProjects({ singleFork }: { singleFork: boolean }) {
  const usePostgres = Boolean(process.env.TEST_DATABASE_URL);
  return [
    e2eProject("e2e", ["tests/e2e/**/*.test.ts"], {}, singleFork),
    ...(usePostgres ? [e2eProject("e2e-pglite", EMBEDDED_JOURNEYS, { TEST_DB_ENGINE: "pglite" }, singleFork)] : []),
  ];
}
