import { createHmac } from "node:crypto";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { z } from "zod";
import { type BeaconRound, publicKeyOf, verifyBeaconRound } from "~/domain/draw/beacon";
import { sha256Hex, utf8 } from "~/domain/draw/bytes";
import { type ChainInfo, LOCAL_BEACON_PATH, QUICKNET } from "~/domain/draw/chain";
import type { Env } from "./env.server";

/**
 * The randomness beacon the draws read, through drand's HTTP API (GET {base}/{chainHash}/public/{round}). With
 * DRAND_URL it is drand quicknet, whose chain info is pinned in code; without it, the local test beacon this app
 * serves under /local-beacon (server/local-beacon.ts), with its own key pair derived from the app's secret so that
 * every process signs alike. The same code fetches and verifies both: only the chain info differs.
 */

export { LOCAL_BEACON_PATH } from "~/domain/draw/chain";

const FETCH_TIMEOUT_MS = 10_000;

export type Beacon = {
  readonly chain: ChainInfo;
  /** The base URL of drand's HTTP API (the chain hash follows it). */
  readonly baseUrl: string;
  /** The round, fetched and verified against the pinned key; throws BeaconError when it cannot be had or is wrong. */
  fetchRound(round: number): Promise<BeaconRound>;
};

export class BeaconError extends Error {}

const RoundJson = z.object({
  round: z.number().int().positive(),
  randomness: z.string().regex(/^[0-9a-f]{64}$/),
  signature: z.string().regex(/^[0-9a-f]{96}$/),
});

type LocalBeaconKeys = { secretKey: Uint8Array; chain: ChainInfo };
/** By secret: deriving the public key is BLS arithmetic (~0.1 s), and the beacon and its server both need it. */
const derivedKeys = new Map<string, LocalBeaconKeys>();

/** The local test beacon's key pair and chain info: the same on every process that shares the app's secret. */
export function localBeaconKeys(authSecret: string): LocalBeaconKeys {
  let keys = derivedKeys.get(authSecret);
  if (!keys) {
    keys = deriveLocalBeaconKeys(authSecret);
    derivedKeys.set(authSecret, keys);
  }
  return keys;
}

function deriveLocalBeaconKeys(authSecret: string): LocalBeaconKeys {
  const block = (label: string) => createHmac("sha256", authSecret).update(`paddock-local-beacon:${label}`).digest();
  const seed = Buffer.concat([block("1"), block("2")]).subarray(0, 48);
  const secretKey = bls12_381.utils.randomSecretKey(new Uint8Array(seed));
  const publicKey = publicKeyOf(secretKey);
  return {
    secretKey,
    chain: {
      ...QUICKNET,
      network: "local-test-beacon",
      hash: sha256Hex(utf8(`paddock-local-test-beacon:${publicKey}`)),
      publicKey,
    },
  };
}

/** `chain` may be given as a function, called when the chain is first needed (the local beacon's key is derived). */
export function createBeacon(options: {
  chain: ChainInfo | (() => ChainInfo);
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
}): Beacon {
  const given = options.chain;
  let known = typeof given === "function" ? undefined : given;
  const chain = () => {
    known ??= (given as () => ChainInfo)();
    return known;
  };
  const baseUrl = options.baseUrl.replace(/\/$/, "");
  const get = options.fetch ?? globalThis.fetch;
  return {
    get chain() {
      return chain();
    },
    baseUrl,
    async fetchRound(round) {
      let body: unknown;
      try {
        const response = await get(`${baseUrl}/${chain().hash}/public/${round}`, {
          signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
          headers: { accept: "application/json" },
        });
        if (!response.ok) throw new BeaconError(`the beacon answered ${response.status} for round ${round}`);
        body = await response.json();
      } catch (error) {
        if (error instanceof BeaconError) throw error;
        throw new BeaconError(`the beacon could not be reached: ${(error as Error).message}`);
      }
      const parsed = RoundJson.safeParse(body);
      if (!parsed.success) throw new BeaconError("the beacon's answer is not a drand round");
      if (!verifyBeaconRound(chain(), parsed.data, round))
        throw new BeaconError(`round ${round} does not verify against the beacon's public key`);
      return parsed.data;
    },
  };
}

/**
 * quicknet at DRAND_URL, or the local test beacon at this process's own /local-beacon, reached on the loopback
 * address (BASE_URL may be a public name behind a proxy), or at `localOrigin` in tests.
 */
export function beaconFromEnv(env: Pick<Env, "DRAND_URL" | "PORT" | "AUTH_SECRET">, localOrigin?: string): Beacon {
  if (env.DRAND_URL) return createBeacon({ chain: QUICKNET, baseUrl: env.DRAND_URL });
  const origin = localOrigin ?? `http://127.0.0.1:${env.PORT}`;
  return createBeacon({
    chain: () => localBeaconKeys(env.AUTH_SECRET).chain,
    baseUrl: `${origin}${LOCAL_BEACON_PATH}`,
  });
}
