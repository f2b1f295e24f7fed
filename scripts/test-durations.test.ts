import { describe, expect, it } from "vitest";
import { slowestFirst } from "../tests/support/slowest-first";
import { durationsOf, merged } from "./test-durations";

describe("the slowest-first order of test files", () => {
  const durations: Record<string, number> = { a: 3, b: 40, c: 12, d: 12 };
  it("starts the files without a figure first, in the order given, then the longest", () => {
    expect(slowestFirst(["a", "new", "b", "c", "d", "other"], (f) => durations[f])).toEqual([
      "new",
      "other",
      "b",
      "c",
      "d",
      "a",
    ]);
    expect(slowestFirst(["d", "c"], (f) => durations[f])).toEqual(["d", "c"]);
  });

  it("reads each file's seconds from a Vitest JSON report (the longer of two), by path, and merges them sorted", () => {
    const report = {
      testResults: [
        { name: "/repo/tests/integration/b.test.ts", startTime: 1_000, endTime: 13_349 },
        { name: "/repo/tests/integration/a.test.ts", startTime: 0, endTime: 950 },
        { name: "/repo/tests/integration/b.test.ts", startTime: 0, endTime: 4_000 },
      ],
    };
    expect(durationsOf(report, "/repo", "integration:")).toEqual({
      "integration:tests/integration/b.test.ts": 12.3,
      "integration:tests/integration/a.test.ts": 1,
    });
    const out = merged({ z: 1, "tests/x.test.ts": 5 }, { "tests/x.test.ts": 7, a: 2 });
    expect(out).toEqual({ a: 2, "tests/x.test.ts": 7, z: 1 });
    expect(Object.keys(out)).toEqual(["a", "tests/x.test.ts", "z"]);
  });
});
