// The demo artwork's addresses (app/server/platform/artwork.server.ts): every picture the seed names has one, the
// first addresses redirect to it, and the share card can still read the file behind either.
import { readFileSync } from "node:fs";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCompetitions } from "~/server/demo/seed-data";
import { artworkFile, artworkUrl, currentArtworkUrl } from "~/server/platform/artwork.server";
import { legacyArtwork } from "../../server/legacy-artwork";
import { type Listening, listen } from "../support/http-server";

const seedPictures = [...new Set(seedCompetitions.flatMap((c) => [c.imageUrl, ...c.additionalImages]))];

describe("the demo artwork", () => {
  it("gives every picture the seed names an address, and the file behind it", () => {
    expect(seedPictures.length).toBeGreaterThan(10);
    for (const legacy of seedPictures) {
      const url = currentArtworkUrl(legacy);
      expect(url, legacy).toMatch(/\.svg$/);
      expect(url).not.toBe(legacy);
      const file = artworkFile(url!);
      expect(readFileSync(file!, "utf8")).toContain("<svg");
      expect(artworkFile(legacy)).toBe(file);
    }
  });

  it("knows nothing of other addresses", () => {
    expect(currentArtworkUrl("/images/competitions/not-there.svg")).toBeUndefined();
    expect(currentArtworkUrl("/media/rug-bundle.svg")).toBeUndefined();
    expect(artworkFile("/images/competitions/../../../etc/passwd")).toBeUndefined();
    expect(() => artworkUrl("not-there.svg")).toThrow(/No competition artwork/);
  });
});

describe("the first addresses", () => {
  let server: Listening;
  beforeAll(async () => {
    const app = express();
    app.get("/images/competitions/:file", legacyArtwork);
    server = await listen(app);
  });
  afterAll(() => server.close());

  it("redirect permanently to the current address, and answer 404 for a picture that is not there", async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const moved = await fetch(`${base}/images/competitions/rug-bundle.svg`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe(artworkUrl("rug-bundle.svg"));
    const missing = await fetch(`${base}/images/competitions/not-there.svg`, { redirect: "manual" });
    expect(missing.status).toBe(404);
  });
});
