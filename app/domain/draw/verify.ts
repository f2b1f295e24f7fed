import { type BeaconRound, randomnessOf, verifyRoundSignature } from "./beacon";
import { sha256Hex, utf8 } from "./bytes";
import { type ChainInfo, DRAW_DELAY_MS, decidingRound, isQuicknet, QUICKNET, roundAt, roundTime } from "./chain";
import { checkInstantWins, type PublishedInstantWins } from "./instant-wins";
import { type Manifest, ManifestError, parseManifest } from "./manifest";
import { type ManifestLog, ManifestLogError, parseManifestLog } from "./manifest-log";
import { logSignatureFault } from "./manifest-log-signature";
import { drawSeed, drawSequence } from "./sequence";
import { isSkipReason, needsClause } from "./skip-reasons";

// One verification (draw-v1.md, "Verification"), used alike by the server before it records a draw, the public
// page's Verify button and the command-line verifier: every check is recomputed from the published record and the
// manifest text alone.

/** Entries in the draw by source, and tickets left out by reason (postal rejections by their reason). */
export type PublishedCounts = {
  eligible: { paid: number; postal: number };
  excluded: { wrongAnswer: number; refunded: number; postalRejected: Record<string, number> };
};

/** A prize passed from the drawn entry at `index` of the sequence to the next, with its reason from the fixed list. */
export type PublishedSkip = {
  index: number;
  position: number;
  ticketNumber: number;
  entryRef: string;
  /** One of SKIP_REASONS; typed loosely because a verifier reads it from JSON it cannot trust. */
  reason: string;
  /** The terms clause an "ineligible" skip applies; null for the other reasons. */
  clause: number | null;
  at: string;
};

/** What /draws/:id.json publishes: enough, with the manifest text, to recompute the whole draw. */
export type PublishedDraw = {
  version: "paddock-draw-v1";
  competitionId: number;
  chain: ChainInfo;
  /** The closing time published at go-live; the draw time is at least 60 minutes after it. */
  closesAt: string;
  /** When entries actually closed: at the closing time, or earlier when the terms close at sell-out. */
  closedAt: string | null;
  /** Fixed at go-live: the draw time and its round. */
  rule: { drawAt: string; round: number };
  manifest: { hash: string; publishedAt: string; entries: number; url: string; counts: PublishedCounts } | null;
  /** The round that decides: the rule's, or a later one when the manifest was late. */
  round: number | null;
  roundMoved: boolean;
  beacon: BeaconRound | null;
  /** Manifest positions (0-based): the winner, then the alternates in order. */
  sequence: number[] | null;
  skips: PublishedSkip[];
  /** The manifest log (docs/manifest-log-v1.md) this draw's manifest hash and round were appended to. */
  log: { url: string };
  /** The competition's instant wins (docs/instant-wins-v1.md): null or absent when it has none. */
  instantWins?: PublishedInstantWins | null;
};

export type CheckName =
  | "manifest"
  | "counts"
  | "hash"
  | "expected-hash"
  | "timeline"
  | "round"
  | "log"
  | "network"
  | "signature"
  | "randomness"
  | "sequence"
  | "skips"
  | "instant-wins"
  | "entry";
export type Check = { name: CheckName; status: "pass" | "fail" | "pending"; label: string; detail: string };

/** A local test beacon's identity as the site serves it (GET /local-beacon/info), not as the record says. */
export type ServedBeacon = Pick<ChainInfo, "hash" | "publicKey">;

type VerifyOptions = {
  /**
   * Accept a local test beacon (development and demos only), checked against the key the site serves for it; a
   * record re-signed with any other key fails. Without it a local-beacon draw fails.
   */
  localBeacon?: ServedBeacon;
  /** An entrant's reference to look for in the manifest. */
  entryRef?: string;
  /** The manifest hash from the entrant's close e-mail: the outside anchor a consistent rewrite cannot change. */
  expectHash?: string;
  /**
   * The manifest log's text (/draws/log.txt): its chain must hold, be signed with `logKey`, and hold this draw's hash
   * and round.
   */
  logText?: string;
  /**
   * The key the log must be signed with: the one the site publishes (LOG_KEY_PATH), or one the reader kept. Without
   * it a log is refused: the key the log names could be anyone's.
   */
  logKey?: string | null;
  /**
   * The revealed instant-win list (record.instantWins.url), or null when none is published yet: checked against the
   * commitment from go-live when the record has instant wins.
   */
  instantWinsText?: string | null;
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
  const label = "Beacon";
  if (record.chain.hash === QUICKNET.hash) {
    return isQuicknet(record.chain)
      ? {
          check: check("network", "pass", label, "drand quicknet, checked with its pinned public key"),
          chain: QUICKNET,
        }
      : { check: check("network", "fail", label, "claims quicknet with another public key"), chain: null };
  }
  if (record.chain.network !== "local-test-beacon")
    return { check: check("network", "fail", label, "not drand quicknet"), chain: null };
  const served = options.localBeacon;
  if (!served)
    return {
      check: check("network", "fail", label, "a local test beacon (testing only), accepted only when asked for"),
      chain: null,
    };
  if (served.hash !== record.chain.hash || served.publicKey !== record.chain.publicKey)
    return {
      check: check("network", "fail", label, "the record's beacon key is not the one the site serves for its beacon"),
      chain: null,
    };
  return {
    check: check("network", "pass", label, "local test beacon (testing only), with the key the site serves for it"),
    chain: { ...record.chain, publicKey: served.publicKey },
  };
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
  const valid = chain !== null && verifyRoundSignature(chain, beacon.round, beacon.signature);
  const signed = valid && beacon.round === record.round;
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
        : valid
          ? `the signature is round ${beacon.round}'s, but this draw's round is ${record.round}`
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

const MINUTES = (ms: number) => Math.round(ms / 60_000);
const validDate = (iso: string) => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at;
};

/** The published timeline: close, then the manifest, then the draw time at least 60 minutes after the close. */
function timelineCheck(record: PublishedDraw): Check {
  const label = "Timeline";
  const closesAt = validDate(record.closesAt ?? "");
  const drawAt = validDate(record.rule.drawAt);
  if (!closesAt || !drawAt)
    return check("timeline", "fail", label, "the record does not give the close and draw times");
  const gap = drawAt.getTime() - closesAt.getTime();
  if (gap < DRAW_DELAY_MS)
    return check("timeline", "fail", label, `the draw time is ${MINUTES(gap)} minutes after the close, not 60 or more`);
  if (roundAt(record.chain, drawAt) !== record.rule.round)
    return check("timeline", "fail", label, `round ${record.rule.round} is not the round for the draw time`);
  const closedAt = validDate(record.closedAt ?? record.closesAt);
  const publishedAt = record.manifest ? validDate(record.manifest.publishedAt) : null;
  if (!closedAt) return check("timeline", "fail", label, "the record's closing time cannot be read");
  if (publishedAt && publishedAt.getTime() < closedAt.getTime())
    return check("timeline", "fail", label, "the entry list was frozen before entries closed");
  return check(
    "timeline",
    "pass",
    label,
    `closes ${record.closesAt}; the draw time ${MINUTES(gap)} minutes later is round ${record.rule.round}`,
  );
}

/** The published counts of entries in the draw agree with the manifest's rows. */
function countsCheck(record: PublishedDraw, manifest: Manifest): Check {
  const label = "Counts";
  const counts = record.manifest?.counts;
  if (!counts) return check("counts", "fail", label, "the record does not give the counts");
  const postal = manifest.entries.filter((e) => e.source === "postal").length;
  const paid = manifest.entries.length - postal;
  const { excluded } = counts;
  const left =
    excluded.wrongAnswer + excluded.refunded + Object.values(excluded.postalRejected).reduce((a, b) => a + b, 0);
  return counts.eligible.paid === paid && counts.eligible.postal === postal
    ? check("counts", "pass", label, `${paid} paid and ${postal} postal entries in the draw; ${left} left out`)
    : check(
        "counts",
        "fail",
        label,
        `the record says ${counts.eligible.paid} paid and ${counts.eligible.postal} postal, the manifest lists ` +
          `${paid} and ${postal}`,
      );
}

/**
 * Each published redraw skip: the skips run from the winner on without a gap, each names the entry drawn at that
 * place (its position, ticket and reference in the manifest), has a reason from the fixed list, and an "ineligible"
 * skip names its terms clause (draw-v1.md, "Redraws").
 */
function skipsCheck(record: PublishedDraw, manifest: Manifest): Check | null {
  const label = "Prize passed on";
  const skips = record.skips ?? [];
  const sequence = record.sequence;
  if (!sequence) return skips.length > 0 ? check("skips", "fail", label, "skips before any draw") : null;
  for (const [i, skip] of skips.entries()) {
    const fault = skipFault(skip, i, sequence, manifest);
    if (fault) return check("skips", "fail", label, fault);
  }
  const n = skips.length;
  return check(
    "skips",
    "pass",
    label,
    n === 0 ? "not passed on" : `${n} ${n === 1 ? "skip" : "skips"}, each the drawn entry with a reason from the list`,
  );
}

/** What is wrong with the i-th skip, or null. */
function skipFault(skip: PublishedSkip, i: number, sequence: readonly number[], manifest: Manifest): string | null {
  const place = i === 0 ? "the winner" : `alternate ${i}`;
  if (skip.index !== i) return `skip ${i + 1} is at place ${skip.index}, not ${i} (${place})`;
  if (i >= sequence.length - 1) return `skip ${i + 1} passes the prize beyond the last alternate`;
  if (skip.position !== sequence[i]) return `${place} is position ${sequence[i]}, the skip names ${skip.position}`;
  const entry = manifest.entries[skip.position];
  if (entry?.ticketNumber !== skip.ticketNumber || entry.entryRef !== skip.entryRef)
    return `${place}'s skip names ticket ${skip.ticketNumber} (${skip.entryRef}), not the manifest's entry`;
  if (!isSkipReason(skip.reason)) return `${place}'s skip gives "${skip.reason}", not a reason from the fixed list`;
  const hasClause = Number.isSafeInteger(skip.clause) && (skip.clause ?? 0) > 0;
  if (needsClause(skip.reason) && !hasClause) return `${place}'s skip says ineligible without a terms clause`;
  if (!needsClause(skip.reason) && (skip.clause ?? null) !== null)
    return `${place}'s skip gives a terms clause for "${skip.reason}"`;
  return null;
}

/** The entrant's e-mail's hash, the one anchor outside this site. */
function expectedHashCheck(record: PublishedDraw, expected: string): Check {
  const want = expected.trim().toLowerCase();
  const label = "Hash in your e-mail";
  return want === record.manifest?.hash
    ? check("expected-hash", "pass", label, "the published manifest hash is the one you were e-mailed")
    : check("expected-hash", "fail", label, `you were e-mailed ${want}, the draw publishes ${record.manifest?.hash}`);
}

/** The manifest log's chain holds, it is signed with the site's key, and it holds this draw's hash, round and close. */
function logCheck(record: PublishedDraw, logText: string, logKey: string | null | undefined): Check {
  const label = "Manifest log";
  let log: ManifestLog;
  try {
    log = parseManifestLog(logText);
  } catch (error) {
    return check("log", "fail", label, error instanceof ManifestLogError ? error.message : "could not be read");
  }
  if (!logKey)
    return check(
      "log",
      "fail",
      label,
      "the site's log key could not be read, so the log's signature cannot be checked",
    );
  const fault = logSignatureFault(log, logKey);
  if (fault) return check("log", "fail", label, fault);
  const { entries } = log;
  const mine = entries.filter((e) => e.competitionId === record.competitionId);
  const entry = mine[0];
  if (!entry) return check("log", "fail", label, `competition ${record.competitionId} is not in the log`);
  if (mine.length > 1) return check("log", "fail", label, `competition ${record.competitionId} is logged twice`);
  if (
    entry.manifestHash !== record.manifest?.hash ||
    entry.round !== record.round ||
    entry.closesAt !== record.closesAt
  )
    return check(
      "log",
      "fail",
      label,
      `entry ${entry.sequence} logged hash ${entry.manifestHash}, round ${entry.round}, close ${entry.closesAt}`,
    );
  return check(
    "log",
    "pass",
    label,
    `entry ${entry.sequence} of ${entries.length}, chained by hash, signed with the site's key, has this hash, round`,
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
    countsCheck(record, manifest),
  );
  const hash = sha256Hex(utf8(manifestText));
  const hashMatches = hash === record.manifest?.hash;
  checks.push(
    check("hash", hashMatches ? "pass" : "fail", "Manifest hash", hashMatches ? `M = ${hash}` : `M is ${hash}`),
  );
  if (options.expectHash !== undefined) checks.push(expectedHashCheck(record, options.expectHash));
  checks.push(timelineCheck(record), roundCheck(record, manifest));
  if (options.logText !== undefined) checks.push(logCheck(record, options.logText, options.logKey));
  const network = networkCheck(record, options);
  checks.push(network.check, ...beaconChecks(record, network.chain), sequenceCheck(record, manifest, hash));
  const skips = skipsCheck(record, manifest);
  if (skips) checks.push(skips);
  if (record.instantWins && options.instantWinsText !== undefined) {
    const found = checkInstantWins(record.competitionId, record.instantWins, options.instantWinsText);
    checks.push(check("instant-wins", found.status, "Instant wins", found.detail));
  }
  if (options.entryRef) checks.push(entryCheck(manifest, options.entryRef));
  return checks;
}

export const drawMatches = (checks: readonly Check[]) => checks.every((c) => c.status === "pass");
