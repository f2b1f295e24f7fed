import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { firstCookie, signedCookieReader } from "./signed-cookie.server";

const NAME = "better-auth.session_token";
/** A cookie value as better-call signs it: the value, a dot, base64 HMAC-SHA256, URL-encoded. */
const signed = (value: string, secret: string) =>
  encodeURIComponent(`${value}.${createHmac("sha256", secret).update(value).digest("base64")}`);

describe("the session cookie's signature", () => {
  const reader = signedCookieReader("the-right-secret-0123456789abcdef");

  it("gives the token of a cookie signed with its secret, wherever the cookie is in the header", () => {
    const cookie = signed("tok3n", "the-right-secret-0123456789abcdef");
    expect(reader.read(`${NAME}=${cookie}`, NAME)).toBe("tok3n");
    expect(reader.read(`theme=dark; ${NAME}=${cookie}; other=1`, NAME)).toBe("tok3n");
    expect(reader.read(`${NAME}="${cookie}"`, NAME)).toBe("tok3n");
  });

  it("refuses a cookie signed with another secret: the key made once is its own secret's", () => {
    const other = signedCookieReader("another-secret-0123456789abcdefgh");
    const cookie = signed("tok3n", "the-right-secret-0123456789abcdef");
    expect(other.read(`${NAME}=${cookie}`, NAME)).toBe(false);
    expect(reader.read(`${NAME}=${signed("tok3n", "another-secret-0123456789abcdefgh")}`, NAME)).toBe(false);
  });

  it("refuses a signature of another token, a changed token, and anything not shaped like a signature", () => {
    const good = decodeURIComponent(signed("tok3n", "the-right-secret-0123456789abcdef"));
    const signature = good.slice(good.lastIndexOf(".") + 1);
    expect(reader.read(`${NAME}=${encodeURIComponent(`tok3m.${signature}`)}`, NAME)).toBe(false);
    expect(reader.read(`${NAME}=tok3n`, NAME)).toBeNull();
    expect(reader.read(`${NAME}=.${encodeURIComponent(signature)}`, NAME)).toBeNull();
    expect(reader.read(`${NAME}=${encodeURIComponent(`tok3n.${signature.slice(1)}`)}`, NAME)).toBeNull();
    expect(reader.read(`${NAME}=${encodeURIComponent(`tok3n.${signature.slice(0, -1)}A`)}`, NAME)).toBeNull();
  });

  it("answers null without the cookie", () => {
    expect(reader.read(undefined, NAME)).toBeNull();
    expect(reader.read("", NAME)).toBeNull();
    expect(reader.read("theme=dark", NAME)).toBeNull();
    expect(reader.read(`x${NAME}=${signed("tok3n", "the-right-secret-0123456789abcdef")}`, NAME)).toBeNull();
  });
});

describe("reading one cookie as better-call does", () => {
  it("takes the first of a repeated name, trims, and skips a part without '='", () => {
    expect(firstCookie("a=1; a=2", "a")).toBe("1");
    expect(firstCookie("  a =  1 ; b=2", "a")).toBe("1");
    expect(firstCookie("junk; b=2", "b")).toBe("2");
    expect(firstCookie("a=1", "b")).toBeNull();
  });
});
