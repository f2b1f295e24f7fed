import { describe, expect, it } from "vitest";
import { chooseLoadGenerator, parseWrkReport, wrkMilliseconds } from "./load-generator";

// What wrk 4.1 printed for a run on / here (`wrk -t1 -c50 -d5s --latency`).
const REPORT = `Running 5s test @ http://localhost:7777/
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.95ms    1.24ms  24.83ms   94.88%
    Req/Sec    26.85k     1.89k   29.40k    84.00%
  Latency Distribution
     50%  812.34us
     75%    2.14ms
     90%    2.71ms
     99%    1.02s
  133523 requests in 5.00s, 1.35GB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 12
Requests/sec:  26708.13
Transfer/sec:    276.12MB
`;

describe("wrk's report", () => {
  it("gives requests per second, the median and 99th percentile in milliseconds, and every error", () => {
    const figures = parseWrkReport(REPORT);
    expect(figures).toMatchObject({ rps: 26708.13, p99: 1020, errors: 15 });
    expect(figures.p50).toBeCloseTo(0.81234, 9);
  });

  it("without errors counts none", () => {
    const clean = REPORT.replace(/ {2}Socket errors.*\n/, "").replace(/ {2}Non-2xx.*\n/, "");
    expect(parseWrkReport(clean).errors).toBe(0);
  });

  it("refuses a report without figures rather than reading zero", () => {
    expect(() => parseWrkReport("unable to connect to localhost:1 Connection refused")).toThrow(/no figures/);
  });

  it("reads each unit of duration", () => {
    expect([wrkMilliseconds("250us"), wrkMilliseconds("1.5ms"), wrkMilliseconds("2s"), wrkMilliseconds("1m")]).toEqual([
      0.25, 1.5, 2000, 60_000,
    ]);
    expect(() => wrkMilliseconds("3 weeks")).toThrow();
  });
});

describe("the load generator", () => {
  it("is autocannon when asked for, and refuses a name it does not know", () => {
    expect(chooseLoadGenerator("autocannon").name).toBe("autocannon");
    expect(() => chooseLoadGenerator("ab")).toThrow(/wrk or autocannon/);
  });
});
