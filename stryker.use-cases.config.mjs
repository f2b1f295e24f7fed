// Mutation testing of the money and ticket use-cases against the integration tests on the embedded database:
// `npm run test:mutation:use-cases`. Slow (every mutant runs the related integration files); not in CI. One module at
// a time, with the integration files that exercise it:
// `MUTATION_TESTS=tests/integration/draws.test.ts npm run test:mutation:use-cases -- --mutate <file>`.
import domain from "./stryker.config.mjs";

process.env.MUTATION_SCOPE = "use-cases";

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
  htmlReporter: { fileName: "reports/mutation/use-cases.html" },
  jsonReporter: { fileName: "reports/mutation/use-cases.json" },
  thresholds: { high: 90, low: 80, break: null },
  timeoutMS: 60_000,
  // The initial run is every integration file on the embedded database with per-test coverage.
  dryRunTimeoutMinutes: 30,
  concurrency: 2,
};
