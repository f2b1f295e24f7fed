// The local test beacon: drand's HTTP API shape (GET /info, /{hash}/info, /{hash}/public/{round|latest}) served
// by this app when DRAND_URL is unset, signing each round with its own BLS key exactly as quicknet does (signatures
// on G1 over SHA-256 of the round number). Like drand, it never answers for a round whose time has not come.
import express, { type Router } from "express";
import { signRound } from "~/domain/draw/beacon";
import { type ChainInfo, roundAt, roundTime } from "~/domain/draw/chain";
import { LOCAL_BEACON_PATH, localBeaconKeys } from "~/server/platform/beacon.server";
import type { Services } from "~/server/platform/services.server";

export function createLocalBeacon(options: { secretKey: Uint8Array; chain: ChainInfo; now: () => Date }): Router {
  const { secretKey, chain, now } = options;
  const router = express.Router();
  const info = {
    public_key: chain.publicKey,
    period: chain.period,
    genesis_time: chain.genesis,
    hash: chain.hash,
    schemeID: chain.scheme,
    metadata: { beaconID: "paddock-local-test-beacon" },
  };
  // drand's GET /info (the default chain's info): how a verifier learns the key this site signs with, rather than
  // trusting the key a draw's record carries.
  router.get("/info", (_req, res) => {
    res.set("Cache-Control", "no-store").json(info);
  });
  router.use("/:hash", (req, res, next) => {
    res.set("Cache-Control", "no-store");
    if (req.params.hash !== chain.hash) res.status(404).json({ error: "unknown chain" });
    else next();
  });
  router.get("/:hash/info", (_req, res) => {
    res.json(info);
  });
  router.get("/:hash/public/:round", (req, res) => {
    const current = roundAt(chain, now());
    const round = req.params.round === "latest" ? current : Number(req.params.round);
    if (!Number.isSafeInteger(round) || round < 1) {
      res.status(400).json({ error: "round must be a positive integer" });
      return;
    }
    if (roundTime(chain, round).getTime() > now().getTime()) {
      res.status(404).json({ error: `round ${round} is in the future` });
      return;
    }
    res.set("Cache-Control", "public, max-age=31536000, immutable");
    res.json(signRound(secretKey, round));
  });
  return router;
}

/** Serves the local test beacon when the app reads it (DRAND_URL unset), on the app's own clock. */
export function mountLocalBeacon(app: express.Express, services: Services) {
  if (services.env.DRAND_URL) return;
  const { secretKey, chain } = localBeaconKeys(services.env.AUTH_SECRET);
  app.use(LOCAL_BEACON_PATH, createLocalBeacon({ secretKey, chain, now: () => services.now() }));
}
