import { defineConfig } from "vitest/config";
import { SlowestFirstSequencer } from "./tests/support/slowest-first";
import { e2eProjects } from "./vitest.e2e.projects";

/**
 * `npm run test:e2e`: the end-to-end files two processes at a time. Each process starts its own built server on its
 * own database (tests/e2e/support/app.ts) and its own Chromium, and keeps them for every file it runs, so processes
 * are reused between files (isolate: false), never shared between two files at once.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    minWorkers: 1,
    // The slowest files start first (tests/durations.json), so the two processes end together.
    sequence: { sequencer: SlowestFirstSequencer },
    poolOptions: { forks: { isolate: false } },
    projects: e2eProjects({ singleFork: false }),
  },
});
