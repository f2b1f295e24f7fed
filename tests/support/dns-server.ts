import dns2 from "dns2";

const { Packet } = dns2;

/** What the test DNS server answers for one name; a name not listed is NXDOMAIN, a type not listed is NODATA. */
export type ZoneEntry = { TXT?: string[]; CNAME?: string; A?: string[]; AAAA?: string[] };

export type TestDns = {
  /** "127.0.0.1:<port>", as DNS_SERVERS takes it. */
  address: string;
  /** Sets (or with undefined removes) a name's records; names are matched case-insensitively. */
  set(name: string, entry: ZoneEntry | undefined): void;
  close(): Promise<void>;
};

/** A DNS server on 127.0.0.1 (UDP, a free port) answering from a zone the test controls. */
export async function startTestDns(): Promise<TestDns> {
  const zone = new Map<string, ZoneEntry>();
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const entry = question ? zone.get(question.name.toLowerCase()) : undefined;
      if (!question || !entry) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
        send(response);
        return;
      }
      const base = { name: question.name, class: Packet.CLASS.IN, ttl: 60 };
      const records: object[] = [];
      if (question.type === Packet.TYPE.TXT)
        for (const data of entry.TXT ?? []) records.push({ ...base, type: Packet.TYPE.TXT, data });
      if (question.type === Packet.TYPE.CNAME && entry.CNAME)
        records.push({ ...base, type: Packet.TYPE.CNAME, domain: entry.CNAME });
      if (question.type === Packet.TYPE.A)
        for (const address of entry.A ?? []) records.push({ ...base, type: Packet.TYPE.A, address });
      if (question.type === Packet.TYPE.AAAA)
        for (const address of entry.AAAA ?? []) records.push({ ...base, type: Packet.TYPE.AAAA, address });
      // dns2 encodes plain records; its types ask for the decoded class's methods too.
      response.answers.push(...(records as (typeof response.answers)[number][]));
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const udp = addresses.udp as { port: number } | undefined;
  if (!udp) throw new Error("test DNS server did not listen");
  return {
    address: `127.0.0.1:${udp.port}`,
    set(name, entry) {
      if (entry) zone.set(name.toLowerCase(), entry);
      else zone.delete(name.toLowerCase());
    },
    async close() {
      await server.close();
    },
  };
}
