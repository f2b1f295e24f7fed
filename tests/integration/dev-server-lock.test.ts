// The lock that lets one test process at a time run Vite's development server (tests/support/dev-server.ts).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireLock } from "../support/dev-server";

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
    const waiting = acquireLock(file).then((release) => {
      second = release;
    });
    await sleep(400);
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
    const attempt = acquireLock(file).then((r) => {
      taken = true;
      r();
    });
    await sleep(400);
    expect(taken).toBe(false);
    rmSync(file);
    await attempt;
    expect(taken).toBe(true);
  });
});
