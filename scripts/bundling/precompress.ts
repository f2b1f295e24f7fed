// Writes a Brotli copy (quality 11, too slow to do per request) next to each content-hashed script, stylesheet and
// picture of the browser build, for server/precompressed-assets.js to send to browsers that accept it (issue 11).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const PRECOMPRESSED = /\.(js|css|svg)$/;

/** Whether a built asset gets a `.br` copy: text formats only (pictures like AVIF are compressed already). */
export const precompresses = (file: string) => PRECOMPRESSED.test(file);

export const brotli = (data: Buffer) =>
  brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });

/** Writes `<file>.br` for every asset in `dir` that gets one; returns the bytes before and after. */
export function precompressAssets(dir: string) {
  let before = 0;
  let after = 0;
  for (const file of readdirSync(dir).filter(precompresses)) {
    const data = readFileSync(path.join(dir, file));
    const compressed = brotli(data);
    writeFileSync(path.join(dir, `${file}.br`), compressed);
    before += data.length;
    after += compressed.length;
  }
  return { before, after };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.join(process.env.PADDOCK_BUILD_DIR ?? "build", "client", "assets");
  const { before, after } = precompressAssets(dir);
  console.log(`Brotli copies in ${dir}: ${(before / 1000).toFixed(1)} kB to ${(after / 1000).toFixed(1)} kB`);
}
