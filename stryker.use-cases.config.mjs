// Mutation testing of the money, ticket and fairness use-cases against the integration tests (PostgreSQL when
// TEST_DATABASE_URL is set, else the embedded database). Slow (every mutant runs the integration tests that cover
// it); not in CI. One area at a time, each with its modules and the integration files that exercise them
// (scripts/mutation-use-cases.mjs): `npm run test:mutation:use-cases -- <checkout|fulfilment|protection|...|all>`.
import domain from "./stryker.config.mjs";

process.env.MUTATION_SCOPE = "use-cases";
/** The area scripts/mutation-use-cases.mjs runs: each area has its own reports and incremental file. */
const area = process.env.MUTATION_AREA ?? "use-cases";

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...domain,
  // Stryker's Vitest runner replaces the config's pool with its own option, which defaults to threads; the
  // integration tests run in forks (vitest.config.ts), each file with its own embedded database, so keep them there.
  vitest: { ...domain.vitest, pool: "forks" },
  mutate: [
    "app/server/checkout/checkout.server.ts",
    "app/server/checkout/reservations.server.ts",
    "app/server/checkout/fulfilment.server.ts",
    "app/server/protection/player-protection.server.ts",
    "app/server/draws/manifest.server.ts",
    "app/server/draws/select.server.ts",
  ],
  htmlReporter: { fileName: `reports/mutation/use-cases-${area}.html` },
  jsonReporter: { fileName: `reports/mutation/use-cases-${area}.json` },
  // `-- <area> --incremental` re-runs only the mutants whose code or covering tests changed since the last run.
  incrementalFile: `reports/mutation/incremental-${area}.json`,
  // Module-level values are mutated too (the domain run skips them): each such mutant runs every test of the area,
  // with the app's modules loaded again while it is on (tests/support/mutation-module-reload.ts).
  ignoreStatic: false,
  thresholds: { high: 90, low: 80, break: null },
  timeoutMS: 60_000,
  // The initial run is every integration file on the embedded database with per-test coverage.
  dryRunTimeoutMinutes: 30,
  concurrency: 2,
};
