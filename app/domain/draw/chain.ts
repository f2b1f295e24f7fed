// The randomness beacon a draw is decided by (draw-v1.md, "Beacon"): drand quicknet, pinned here, or the local test
// beacon that stands in for it offline. Pure: no I/O, runs in Node and in the browser.

/** What a verifier needs to know about a beacon chain; for quicknet these come from drand's published chain info. */
export type ChainInfo = {
  /** The name written in the manifest's beacon line. */
  network: "drand-quicknet" | "local-test-beacon";
  hash: string;
  /** Group public key, compressed G2, hex. */
  publicKey: string;
  /** Unix seconds of round 1. */
  genesis: number;
  /** Seconds between rounds. */
  period: number;
  scheme: "bls-unchained-g1-rfc9380";
};

/**
 * drand quicknet, as drand publishes it at GET https://api.drand.sh/<hash>/info (also pinned by drand-verify's
 * tests): signatures on G1, public key on G2, unchained (the message is SHA-256 of the round number alone).
 */
export const QUICKNET: ChainInfo = {
  network: "drand-quicknet",
  hash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  publicKey:
    "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d" +
    "1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
  genesis: 1692803367,
  period: 3,
  scheme: "bls-unchained-g1-rfc9380",
};

/** Where a site serves its local test beacon (drand's HTTP API shape); GET {path}/info is its chain info. */
export const LOCAL_BEACON_PATH = "/local-beacon";
export const LOCAL_BEACON_INFO_PATH = `${LOCAL_BEACON_PATH}/info`;

/** The identity in a drand chain-info answer ({ hash, public_key, ... }), or null when it has none. */
export function servedChainKey(info: unknown): Pick<ChainInfo, "hash" | "publicKey"> | null {
  const { hash, public_key } = (info ?? {}) as { hash?: unknown; public_key?: unknown };
  return typeof hash === "string" && typeof public_key === "string" ? { hash, publicKey: public_key } : null;
}

/** The hash-to-curve domain separation tag of the bls-unchained-g1-rfc9380 scheme. */
export const QUICKNET_DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

export const isQuicknet = (chain: Pick<ChainInfo, "hash" | "publicKey">) =>
  chain.hash === QUICKNET.hash && chain.publicKey === QUICKNET.publicKey;

type Timing = Pick<ChainInfo, "genesis" | "period">;

/** The round current at time t (the spec's rule): r = floor((t - genesis) / period) + 1. */
export function roundAt(chain: Timing, at: Date): number {
  return Math.floor((at.getTime() / 1000 - chain.genesis) / chain.period) + 1;
}

/** When round r is emitted. */
export function roundTime(chain: Timing, round: number): Date {
  return new Date((chain.genesis + (round - 1) * chain.period) * 1000);
}

/** The first round emitted at or after time t. */
export function firstRoundFrom(chain: Timing, at: Date): number {
  return Math.ceil((at.getTime() / 1000 - chain.genesis) / chain.period) + 1;
}

const MINUTE_MS = 60_000;
/** The draw time is at least this long after the closing time, so the manifest is published well before it. */
export const DRAW_DELAY_MS = 60 * MINUTE_MS;
/** A manifest published later than this before the draw time moves the round (draw-v1.md, "Timeline"). */
const LATE_MANIFEST_MS = 30 * MINUTE_MS;

type DrawRule = { drawAt: Date; round: number; chainHash: string };

/** The draw time T = closing time + 60 minutes, the round current at T and when that round is emitted. */
export function drawTiming(chain: Timing, closesAt: Date): { drawAt: Date; round: number; roundAt: Date } {
  const drawAt = new Date(closesAt.getTime() + DRAW_DELAY_MS);
  const round = roundAt(chain, drawAt);
  return { drawAt, round, roundAt: roundTime(chain, round) };
}

/** Fixed at go-live: the draw time T = closing time + 60 minutes, and the round for T. */
export function drawRuleFor(chain: ChainInfo, closesAt: Date): DrawRule {
  const { drawAt, round } = drawTiming(chain, closesAt);
  return { drawAt, round, chainHash: chain.hash };
}

/**
 * The round that decides, given when the manifest was published: the rule's round, or, when the manifest came out
 * later than 30 minutes before T, the first round at least 60 minutes after publication, by this rule alone.
 */
export function decidingRound(
  chain: Timing,
  rule: Pick<DrawRule, "drawAt" | "round">,
  publishedAt: Date,
): { round: number; moved: boolean } {
  if (publishedAt.getTime() <= rule.drawAt.getTime() - LATE_MANIFEST_MS) return { round: rule.round, moved: false };
  return { round: firstRoundFrom(chain, new Date(publishedAt.getTime() + DRAW_DELAY_MS)), moved: true };
}
