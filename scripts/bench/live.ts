// Live numbers under a crowd: 1,000 browsers' worth of Server-Sent Events streams open on one competition
// (/api/competitions/events?ids={id}, the stream the pages open), then the competition changes in the database,
// as a sale does, and the NOTIFY fans out to every stream. Measures how long each stream takes to carry the
// change (from just before the UPDATE is sent), how many streams connected, and the app process's memory.
// The clients run in the benchmark's own process, so the latency includes its parsing of 1,000 streams.
import { readFileSync } from "node:fs";
import http from "node:http";
import { percentile, type RunningApp, withClient } from "./support";

export type LiveFigure = {
  clients: number;
  connected: number;
  changes: number;
  received: number;
  p50: number;
  p99: number;
  max: number;
  rssIdleMb: number;
  rssStreamsMb: number;
};

type Stream = { close(): void; seen(ticketsSold: number): number | undefined };

/** The resident memory of a process, in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Opens one stream; resolves once its first `competition` event (the current counts) has arrived. */
function openStream(url: string, agent: http.Agent): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const arrivals = new Map<number, number>();
    let buffer = "";
    let opened = false;
    const req = http.get(url, { agent }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream answered ${res.statusCode}`));
        return;
      }
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        const now = performance.now();
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
          const data = /^data: (.*)$/m.exec(event)?.[1];
          if (!event.startsWith("event: competition") || !data) continue;
          const sold = (JSON.parse(data) as { ticketsSold: number }).ticketsSold;
          if (!arrivals.has(sold)) arrivals.set(sold, now);
          if (!opened) {
            opened = true;
            resolve({ close: () => req.destroy(), seen: (n) => arrivals.get(n) });
          }
        }
      });
      res.on("error", () => {});
    });
    req.on("error", (error) => {
      if (!opened) reject(error);
    });
    req.setTimeout(60_000, () => {
      if (!opened) req.destroy(new Error("stream timed out before its first event"));
    });
  });
}

async function until(check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
}

export async function benchLive(
  app: RunningApp,
  databaseUrl: string,
  competitionId: number,
  clients = 1000,
  changes = 5,
): Promise<LiveFigure> {
  const rssIdleMb = rssMb(app.pid);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const url = `${app.baseUrl}/api/competitions/events?ids=${competitionId}`;
  const opened: Stream[] = [];
  // Opened in batches, as a crowd arrives, rather than 1,000 SYNs in one tick against the listen backlog.
  for (let i = 0; i < clients; i += 100) {
    const batch = await Promise.allSettled(
      Array.from({ length: Math.min(100, clients - i) }, () => openStream(url, agent)),
    );
    for (const r of batch) if (r.status === "fulfilled") opened.push(r.value);
  }
  const latencies: number[] = [];
  let received = 0;
  let rssStreamsMb = rssMb(app.pid);
  try {
    await withClient(databaseUrl, async (db) => {
      for (let round = 0; round < changes; round++) {
        // A sale's effect on the row, without payment: the trigger NOTIFYs the new numbers on commit.
        const started = performance.now();
        const { rows } = await db.query<{ tickets_sold: number }>(
          "update competitions set tickets_sold = tickets_sold + 1 where id = $1 returning tickets_sold",
          [competitionId],
        );
        const sold = rows[0]?.tickets_sold as number;
        await until(() => opened.every((s) => s.seen(sold) !== undefined), 30_000);
        for (const s of opened) {
          const at = s.seen(sold);
          if (at === undefined) continue;
          received += 1;
          latencies.push(at - started);
        }
      }
      rssStreamsMb = rssMb(app.pid);
      await db.query("update competitions set tickets_sold = tickets_sold - $2 where id = $1", [
        competitionId,
        changes,
      ]);
    });
  } finally {
    for (const s of opened) s.close();
    agent.destroy();
  }
  latencies.sort((a, b) => a - b);
  return {
    clients,
    connected: opened.length,
    changes,
    received,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    rssIdleMb,
    rssStreamsMb,
  };
}
