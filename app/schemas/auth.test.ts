import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./auth";

/** A value a Location header can carry as it is: visible ASCII only. */
const LOCATION_SAFE = /^[\x21-\x7e]*$/;

describe("safeRedirectPath", () => {
  it.each([
    ["/basket", "/basket"],
    ["/competitions?category=horses&page=2", "/competitions?category=horses&page=2"],
    ["/account#orders", "/account#orders"],
    ["/already%20encoded", "/already%20encoded"],
    // Non-ASCII text is percent-encoded as UTF-8 wherever it is.
    ["/\u3000", "/%E3%80%80"],
    ["/é", "/%C3%A9"],
    ["/🐎", "/%F0%9F%90%8E"],
    ["/\u2028", "/%E2%80%A8"],
    ["/a?q=\u2028é", "/a?q=%E2%80%A8%C3%A9"],
    ["/a#\u2029🐎", "/a#%E2%80%A9%F0%9F%90%8E"],
    ["/with space", "/with%20space"],
    ['/"><script>', "/%22%3E%3Cscript%3E"],
    // Dot segments are resolved, and cannot climb above the root.
    ["/a/../basket", "/basket"],
    ["/../../etc/passwd", "/etc/passwd"],
    ["/a\\b", "/a/b"],
  ])("keeps the same-site path %j as %j", (input, expected) => {
    const out = safeRedirectPath(input);
    expect(out).toBe(expected);
    expect(out).toMatch(LOCATION_SAFE);
  });

  it.each([
    ["another site", "https://evil.example"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash that browsers read as a slash", "/\\evil.example"],
    ["a backslash after the slash, twice", "/\\\\evil.example"],
    ["dot segments that leave //host", "/.//evil.example"],
    ["dot segments that leave //host, further down", "/a/..//evil.example"],
    ["a script", "javascript:alert(1)"],
    ["a data URL", "data:text/html,hi"],
    ["a relative path", "basket"],
    ["an empty string", ""],
    ["a tab that URL parsers strip", "/\t/evil.example"],
    ["a new line (header injection)", "/a\r\nSet-Cookie: x=1"],
    ["a NUL", "/a\u0000"],
    ["a DEL", "/a\u007f"],
    ["a very long path", `/${"a".repeat(2000)}`],
    ["a number", 42],
    ["null", null],
    ["undefined", undefined],
    ["an array", ["/basket"]],
  ])("refuses %s", (_what, input) => {
    expect(safeRedirectPath(input)).toBe("/");
    expect(safeRedirectPath(input, "/account/notifications")).toBe("/account/notifications");
  });
});
