// A session's client address as a person reads it. better-auth stores the address it rate-limits on: an IPv6
// address cut to its /64 network and written out in full (`::1` becomes eight groups of `0000`), which is no one's
// address. We store the address Express resolved instead (auth.server.ts); rows written before that are hidden.

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const GROUP = /^[0-9a-f]{1,4}$/;

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail included), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const tail = text.match(/:(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (tail) {
    if (!IPV4.test(tail)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = tail.split(".").map(Number);
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(":") : []);
  const left = parse(halves[0]);
  const right = parse(halves[1]);
  if (![...left, ...right].every((group) => GROUP.test(group))) return null;
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) => Number.parseInt(group, 16));
}

/** RFC 5952's short form: lower case, no leading zeros, the longest run of two or more zero groups as `::`. */
function compressIpv6(groups: number[]) {
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length++;
    if (length > best.length) best = { start, length };
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.start < 0) return hex.join(":");
  const head = hex.slice(0, best.start).join(":");
  const tail = hex.slice(best.start + best.length).join(":");
  return `${head}::${tail}`;
}

/**
 * The address to show for a session, or null when there is none worth showing: nothing recorded, not an address,
 * the unspecified address, or an IPv6 network whose host half is all zeros (better-auth's /64 form).
 */
export function displayClientAddress(recorded: string | null | undefined): string | null {
  const text = recorded?.trim() ?? "";
  if (IPV4.test(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return null;
  // An IPv4 client reached over an IPv6 socket (`::ffff:203.0.113.7`) is shown as the IPv4 address.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  if (groups.slice(4).every((group) => group === 0)) return null;
  return compressIpv6(groups);
}
