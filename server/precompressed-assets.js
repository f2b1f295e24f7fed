// Sends the Brotli copy of a built asset (scripts/bundling/precompress.ts writes them at build time) to a browser that
// accepts Brotli: quality 11 is smaller than the gzip the compression middleware makes on the fly, and costs nothing
// per request. Everything else (no copy, no Brotli) falls through to express.static and that middleware.
import { readdirSync } from "node:fs";
import path from "node:path";

/** The assets are content-hashed and never change while the process runs: a year, immutable, as express.static. */
const CACHE = { immutable: true, maxAge: "1y" };

/**
 * Middleware for the `/assets` mount.
 * @param {string} dir the built client's assets folder
 * @returns {import("express").RequestHandler}
 */
export function precompressedAssets(dir) {
  // Which files have a copy, read once: a request never makes a file-system look-up or names a path of its own.
  const copies = new Set(
    readdirSync(dir)
      .filter((file) => file.endsWith(".br"))
      .map((file) => `/${file.slice(0, -".br".length)}`),
  );
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !copies.has(req.path)) return next();
    res.vary("Accept-Encoding");
    if (req.acceptsEncodings("br") !== "br") return next();
    res.type(path.extname(req.path));
    res.setHeader("Content-Encoding", "br");
    res.sendFile(`${req.path.slice(1)}.br`, { root: dir, ...CACHE }, (error) => {
      if (error && !res.headersSent) {
        res.removeHeader("Content-Encoding");
        next(error);
      }
    });
  };
}
