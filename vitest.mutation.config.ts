// Vitest configurations for mutation testing (stryker*.config.mjs): one project at a time, no workspace.
import { defineConfig } from "vitest/config";
import { assetsInlineLimit } from "./vite.assets";

const alias = { "~": new URL("./app", import.meta.url).pathname };
const useCases = process.env.MUTATION_SCOPE === "use-cases";
/** The integration files a use-case run uses: all by default, or a comma-separated list (MUTATION_TESTS). */
const useCaseTests = process.env.MUTATION_TESTS?.split(",") ?? ["tests/integration/**/*.test.ts"];
/**
 * The engine a use-case run's integration tests use: PostgreSQL when TEST_DATABASE_URL names a server (each test
 * file makes its own database, the concurrency tests run too, and setting up a file is cheaper than an embedded
 * database), otherwise the embedded database.
 */
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

export default defineConfig({
  build: { assetsInlineLimit },
  resolve: { alias },
  test: useCases
    ? {
        include: useCaseTests,
        env: { NODE_ENV: "test", TEST_DB_ENGINE: engine },
        testTimeout: 60_000,
        hookTimeout: 120_000,
        pool: "forks",
        // One process keeps the app's modules loaded from file to file within a mutant's run, as in CI
        // (vitest.config.ts): a root setting in Vitest 3, which Stryker's runner merges with its own pool size.
        // Code in functions reads the active mutant when it runs, so switching those mutants needs no reload.
        poolOptions: { forks: { isolate: false } },
        // A mutant in a module-level value needs the module loaded again while it is on (the file says how).
        setupFiles: ["tests/support/mutation-module-reload.ts"],
      }
    : { include: ["app/domain/**/*.test.ts"], environment: "node" },
});
