import { ed25519 } from "@noble/curves/ed25519.js";
import { bytesToHex, fromHex } from "./bytes";
import type { LogSigner, ManifestLog } from "./manifest-log";

// The manifest log's Ed25519 signature (docs/manifest-log-v1.md, "Signature"): made by the server, checked by every
// verifier against the key the site publishes at LOG_KEY_PATH (or one the reader kept), never the key the log names
// alone. Kept apart from manifest-log.ts so that pages needing only the log's address do not load the curve.

/** The signer for a 32-byte Ed25519 secret key (RFC 8032's seed). Deterministic: the same log, the same signature. */
export function logSigner(secretKey: Uint8Array): LogSigner {
  return {
    publicKey: bytesToHex(ed25519.getPublicKey(secretKey)),
    sign: (bytes) => bytesToHex(ed25519.sign(bytes, secretKey)),
  };
}

/**
 * What is wrong with a log's signature, or null when it is the site's: the key the log names must be `siteKey` (the
 * published one), and the signature must verify over the log's signed bytes (RFC 8032 strict, not ZIP-215).
 */
export function logSignatureFault(log: ManifestLog, siteKey: string): string | null {
  if (log.publicKey !== siteKey) return `the log is signed with key ${log.publicKey}, not the site's key ${siteKey}`;
  let valid = false;
  try {
    valid = ed25519.verify(fromHex(log.signature, 64), log.signed, fromHex(siteKey, 32), { zip215: false });
  } catch {
    valid = false;
  }
  return valid ? null : "the log's signature does not verify with the site's key";
}
