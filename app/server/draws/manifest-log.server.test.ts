import { describe, expect, it } from "vitest";
import { bytesToHex, fromHex, sha256, utf8 } from "~/domain/draw/bytes";
import { logSigner } from "~/domain/draw/manifest-log-signature";
import { manifestLogSigner } from "./manifest-log.server";

describe("the site's manifest-log key", () => {
  const secret = "a".repeat(40);

  it("is MANIFEST_LOG_SIGNING_KEY when it is set", () => {
    const key = bytesToHex(sha256(utf8("a production key")));
    const signer = manifestLogSigner({ MANIFEST_LOG_SIGNING_KEY: key, AUTH_SECRET: secret });
    expect(signer.publicKey).toBe(logSigner(fromHex(key, 32)).publicKey);
  });

  it("is otherwise derived from the auth secret: the same for every process sharing it, another for another", () => {
    const one = manifestLogSigner({ AUTH_SECRET: secret });
    expect(manifestLogSigner({ AUTH_SECRET: secret }).publicKey).toBe(one.publicKey);
    expect(manifestLogSigner({ AUTH_SECRET: "b".repeat(40) }).publicKey).not.toBe(one.publicKey);
    expect(one.publicKey).toMatch(/^[0-9a-f]{64}$/);
  });
});
