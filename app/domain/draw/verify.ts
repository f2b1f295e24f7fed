import { type BeaconRound, randomnessOf, verifyRoundSignature } from "./beacon";
import { sha256Hex, utf8 } from "./bytes";
import { type ChainInfo, decidingRound, isQuicknet, QUICKNET, roundTime } from "./chain";
import { type Manifest, ManifestError, parseManifest } from "./manifest";
import { drawSeed, drawSequence } from "./sequence";
import type { SkipReason } from "./skip-reasons";

// One verification (draw-v1.md, "Verification"), used alike by the server before it records a draw, the public
// page's Verify button and the command-line verifier: every check is recomputed from the published record and the
// manifest text alone.

/** What /draws/:id.json publishes: enough, with the manifest text, to recompute the whole draw. */
export type PublishedDraw = {
  version: "paddock-draw-v1";
  competitionId: number;
  chain: ChainInfo;
  /** Fixed at go-live: the draw time and its round. */
  rule: { drawAt: string; round: number };
  manifest: { hash: string; publishedAt: string; entries: number; url: string } | null;
  /** The round that decides: the rule's, or a later one when the manifest was late. */
  round: number | null;
  roundMoved: boolean;
  beacon: BeaconRound | null;
  /** Manifest positions (0-based): the winner, then the alternates in order. */
  sequence: number[] | null;
  skips: { index: number; position: number; reason: SkipReason; at: string }[];
};

export type CheckName = "manifest" | "hash" | "round" | "network" | "signature" | "randomness" | "sequence" | "entry";
export type Check = { name: CheckName; status: "pass" | "fail" | "pending"; label: string; detail: string };

type VerifyOptions = {
  /** Accept a local test beacon whose key is taken from the record itself (development and demos only). */
  allowLocalBeacon?: boolean;
  /** An entrant's reference to look for in the manifest. */
  entryRef?: string;
};

const check = (name: CheckName, status: Check["status"], label: string, detail: string): Check => ({
  name,
  status,
  label,
  detail,
});

function readManifest(text: string): Manifest | string {
  try {
    return parseManifest(text);
  } catch (error) {
    return error instanceof ManifestError ? error.message : "the manifest could not be read";
  }
}

function networkCheck(record: PublishedDraw, options: VerifyOptions): { check: Check; chain: ChainInfo | null } {
  if (record.chain.hash === QUICKNET.hash) {
    return isQuicknet(record.chain)
      ? {
          check: check("network", "pass", "Beacon", "drand quicknet, checked with its pinned public key"),
          chain: QUICKNET,
        }
      : { check: check("network", "fail", "Beacon", "claims quicknet with another public key"), chain: null };
  }
  if (options.allowLocalBeacon && record.chain.network === "local-test-beacon")
    return {
      check: check(
        "network",
        "pass",
        "Beacon",
        "local test beacon (not drand quicknet): its key comes from this record",
      ),
      chain: record.chain,
    };
  return { check: check("network", "fail", "Beacon", "not drand quicknet"), chain: null };
}

function roundCheck(record: PublishedDraw, manifest: Manifest): Check {
  const label = "Round fixed before the draw";
  if (!record.manifest || record.round === null) return check("round", "pending", label, "no manifest yet");
  const publishedAt = new Date(record.manifest.publishedAt);
  const rule = { drawAt: new Date(record.rule.drawAt), round: record.rule.round };
  const due = decidingRound(record.chain, rule, publishedAt);
  if (manifest.round !== record.round || due.round !== record.round)
    return check("round", "fail", label, `round ${record.round} is not the one the rule and the manifest give`);
  if (publishedAt.getTime() >= roundTime(record.chain, record.round).getTime())
    return check("round", "fail", label, "the manifest was published after the round");
  const moved = due.moved ? " (moved: the manifest was published late)" : "";
  return check("round", "pass", label, `round ${record.round}, after the manifest was published${moved}`);
}

function beaconChecks(record: PublishedDraw, chain: ChainInfo | null): Check[] {
  const beacon = record.beacon;
  if (!beacon || record.round === null)
    return [check("signature", "pending", "Beacon signature", "the round has not been drawn yet")];
  const signed =
    chain !== null && beacon.round === record.round && verifyRoundSignature(chain, beacon.round, beacon.signature);
  let randomness = false;
  try {
    randomness = randomnessOf(beacon.signature) === beacon.randomness;
  } catch {
    randomness = false;
  }
  return [
    check(
      "signature",
      signed ? "pass" : "fail",
      "Beacon signature",
      signed
        ? `round ${beacon.round} is signed by the beacon's key`
        : `round ${beacon.round}'s signature does not verify`,
    ),
    check(
      "randomness",
      randomness ? "pass" : "fail",
      "Beacon randomness",
      randomness ? "R is the SHA-256 of the signature" : "R is not the SHA-256 of the signature",
    ),
  ];
}

function sequenceCheck(record: PublishedDraw, manifest: Manifest, hash: string): Check {
  const label = "Winner and alternates";
  if (!record.beacon || !record.sequence) return check("sequence", "pending", label, "not drawn yet");
  let expected: number[];
  try {
    expected = drawSequence(drawSeed(hash, record.beacon.randomness), manifest.entries.length);
  } catch {
    return check("sequence", "fail", label, "could not be recomputed from these values");
  }
  const same = expected.length === record.sequence.length && expected.every((p, i) => p === record.sequence?.[i]);
  return same
    ? check("sequence", "pass", label, `recomputed: position ${expected[0]} wins, ${expected.length - 1} alternates`)
    : check("sequence", "fail", label, `recomputed ${expected.join(", ")}, published ${record.sequence.join(", ")}`);
}

function entryCheck(manifest: Manifest, entryRef: string): Check {
  const ref = entryRef.trim().toUpperCase();
  const at = manifest.entries.findIndex((e) => e.entryRef === ref);
  return at === -1
    ? check("entry", "fail", "Your entry", `${ref} is not in the manifest`)
    : check(
        "entry",
        "pass",
        "Your entry",
        `${ref} is at position ${at} (ticket ${manifest.entries[at]?.ticketNumber})`,
      );
}

/** Every check, in the order draw-v1.md lists them. A draw matches when none fails and none is pending. */
export function verifyDraw(record: PublishedDraw, manifestText: string, options: VerifyOptions = {}): Check[] {
  const manifest = readManifest(manifestText);
  if (typeof manifest === "string") return [check("manifest", "fail", "Manifest", manifest)];
  const checks: Check[] = [];
  const sameHeader =
    manifest.competitionId === record.competitionId &&
    manifest.chainHash === record.chain.hash &&
    manifest.network === record.chain.network &&
    manifest.entries.length === record.manifest?.entries;
  checks.push(
    check(
      "manifest",
      sameHeader ? "pass" : "fail",
      "Manifest",
      sameHeader
        ? `${manifest.entries.length} entries for competition ${manifest.competitionId}`
        : "its competition, beacon or entry count differs from the record",
    ),
  );
  const hash = sha256Hex(utf8(manifestText));
  const hashMatches = hash === record.manifest?.hash;
  checks.push(
    check("hash", hashMatches ? "pass" : "fail", "Manifest hash", hashMatches ? `M = ${hash}` : `M is ${hash}`),
  );
  checks.push(roundCheck(record, manifest));
  const network = networkCheck(record, options);
  checks.push(network.check, ...beaconChecks(record, network.chain), sequenceCheck(record, manifest, hash));
  if (options.entryRef) checks.push(entryCheck(manifest, options.entryRef));
  return checks;
}

export const drawMatches = (checks: readonly Check[]) => checks.every((c) => c.status === "pass");
