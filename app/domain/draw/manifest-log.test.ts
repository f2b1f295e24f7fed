import { describe, expect, it } from "vitest";
import { TEST_LOG_SIGNER } from "../../../tests/support/redone-draw";
import { sha256Hex, utf8 } from "./bytes";
import {
  buildManifestLog,
  LOG_START,
  logEntryHash,
  type ManifestLogEntry,
  nextLogEntry,
  parseManifestLog,
} from "./manifest-log";

const draw = (competitionId: number, round: number) => ({
  competitionId,
  manifestHash: sha256Hex(utf8(`manifest ${competitionId}`)),
  round,
  closesAt: new Date(Date.UTC(2026, 10, competitionId, 18)),
});

function logOf(...draws: ReturnType<typeof draw>[]) {
  const entries: ManifestLogEntry[] = [];
  for (const d of draws) entries.push(nextLogEntry(entries.at(-1) ?? null, d));
  return entries;
}

describe("the manifest log", () => {
  const entries = logOf(draw(3, 100), draw(5, 200), draw(4, 300));
  const text = buildManifestLog(entries, TEST_LOG_SIGNER);

  it("chains each entry to the one before, from 64 zeros, and reads back what was written", () => {
    expect(entries.map((e) => e.sequence)).toEqual([1, 2, 3]);
    expect(entries[0]?.previousHash).toBe(LOG_START);
    expect(entries[1]?.previousHash).toBe(entries[0]?.entryHash);
    expect(parseManifestLog(text).entries).toEqual(entries);
  });

  it("hashes exactly the documented text (docs/manifest-log-v1.md)", () => {
    const first = entries[0] as ManifestLogEntry;
    expect(first.entryHash).toBe(
      sha256Hex(
        utf8(`paddock-manifest-log v1 1 3 ${first.manifestHash} 100 2026-11-03T18:00:00.000Z ${"0".repeat(64)}`),
      ),
    );
    expect(logEntryHash(first)).toBe(first.entryHash);
  });

  it("puts the site's key second and signs every line before the signature's (docs/manifest-log-v1.md)", () => {
    const lines = text.split("\n");
    expect(lines[1]).toBe(`key ed25519 ${TEST_LOG_SIGNER.publicKey}`);
    const signed = `${lines.slice(0, -2).join("\n")}\n`;
    expect(lines.at(-2)).toBe(`signature ed25519 ${TEST_LOG_SIGNER.sign(utf8(signed))}`);
    const log = parseManifestLog(text);
    expect(log.publicKey).toBe(TEST_LOG_SIGNER.publicKey);
    expect(new TextDecoder().decode(log.signed)).toBe(signed);
  });

  it("an empty log is its first line, the key line and the signature", () => {
    const empty = buildManifestLog([], TEST_LOG_SIGNER);
    expect(empty.split("\n")).toHaveLength(4);
    expect(parseManifestLog(empty).entries).toEqual([]);
  });

  const lines = text.split("\n");
  const edit = (lineNo: number, change: (fields: string[]) => string[]) =>
    lines.map((line, i) => (i === lineNo - 1 ? change(line.split(" ")).join(" ") : line)).join("\n");
  it.each<[string, string, string]>([
    ["a changed round", edit(4, (f) => [f[0], f[1], f[2], "201", ...f.slice(4)] as string[]), "entry 2's hash"],
    [
      "a changed entry with its own hash recomputed",
      (() => {
        const changed = nextLogEntry(entries[0] as ManifestLogEntry, draw(5, 201));
        return buildManifestLog([entries[0], changed, entries[2]] as ManifestLogEntry[], TEST_LOG_SIGNER);
      })(),
      "the chain is broken at entry 3",
    ],
    ["a removed entry", lines.filter((_, i) => i !== 3).join("\n"), "line 4 should be entry 2"],
    ["no final line feed", text.slice(0, -1), "must end with a line feed"],
    ["another format", text.replace("v1", "v2"), "the first line"],
    [
      "an upper-case hash",
      text.replace(entries[0]?.manifestHash ?? "", entries[0]?.manifestHash.toUpperCase() ?? ""),
      "line 3 is not",
    ],
    ["no key line", lines.filter((_, i) => i !== 1).join("\n"), "line 2 must be"],
    ["no signature", `${lines.slice(0, -2).join("\n")}\n`, "the log is not signed"],
  ])("%s is refused", (_, changed, message) => {
    expect(() => parseManifestLog(changed)).toThrow(message);
  });
});
