import { describe, expect, it } from "vitest";
import { localChain, OTHER_LOG_SIGNER, redoneDraw, TEST_LOG_SIGNER } from "../../../tests/support/redone-draw";
import { signRound } from "./beacon";
import { QUICKNET } from "./chain";
import { buildManifestLog, logEntryHash, type ManifestLogEntry, nextLogEntry, parseManifestLog } from "./manifest-log";
import vectors from "./vectors.json";
import { type Check, drawMatches, type PublishedDraw, type PublishedSkip, verifyDraw } from "./verify";

const record = vectors.draw.record as PublishedDraw;
const logText = vectors.draw.log;
const logKey = vectors.draw.logKey;
const published = record.manifest as NonNullable<PublishedDraw["manifest"]>;
const manifest = vectors.draw.manifest;
const statusOf = (checks: Check[], name: Check["name"]) => checks.find((c) => c.name === name)?.status;

describe("verifying the committed test vector (a real quicknet round)", () => {
  it("passes every check", () => {
    const checks = verifyDraw(record, manifest, { logText, logKey, expectHash: published.hash });
    expect(checks.map((c) => [c.name, c.status])).toEqual([
      ["manifest", "pass"],
      ["counts", "pass"],
      ["hash", "pass"],
      ["expected-hash", "pass"],
      ["timeline", "pass"],
      ["round", "pass"],
      ["log", "pass"],
      ["network", "pass"],
      ["signature", "pass"],
      ["randomness", "pass"],
      ["sequence", "pass"],
      ["skips", "pass"],
    ]);
    expect(drawMatches(checks)).toBe(true);
  });

  it("finds an entrant's reference, or says it is not there", () => {
    const ref = manifest.split("\n")[6]?.split(",")[1] ?? "";
    expect(statusOf(verifyDraw(record, manifest, { entryRef: ref.toLowerCase() }), "entry")).toBe("pass");
    expect(statusOf(verifyDraw(record, manifest, { entryRef: "NOTTHERE0000" }), "entry")).toBe("fail");
  });
});

describe("any change to the published values fails the check that covers it", () => {
  const swapped = (sequence: number[]) => [sequence[1], sequence[0], ...sequence.slice(2)] as number[];
  const beacon = record.beacon as NonNullable<PublishedDraw["beacon"]>;
  const other = vectors.quicknetRounds[3] as NonNullable<PublishedDraw["beacon"]>;
  it.each<[string, PublishedDraw, string, Check["name"]]>([
    ["an edited manifest", record, manifest.replace(",paid\n", ",postal\n"), "hash"],
    ["another winner", { ...record, sequence: swapped(record.sequence ?? []) }, manifest, "sequence"],
    ["another round's beacon", { ...record, beacon: { ...other, round: beacon.round } }, manifest, "signature"],
    [
      "a beacon value not from the signature",
      { ...record, beacon: { ...beacon, randomness: other.randomness } },
      manifest,
      "randomness",
    ],
    ["a round moved without cause", { ...record, round: 1001 }, manifest, "round"],
    [
      "a manifest published after its round",
      { ...record, manifest: { ...published, publishedAt: "2023-08-23T16:00:00.000Z" } },
      manifest,
      "round",
    ],
    [
      "another public key under quicknet's name",
      { ...record, chain: { ...QUICKNET, publicKey: "a".repeat(192) } },
      manifest,
      "network",
    ],
    ["another competition", { ...record, competitionId: 43 }, manifest, "manifest"],
  ])("%s", (_, changed, text, failing) => {
    const checks = verifyDraw(changed, text);
    expect(statusOf(checks, failing)).toBe("fail");
    expect(drawMatches(checks)).toBe(false);
  });

  it("an unreadable manifest is one failed check", () => {
    expect(verifyDraw(record, "hello")).toEqual([expect.objectContaining({ name: "manifest", status: "fail" })]);
  });
});

describe("a local test beacon", () => {
  const site = localChain(7);
  const local = redoneDraw(site.chain, signRound(site.secretKey, 1000));

  it("passes only with the key the site serves for its beacon, and says it is for testing", () => {
    expect(statusOf(verifyDraw(local.record, local.text), "network")).toBe("fail");
    const checks = verifyDraw(local.record, local.text, { localBeacon: site.chain, logText: local.log, logKey });
    expect(drawMatches(checks)).toBe(true);
    expect(checks.find((c) => c.name === "network")?.detail).toMatch(/local test beacon \(testing only\)/);
  });

  it("a draw re-signed with another key, which carries that key in its record, fails", () => {
    const other = localChain(9);
    const resigned = redoneDraw(other.chain, signRound(other.secretKey, 1000));
    const checks = verifyDraw(resigned.record, resigned.text, {
      localBeacon: site.chain,
      logText: resigned.log,
      logKey,
    });
    expect(statusOf(checks, "network")).toBe("fail");
    expect(statusOf(checks, "signature")).toBe("fail");
    expect(drawMatches(checks)).toBe(false);
  });
});

describe("a signature that is valid for another round", () => {
  it("fails and names the round it belongs to", () => {
    const other = vectors.quicknetRounds[1] as NonNullable<PublishedDraw["beacon"]>;
    const checks = verifyDraw({ ...record, beacon: other }, manifest);
    expect(checks.find((c) => c.name === "signature")).toMatchObject({
      status: "fail",
      detail: `the signature is round ${other.round}'s, but this draw's round is ${record.round}`,
    });
  });
});

describe("redraw skips", () => {
  const sequence = record.sequence as number[];
  const rows = manifest.split("\n").slice(4);
  const entryAt = (position: number) => {
    const [ticket, entryRef] = (rows[position] ?? "").split(",");
    return { ticketNumber: Number(ticket), entryRef: entryRef ?? "" };
  };
  const skip = (index: number, change: Partial<PublishedSkip> = {}): PublishedSkip => ({
    index,
    position: sequence[index] as number,
    ...entryAt(sequence[index] as number),
    reason: "unclaimed",
    clause: null,
    at: "2023-08-30T12:00:00.000Z",
    ...change,
  });
  const withSkips = (...skips: PublishedSkip[]) => verifyDraw({ ...record, skips }, manifest);

  it("pass when each names the drawn entry at its place, with a reason from the list", () => {
    const checks = withSkips(skip(0, { reason: "ineligible", clause: 7 }), skip(1, { reason: "refunded" }));
    expect(statusOf(checks, "skips")).toBe("pass");
    expect(drawMatches(checks)).toBe(true);
  });

  it.each<[string, PublishedSkip[]]>([
    ["a reason outside the fixed list", [skip(0, { reason: "the winner was rude" })]],
    ["another position than the drawn one", [skip(0, { position: sequence[1] as number })]],
    ["the drawn position with another entry's ticket", [skip(0, { ...entryAt(sequence[1] as number) })]],
    ["the drawn position with another entry reference", [skip(0, { entryRef: "AAAAAAAAAAAA" })]],
    ["ineligible without its terms clause", [skip(0, { reason: "ineligible" })]],
    ["a terms clause on another reason", [skip(0, { clause: 4 })]],
    ["a gap: the first alternate skipped while the winner holds the prize", [skip(1)]],
    ["the last alternate passed over too", sequence.map((_, i) => skip(i))],
  ])("fail for %s", (_, skips) => {
    const checks = withSkips(...skips);
    expect(statusOf(checks, "skips")).toBe("fail");
    expect(drawMatches(checks)).toBe(false);
  });
});

describe("the timeline and counts, from draw.json alone", () => {
  const hour = 60 * 60_000;
  const at = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
  it.each<[string, PublishedDraw, Check["name"]]>([
    ["a draw time 30 minutes after the close", { ...record, closesAt: at(record.closesAt, hour / 2) }, "timeline"],
    ["no closing time", { ...record, closesAt: "" }, "timeline"],
    ["a manifest frozen before entries closed", { ...record, closedAt: at(published.publishedAt, 1000) }, "timeline"],
    [
      "a rule round not the draw time's",
      { ...record, rule: { ...record.rule, drawAt: at(record.rule.drawAt, -hour) } },
      "timeline",
    ],
    [
      "counts that disagree with the manifest",
      { ...record, manifest: { ...published, counts: { ...published.counts, eligible: { paid: 25, postal: 0 } } } },
      "counts",
    ],
  ])("%s fails", (_, changed, failing) => {
    const checks = verifyDraw(changed, manifest);
    expect(statusOf(checks, failing)).toBe("fail");
    expect(drawMatches(checks)).toBe(false);
  });
});

describe("a consistent rewrite to another real round", () => {
  const real = vectors.quicknetRounds[3] as NonNullable<PublishedDraw["beacon"]>;
  const rewritten = redoneDraw(QUICKNET, real);

  it("is caught by the manifest log the site published, and by the hash in the entrant's e-mail", () => {
    expect(drawMatches(verifyDraw(rewritten.record, rewritten.text))).toBe(true);
    const checks = verifyDraw(rewritten.record, rewritten.text, { logText, logKey, expectHash: published.hash });
    expect(statusOf(checks, "log")).toBe("fail");
    expect(statusOf(checks, "expected-hash")).toBe("fail");
    expect(drawMatches(checks)).toBe(false);
  });

  it("a rewritten log entry breaks the chain to later ones; a log rewritten whole, the e-mail catches", () => {
    const { entries } = parseManifestLog(logText);
    const later = nextLogEntry(entries[0] as ManifestLogEntry, {
      competitionId: 43,
      manifestHash: "c".repeat(64),
      round: 2000,
      closesAt: new Date("2023-08-24T10:00:00.000Z"),
    });
    const edited = buildManifestLog([...parseManifestLog(rewritten.log).entries, later], TEST_LOG_SIGNER);
    expect(
      verifyDraw(rewritten.record, rewritten.text, { logText: edited, logKey }).find((c) => c.name === "log"),
    ).toMatchObject({ status: "fail", detail: "the chain is broken at entry 2: its previous hash is not entry 1's" });
    const whole = verifyDraw(rewritten.record, rewritten.text, {
      logText: rewritten.log,
      logKey,
      expectHash: published.hash,
    });
    expect(statusOf(whole, "log")).toBe("pass");
    expect(statusOf(whole, "expected-hash")).toBe("fail");
  });
});

describe("the manifest log's signature (docs/manifest-log-v1.md)", () => {
  const logOf = (checks: Check[]) => checks.find((c) => c.name === "log");
  const [entry] = parseManifestLog(logText).entries as [ManifestLogEntry];

  it("an entry changed after signing (its hash recomputed, the chain consistent) is refused", () => {
    const changed = { ...entry, round: entry.round + 1 };
    const tampered = logText.replace(
      `${entry.round} ${entry.closesAt} ${entry.previousHash} ${entry.entryHash}`,
      `${changed.round} ${entry.closesAt} ${entry.previousHash} ${logEntryHash(changed)}`,
    );
    expect(parseManifestLog(tampered).entries[0]?.round).toBe(entry.round + 1);
    expect(logOf(verifyDraw(record, manifest, { logText: tampered, logKey }))).toMatchObject({
      status: "fail",
      detail: "the log's signature does not verify with the site's key",
    });
  });

  it("a log re-signed with another key is refused, though it names that key", () => {
    const resigned = buildManifestLog([entry], OTHER_LOG_SIGNER);
    expect(logOf(verifyDraw(record, manifest, { logText: resigned, logKey }))).toMatchObject({
      status: "fail",
      detail: `the log is signed with key ${OTHER_LOG_SIGNER.publicKey}, not the site's key ${logKey}`,
    });
    // Checked against the key it names, it would pass: the published key is what makes it the site's.
    expect(logOf(verifyDraw(record, manifest, { logText: resigned, logKey: OTHER_LOG_SIGNER.publicKey }))?.status).toBe(
      "pass",
    );
  });

  it("a signature moved onto another key line, an unsigned log, or no published key are refused", () => {
    const moved = logText.replace(logKey, OTHER_LOG_SIGNER.publicKey);
    expect(logOf(verifyDraw(record, manifest, { logText: moved, logKey: OTHER_LOG_SIGNER.publicKey }))).toMatchObject({
      status: "fail",
      detail: "the log's signature does not verify with the site's key",
    });
    const unsigned = logText
      .split("\n")
      .filter((l) => !l.startsWith("signature"))
      .join("\n");
    expect(logOf(verifyDraw(record, manifest, { logText: unsigned, logKey }))?.detail).toMatch(/not signed/);
    expect(logOf(verifyDraw(record, manifest, { logText, logKey: null }))?.detail).toMatch(/log key could not be read/);
  });
});

describe("before the draw", () => {
  it("the manifest checks pass and the beacon checks are pending", () => {
    const checks = verifyDraw({ ...record, beacon: null, sequence: null }, manifest);
    expect(statusOf(checks, "hash")).toBe("pass");
    expect(statusOf(checks, "signature")).toBe("pending");
    expect(statusOf(checks, "sequence")).toBe("pending");
    expect(drawMatches(checks)).toBe(false);
  });
});
