// The order test files start in: the slowest first, so the two workers end together instead of one running a long
// file alone at the end. Vitest's own sequencer does that only from its cache of the last run's durations
// (node_modules/.vite, empty on CI's clean clone, where it falls back to the largest file first). This one reads the
// durations recorded in tests/durations.json (`npm run test:durations -- <vitest JSON report>` updates them) and
// falls back to Vitest's order for files it has no figure for, which run first (a new file may be a slow one).
import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds per test file, as last recorded: by `<project>:<path>` where a file runs in two projects at different
 * speeds (an engine each), else by its path from the root.
 */
export type Durations = Record<string, number>;

export const DURATIONS_FILE = new URL("../durations.json", import.meta.url);

function recorded(): Durations {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, "utf8")) as Durations;
  } catch {
    return {};
  }
}

/**
 * Files with a recorded duration, longest first, after the files without one (in the order given). Stable, so equal
 * durations keep the base order.
 */
export function slowestFirst<T>(files: readonly T[], durationOf: (file: T) => number | undefined): T[] {
  const unknown = files.filter((file) => durationOf(file) === undefined);
  const known = files.filter((file) => durationOf(file) !== undefined);
  return [...unknown, ...known.sort((a, b) => (durationOf(b) as number) - (durationOf(a) as number))];
}

export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = recorded();
    const root = this.ctx.config.root;
    const base = await super.sort(files);
    return slowestFirst(base, (spec) => {
      const file = path.relative(root, spec.moduleId).split(path.sep).join("/");
      return durations[`${spec.project.name}:${file}`] ?? durations[file];
    });
  }
}
