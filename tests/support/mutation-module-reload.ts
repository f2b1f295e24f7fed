// Setup file of the use-case mutation runs (vitest.mutation.config.ts). The runs keep one process per test runner and
// the app's modules loaded from file to file (isolate: false), which makes them fast. A mutant in a value that a
// module makes once, when it loads (a constant's string, a set, a module-level arrow function), takes effect only if
// the module loads while that mutant is on. Stryker runs such a mutant ("static": `ignoreStatic: false` in
// stryker.use-cases.config.mjs) with every test and switches it on before the test file is imported
// (`mutantActivation: "static"`). So the first file a process runs for a static mutant loads the app's modules again,
// with the mutant on, and the first file after it loads them again without it: no mutant outlives its own run. Other
// mutants are read when the code runs and need no reload. The packages (pg, drizzle, React) are Node's own modules
// and stay loaded.
import { inject, vi } from "vitest";

type StrykerValues = { mode: "dry-run" | "mutant"; mutantActivation: "static" | "runtime"; activeMutant: string };
const provided = <K extends keyof StrykerValues>(key: K) => inject(key as never) as StrykerValues[K] | undefined;

const state = globalThis as typeof globalThis & { __paddockModulesLoadedWith?: string };

const staticMutant = provided("mode") === "mutant" && provided("mutantActivation") === "static";
const wanted = staticMutant ? `mutant ${provided("activeMutant")}` : "no static mutant";
if ((state.__paddockModulesLoadedWith ?? "no static mutant") !== wanted) vi.resetModules();
state.__paddockModulesLoadedWith = wanted;
