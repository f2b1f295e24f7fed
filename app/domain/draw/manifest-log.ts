import { sha256Hex, utf8 } from "./bytes";

// The manifest log (docs/manifest-log-v1.md): every frozen manifest's hash and round, in the order they were frozen,
// each entry carrying the hash of the one before. Anyone who keeps a copy can tell later whether an entry was
// rewritten: a changed entry changes its hash and breaks every link after it. Pure: runs in Node and the browser.

export const LOG_MAGIC = "paddock-manifest-log v1";
/** Where every Paddock site serves its log; a verifier reads it here, whatever a draw's record says. */
export const MANIFEST_LOG_PATH = "/draws/log.txt";
/** The previous-entry hash of the first entry. */
export const LOG_START = "0".repeat(64);

export type ManifestLogEntry = {
  sequence: number;
  competitionId: number;
  manifestHash: string;
  round: number;
  /** The competition's closing time, ISO 8601 UTC with milliseconds (as JavaScript's toISOString writes it). */
  closesAt: string;
  previousHash: string;
  entryHash: string;
};

type Unhashed = Omit<ManifestLogEntry, "entryHash">;

/** The bytes an entry's hash covers: every other field, space-separated, after the format's name. */
const hashedText = (e: Unhashed) =>
  `${LOG_MAGIC} ${e.sequence} ${e.competitionId} ${e.manifestHash} ${e.round} ${e.closesAt} ${e.previousHash}`;

export const logEntryHash = (entry: Unhashed) => sha256Hex(utf8(hashedText(entry)));

/** The entry that follows `previous` (null: the first) for a newly frozen manifest. */
export function nextLogEntry(
  previous: Pick<ManifestLogEntry, "sequence" | "entryHash"> | null,
  draw: { competitionId: number; manifestHash: string; round: number; closesAt: Date },
): ManifestLogEntry {
  const entry: Unhashed = {
    sequence: (previous?.sequence ?? 0) + 1,
    competitionId: draw.competitionId,
    manifestHash: draw.manifestHash,
    round: draw.round,
    closesAt: draw.closesAt.toISOString(),
    previousHash: previous?.entryHash ?? LOG_START,
  };
  return { ...entry, entryHash: logEntryHash(entry) };
}

const entryLine = (e: ManifestLogEntry) =>
  `${e.sequence} ${e.competitionId} ${e.manifestHash} ${e.round} ${e.closesAt} ${e.previousHash} ${e.entryHash}\n`;

/** The log as served at /draws/log.txt. */
export const buildManifestLog = (entries: readonly ManifestLogEntry[]) =>
  `${LOG_MAGIC}\n${entries.map(entryLine).join("")}`;

export class ManifestLogError extends Error {}

const HEX64 = "[0-9a-f]{64}";
const LINE = new RegExp(
  `^([1-9][0-9]{0,14}) ([1-9][0-9]{0,14}) (${HEX64}) ([1-9][0-9]{0,14}) ` +
    `([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z) (${HEX64}) (${HEX64})$`,
);

/**
 * Reads a log and checks its chain: sequences 1, 2, 3, ..., each entry's previous hash the entry before's hash (the
 * first's 64 zeros), and each entry's hash recomputed. Throws ManifestLogError naming the first line that fails.
 */
export function parseManifestLog(text: string): ManifestLogEntry[] {
  if (!text.endsWith("\n")) throw new ManifestLogError("the log must end with a line feed");
  const lines = text.slice(0, -1).split("\n");
  if (lines[0] !== LOG_MAGIC) throw new ManifestLogError(`the first line must be "${LOG_MAGIC}"`);
  const entries: ManifestLogEntry[] = [];
  for (const [i, line] of lines.slice(1).entries()) {
    const lineNo = i + 2;
    const m = LINE.exec(line);
    if (!m) throw new ManifestLogError(`line ${lineNo} is not a log entry`);
    const entry: ManifestLogEntry = {
      sequence: Number(m[1]),
      competitionId: Number(m[2]),
      manifestHash: m[3] as string,
      round: Number(m[4]),
      closesAt: m[5] as string,
      previousHash: m[6] as string,
      entryHash: m[7] as string,
    };
    const before = entries.at(-1);
    if (entry.sequence !== i + 1) throw new ManifestLogError(`line ${lineNo} should be entry ${i + 1}`);
    if (entry.previousHash !== (before?.entryHash ?? LOG_START))
      throw new ManifestLogError(
        `the chain is broken at entry ${entry.sequence}: its previous hash is not entry ${i}'s`,
      );
    if (logEntryHash(entry) !== entry.entryHash)
      throw new ManifestLogError(`entry ${entry.sequence}'s hash does not match its fields`);
    entries.push(entry);
  }
  return entries;
}
