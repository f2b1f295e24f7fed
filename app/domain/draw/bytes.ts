import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";

// Byte helpers for the draw, the same in Node and the browser (noble's SHA-256 is synchronous and dependency-free).

export const utf8 = (text: string) => new TextEncoder().encode(text);

export const sha256Hex = (bytes: Uint8Array) => bytesToHex(sha256(bytes));

/** Lower-case hex of even length only; anything else is refused rather than guessed at. */
export function fromHex(hex: string, bytes?: number): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new Error("not lower-case hex");
  const out = hexToBytes(hex);
  if (bytes !== undefined && out.length !== bytes) throw new Error(`expected ${bytes} bytes, got ${out.length}`);
  return out;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function uint32be(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}

export function uint64be(n: number | bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(n));
  return out;
}

export { bytesToHex, sha256 };
