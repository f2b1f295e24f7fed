import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { clientManifest } from "../../scripts/bundling/client-manifest.js";
import { app } from "./support/app";

const assets = path.join(process.env.PADDOCK_BUILD_DIR ?? "build", "client", "assets");

/** A GET that keeps the body as sent (fetch would decode it). */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

beforeAll(async () => {
  await app();
});

describe("built assets", () => {
  const script = clientManifest().entry.imports[0] ?? "";
  const stylesheet = `/assets/${readdirSync(assets).find((file) => file.endsWith(".css")) ?? ""}`;

  for (const [file, type] of [
    [script, /^text\/javascript/],
    [stylesheet, /^text\/css/],
  ] as const) {
    it(`${file} goes to a browser that accepts Brotli as the build's Brotli copy, cached for a year`, async () => {
      const { baseUrl } = await app();
      const res = await get(`${baseUrl}${file}`, { "accept-encoding": "gzip, deflate, br" });
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["content-type"]).toMatch(type);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.body.equals(readFileSync(path.join(assets, `${path.basename(file)}.br`)))).toBe(true);
      expect(brotliDecompressSync(res.body).equals(readFileSync(path.join(assets, path.basename(file))))).toBe(true);
    });
  }

  it("go to a browser that does not accept Brotli as they are, or gzipped on the fly", async () => {
    const { baseUrl } = await app();
    const original = readFileSync(path.join(assets, path.basename(script)));
    const plain = await get(`${baseUrl}${script}`, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(plain.body.equals(original)).toBe(true);
    const refused = await get(`${baseUrl}${script}`, { "accept-encoding": "gzip, br;q=0" });
    expect(refused.headers["content-encoding"]).not.toBe("br");
  });

  it("are found by their own names only: a missing one is a 404 page for a browser that accepts Brotli", async () => {
    const { baseUrl } = await app();
    const res = await fetch(`${baseUrl}/assets/no-such-file.js`, { headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  });
});
