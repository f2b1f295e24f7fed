import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bytesToHex, fromHex, sha256, uint64be } from "./bytes";
import { type ChainInfo, QUICKNET_DST } from "./chain";

// A beacon round as drand's HTTP API gives it (GET {base}/{chainHash}/public/{round}), and its check: the BLS
// signature over SHA-256(uint64be(round)) verifies against the chain's public key (signatures on G1), and the
// randomness is SHA-256 of the signature.

export type BeaconRound = { round: number; randomness: string; signature: string };

const bls = bls12_381.shortSignatures;

/** What the beacon signed for round r: the unchained scheme's message. */
const roundMessage = (round: number) => sha256(uint64be(round));

export const randomnessOf = (signatureHex: string) => bytesToHex(sha256(fromHex(signatureHex, 48)));

/** True when the signature is the chain's for this round; false for any malformed or foreign value. */
export function verifyRoundSignature(chain: Pick<ChainInfo, "publicKey">, round: number, signatureHex: string) {
  try {
    const message = bls.hash(roundMessage(round), QUICKNET_DST);
    return bls.verify(fromHex(signatureHex, 48), message, fromHex(chain.publicKey, 96));
  } catch {
    return false;
  }
}

/** A round passes when its signature verifies and its randomness is the hash of that signature. */
export function verifyBeaconRound(chain: Pick<ChainInfo, "publicKey">, beacon: BeaconRound, expectedRound: number) {
  return (
    beacon.round === expectedRound &&
    verifyRoundSignature(chain, beacon.round, beacon.signature) &&
    randomnessOf(beacon.signature) === beacon.randomness
  );
}

/** Signs a round: the local test beacon's use only (quicknet's key is shared among drand's nodes, never whole). */
export function signRound(secretKey: Uint8Array, round: number): BeaconRound {
  const signature = bls.Signature.toHex(bls.sign(bls.hash(roundMessage(round), QUICKNET_DST), secretKey));
  return { round, signature, randomness: randomnessOf(signature) };
}

/** The compressed G2 public key of a secret key, hex. */
export const publicKeyOf = (secretKey: Uint8Array) => bls.getPublicKey(secretKey).toHex(true);
