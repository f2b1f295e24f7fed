import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The command-line verifier, run as a user would (npm run verify-draw), on the committed quicknet test vector.

const FIXTURE = path.resolve("tests/fixtures/draw-quicknet-1000");
const tmp = mkdtempSync(path.join(os.tmpdir(), "verify-draw-"));

/** Runs the verifier without blocking this process, which also serves the URL case. */
function verifyDraw(...args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    execFile("npx", ["tsx", "scripts/verify-draw.ts", ...args], { timeout: 60_000 }, (error, stdout) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout });
    });
  });
}

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("npm run verify-draw", () => {
  it("exits 0 on a draw that matches, checked against the pinned quicknet key", async () => {
    const out = await verifyDraw(path.join(FIXTURE, "draw.json"));
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("PASS    Beacon signature: round 1000 is signed");
    expect(out.stdout).toContain("The draw matches.");
  });

  it("exits non-zero and names the failing check when the published winner was changed", async () => {
    const record = JSON.parse(readFileSync(path.join(FIXTURE, "draw.json"), "utf8"));
    record.sequence = [record.sequence[1], record.sequence[0], ...record.sequence.slice(2)];
    writeFileSync(path.join(tmp, "draw.json"), JSON.stringify(record));
    copyFileSync(path.join(FIXTURE, "manifest.txt"), path.join(tmp, "manifest.txt"));
    const out = await verifyDraw(path.join(tmp, "draw.json"));
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/FAIL {4}Winner and alternates/);
  });

  it("exits 2 when there is nothing to read", async () => {
    expect((await verifyDraw(path.join(tmp, "missing.json"))).code).toBe(2);
    expect((await verifyDraw()).code).toBe(2);
  });

  describe("from a URL", () => {
    let server: ReturnType<express.Express["listen"]>;
    let base = "";
    beforeAll(async () => {
      const app = express();
      app.get("/draws/42/draw.json", (_req, res) => {
        const record = JSON.parse(readFileSync(path.join(FIXTURE, "draw.json"), "utf8"));
        res.json({ ...record, manifest: { ...record.manifest, url: "/draws/42/manifest.txt" } });
      });
      app.get("/draws/42/manifest.txt", (_req, res) => {
        res.type("text/plain").send(readFileSync(path.join(FIXTURE, "manifest.txt"), "utf8"));
      });
      server = await new Promise((resolve) => {
        const s = app.listen(0, "127.0.0.1", () => resolve(s));
      });
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
    });

    it("reads the page's draw.json and its manifest, and finds an entry reference", async () => {
      const ref = readFileSync(path.join(FIXTURE, "manifest.txt"), "utf8").split("\n")[4]?.split(",")[1] ?? "";
      const out = await verifyDraw(`${base}/draws/42`, "--entry", ref);
      expect(out.stdout).toContain(`PASS    Your entry: ${ref}`);
      expect(out.code).toBe(0);
    });
  });
});
