import { Resolver } from "node:dns/promises";
import type { DnsRecordType, Lookup } from "~/domain/custom-domain";

export type DnsLookup = (type: DnsRecordType, name: string) => Promise<Lookup>;

// No such name (NXDOMAIN) or no record of that type: the record is missing. Anything else (refused, timed out,
// server failure, no servers answering) means this server cannot tell: "not resolving here".
const MISSING = new Set(["ENODATA", "ENOTFOUND"]);

/**
 * Looks records up in real DNS with Node's resolver, through `servers` (DNS_SERVERS) or the system's when empty.
 * Each lookup waits `timeoutMs` per try, twice.
 */
export function dnsLookup(servers: readonly string[], timeoutMs = 2500): DnsLookup {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  const resolve = async (type: DnsRecordType, name: string): Promise<string[]> => {
    switch (type) {
      case "TXT":
        // A TXT record longer than 255 characters arrives in chunks: joined, it is one value.
        return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(""));
      case "CNAME":
        return resolver.resolveCname(name);
      case "A":
        return resolver.resolve4(name);
      case "AAAA":
        return resolver.resolve6(name);
    }
  };
  return async (type, name) => {
    try {
      return { kind: "found", values: await resolve(type, name) };
    } catch (error) {
      const code = (error as { code?: string }).code ?? "lookup failed";
      return MISSING.has(code) ? { kind: "missing" } : { kind: "unreachable", detail: code };
    }
  };
}
