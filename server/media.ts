import { pipeline } from "node:stream/promises";
import type { Request, Response } from "express";
import { isMediaKey } from "~/domain/pictures";
import type { Services } from "~/server/platform/services.server";
import { requestContextOf } from "./request-log";

const notFound = (res: Response) => res.status(404).type("text/plain; charset=utf-8").send("Not found");

/**
 * GET /media/<key>: an uploaded picture or one of its variants. A key is the SHA-256 of the file's bytes and its
 * extension, checked against a strict pattern before storage is asked (so no path can be smuggled in), and what
 * a key names never changes: browsers and CDNs may keep it for a year without asking again.
 */
export function mediaFiles(services: Pick<Services, "storage">) {
  return async (req: Request<{ key: string }>, res: Response) => {
    const { key } = req.params;
    if (!isMediaKey(key)) return void notFound(res);
    const etag = `"${key.slice(0, key.indexOf("."))}"`;
    const object = await services.storage.get(key).catch((error) => {
      requestContextOf(res).logger.error({ err: error, key }, "media read failed");
      return undefined;
    });
    if (object === undefined) return void res.status(503).type("text/plain; charset=utf-8").send("Try again shortly.");
    if (object === null) return void notFound(res);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("ETag", etag);
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (req.headers["if-none-match"] === etag) {
      object.body.destroy();
      return void res.status(304).end();
    }
    res.setHeader("Content-Type", object.contentType);
    res.setHeader("Content-Length", String(object.length));
    await pipeline(object.body, res).catch(() => {
      // The browser went away mid-transfer; nothing to answer.
    });
  };
}
