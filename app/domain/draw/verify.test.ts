import { describe, expect, it } from "vitest";
import { sha256Hex, utf8 } from "./bytes";
import { QUICKNET } from "./chain";
import vectors from "./vectors.json";
import { type Check, drawMatches, type PublishedDraw, verifyDraw } from "./verify";

const record = vectors.draw.record as PublishedDraw;
const published = record.manifest as NonNullable<PublishedDraw["manifest"]>;
const manifest = vectors.draw.manifest;
const sha = (text: string) => sha256Hex(utf8(text));
const statusOf = (checks: Check[], name: Check["name"]) => checks.find((c) => c.name === name)?.status;

describe("verifying the committed test vector (a real quicknet round)", () => {
  it("passes every check", () => {
    const checks = verifyDraw(record, manifest);
    expect(checks.map((c) => [c.name, c.status])).toEqual([
      ["manifest", "pass"],
      ["hash", "pass"],
      ["round", "pass"],
      ["network", "pass"],
      ["signature", "pass"],
      ["randomness", "pass"],
      ["sequence", "pass"],
    ]);
    expect(drawMatches(checks)).toBe(true);
  });

  it("finds an entrant's reference, or says it is not there", () => {
    const ref = manifest.split("\n")[6]?.split(",")[1] ?? "";
    expect(statusOf(verifyDraw(record, manifest, { entryRef: ref.toLowerCase() }), "entry")).toBe("pass");
    expect(statusOf(verifyDraw(record, manifest, { entryRef: "NOTTHERE0000" }), "entry")).toBe("fail");
  });
});

describe("any change to the published values fails the check that covers it", () => {
  const swapped = (sequence: number[]) => [sequence[1], sequence[0], ...sequence.slice(2)] as number[];
  const beacon = record.beacon as NonNullable<PublishedDraw["beacon"]>;
  const other = vectors.quicknetRounds[3] as NonNullable<PublishedDraw["beacon"]>;
  it.each<[string, PublishedDraw, string, Check["name"]]>([
    ["an edited manifest", record, manifest.replace(",paid\n", ",postal\n"), "hash"],
    ["another winner", { ...record, sequence: swapped(record.sequence ?? []) }, manifest, "sequence"],
    ["another round's beacon", { ...record, beacon: { ...other, round: beacon.round } }, manifest, "signature"],
    [
      "a beacon value not from the signature",
      { ...record, beacon: { ...beacon, randomness: other.randomness } },
      manifest,
      "randomness",
    ],
    ["a round moved without cause", { ...record, round: 1001 }, manifest, "round"],
    [
      "a manifest published after its round",
      { ...record, manifest: { ...published, publishedAt: "2023-08-23T16:00:00.000Z" } },
      manifest,
      "round",
    ],
    [
      "another public key under quicknet's name",
      { ...record, chain: { ...QUICKNET, publicKey: "a".repeat(192) } },
      manifest,
      "network",
    ],
    ["another competition", { ...record, competitionId: 43 }, manifest, "manifest"],
  ])("%s", (_, changed, text, failing) => {
    const checks = verifyDraw(changed, text);
    expect(statusOf(checks, failing)).toBe("fail");
    expect(drawMatches(checks)).toBe(false);
  });

  it("an unreadable manifest is one failed check", () => {
    expect(verifyDraw(record, "hello")).toEqual([expect.objectContaining({ name: "manifest", status: "fail" })]);
  });

  it("a local test beacon passes only when allowed, and says so", () => {
    const local = { ...record, chain: { ...QUICKNET, network: "local-test-beacon" as const, hash: "b".repeat(64) } };
    const text = manifest.replace(`drand-quicknet ${QUICKNET.hash}`, `local-test-beacon ${"b".repeat(64)}`);
    const localRecord = { ...local, manifest: { ...published, hash: sha(text) } };
    expect(statusOf(verifyDraw(localRecord, text), "network")).toBe("fail");
    const allowed = verifyDraw(localRecord, text, { allowLocalBeacon: true });
    expect(allowed.find((c) => c.name === "network")?.detail).toMatch(/local test beacon/);
  });
});

describe("before the draw", () => {
  it("the manifest checks pass and the beacon checks are pending", () => {
    const checks = verifyDraw({ ...record, beacon: null, sequence: null }, manifest);
    expect(statusOf(checks, "hash")).toBe("pass");
    expect(statusOf(checks, "signature")).toBe("pending");
    expect(statusOf(checks, "sequence")).toBe("pending");
    expect(drawMatches(checks)).toBe(false);
  });
});
