import type { ChainInfo } from "./chain";

// The draw manifest (draw-v1.md, "Manifest"): UTF-8, LF line endings, no trailing spaces, one line per eligible
// entry sorted by ticket number. Parsing is strict and canonical: a text is accepted only if building it again from
// what was read gives the same bytes, so two different texts never describe the same draw.

const MANIFEST_MAGIC = "paddock-draw-manifest v1";

export type ManifestEntry = { ticketNumber: number; entryRef: string; source: "paid" | "postal" };

export type Manifest = {
  competitionId: number;
  network: ChainInfo["network"];
  chainHash: string;
  round: number;
  entries: ManifestEntry[];
};

const NETWORKS: readonly string[] = ["drand-quicknet", "local-test-beacon"];
const ENTRY_REF = /^[0-9A-HJKMNP-TV-Z]{1,32}$/;

const entryLine = (e: ManifestEntry) => `${e.ticketNumber},${e.entryRef},${e.source}\n`;

/** The manifest text. Entries must already be valid; they are sorted here by ticket number. */
export function buildManifest(manifest: Manifest): string {
  const ascending = manifest.entries.every(
    (e, i, all) => i === 0 || (all[i - 1] as ManifestEntry).ticketNumber < e.ticketNumber,
  );
  const entries = ascending ? manifest.entries : [...manifest.entries].sort((a, b) => a.ticketNumber - b.ticketNumber);
  const head =
    `${MANIFEST_MAGIC}\ncompetition ${manifest.competitionId}\n` +
    `beacon ${manifest.network} ${manifest.chainHash} ${manifest.round}\nentries ${entries.length}\n`;
  // One join over a million short lines is far faster than repeated concatenation.
  return head + entries.map(entryLine).join("");
}

export class ManifestError extends Error {}

const positiveInt = (text: string | undefined, what: string) => {
  if (text === undefined || !/^[1-9][0-9]{0,14}$/.test(text)) throw new ManifestError(`${what} is not a number`);
  return Number(text);
};

function parseEntry(line: string, lineNo: number): ManifestEntry {
  const [number, entryRef = "", source, ...rest] = line.split(",");
  if (rest.length > 0 || (source !== "paid" && source !== "postal") || !ENTRY_REF.test(entryRef))
    throw new ManifestError(`line ${lineNo} is not "<ticket number>,<entry ref>,<paid|postal>"`);
  return { ticketNumber: positiveInt(number, `line ${lineNo}'s ticket number`), entryRef, source };
}

/** Reads a manifest text, or throws ManifestError saying what is wrong with it. */
export function parseManifest(text: string): Manifest {
  if (!text.endsWith("\n")) throw new ManifestError("the manifest must end with a line feed");
  const lines = text.slice(0, -1).split("\n");
  if (lines[0] !== MANIFEST_MAGIC) throw new ManifestError(`the first line must be "${MANIFEST_MAGIC}"`);
  const competition = /^competition (\S+)$/.exec(lines[1] ?? "");
  const beacon = /^beacon (\S+) ([0-9a-f]{64}) (\S+)$/.exec(lines[2] ?? "");
  const count = /^entries (\S+)$/.exec(lines[3] ?? "");
  if (!competition || !beacon || !count || !NETWORKS.includes(beacon[1] ?? ""))
    throw new ManifestError("the header must be competition, beacon and entries lines");
  const expected = count[1] === "0" ? 0 : positiveInt(count[1], "the entry count");
  const entries = lines.slice(4).map((line, i) => parseEntry(line, i + 5));
  if (entries.length !== expected) throw new ManifestError(`it says ${expected} entries but lists ${entries.length}`);
  for (let i = 1; i < entries.length; i++) {
    if ((entries[i]?.ticketNumber ?? 0) <= (entries[i - 1]?.ticketNumber ?? 0))
      throw new ManifestError(`line ${i + 5} is not in ascending ticket-number order`);
  }
  const manifest: Manifest = {
    competitionId: positiveInt(competition[1], "the competition"),
    network: beacon[1] as Manifest["network"],
    chainHash: beacon[2] as string,
    round: positiveInt(beacon[3], "the round"),
    entries,
  };
  if (buildManifest(manifest) !== text) throw new ManifestError("the manifest is not in its canonical form");
  return manifest;
}
