import { describe, expect, it } from "vitest";
import { displayClientAddress } from "./client-address";

describe("displayClientAddress", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["127.0.0.1", "127.0.0.1"],
    [" 198.51.100.20 ", "198.51.100.20"],
    ["::1", "::1"],
    ["0000:0000:0000:0000:0000:0000:0000:0001", "::1"],
    ["2001:DB8::42", "2001:db8::42"],
    ["2001:0db8:0000:0000:0001:0000:0000:0001", "2001:db8::1:0:0:1"],
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3:8d3:1319:8a2e:370:7348"],
    ["2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"],
    ["fe80::1:0:0:0", "fe80::1:0:0:0"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::ffff:cb00:7107", "203.0.113.7"],
    ["64:ff9b::203.0.113.7", "64:ff9b::cb00:7107"],
  ])("shows %s as %s", (recorded, shown) => {
    expect(displayClientAddress(recorded)).toBe(shown);
  });

  it.each([
    [null],
    [undefined],
    [""],
    ["unknown"],
    ["0000:0000:0000:0000:0000:0000:0000:0000"],
    ["::"],
    // better-auth's /64 network form of 2001:db8::42: a network, not the client's address.
    ["2001:0db8:0000:0000:0000:0000:0000:0000"],
    ["256.1.1.1"],
    ["1.2.3"],
    ["2001:db8::1::2"],
    ["2001:db8:0:0:0:0:0:0:1"],
    ["2001:db8:0:0:0:0:1"],
    ["12345::1"],
    ["::ffff:300.1.1.1"],
  ])("shows nothing for %s", (recorded) => {
    expect(displayClientAddress(recorded)).toBeNull();
  });
});
