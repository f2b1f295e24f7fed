// The lock that lets one test process at a time run Vite's development server (tests/support/dev-server.ts).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireLock } from "../support/dev-server";

/** How often a waiter here looks again: often, so four looks cost little. */
const LOOK_MS = 5;

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "paddock-lock-"));
  file = path.join(dir, "dev-server.lock");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the development server's lock", () => {
  it("is held by one at a time: the second waits until the first lets go", async () => {
    const releaseFirst = await acquireLock(file);
    expect(readFileSync(file, "utf8")).toBe(String(process.pid));
    let second: (() => void) | undefined;
    let busy = 0;
    const waiting = acquireLock(file, { onBusy: () => busy++, retryMs: LOOK_MS }).then((release) => {
      second = release;
    });
    // The second has found the lock held four times and has not taken it.
    await expect.poll(() => busy, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    expect(second).toBeUndefined();
    releaseFirst();
    await waiting;
    expect(second).toBeDefined();
    second?.();
    expect(existsSync(file)).toBe(false);
  });

  it("is taken from a process that died holding it, never from a live one", async () => {
    const dead = spawnSync(process.execPath, ["-e", "process.pid"]).pid;
    writeFileSync(file, String(dead));
    const release = await acquireLock(file);
    expect(readFileSync(file, "utf8")).toBe(String(process.pid));
    release();

    const holder = Number(process.ppid);
    writeFileSync(file, String(holder));
    let taken = false;
    let busy = 0;
    const attempt = acquireLock(file, { onBusy: () => busy++, retryMs: LOOK_MS }).then((r) => {
      taken = true;
      r();
    });
    // It has found the live holder's lock four times and left it alone.
    await expect.poll(() => busy, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    expect(taken).toBe(false);
    rmSync(file);
    await attempt;
    expect(taken).toBe(true);
  });
});
