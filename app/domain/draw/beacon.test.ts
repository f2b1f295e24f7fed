import { bls12_381 } from "@noble/curves/bls12-381.js";
import { describe, expect, it } from "vitest";
import { publicKeyOf, randomnessOf, signRound, verifyBeaconRound, verifyRoundSignature } from "./beacon";
import { QUICKNET } from "./chain";
import vectors from "./vectors.json";

describe("real drand quicknet rounds", () => {
  it.each(vectors.quicknetRounds)("round $round verifies against the pinned public key", (beacon) => {
    expect(verifyRoundSignature(QUICKNET, beacon.round, beacon.signature)).toBe(true);
    expect(randomnessOf(beacon.signature)).toBe(beacon.randomness);
    expect(verifyBeaconRound(QUICKNET, beacon, beacon.round)).toBe(true);
  });

  it("a signature does not verify for another round, with a flipped bit, or under another key", () => {
    const [first, second] = vectors.quicknetRounds;
    if (!first || !second) throw new Error("vectors missing");
    expect(verifyRoundSignature(QUICKNET, first.round + 1, first.signature)).toBe(false);
    expect(verifyRoundSignature(QUICKNET, first.round, second.signature)).toBe(false);
    const flipped = (Number.parseInt(first.signature.slice(-2), 16) ^ 1).toString(16).padStart(2, "0");
    expect(verifyRoundSignature(QUICKNET, first.round, first.signature.slice(0, -2) + flipped)).toBe(false);
    const other = publicKeyOf(bls12_381.utils.randomSecretKey());
    expect(verifyRoundSignature({ publicKey: other }, first.round, first.signature)).toBe(false);
    expect(verifyRoundSignature(QUICKNET, first.round, "zz")).toBe(false);
  });

  it("a round is refused when its randomness is not the hash of its signature or it is not the round asked for", () => {
    const beacon = vectors.quicknetRounds[2];
    if (!beacon) throw new Error("vectors missing");
    expect(verifyBeaconRound(QUICKNET, { ...beacon, randomness: "00".repeat(32) }, beacon.round)).toBe(false);
    expect(verifyBeaconRound(QUICKNET, beacon, beacon.round + 1)).toBe(false);
  });
});

describe("a local test beacon", () => {
  it("signs rounds with its own key the same way, checked by the same code", () => {
    const secret = bls12_381.utils.randomSecretKey();
    const chain = { publicKey: publicKeyOf(secret) };
    const beacon = signRound(secret, 4242);
    expect(verifyBeaconRound(chain, beacon, 4242)).toBe(true);
    expect(verifyBeaconRound(QUICKNET, beacon, 4242)).toBe(false);
  });
});
