import type { Request, Response } from "express";
import { currentArtworkUrl } from "~/server/platform/artwork.server";

/** Redirects cache for an hour, as the pictures did at this address: a new build's addresses are picked up soon. */
const REDIRECT_CACHE = "public, max-age=3600";

/**
 * The demo artwork's first addresses (/images/competitions/<name>.svg), still named by data made before the pictures
 * moved to content-hashed names (app/server/platform/artwork.server.ts): a permanent redirect to the current one.
 */
export function legacyArtwork(req: Request, res: Response) {
  const url = currentArtworkUrl(req.path);
  if (!url) {
    res.status(404).type("text/plain").send("Not found");
    return;
  }
  res.set("Cache-Control", REDIRECT_CACHE).redirect(301, url);
}
