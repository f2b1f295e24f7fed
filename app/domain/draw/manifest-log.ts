import { sha256Hex, utf8 } from "./bytes";

// The manifest log (docs/manifest-log-v1.md): every frozen manifest's hash and round, in the order they were frozen,
// each entry carrying the hash of the one before, the whole signed with the site's Ed25519 key. Anyone who keeps a
// copy can tell later whether an entry was rewritten (a changed entry changes its hash and breaks every link after
// it), and can show that the site published the copy they kept. Pure: runs in Node and the browser; the signature's
// cryptography is in manifest-log-signature.ts, which only the verifier and the server load.

export const LOG_MAGIC = "paddock-manifest-log v1";
/** Where every Paddock site serves its log; a verifier reads it here, whatever a draw's record says. */
export const MANIFEST_LOG_PATH = "/draws/log.txt";
/** Where every Paddock site serves the public key its log is signed with (`ed25519 <hex>` and a LF). */
export const LOG_KEY_PATH = "/draws/log-key.txt";
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

/** Signs the log's bytes with the site's key: Ed25519 (RFC 8032), both values lower-case hex. */
export type LogSigner = { publicKey: string; sign(bytes: Uint8Array): string };

/** The bytes the signature covers: the format's line, the key line and every entry line, each ending with a LF. */
const signedText = (publicKey: string, entries: readonly ManifestLogEntry[]) =>
  `${LOG_MAGIC}\nkey ed25519 ${publicKey}\n${entries.map(entryLine).join("")}`;

/** The log as served at /draws/log.txt: its entries between the site's key and its signature of all before it. */
export function buildManifestLog(entries: readonly ManifestLogEntry[], signer: LogSigner): string {
  const text = signedText(signer.publicKey, entries);
  return `${text}signature ed25519 ${signer.sign(utf8(text))}\n`;
}

/** A log read back: its entries (their chain checked), the key it names and its signature (not yet checked). */
export type ManifestLog = {
  entries: ManifestLogEntry[];
  publicKey: string;
  signature: string;
  /** The bytes the signature covers. */
  signed: Uint8Array;
};

export class ManifestLogError extends Error {}

const HEX64 = "[0-9a-f]{64}";
const LINE = new RegExp(
  `^([1-9][0-9]{0,14}) ([1-9][0-9]{0,14}) (${HEX64}) ([1-9][0-9]{0,14}) ` +
    `([0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z) (${HEX64}) (${HEX64})$`,
);

const KEY_LINE = /^key ed25519 ([0-9a-f]{64})$/;
const SIGNATURE_LINE = /^signature ed25519 ([0-9a-f]{128})$/;

/**
 * Reads a log and checks its form and chain: the key line, sequences 1, 2, 3, ..., each entry's previous hash the
 * entry before's hash (the first's 64 zeros), each entry's hash recomputed, and a signature line last. Throws
 * ManifestLogError naming the first line that fails. The signature itself is checked by verifyLogSignature.
 */
export function parseManifestLog(text: string): ManifestLog {
  if (!text.endsWith("\n")) throw new ManifestLogError("the log must end with a line feed");
  const lines = text.slice(0, -1).split("\n");
  if (lines[0] !== LOG_MAGIC) throw new ManifestLogError(`the first line must be "${LOG_MAGIC}"`);
  const publicKey = KEY_LINE.exec(lines[1] ?? "")?.[1];
  if (!publicKey) throw new ManifestLogError('line 2 must be "key ed25519" and the site\'s public key');
  const signature = SIGNATURE_LINE.exec(lines.at(-1) ?? "")?.[1];
  if (lines.length < 3 || !signature)
    throw new ManifestLogError("the log is not signed: its last line must be its signature");
  const entries: ManifestLogEntry[] = [];
  for (const [i, line] of lines.slice(2, -1).entries()) {
    const lineNo = i + 3;
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
  // Every line before the signature's, each with its LF: exactly what was signed.
  const signed = utf8(text.slice(0, text.length - (lines.at(-1) as string).length - 1));
  return { entries, publicKey, signature, signed };
}

/** The key file served at LOG_KEY_PATH. */
export const logKeyText = (publicKey: string) => `ed25519 ${publicKey}\n`;

/** The public key in a key file (or given alone, as a verifier pins it), or null when it is not one. */
export function parseLogKey(text: string): string | null {
  return /^(?:ed25519 )?([0-9a-f]{64})$/.exec(text.trim())?.[1] ?? null;
}
