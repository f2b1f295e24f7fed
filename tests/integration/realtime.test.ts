import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competitions, type NewCompetition } from "~/db/schema";
import { competitionValues } from "~/server/demo/factories.server";
import { openDatabase } from "~/server/platform/db.server";
import { logger } from "~/server/platform/logger.server";
import { type CompetitionChange, Realtime } from "~/server/platform/realtime.server";
import { competitionEvents } from "../../server/sse";
import { createTestServices, type TestServices } from "../support/services";

const onPostgres = process.env.TEST_DB_ENGINE === "postgres" && Boolean(process.env.TEST_DATABASE_URL);
const SECRET = "The correct answer is private";

let services: TestServices;

function competition(slug: string, overrides: Partial<NewCompetition> = {}): NewCompetition {
  return competitionValues({
    slug,
    totalTickets: 500,
    ticketsSold: 20,
    skillOptions: ["a", SECRET, "c", "d"],
    correctAnswer: SECRET,
    ...overrides,
  });
}

/** Resolves with the first change for `id` that a Realtime instance fans out. */
function nextChange(realtime: Realtime, id: number, timeoutMs = 5000): Promise<CompetitionChange> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no change for competition ${id} within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = realtime.subscribe((change) => {
      if (change.id !== id) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(change);
    });
  });
}

beforeAll(async () => {
  services = await createTestServices();
});

/**
 * A live competition and a draft of the calling test's own (20 of 500 sold), returned once their inserts have been
 * announced, so no test mistakes those announcements for its own change or counts on another test's sales.
 */
async function ownCompetitions() {
  const announced = new Set<number>();
  const unsubscribe = services.realtime.subscribe((change) => announced.add(change.id));
  const suffix = randomUUID().slice(0, 8);
  const rows = await services.db
    .insert(competitions)
    .values([competition(`live-${suffix}`), competition(`hidden-draft-${suffix}`, { status: "draft" })])
    .returning({ id: competitions.id, status: competitions.status });
  const liveId = rows.find((r) => r.status === "active")!.id;
  const draftId = rows.find((r) => r.status === "draft")!.id;
  try {
    await expect
      .poll(() => announced.has(liveId) && announced.has(draftId), { timeout: 5000, interval: 20 })
      .toBe(true);
  } finally {
    unsubscribe();
  }
  return { liveId, draftId };
}

afterAll(async () => {
  await services?.dispose();
});

describe("database changes reach realtime subscribers", () => {
  it("an UPDATE typed in plain SQL (no app code) is announced with the new tickets sold", async () => {
    const { liveId } = await ownCompetitions();
    const heard = nextChange(services.realtime, liveId);
    await services.db.execute(sql`UPDATE competitions SET tickets_sold = tickets_sold + 3 WHERE id = ${liveId}`);
    expect(await heard).toEqual({ id: liveId, ticketsSold: 23, totalTickets: 500, status: "active" });
  });

  it("a change to something other than the numbers (the title) is not announced", async () => {
    const { liveId } = await ownCompetitions();
    const seen: CompetitionChange[] = [];
    const unsubscribe = services.realtime.subscribe((c) => seen.push(c));
    await services.db.execute(sql`UPDATE competitions SET title = 'Renamed' WHERE id = ${liveId}`);
    // A numbers change afterwards proves notifications are flowing, and that the rename sent none.
    const heard = nextChange(services.realtime, liveId);
    await services.db.execute(sql`UPDATE competitions SET tickets_sold = tickets_sold + 1 WHERE id = ${liveId}`);
    await heard;
    unsubscribe();
    expect(seen.map((c) => c.ticketsSold)).toEqual([21]);
  });

  it.skipIf(!onPostgres)(
    "an UPDATE from another connection (as another process would make) reaches this process " +
      "(PostgreSQL only: PGlite has one connection)",
    async () => {
      const { liveId } = await ownCompetitions();
      const other = new pg.Client({ connectionString: services.env.DATABASE_URL });
      await other.connect();
      try {
        const heard = nextChange(services.realtime, liveId);
        await other.query("UPDATE competitions SET tickets_sold = tickets_sold + 5 WHERE id = $1", [liveId]);
        expect((await heard).ticketsSold).toBe(25);
      } finally {
        await other.end();
      }
    },
  );

  it.skipIf(!onPostgres)(
    "a second app instance on the same PostgreSQL hears a sale made through the first " +
      "(PostgreSQL only: PGlite cannot be shared)",
    async () => {
      const { liveId } = await ownCompetitions();
      const handle = await openDatabase({
        url: services.env.DATABASE_URL,
        poolSize: services.env.DATABASE_POOL_SIZE,
        migrationsFolder: services.env.MIGRATIONS_DIR,
      });
      const second = new Realtime(handle, logger);
      await second.start();
      try {
        const heard = nextChange(second, liveId);
        await services.db.execute(sql`UPDATE competitions SET tickets_sold = tickets_sold + 1 WHERE id = ${liveId}`);
        expect((await heard).ticketsSold).toBe(21);
      } finally {
        await second.stop();
        await handle.close();
      }
    },
  );
});

type StreamEvent = { event: string; data: string };

/** Reads a Server-Sent Events response one event at a time (comments and `retry` lines are skipped). */
async function openStream(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers: { Accept: "text/event-stream" } });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let everything = "";
  async function next(timeoutMs = 5000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split("\n");
        const event = lines.find((l) => l.startsWith("event: "))?.slice(7);
        const data = lines.find((l) => l.startsWith("data: "))?.slice(6);
        if (event && data !== undefined) return { event, data };
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("no event in time");
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no event in time")), left)),
      ]);
      if (chunk.done) throw new Error("stream ended");
      buffer += chunk.value;
      everything += chunk.value;
    }
  }
  return { response, next, received: () => everything, close: () => controller.abort() };
}

describe("the Server-Sent Events stream", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.get("/api/competitions/events", competitionEvents(services));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("starts with the current numbers, then streams each change to the competitions asked for", async () => {
    const { liveId, draftId } = await ownCompetitions();
    const [before] = await services.db
      .execute<{ tickets_sold: number }>(sql`SELECT tickets_sold FROM competitions WHERE id = ${liveId}`)
      .then((r) => r.rows);
    const stream = await openStream(`${base}/api/competitions/events?ids=${liveId},${draftId}`);
    try {
      expect(stream.response.headers.get("content-type")).toContain("text/event-stream");
      const first = await stream.next();
      expect(first.event).toBe("competition");
      expect(JSON.parse(first.data)).toEqual({
        id: liveId,
        ticketsSold: before!.tickets_sold,
        totalTickets: 500,
        status: "active",
      });

      // A draft's numbers are not public, so its changes are not sent even when asked for.
      await services.db.execute(sql`UPDATE competitions SET tickets_sold = tickets_sold + 1 WHERE id = ${draftId}`);
      await services.db.execute(sql`UPDATE competitions SET tickets_sold = tickets_sold + 2 WHERE id = ${liveId}`);
      const change = JSON.parse((await stream.next()).data);
      expect(change).toEqual({
        id: liveId,
        ticketsSold: before!.tickets_sold + 2,
        totalTickets: 500,
        status: "active",
      });
      expect(stream.received()).not.toMatch(/correct/i);
      expect(stream.received()).not.toContain(SECRET);
    } finally {
      stream.close();
    }
  });

  it("does not send changes to competitions the page did not ask for", async () => {
    const { liveId, draftId } = await ownCompetitions();
    const stream = await openStream(`${base}/api/competitions/events?ids=${draftId}`);
    try {
      await services.db.execute(sql`UPDATE competitions SET tickets_sold = tickets_sold + 1 WHERE id = ${liveId}`);
      await expect(stream.next(700)).rejects.toThrow("no event in time");
    } finally {
      stream.close();
    }
  });
});

describe("a dropped LISTEN connection", () => {
  it.skipIf(!onPostgres)(
    "after its LISTEN connection is killed, the process listens again and hears later sales (PostgreSQL only)",
    async () => {
      const { liveId } = await ownCompetitions();
      const admin = new pg.Client({ connectionString: services.env.DATABASE_URL });
      await admin.connect();
      try {
        const listeners = async () =>
          (
            await admin.query<{ pid: number }>(
              "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'",
            )
          ).rows.map((r) => r.pid);
        const killedPids = await listeners();
        expect(killedPids.length).toBeGreaterThan(0);
        await admin.query("SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid", [killedPids]);
        await expect
          .poll(async () => (await listeners()).filter((pid) => !killedPids.includes(pid)).length, {
            timeout: 10_000,
            interval: 250,
          })
          .toBeGreaterThan(0);
        const [before] = await services.db
          .select({ sold: competitions.ticketsSold })
          .from(competitions)
          .where(sql`id = ${liveId}`);
        const heard = nextChange(services.realtime, liveId);
        await admin.query("UPDATE competitions SET tickets_sold = tickets_sold + 1 WHERE id = $1", [liveId]);
        expect((await heard).ticketsSold).toBe(before!.sold + 1);
      } finally {
        await admin.end();
      }
    },
  );
});
