// Vite's development server for the whole app, as `npm run dev` serves it, for the integration tests that need the
// app's own modules. One at a time across the test processes: React Router's Vite plugin writes .react-router/types
// afresh whenever a development server starts (it removes the folder, then writes each file), so two test processes
// starting one together can remove the folder between the other's mkdir and writeFile, an unhandled ENOENT that fails
// the run. The plugin has finished writing when the server has closed, so the lock is held until then.
import { createHash } from "node:crypto";
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { ViteDevServer } from "vite";

const LOCK = path.join(
  os.tmpdir(),
  `paddock-dev-server-${createHash("sha256").update(process.cwd()).digest("hex").slice(0, 12)}.lock`,
);
const RETRY_MS = 100;

/** Whether a process with this id is running (a lock left by a test process that died can be taken). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the lock file, waiting while another running process holds it and looking again every `retryMs`. `onBusy` is
 * told each time it finds the lock held and waits (a test waits for that instead of for a fixed time, and looks
 * often so that a few looks take little time).
 */
export async function acquireLock(
  file: string,
  { onBusy, retryMs = RETRY_MS }: { onBusy?: () => void; retryMs?: number } = {},
): Promise<() => void> {
  for (;;) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = Number.parseInt(readFileSafe(file), 10);
    // A holder that has only just created the file has not written its id yet: wait for it like any holder.
    if (Number.isInteger(holder) && !alive(holder)) rmSync(file, { force: true });
    else {
      onBusy?.();
      await sleep(retryMs);
    }
  }
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

export type DevServer = { vite: ViteDevServer; close(): Promise<void> };

/** Starts the development server once no other test process has one; close() stops it and lets the next start. */
export async function startDevServer(): Promise<DevServer> {
  const release = await acquireLock(LOCK);
  try {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true, hmr: false }, logLevel: "error" });
    return {
      vite,
      async close() {
        try {
          await vite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
