import { bls12_381 } from "@noble/curves/bls12-381.js";
import { publicKeyOf } from "~/domain/draw/beacon";
import { sha256, sha256Hex, utf8 } from "~/domain/draw/bytes";
import { type ChainInfo, QUICKNET, roundTime } from "~/domain/draw/chain";
import { buildManifestLog, type LogSigner, nextLogEntry } from "~/domain/draw/manifest-log";
import { logSigner } from "~/domain/draw/manifest-log-signature";
import { drawSeed, drawSequence } from "~/domain/draw/sequence";
import vectors from "~/domain/draw/vectors.json";
import type { PublishedDraw } from "~/domain/draw/verify";

// The committed quicknet draw redone on another beacon or round, every value recomputed so that each check of the
// old verifier passes: what a site re-signing or rewriting a draw consistently would publish.

const record = vectors.draw.record as PublishedDraw;
const manifest = vectors.draw.manifest;
const sha = (text: string) => sha256Hex(utf8(text));

/** The key the committed test vector's log is signed with (its public half is vectors.draw.logKey). */
export const TEST_LOG_SIGNER = logSigner(sha256(utf8("paddock manifest log test key")));
/** Another key: what a log re-signed by someone else carries. */
export const OTHER_LOG_SIGNER = logSigner(sha256(utf8("someone else's key")));

/** A local test beacon's chain, its key derived from a fixed seed byte. */
export function localChain(seedByte: number) {
  const secretKey = bls12_381.utils.randomSecretKey(new Uint8Array(48).fill(seedByte));
  const publicKey = publicKeyOf(secretKey);
  const chain: ChainInfo = { ...QUICKNET, network: "local-test-beacon", hash: sha(`local:${publicKey}`), publicKey };
  return { secretKey, chain };
}

/** The committed draw on `chain` at `beacon`'s round, with its own one-entry manifest log signed by `signer`. */
export function redoneDraw(
  chain: ChainInfo,
  beacon: NonNullable<PublishedDraw["beacon"]>,
  signer: LogSigner = TEST_LOG_SIGNER,
) {
  const published = record.manifest as NonNullable<PublishedDraw["manifest"]>;
  const text = manifest.replace(
    `drand-quicknet ${QUICKNET.hash} ${record.round}`,
    `${chain.network} ${chain.hash} ${beacon.round}`,
  );
  const drawAt = roundTime(chain, beacon.round).toISOString();
  const closesAt = new Date(Date.parse(drawAt) - 60 * 60_000).toISOString();
  const hash = sha(text);
  const changed: PublishedDraw = {
    ...record,
    chain,
    closesAt,
    closedAt: closesAt,
    rule: { drawAt, round: beacon.round },
    manifest: { ...published, hash, publishedAt: closesAt },
    round: beacon.round,
    beacon,
    sequence: drawSequence(drawSeed(hash, beacon.randomness), published.entries),
  };
  const log = buildManifestLog(
    [
      nextLogEntry(null, {
        competitionId: record.competitionId,
        manifestHash: hash,
        round: beacon.round,
        closesAt: new Date(closesAt),
      }),
    ],
    signer,
  );
  return { record: changed, text, log };
}
