import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALLOW_LOCAL_BEACON_FLAG, verifyDrawCommand } from "~/content/draws";
import { signRound } from "~/domain/draw/beacon";
import { buildManifestLog, logKeyText, parseManifestLog } from "~/domain/draw/manifest-log";
import vectors from "~/domain/draw/vectors.json";
import { createLocalBeacon } from "../../server/local-beacon";
import { localChain, OTHER_LOG_SIGNER, redoneDraw, TEST_LOG_SIGNER } from "../support/redone-draw";

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

  /** The fixture's record, changed, saved beside the fixture's manifest and log. */
  function tampered(change: (record: Record<string, unknown> & { sequence: number[] }) => void) {
    const record = JSON.parse(readFileSync(path.join(FIXTURE, "draw.json"), "utf8"));
    change(record);
    writeFileSync(path.join(tmp, "draw.json"), JSON.stringify(record));
    for (const file of ["manifest.txt", "log.txt", "log-key.txt"])
      copyFileSync(path.join(FIXTURE, file), path.join(tmp, file));
    return path.join(tmp, "draw.json");
  }

  it("exits non-zero and names the failing check when the published winner was changed", async () => {
    const out = await verifyDraw(
      tampered((r) => {
        r.sequence = [r.sequence[1], r.sequence[0], ...r.sequence.slice(2)] as number[];
      }),
    );
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/FAIL {4}Winner and alternates/);
  });

  it("refuses a redraw skip with a reason outside the fixed list", async () => {
    const skip = {
      index: 0,
      position: 2,
      ticketNumber: 3,
      entryRef: "X",
      reason: "staff's choice",
      clause: null,
      at: "",
    };
    const out = await verifyDraw(tampered((r) => Object.assign(r, { skips: [skip] })));
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/FAIL {4}Prize passed on:/);
  });

  it("says which round a valid signature for another round belongs to", async () => {
    const other = vectors.quicknetRounds[1] as { round: number };
    const out = await verifyDraw(tampered((r) => Object.assign(r, { beacon: other })));
    expect(out.code).toBe(1);
    expect(out.stdout).toContain(
      "FAIL    Beacon signature: the signature is round 123's, but this draw's round is 1000",
    );
  });

  it("--expect-hash checks the manifest hash against the one from the close e-mail", async () => {
    const file = path.join(FIXTURE, "draw.json");
    const right = vectors.draw.manifestHash;
    expect((await verifyDraw(file, "--expect-hash", right)).code).toBe(0);
    const wrong = await verifyDraw(file, "--expect-hash", "0".repeat(64));
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/FAIL {4}Hash in your e-mail/);
  });

  it("refuses a saved draw missing from its manifest log", async () => {
    writeFileSync(path.join(tmp, "other-log.txt"), buildManifestLog([], TEST_LOG_SIGNER));
    const out = await verifyDraw(path.join(FIXTURE, "draw.json"), "--log", path.join(tmp, "other-log.txt"));
    expect(out.code).toBe(1);
    expect(out.stdout).toContain("FAIL    Manifest log: competition 42 is not in the log");
  });

  describe("the manifest log's signature", () => {
    const entries = parseManifestLog(readFileSync(path.join(FIXTURE, "log.txt"), "utf8")).entries;

    it("refuses a log re-signed with another key, checked against the key saved beside the record", async () => {
      writeFileSync(path.join(tmp, "resigned-log.txt"), buildManifestLog(entries, OTHER_LOG_SIGNER));
      const out = await verifyDraw(path.join(FIXTURE, "draw.json"), "--log", path.join(tmp, "resigned-log.txt"));
      expect(out.code).toBe(1);
      expect(out.stdout).toContain(
        `FAIL    Manifest log: the log is signed with key ${OTHER_LOG_SIGNER.publicKey}, not the site's key`,
      );
    });

    it("--log-key checks the log against a key the reader kept", async () => {
      const file = path.join(FIXTURE, "draw.json");
      expect((await verifyDraw(file, "--log-key", TEST_LOG_SIGNER.publicKey)).code).toBe(0);
      const other = await verifyDraw(file, "--log-key", OTHER_LOG_SIGNER.publicKey);
      expect(other.code).toBe(1);
      expect(other.stdout).toMatch(/FAIL {4}Manifest log: the log is signed with key/);
      expect((await verifyDraw(file, "--log-key", "not-a-key")).code).toBe(2);
    });

    it("refuses a saved log with no site key beside it", async () => {
      const file = tampered(() => {});
      rmSync(path.join(tmp, "log-key.txt"));
      const out = await verifyDraw(file);
      expect(out.code).toBe(1);
      expect(out.stdout).toContain("FAIL    Manifest log: the site's log key could not be read");
    });
  });

  describe("a competition's instant wins (docs/instant-wins-v1.md's worked example, also competition 42)", () => {
    const LIST =
      "paddock-instant-wins v1\ncompetition 42\n" +
      "salt 8c1f4e2a9b7d3c605e1f2a4b6c8d0e1f3a5b7c9d1e2f4a6b8c0d2e4f6a8b0c1d\nentries 3\n" +
      "7,site-credit,500,£5 site credit\n88,cash,2500,£25, paid by bank transfer\n" +
      "250,physical,0,Leather headcollar, cob size\n";
    const instantWins = (prize: string) => ({
      commitment: "8d3f23609ee726792feb7f5a7564fdd3898f6d6adddc731165bc202fd24e86cb",
      committedAt: "2023-08-20T10:00:00.000Z",
      url: "/draws/42/instant-wins.txt",
      won: [{ ticketNumber: 88, kind: "cash", amountPence: 2500, prize }],
    });

    it("checks the revealed list saved beside the record against the commitment", async () => {
      const file = tampered((r) => Object.assign(r, { instantWins: instantWins("£25, paid by bank transfer") }));
      writeFileSync(path.join(tmp, "instant-wins.txt"), LIST);
      const out = await verifyDraw(file);
      expect(out.stdout).toContain("PASS    Instant wins: 3 instant wins hash to the commitment; 1 won, each listed");
      expect(out.code).toBe(0);
    });

    it("fails when a prize shown as won is not the one committed to", async () => {
      const file = tampered((r) => Object.assign(r, { instantWins: instantWins("£50, paid by bank transfer") }));
      writeFileSync(path.join(tmp, "instant-wins.txt"), LIST);
      const out = await verifyDraw(file);
      expect(out.code).toBe(1);
      expect(out.stdout).toContain("FAIL    Instant wins: ticket 88 is shown as won but is not that prize in the list");
    });
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
      app.get("/draws/log.txt", (_req, res) => {
        res.type("text/plain").send(readFileSync(path.join(FIXTURE, "log.txt"), "utf8"));
      });
      app.get("/draws/log-key.txt", (_req, res) => {
        res.type("text/plain").send(readFileSync(path.join(FIXTURE, "log-key.txt"), "utf8"));
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

  describe("a local-test-beacon draw from its site", () => {
    const site = localChain(5);
    const draw = redoneDraw(site.chain, signRound(site.secretKey, 1000));
    const resigner = localChain(6);
    const resigned = redoneDraw(resigner.chain, signRound(resigner.secretKey, 1000));
    let server: ReturnType<express.Express["listen"]>;
    let base = "";
    beforeAll(async () => {
      const app = express();
      app.use("/local-beacon", createLocalBeacon({ ...site, now: () => new Date() }));
      // Draw 42 is signed by the site's beacon; draw 43 by another key, which its record carries.
      const serve = (id: number, d: typeof draw) => {
        app.get(`/draws/${id}/draw.json`, (_req, res) => {
          res.json({ ...d.record, manifest: { ...d.record.manifest, url: `/draws/${id}/manifest.txt` } });
        });
        app.get(`/draws/${id}/manifest.txt`, (_req, res) => res.type("text/plain").send(d.text));
      };
      serve(42, draw);
      serve(43, resigned);
      app.get("/draws/log.txt", (req, res) => res.type("text/plain").send(req.query.other ? resigned.log : draw.log));
      app.get("/draws/log-key.txt", (_req, res) => res.type("text/plain").send(logKeyText(TEST_LOG_SIGNER.publicKey)));
      server = await new Promise((resolve) => {
        const s = app.listen(0, "127.0.0.1", () => resolve(s));
      });
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
    });

    it("passes with the command the draw page prints, and says the draw is for testing", async () => {
      const command = verifyDrawCommand(`${base}/draws/42`, false);
      expect(command).toBe(`npm run verify-draw -- ${base}/draws/42 ${ALLOW_LOCAL_BEACON_FLAG}`);
      const out = await verifyDraw(...command.split(" ").slice(3));
      expect(out.stdout).toContain("The draw matches.");
      expect(out.stdout).toContain("local test beacon (testing only), with the key the site serves for it");
      expect(out.code).toBe(0);
      const without = await verifyDraw(`${base}/draws/42`);
      expect(without.code).toBe(1);
      expect(without.stdout).toContain("run again with --allow-local-beacon");
    });

    it("refuses a draw re-signed with another key, though its record carries that key", async () => {
      const out = await verifyDraw(
        `${base}/draws/43`,
        ALLOW_LOCAL_BEACON_FLAG,
        "--log",
        `${base}/draws/log.txt?other=1`,
      );
      expect(out.stdout).toContain(
        "FAIL    Beacon: the record's beacon key is not the one the site serves for its beacon",
      );
      expect(out.code).toBe(1);
    });
  });
});
