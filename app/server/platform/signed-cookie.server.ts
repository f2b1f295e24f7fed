import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";

/**
 * better-auth's signed session cookie (`<token>.<base64 HMAC-SHA256 of the token>`, URL-encoded), checked the way
 * better-call's `getSignedCookie` checks it, with node's HMAC and a key made once per secret: better-call imports the
 * key through Web Crypto on every request (ADR 042). Only the cookie is checked here; the session it names is read
 * from the database every time.
 */
export type SignedCookieReader = {
  /**
   * The signed value of cookie `name` in a Cookie header: null when the cookie is absent or malformed, false when its
   * signature is not this secret's (better-call says the same: false), the value when it is.
   */
  read(cookieHeader: string | null | undefined, name: string): string | null | false;
};

/** better-call's rule: a signature is base64 of 32 bytes, 44 characters with its padding. */
const SIGNATURE_LENGTH = 44;

export function signedCookieReader(secret: string): SignedCookieReader {
  const key: KeyObject = createSecretKey(Buffer.from(secret, "utf8"));
  return {
    read(cookieHeader, name) {
      const raw = cookieHeader ? firstCookie(cookieHeader, name) : null;
      if (!raw) return null;
      const value = decodeCookie(raw);
      const dot = value.lastIndexOf(".");
      if (dot < 1) return null;
      const signed = value.slice(0, dot);
      const signature = value.slice(dot + 1);
      if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith("=")) return null;
      const given = Buffer.from(signature, "base64");
      const expected = createHmac("sha256", key).update(signed, "utf8").digest();
      return given.length === expected.length && timingSafeEqual(given, expected) ? signed : false;
    },
  };
}

/**
 * The first cookie called `name` in a Cookie header, as better-call parses it (the first of a repeated name wins,
 * surrounding quotes dropped), still encoded; null when there is none.
 */
export function firstCookie(header: string, name: string): string | null {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf("=", index);
    if (eq === -1) return null;
    let end = header.indexOf(";", index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(";", eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      const value = header.slice(eq + 1, end).trim();
      return value.codePointAt(0) === 34 ? value.slice(1, -1) : value;
    }
    index = end + 1;
  }
  return null;
}

/** better-call's `tryDecode`: percent-decoded when it has a %, as sent when that fails. */
function decodeCookie(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
