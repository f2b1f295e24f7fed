import { describe, expect, it } from "vitest";
import type { DomainStatus } from "../db/constants";
import {
  afterCheck,
  type CheckOutcome,
  type DnsRecordType,
  DOMAIN_MESSAGES,
  evaluateLookups,
  isApexDomain,
  type Lookup,
  NO_APEX_ADDRESSES,
  normalizeDomain,
  recheckDelayMs,
  recordsFor,
  UNVERIFY_AFTER_FAILED_CHECKS,
} from "./custom-domain";

describe("normalizeDomain", () => {
  it.each([
    ["www.example.co.uk", "www.example.co.uk"],
    ["  WWW.Example.COM. ", "www.example.com"],
    ["paddock-prizes.ie", "paddock-prizes.ie"],
    ["bücher.example", "xn--bcher-kva.example"],
    ["xn--bcher-kva.example", "xn--bcher-kva.example"],
    ["a.b.c.d.example.org", "a.b.c.d.example.org"],
  ])("accepts %j as %j", (input, domain) => {
    expect(normalizeDomain(input)).toEqual({ ok: true, domain });
  });

  it.each([
    ["", DOMAIN_MESSAGES.empty],
    ["   ", DOMAIN_MESSAGES.empty],
    ["https://www.example.com", DOMAIN_MESSAGES.scheme],
    ["http://example.com/", DOMAIN_MESSAGES.scheme],
    ["example.com/competitions", DOMAIN_MESSAGES.path],
    ["example.com:8080", DOMAIN_MESSAGES.path],
    ["user@example.com", DOMAIN_MESSAGES.path],
    ["example.com?x=1", DOMAIN_MESSAGES.path],
    ["exa mple.com", DOMAIN_MESSAGES.path],
    ["192.168.1.10", DOMAIN_MESSAGES.ip],
    ["127.0.0.1", DOMAIN_MESSAGES.ip],
    ["::1", DOMAIN_MESSAGES.ip],
    ["[2001:db8::1]", DOMAIN_MESSAGES.ip],
    ["2001:db8::1", DOMAIN_MESSAGES.ip],
    ["localhost", DOMAIN_MESSAGES.localhost],
    ["shop.localhost", DOMAIN_MESSAGES.localhost],
    ["example", DOMAIN_MESSAGES.singleLabel],
    ["-bad.example.com", DOMAIN_MESSAGES.label],
    ["bad-.example.com", DOMAIN_MESSAGES.label],
    ["a..example.com", DOMAIN_MESSAGES.label],
    ["under_score.example.com", DOMAIN_MESSAGES.label],
    [`${"a".repeat(64)}.example.com`, DOMAIN_MESSAGES.label],
    [`${"abcdefghi.".repeat(26)}com`, DOMAIN_MESSAGES.tooLong],
    ["ab--cd.example.com", DOMAIN_MESSAGES.idna],
    ["xn--.example.com", DOMAIN_MESSAGES.label],
    ["example.123", DOMAIN_MESSAGES.numericTld],
  ])("refuses %j", (input, message) => {
    expect(normalizeDomain(input)).toEqual({ ok: false, message });
  });
});

describe("isApexDomain", () => {
  it.each([
    ["example.com", true],
    ["example.co.uk", true],
    ["example.ie", true],
    ["www.example.com", false],
    ["www.example.co.uk", false],
    ["shop.example.ie", false],
  ])("%s is apex: %s", (domain, apex) => {
    expect(isApexDomain(domain)).toBe(apex);
  });
});

const target = { host: "paddock.example.net", ipv4: ["203.0.113.7"], ipv6: ["2001:db8::7"] };

describe("recordsFor", () => {
  it("asks a subdomain for the TXT proof and a CNAME to the site's host", () => {
    expect(recordsFor("www.example.com", "tok123", target)).toEqual({
      ok: true,
      records: [
        { type: "TXT", name: "_paddock-challenge.www.example.com", value: "tok123" },
        { type: "CNAME", name: "www.example.com", value: "paddock.example.net" },
      ],
    });
  });

  it("asks an apex for the TXT proof and the site's A and AAAA addresses", () => {
    expect(recordsFor("example.co.uk", "tok123", target)).toEqual({
      ok: true,
      records: [
        { type: "TXT", name: "_paddock-challenge.example.co.uk", value: "tok123" },
        { type: "A", name: "example.co.uk", value: "203.0.113.7" },
        { type: "AAAA", name: "example.co.uk", value: "2001:db8::7" },
      ],
    });
  });

  it("refuses an apex when the site has no addresses configured", () => {
    expect(recordsFor("example.com", "t", { host: "h.example.net", ipv4: [], ipv6: [] })).toEqual({
      ok: false,
      message: NO_APEX_ADDRESSES,
    });
  });
});

type Answers = Partial<Record<string, Lookup>>;
const lookupFrom = (answers: Answers) => (type: DnsRecordType, name: string) =>
  answers[`${type} ${name}`] ?? ({ kind: "missing" } as const);
const found = (...values: string[]): Lookup => ({ kind: "found", values });

describe("evaluateLookups", () => {
  const sub = recordsFor("www.example.com", "tok123", target);
  const apex = recordsFor("example.com", "tok123", target);
  if (!sub.ok || !apex.ok) throw new Error("records expected");

  it("verifies a subdomain whose TXT and CNAME are right (case and trailing dot aside)", () => {
    const answers = {
      "TXT _paddock-challenge.www.example.com": found("other", "tok123"),
      "CNAME www.example.com": found("Paddock.Example.NET."),
    };
    expect(evaluateLookups(sub.records, lookupFrom(answers)).status).toBe("verified");
  });

  it("verifies an apex whose addresses are the site's (IPv6 written either way)", () => {
    const answers = {
      "TXT _paddock-challenge.example.com": found("tok123"),
      "A example.com": found("203.0.113.7"),
      "AAAA example.com": found("2001:0db8:0000:0000:0000:0000:0000:0007"),
    };
    expect(evaluateLookups(apex.records, lookupFrom(answers)).status).toBe("verified");
  });

  it("fails a missing TXT record, naming it", () => {
    expect(evaluateLookups(sub.records, lookupFrom({}))).toEqual({
      status: "failed",
      reason: "Record missing: no TXT record _paddock-challenge.www.example.com was found.",
      definite: true,
    });
  });

  it("fails a wrong TXT value, saying what was found", () => {
    const answers = { "TXT _paddock-challenge.www.example.com": found("nope") };
    expect(evaluateLookups(sub.records, lookupFrom(answers))).toEqual({
      status: "failed",
      reason: 'Wrong value: TXT record _paddock-challenge.www.example.com has "nope"; expected "tok123".',
      definite: true,
    });
  });

  it("fails a CNAME to another host", () => {
    const answers = {
      "TXT _paddock-challenge.www.example.com": found("tok123"),
      "CNAME www.example.com": found("elsewhere.example.org"),
    };
    expect(evaluateLookups(sub.records, lookupFrom(answers)).reason).toBe(
      'Wrong value: CNAME record www.example.com has "elsewhere.example.org"; expected "paddock.example.net".',
    );
  });

  it("fails an apex with one address that is not the site's", () => {
    const answers = {
      "TXT _paddock-challenge.example.com": found("tok123"),
      "A example.com": found("203.0.113.7", "198.51.100.1"),
      "AAAA example.com": found("2001:db8::7"),
    };
    expect(evaluateLookups(apex.records, lookupFrom(answers)).reason).toMatch(/^Wrong value: A record example.com/);
  });

  it("fails as not resolving here when the DNS servers do not answer", () => {
    const answers = { "TXT _paddock-challenge.www.example.com": { kind: "unreachable", detail: "ECONNREFUSED" } };
    expect(evaluateLookups(sub.records, lookupFrom(answers as Answers))).toEqual({
      status: "failed",
      reason:
        "Not resolving here: TXT record _paddock-challenge.www.example.com could not be looked up (ECONNREFUSED).",
      definite: false,
    });
  });
});

describe("recheckDelayMs", () => {
  it("doubles from a minute up to an hour", () => {
    expect([0, 1, 2, 3, 7, 8, 50].map((n) => recheckDelayMs(n) / 60_000)).toEqual([1, 1, 2, 4, 60, 60, 60]);
  });
});

describe("afterCheck", () => {
  const ok: CheckOutcome = { status: "verified", reason: "all right" };
  const missing: CheckOutcome = { status: "failed", reason: "Record missing", definite: true };
  const wrong: CheckOutcome = { status: "failed", reason: "Wrong value", definite: true };
  const unreachable: CheckOutcome = { status: "failed", reason: "Not resolving here", definite: false };
  const MIN = 60_000;
  const state = (status: DomainStatus, failedChecks: number) => ({ status, failedChecks });

  it.each([
    ["pending, verified", state("pending", 0), ok, state("verified", 0), 60 * MIN],
    ["pending, record missing", state("pending", 0), missing, state("failed", 1), MIN],
    ["pending, DNS unreachable", state("pending", 0), unreachable, state("failed", 1), MIN],
    ["failed, failing again", state("failed", 3), wrong, state("failed", 4), 8 * MIN],
    ["failed, now verified", state("failed", 7), ok, state("verified", 0), 60 * MIN],
    ["verified, verified again", state("verified", 0), ok, state("verified", 0), 60 * MIN],
    ["verified, DNS unreachable", state("verified", 0), unreachable, state("verified", 0), 10 * MIN],
    ["verified with one miss, DNS unreachable", state("verified", 1), unreachable, state("verified", 1), 10 * MIN],
    ["verified, first record missing", state("verified", 0), missing, state("verified", 1), 10 * MIN],
    ["verified, second wrong value", state("verified", 1), wrong, state("verified", 2), 10 * MIN],
    ["verified, third definite failure", state("verified", 2), missing, state("failed", 3), 4 * MIN],
    ["verified with two misses, verified again", state("verified", 2), ok, state("verified", 0), 60 * MIN],
  ])("%s", (_case, current, outcome, expected, recheckInMs) => {
    expect(afterCheck(current, outcome)).toEqual({ ...expected, recheckInMs });
  });

  it("never unverifies while the DNS servers do not answer, however often it is checked", () => {
    let current = state("verified", 0);
    for (let i = 0; i < 50; i++) current = afterCheck(current, unreachable);
    expect(current.status).toBe("verified");
  });

  it(`unverifies after ${UNVERIFY_AFTER_FAILED_CHECKS} definite failures in a row, unanswered checks aside`, () => {
    let current = state("verified", 0);
    const statuses: DomainStatus[] = [];
    for (const outcome of [missing, unreachable, wrong, unreachable, missing]) {
      current = afterCheck(current, outcome);
      statuses.push(current.status);
    }
    expect(statuses).toEqual(["verified", "verified", "verified", "verified", "failed"]);
  });
});
