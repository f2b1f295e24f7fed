// Mutation testing of the pure domain rules against their unit tests: `npm run test:mutation`.
// Scores and the survivors judged equivalent are recorded in docs/quality.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.mutation.config.ts" },
  mutate: ["app/domain/**/*.ts", "!app/domain/**/*.test.ts", "!app/domain/common-passwords.ts"],
  coverageAnalysis: "perTest",
  // Module-level constants (static mutants) re-run every test of their file; they are 18% of mutants and 88% of
  // the time, and the tests that read those constants cover them. Turn off to measure them too.
  ignoreStatic: true,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/domain.html" },
  jsonReporter: { fileName: "reports/mutation/domain.json" },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
