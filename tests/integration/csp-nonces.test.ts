// CSP nonces come from a pool filled by the cryptographic random source (server/security.ts): each one is 16 fresh
// bytes and none repeats, across refills of the pool.
import { describe, expect, it } from "vitest";
import { nonceSource } from "../../server/security";

describe("CSP nonces", () => {
  it("are 16 random bytes each and never repeat, across several refills of the pool", () => {
    const next = nonceSource();
    const nonces = Array.from({ length: 1000 }, next);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("differ between two sources", () => {
    const a = nonceSource();
    const b = nonceSource();
    expect(a()).not.toBe(b());
  });
});
