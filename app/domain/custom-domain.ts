// The custom domain's rules: which names are accepted, which DNS records prove and point a name at the site, and
// what a lookup of them means. Pure: the lookups themselves happen in app/server/domains/.
import type { DomainStatus } from "../db/constants";

export const DOMAIN_MESSAGES = {
  empty: "Enter a domain name, such as www.example.co.uk.",
  scheme: "Enter the domain name only, without http:// or https://.",
  path: "Enter the domain name only, without a path, port or address after it.",
  ip: "Enter a domain name, not an IP address.",
  localhost: "localhost cannot be a public domain.",
  singleLabel: "Enter a full domain name with a dot, such as www.example.co.uk.",
  tooLong: "A domain name may have at most 253 characters.",
  label: "Each part of a domain name has 1 to 63 letters, digits or hyphens, and no hyphen at either end.",
  idna: "This international domain name is not valid.",
  numericTld: "The last part of a domain name cannot be a number.",
} as const;

export const PROPAGATION_NOTE = "DNS propagation takes up to 48 hours.";

/** The TXT record's name under the domain; its value is the domain's verification token. */
const CHALLENGE_LABEL = "_paddock-challenge";

type DomainCheck = { ok: true; domain: string } | { ok: false; message: string };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4ISH = /^[\d.]+$/;

/**
 * A domain an admin typed, as the ASCII (punycode) name DNS uses, or why it is refused: no scheme, path, port,
 * IP address or localhost; at least two labels; international names converted by IDNA (URL's own host parser).
 */
export function normalizeDomain(input: string): DomainCheck {
  const typed = input.trim().toLowerCase().replace(/\.$/, "");
  if (!typed) return { ok: false, message: DOMAIN_MESSAGES.empty };
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(typed)) return { ok: false, message: DOMAIN_MESSAGES.scheme };
  if (typed.startsWith("[") || (typed.match(/:/g)?.length ?? 0) > 1) return { ok: false, message: DOMAIN_MESSAGES.ip };
  if (/[/?#@:\\\s]/.test(typed)) return { ok: false, message: DOMAIN_MESSAGES.path };
  if (IPV4ISH.test(typed)) return { ok: false, message: DOMAIN_MESSAGES.ip };
  const ascii = toAscii(typed);
  if (ascii === null) return { ok: false, message: DOMAIN_MESSAGES.idna };
  if (ascii === "localhost" || ascii.endsWith(".localhost")) return { ok: false, message: DOMAIN_MESSAGES.localhost };
  if (ascii.length > 253) return { ok: false, message: DOMAIN_MESSAGES.tooLong };
  const labels = ascii.split(".");
  if (labels.length < 2) return { ok: false, message: DOMAIN_MESSAGES.singleLabel };
  if (!labels.every((label) => LABEL.test(label))) return { ok: false, message: DOMAIN_MESSAGES.label };
  // IDNA2008: hyphens in the 3rd and 4th places are reserved for the ACE prefix "xn--".
  if (labels.some((label) => label.slice(2, 4) === "--" && !label.startsWith("xn--"))) {
    return { ok: false, message: DOMAIN_MESSAGES.idna };
  }
  if (/^\d+$/.test(labels.at(-1) ?? "")) return { ok: false, message: DOMAIN_MESSAGES.numericTld };
  return { ok: true, domain: ascii };
}

/** The punycode form through the WHATWG URL host parser (IDNA/UTS 46), or null when it refuses the name. */
function toAscii(name: string): string | null {
  if (/^[\x21-\x7e]*$/.test(name) && !name.split(".").some((l) => l.startsWith("xn--"))) return name;
  try {
    const host = new URL(`http://${name}/`).hostname;
    return host && !/[^\x21-\x7e]/.test(host) ? host : null;
  } catch {
    return null;
  }
}

// Registrable suffixes of more than one label that UK and Irish sites use; a name with one label in front of one
// of these (example.co.uk) is an apex, as is any name of two labels. The full Public Suffix List is not needed
// for the choice between a CNAME and A/AAAA records: an admin of an unusual suffix can still use a subdomain.
const MULTI_LABEL_SUFFIXES = new Set([
  "co.uk",
  "org.uk",
  "me.uk",
  "ltd.uk",
  "plc.uk",
  "net.uk",
  "sch.uk",
  "ac.uk",
  "gov.uk",
  "nhs.uk",
  "police.uk",
  "gov.ie",
]);

/** An apex (registrable) name cannot hold a CNAME beside its other records, so it points with A/AAAA records. */
export function isApexDomain(domain: string): boolean {
  const labels = domain.split(".");
  if (labels.length === 2) return true;
  return labels.length === 3 && MULTI_LABEL_SUFFIXES.has(labels.slice(1).join("."));
}

export type DnsRecordType = "TXT" | "CNAME" | "A" | "AAAA";
export type DnsRecord = { type: DnsRecordType; name: string; value: string };

/** Where the site answers: its canonical host for CNAMEs, and its addresses for apex names. */
export type DomainTarget = { host: string; ipv4: readonly string[]; ipv6: readonly string[] };

type RecordsPlan = { ok: true; records: DnsRecord[] } | { ok: false; message: string };

export const NO_APEX_ADDRESSES =
  "An apex domain points at the site with A or AAAA records, and this site has no addresses configured " +
  "(DOMAIN_TARGET_IPV4, DOMAIN_TARGET_IPV6). Use a subdomain such as www instead.";

/** The records the admin creates: the TXT proof, then a CNAME to the site (subdomains) or its A/AAAA (apex). */
export function recordsFor(domain: string, token: string, target: DomainTarget): RecordsPlan {
  const challenge: DnsRecord = { type: "TXT", name: `${CHALLENGE_LABEL}.${domain}`, value: token };
  if (!isApexDomain(domain)) {
    return { ok: true, records: [challenge, { type: "CNAME", name: domain, value: target.host }] };
  }
  if (target.ipv4.length === 0 && target.ipv6.length === 0) return { ok: false, message: NO_APEX_ADDRESSES };
  return {
    ok: true,
    records: [
      challenge,
      ...target.ipv4.map((value): DnsRecord => ({ type: "A", name: domain, value })),
      ...target.ipv6.map((value): DnsRecord => ({ type: "AAAA", name: domain, value })),
    ],
  };
}

/** What looking up one name and type gave: its values, nothing there, or no answer from the DNS servers. */
export type Lookup =
  | { kind: "found"; values: string[] }
  | { kind: "missing" }
  | { kind: "unreachable"; detail: string };

/** `definite`: the DNS answered, and a record is missing or wrong (not merely unanswered, or not checkable here). */
export type CheckOutcome =
  | { status: "verified"; reason: string }
  | { status: "failed"; reason: string; definite: boolean };

const canonicalName = (value: string) => value.trim().toLowerCase().replace(/\.$/, "");

/** The addresses and hosts compare as DNS does: case-insensitive, trailing dot or not; IPv6 in full form. */
function sameValue(type: DnsRecordType, found: string, expected: string): boolean {
  if (type === "TXT") return found.trim() === expected;
  if (type === "AAAA") return expandIpv6(found) === expandIpv6(expected);
  return canonicalName(found) === canonicalName(expected);
}

function expandIpv6(address: string): string {
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = address.includes("::") ? Array(8 - left.length - right.length).fill("0") : [];
  return [...left, ...fill, ...right].map((part) => part.padStart(4, "0")).join(":");
}

/** The lookups each record needs, one per name and type, in order. */
export function lookupsFor(records: readonly DnsRecord[]): { type: DnsRecordType; name: string }[] {
  const seen = new Map<string, { type: DnsRecordType; name: string }>();
  for (const r of records) seen.set(`${r.type} ${r.name}`, { type: r.type, name: r.name });
  return [...seen.values()];
}

const quoteList = (values: readonly string[]) => values.map((v) => `"${v}"`).join(", ");

/**
 * Verified only when every record is there with the right value. The reason names the first record that is not:
 * missing, holding something else (what was found is said), or not resolvable from this server.
 */
export function evaluateLookups(
  records: readonly DnsRecord[],
  lookup: (type: DnsRecordType, name: string) => Lookup,
): CheckOutcome {
  for (const { type, name } of lookupsFor(records)) {
    const expected = records.filter((r) => r.type === type && r.name === name).map((r) => r.value);
    const result = lookup(type, name);
    const wanted = `${type} record ${name}`;
    if (result.kind === "unreachable") {
      return {
        status: "failed",
        reason: `Not resolving here: ${wanted} could not be looked up (${result.detail}).`,
        definite: false,
      };
    }
    if (result.kind === "missing" || result.values.length === 0) {
      return { status: "failed", reason: `Record missing: no ${wanted} was found.`, definite: true };
    }
    const matches = (value: string) => expected.some((e) => sameValue(type, value, e));
    // TXT: ours must be among the name's values. CNAME, A, AAAA: every answer must be ours, or some visitors
    // would reach another server.
    const right = type === "TXT" ? result.values.some(matches) : result.values.every(matches);
    if (!right) {
      return {
        status: "failed",
        reason: `Wrong value: ${wanted} has ${quoteList(result.values)}; expected ${quoteList(expected)}.`,
        definite: true,
      };
    }
  }
  return { status: "verified", reason: "Every record was found with the right value." };
}

/** Minutes between re-checks of a domain not yet verified: 1, 2, 4... doubling up to an hour. */
export function recheckDelayMs(failedChecks: number): number {
  const minutes = Math.min(60, 2 ** Math.max(0, failedChecks - 1));
  return minutes * 60_000;
}

/** Definite failed checks in a row that unverify a verified domain. */
export const UNVERIFY_AFTER_FAILED_CHECKS = 3;
/** How often a verified domain is checked again, and how soon once a check has found a record missing or wrong. */
export const VERIFIED_RECHECK_MS = 60 * 60_000;
export const DOUBTFUL_RECHECK_MS = 10 * 60_000;

export type DomainCheckState = { status: DomainStatus; failedChecks: number };

/**
 * A domain's status after a check, and when to check it again. Until verified, every failed check counts and
 * shows. Once verified, links and e-mails use the domain, so a DNS server that does not answer changes nothing, and
 * only UNVERIFY_AFTER_FAILED_CHECKS definite answers in a row (a record missing or wrong) unverify it: one lookup
 * during an outage or a propagation hiccup must not send every link back to BASE_URL.
 */
export function afterCheck(
  current: DomainCheckState,
  outcome: CheckOutcome,
): DomainCheckState & { recheckInMs: number } {
  if (outcome.status === "verified") return { status: "verified", failedChecks: 0, recheckInMs: VERIFIED_RECHECK_MS };
  if (current.status === "verified") {
    if (!outcome.definite) return { ...current, recheckInMs: DOUBTFUL_RECHECK_MS };
    const failedChecks = current.failedChecks + 1;
    if (failedChecks < UNVERIFY_AFTER_FAILED_CHECKS)
      return { status: "verified", failedChecks, recheckInMs: DOUBTFUL_RECHECK_MS };
    return { status: "failed", failedChecks, recheckInMs: recheckDelayMs(failedChecks) };
  }
  const failedChecks = current.failedChecks + 1;
  return { status: "failed", failedChecks, recheckInMs: recheckDelayMs(failedChecks) };
}

/** The https origin a verified domain serves the site from. */
export const domainOrigin = (domain: string) => `https://${domain}`;
