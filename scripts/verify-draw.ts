// Checks a Paddock draw from its published data alone, with no Paddock server code: the pure draw rules in
// app/domain/draw (SHA-256 and BLS12-381 from the audited noble libraries) and nothing else.
//
//   npm run verify-draw -- https://paddock.example/draws/12        (the page, or its draw.json)
//   npm run verify-draw -- ./draw.json                              (a saved record; manifest, log and any
//                                                                    instant-wins.txt beside it)
//   npm run verify-draw -- <url or file> --entry 7K2M9QRT4VXZ       (also look for your entry reference)
//   npm run verify-draw -- <url or file> --expect-hash <hash>       (the manifest hash from your close e-mail)
//   npm run verify-draw -- <url or file> --log <url or file>        (check against another copy of the manifest log)
//   npm run verify-draw -- <url or file> --log-key <hex or file>    (the log's signing key you kept; else the site's)
//   npm run verify-draw -- <url> --allow-local-beacon               (accept a demo's local test beacon, testing only)
//
// A local-test-beacon draw is refused unless --allow-local-beacon is given, and then its signature is checked with the
// key the site serves for its beacon (GET /local-beacon/info), never the key the record carries. The manifest log's
// signature is checked with the key the site publishes (GET /draws/log-key.txt; log-key.txt beside a saved record),
// or with --log-key, never with the key the log names alone.
// Exit 0 when every check passes; 1 when one fails (it is printed) or the draw has not run yet; 2 on bad usage.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { LOCAL_BEACON_INFO_PATH, servedChainKey } from "../app/domain/draw/chain";
import { LOG_KEY_PATH, MANIFEST_LOG_PATH, parseLogKey } from "../app/domain/draw/manifest-log";
import { drawMatches, type PublishedDraw, type ServedBeacon, verifyDraw } from "../app/domain/draw/verify";

type Source = {
  record: PublishedDraw;
  manifest: string;
  log: string;
  /** The key the log must be signed with: the site's published one, or the reader's own copy (--log-key). */
  logKey?: string | null;
  beacon?: ServedBeacon;
  /** The revealed instant-win list, when the record has one published (docs/instant-wins-v1.md). */
  instantWins?: string | null;
};

const isUrl = (s: string) => /^https?:\/\//.test(s);

async function get(url: URL | string, what: string) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what} (${url}) answered ${response.status}`);
  return response;
}

async function fromUrl(target: string, localBeacon: boolean): Promise<Source> {
  const jsonUrl = target.endsWith(".json") ? target : `${target.replace(/\/$/, "")}/draw.json`;
  const record = (await (await get(jsonUrl, "the draw")).json()) as PublishedDraw;
  if (!record.manifest) return { record, manifest: "", log: "" };
  // The log is read where every site serves it, not wherever a record might point.
  const instantWinsUrl = record.instantWins?.url;
  const [manifest, log, logKey, beacon, instantWins] = await Promise.all([
    get(new URL(record.manifest.url, jsonUrl), "the manifest").then((r) => r.text()),
    get(new URL(MANIFEST_LOG_PATH, jsonUrl), "the manifest log").then((r) => r.text()),
    get(new URL(LOG_KEY_PATH, jsonUrl), "the manifest log's key").then(async (r) => parseLogKey(await r.text())),
    localBeacon && record.chain.network === "local-test-beacon"
      ? get(new URL(LOCAL_BEACON_INFO_PATH, jsonUrl), "the site's beacon").then(async (r) =>
          servedChainKey(await r.json()),
        )
      : null,
    instantWinsUrl ? get(new URL(instantWinsUrl, jsonUrl), "the instant-win list").then((r) => r.text()) : null,
  ]);
  return { record, manifest, log, logKey, beacon: beacon ?? undefined, instantWins };
}

async function fromFile(file: string): Promise<Source> {
  const record = JSON.parse(await readFile(file, "utf8")) as PublishedDraw;
  if (!record.manifest) return { record, manifest: "", log: "" };
  // A saved record names its manifest by the site's path; beside the record, only its file name counts.
  const beside = (url: string) => readFile(path.join(path.dirname(file), path.basename(url)), "utf8");
  const instantWinsUrl = record.instantWins?.url;
  return {
    record,
    manifest: await beside(record.manifest.url),
    log: await beside(MANIFEST_LOG_PATH),
    logKey: parseLogKey(await beside(LOG_KEY_PATH).catch(() => "")),
    instantWins: instantWinsUrl ? await beside(instantWinsUrl) : null,
  };
}

async function readLog(source: string) {
  return isUrl(source) ? (await get(source, "the manifest log")).text() : readFile(source, "utf8");
}

/** A key given on the command line: its 64 hex characters, or a saved copy of the site's log-key.txt. */
async function readLogKey(source: string) {
  const key = parseLogKey(/^[0-9a-f]{64}$/.test(source) ? source : await readFile(source, "utf8"));
  if (!key) throw new Error(`${source} is not an Ed25519 public key (64 lower-case hex characters)`);
  return key;
}

const MARK = { pass: "PASS", fail: "FAIL", pending: "NOT YET" } as const;
const VALUE_FLAGS = ["--entry", "--expect-hash", "--log", "--log-key"];

export async function main(argv: string[]): Promise<number> {
  const flagValue = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const target = argv.find((a, i) => !a.startsWith("--") && !VALUE_FLAGS.includes(argv[i - 1] ?? ""));
  const allowLocalBeacon = argv.includes("--allow-local-beacon");
  if (!target || VALUE_FLAGS.some((f) => argv.includes(f) && !flagValue(f))) {
    console.error(
      "usage: npm run verify-draw -- <draw page URL | draw.json URL | draw.json file> [--entry REF] " +
        "[--expect-hash HASH] [--log URL|FILE] [--log-key HEX|FILE] [--allow-local-beacon]",
    );
    return 2;
  }
  let source: Source;
  try {
    source = await (isUrl(target) ? fromUrl(target, allowLocalBeacon) : fromFile(target));
    const log = flagValue("--log");
    if (log) source.log = await readLog(log);
    const logKey = flagValue("--log-key");
    if (logKey) source.logKey = await readLogKey(logKey);
  } catch (error) {
    console.error(`Could not read the draw: ${(error as Error).message}`);
    return 2;
  }
  if (!source.record.manifest) {
    console.log("No entry list has been published for this draw yet.");
    return 1;
  }
  const checks = verifyDraw(source.record, source.manifest, {
    localBeacon: source.beacon,
    entryRef: flagValue("--entry"),
    expectHash: flagValue("--expect-hash"),
    logText: source.log,
    logKey: source.logKey,
    instantWinsText: source.record.instantWins ? (source.instantWins ?? null) : undefined,
  });
  for (const c of checks) console.log(`${MARK[c.status].padEnd(7)} ${c.label}: ${c.detail}`);
  const ok = drawMatches(checks);
  console.log(ok ? "\nThe draw matches." : "\nThe draw does NOT match (or has not run yet).");
  if (source.record.chain.network === "local-test-beacon")
    console.log(
      !allowLocalBeacon
        ? "This draw used a local test beacon (testing only); run again with --allow-local-beacon to check it."
        : source.beacon
          ? "This draw used the site's local test beacon: it is for testing, not a real prize."
          : "A local test beacon's key is read from its site: give the draw page's URL, not a saved file.",
    );
  return ok ? 0 : 1;
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
