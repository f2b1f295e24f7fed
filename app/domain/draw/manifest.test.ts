import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QUICKNET } from "./chain";
import { buildManifest, type Manifest, ManifestError, parseManifest } from "./manifest";
import vectors from "./vectors.json";

const sample: Manifest = {
  competitionId: 7,
  network: "drand-quicknet",
  chainHash: QUICKNET.hash,
  round: 1000,
  entries: [
    { ticketNumber: 12, entryRef: "7K2M9QRT4VXZ", source: "postal" },
    { ticketNumber: 3, entryRef: "0A1B2C3D4E5F", source: "paid" },
  ],
};

describe("the manifest text", () => {
  it("is the exact v1 format: header lines, then one line per entry sorted by ticket number, LF endings", () => {
    expect(buildManifest(sample)).toBe(
      "paddock-draw-manifest v1\ncompetition 7\n" +
        `beacon drand-quicknet ${QUICKNET.hash} 1000\nentries 2\n` +
        "3,0A1B2C3D4E5F,paid\n12,7K2M9QRT4VXZ,postal\n",
    );
  });

  it("reads back what it wrote, for any set of entries", () => {
    const entry = fc.record({
      ticketNumber: fc.integer({ min: 1, max: 10_000_000 }),
      entryRef: fc.stringMatching(/^[0-9A-HJKMNP-TV-Z]{12}$/),
      source: fc.constantFrom("paid" as const, "postal" as const),
    });
    fc.assert(
      fc.property(fc.uniqueArray(entry, { selector: (e) => e.ticketNumber, maxLength: 40 }), (entries) => {
        const manifest = { ...sample, entries: [...entries].sort((a, b) => a.ticketNumber - b.ticketNumber) };
        expect(parseManifest(buildManifest(manifest))).toEqual(manifest);
      }),
    );
  });

  it("reads the committed test vector", () => {
    const manifest = parseManifest(vectors.draw.manifest);
    expect(manifest.entries).toHaveLength(25);
    expect(manifest.round).toBe(1000);
  });

  it("an empty draw is a valid manifest with no entry lines", () => {
    const text = buildManifest({ ...sample, entries: [] });
    expect(text.endsWith("entries 0\n")).toBe(true);
    expect(parseManifest(text).entries).toEqual([]);
  });

  const good = buildManifest(sample);
  it.each([
    ["CRLF line endings", good.replace(/\n/g, "\r\n")],
    ["no final line feed", good.slice(0, -1)],
    ["a trailing space", good.replace("paid\n", "paid \n")],
    [
      "entries out of order",
      good.replace("3,0A1B2C3D4E5F,paid\n12,7K2M9QRT4VXZ,postal", "12,7K2M9QRT4VXZ,postal\n3,0A1B2C3D4E5F,paid"),
    ],
    ["a wrong count", good.replace("entries 2", "entries 3")],
    ["an unknown source", good.replace("postal", "free")],
    ["a leading zero", good.replace("\n3,", "\n03,")],
    ["an upper-case hash", good.replace(QUICKNET.hash, QUICKNET.hash.toUpperCase())],
    ["another format", good.replace("v1", "v2")],
    ["a duplicate ticket number", good.replace("12,7K2M9QRT4VXZ", "3,7K2M9QRT4VXZ")],
    ["a lower-case ref", good.replace("0A1B2C3D4E5F", "0a1b2c3d4e5f")],
  ])("refuses %s", (_, text) => {
    expect(() => parseManifest(text)).toThrow(ManifestError);
  });
});
