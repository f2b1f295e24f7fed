// The load generator of the pages runs. wrk (C, Debian's `wrk` package) when it is installed, autocannon otherwise
// (or when BENCH_LOAD_GENERATOR says so). autocannon runs in Node, in the benchmark's own process: on a two-core
// machine it spent a whole core reading the app's cached pages (9 kB of Brotli and 1.4 kB of headers each) while the
// app was half idle, so it measured itself; wrk's one thread reads the same responses with a fraction of that.
import { spawnSync } from "node:child_process";
import autocannon from "autocannon";
import { runCommand } from "./support";

export type LoadResult = { rps: number; p50: number; p99: number; errors: number };
export type LoadGenerator = {
  name: string;
  /** `connections` kept busy on `url` for `seconds`, after a second of warm-up. */
  run(url: string, seconds: number, connections: number, headers: Record<string, string>): Promise<LoadResult>;
};

const autocannonGenerator: LoadGenerator = {
  name: "autocannon",
  async run(url, seconds, connections, headers) {
    await autocannon({ url, connections, duration: 1, headers });
    const r = await autocannon({ url, connections, duration: seconds, headers });
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
  },
};

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** A wrk duration ("812.34us", "1.95ms", "1.02s") in milliseconds. */
export function wrkMilliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`not a wrk duration: ${text}`);
  return Number(match[1]) * (UNIT_MS[match[2] as string] as number);
}

/** The figures of wrk's report (run with --latency): requests per second, median and 99th percentile, errors. */
export function parseWrkReport(report: string): LoadResult {
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(report);
  const p50 = /^\s+50%\s+(\S+)/m.exec(report);
  const p99 = /^\s+99%\s+(\S+)/m.exec(report);
  if (!rps || !p50 || !p99) throw new Error(`wrk printed no figures:\n${report}`);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(report);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    rps: Number(rps[1]),
    p50: wrkMilliseconds(p50[1] as string),
    p99: wrkMilliseconds(p99[1] as string),
    errors: Number(non2xx?.[1] ?? 0) + socketErrors,
  };
}

async function wrk(url: string, seconds: number, connections: number, headers: Record<string, string>) {
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  const { code, stdout, stderr } = await runCommand("wrk", [...args, url]);
  if (code !== 0) throw new Error(`wrk exited with ${code}:\n${stdout}${stderr}`);
  return stdout;
}

const wrkGenerator: LoadGenerator = {
  name: "wrk",
  async run(url, seconds, connections, headers) {
    await wrk(url, 1, connections, headers);
    return parseWrkReport(await wrk(url, seconds, connections, headers));
  },
};

const wrkInstalled = () => spawnSync("wrk", ["--version"], { encoding: "utf8" }).error === undefined;

/** wrk when it is installed, else autocannon; BENCH_LOAD_GENERATOR (wrk or autocannon) chooses. */
export function chooseLoadGenerator(wanted = process.env.BENCH_LOAD_GENERATOR || undefined): LoadGenerator {
  if (wanted !== undefined && wanted !== "wrk" && wanted !== "autocannon")
    throw new Error(`BENCH_LOAD_GENERATOR is wrk or autocannon, not ${wanted}.`);
  if (wanted === "autocannon") return autocannonGenerator;
  if (wrkInstalled()) return wrkGenerator;
  if (wanted === "wrk") throw new Error("BENCH_LOAD_GENERATOR is wrk, but wrk is not installed (apt-get install wrk).");
  return autocannonGenerator;
}
