// What every benchmark shares: a fresh PostgreSQL database of its own, the built app as its own process, and
// small helpers. The machine's PostgreSQL is the default (BENCH_DATABASE_URL or TEST_DATABASE_URL to change it).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { freePort } from "../../tests/support/free-port";

/** The benchmarks choose their ports as the tests do. */
export { freePort };

export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function baseDatabaseUrl(): string {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_DATABASE_URL;
}

export async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Builds the app into `buildDir` when there is no build there yet. */
export function ensureBuild(buildDir: string) {
  if (existsSync(path.resolve(root, buildDir, "server/index.js"))) return;
  console.log(`No build in ${buildDir}/: building…`);
  // The whole build (the Brotli copies of the assets and the database snapshot too), as `npm start` makes it.
  const built = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PADDOCK_BUILD_DIR: buildDir },
  });
  if (built.status !== 0) throw new Error("Build failed.");
}

/**
 * A database of the benchmark's own on the server at `base`, dropped by `drop`. Its name starts with the base
 * database's name when that is a Paddock one (`paddock_x` gives `paddock_x_bench_…`), so people sharing one server
 * each keep to their own names.
 */
export async function benchDatabase(base = baseDatabaseUrl()) {
  const baseName = new URL(base).pathname.slice(1);
  const prefix = /^paddock_[a-z0-9_]+$/.test(baseName) ? baseName : "paddock";
  const name = `${prefix}_bench_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await withClient(base, (c) => c.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withClient(base, (c) => c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`)).then(
        () => {},
        () => {},
      ),
  };
}

export async function waitForHealthy(baseUrl: string, child: ChildProcess) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited early (code ${child.exitCode}).`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("The app did not become ready within 3 minutes.");
}

export type RunningApp = {
  baseUrl: string;
  port: number;
  pid: number;
  startupMs: number;
  /** Sends SIGTERM and waits for the process to exit; resolves with its exit code. */
  stop(): Promise<number | null>;
};

/**
 * Starts the built app (`node server.js`, production) on `port` or a free one and waits until it answers /readyz.
 * `script` starts another entry on the same configuration (the stand-in alone: scripts/bench/standin-process.mjs).
 */
export async function startApp(options: {
  buildDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
  port?: number;
  script?: string;
}): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "paddock-bench-"));
  const port = options.port ?? (await freePort());
  const baseUrl = `http://localhost:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script ?? "server.js"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      BASE_URL: baseUrl,
      DATABASE_URL: options.databaseUrl ?? "",
      DATA_DIR: dataDir,
      PADDOCK_BUILD_DIR: options.buildDir,
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
      AUTH_RATE_LIMIT: "false",
      LOG_LEVEL: "error",
      STRIPE_SECRET_KEY: "",
      // A flash sale creates checkout sessions far faster than Stripe's sandbox limit; the bench times the app.
      STRIPE_STANDIN_RATE_LIMIT: "0",
      // And no payment queue (ADR 027): buyers go straight to the payment page unless the caller sets a pace, as
      // bench:checkout does; the queue has its own tests (tests/integration/payment-queue.test.ts).
      PAYMENT_PROVIDER_RATE: "10000",
      SMTP_URL: "",
      ...options.env,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const code = await exited;
    rmSync(dataDir, { recursive: true, force: true });
    return code;
  };
  try {
    await waitForHealthy(baseUrl, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, pid: child.pid as number, startupMs: performance.now() - started, stop };
}

/** Runs a command to its end and hands back its exit code and what it printed on each stream. */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The machine, as the figures table records it. */
export function machine() {
  const cpus = os.cpus();
  return {
    cpus: `${cpus.length} × ${cpus[0]?.model.trim() ?? "?"}`,
    load: os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" "),
    node: process.version,
  };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux unless `getconf CLK_TCK` says otherwise). */
function clockTicksPerSecond(): number {
  const answer = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  return Number(answer.stdout?.trim()) || 100;
}

/** Each process's user + system CPU time so far (ms), by pid, from /proc (Linux); only commands `keep` accepts. */
function processCpuMs(clockTicks: number, keep: (pid: number, command: string) => boolean): Map<number, number> {
  const times = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command sits in parentheses and may contain spaces; utime and stime are the 12th and 13th fields after it.
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (keep(Number(entry), command))
        times.set(Number(entry), ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks);
    } catch {
      // the process ended while being read
    }
  }
  return times;
}

export type CpuShares = {
  app: number;
  postgres: number;
  generator: number;
  /** The payment stand-in's process and the PostgreSQL backends serving it, when it runs apart (ADR 040). */
  standin: number;
  standinPostgres: number;
  wallMs: number;
};

/**
 * Measures the CPU time spent from now until `read()` by the app processes (`appPids`), by PostgreSQL (every
 * `postgres` process on this machine: run it alone) and by this process (the load generator), with the wall time.
 * With the stand-in in a process of its own (`standinPid`), its process is counted apart, and so are the PostgreSQL
 * backends `read` is given as its (`standinBackends`, from pg_stat_activity). Linux only: elsewhere all are NaN.
 */
export function cpuMeter(
  appPids: number[],
  standinPid?: number,
): { read(standinBackends?: ReadonlySet<number>): CpuShares } {
  if (!existsSync("/proc/self/stat")) {
    const unknown = Number.NaN;
    return {
      read: () => ({
        app: unknown,
        postgres: unknown,
        generator: unknown,
        standin: unknown,
        standinPostgres: unknown,
        wallMs: unknown,
      }),
    };
  }
  const apps = new Set(appPids);
  const watched = (pid: number, command: string) => apps.has(pid) || pid === standinPid || command === "postgres";
  const clockTicks = clockTicksPerSecond();
  const before = processCpuMs(clockTicks, watched);
  const generatorBefore = process.cpuUsage();
  const started = performance.now();
  return {
    read(standinBackends = new Set()) {
      const after = processCpuMs(clockTicks, watched);
      const generator = process.cpuUsage(generatorBefore);
      const shares: CpuShares = {
        app: 0,
        postgres: 0,
        generator: (generator.user + generator.system) / 1000,
        standin: 0,
        standinPostgres: 0,
        wallMs: 0,
      };
      for (const [pid, ms] of after) {
        // A PostgreSQL backend started during the window (a new pooled connection) counts from zero.
        const spent = ms - (before.get(pid) ?? 0);
        if (apps.has(pid)) shares.app += spent;
        else if (pid === standinPid) shares.standin += spent;
        else if (standinBackends.has(pid)) shares.standinPostgres += spent;
        else shares.postgres += spent;
      }
      shares.wallMs = performance.now() - started;
      return shares;
    },
  };
}
