import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { precompressAssets } from "./precompress";

describe("precompressed assets", () => {
  it("writes a Brotli copy of each script, stylesheet and SVG that decompresses to the file, nothing else", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "paddock-precompress-"));
    const files = {
      "app-1.js": "export const a = 1;\n".repeat(50),
      "app-2.css": "a{color:red}",
      "logo-3.svg": "<svg/>",
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    writeFileSync(path.join(dir, "photo-4.avif"), Buffer.from([0, 1, 2]));

    const { before, after } = precompressAssets(dir);

    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith(".br"))
        .sort(),
    ).toEqual(["app-1.js.br", "app-2.css.br", "logo-3.svg.br"]);
    for (const [name, text] of Object.entries(files)) {
      expect(brotliDecompressSync(readFileSync(path.join(dir, `${name}.br`))).toString()).toBe(text);
    }
    expect(after).toBeLessThan(before);
  });
});
