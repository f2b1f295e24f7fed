// Vitest configurations for mutation testing (stryker*.config.mjs): one project at a time, no workspace.
import { defineConfig } from "vitest/config";

const alias = { "~": new URL("./app", import.meta.url).pathname };
const useCases = process.env.MUTATION_SCOPE === "use-cases";
/** The integration files a use-case run uses: all by default, or a comma-separated list (MUTATION_TESTS). */
const useCaseTests = process.env.MUTATION_TESTS?.split(",") ?? ["tests/integration/**/*.test.ts"];

export default defineConfig({
  resolve: { alias },
  test: useCases
    ? {
        include: useCaseTests,
        env: { NODE_ENV: "test", TEST_DB_ENGINE: "pglite" },
        testTimeout: 60_000,
        hookTimeout: 120_000,
        pool: "forks",
      }
    : { include: ["app/domain/**/*.test.ts"], environment: "node" },
});
