import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewCompetition } from "~/db/schema";
import {
  cacheControlFor,
  countActiveCompetitions,
  featuredCompetitions,
  heroCompetition,
  recentWinners,
} from "~/server/catalogue/home.server";
import { competitionValues, createCompetition } from "~/server/demo/factories.server";
import { createTestServices, type TestServices } from "../support/services";

const HOUR = 3_600_000;
const now = new Date("2026-03-01T12:00:00Z");
/** The factory's defaults, which every competition below keeps unless it says otherwise. */
const base = competitionValues();
let services: TestServices;

async function insert(overrides: Partial<NewCompetition>) {
  return (await createCompetition(services.db, overrides)).id;
}

beforeAll(async () => {
  services = await createTestServices();
});

afterAll(async () => {
  await services.dispose();
});

describe("home and winners queries", () => {
  it("counts only live competitions whose end date is still ahead", async () => {
    expect(await countActiveCompetitions(services.db, now)).toBe(0);
    await insert({ status: "active", endDate: new Date(now.getTime() + HOUR) });
    await insert({ status: "active", endDate: new Date(now.getTime() + 48 * HOUR) });
    await insert({ status: "active", endDate: new Date(now.getTime() - HOUR) }); // ended
    await insert({ status: "active", endDate: now }); // closes at this very instant
    await insert({ status: "draft", endDate: new Date(now.getTime() + HOUR) });
    await insert({ status: "cancelled", endDate: new Date(now.getTime() + HOUR) });
    await insert({ status: "completed", endDate: new Date(now.getTime() - HOUR) });
    expect(await countActiveCompetitions(services.db, now)).toBe(2);
  });

  it("features at most three enterable featured competitions, soonest to close first, without the answer", async () => {
    const open = [];
    for (const hours of [100, 10, 50, 30]) {
      open.push({
        hours,
        id: await insert({ status: "active", featured: true, endDate: new Date(now.getTime() + hours * HOUR) }),
      });
    }
    await insert({ status: "active", featured: true, endDate: new Date(now.getTime() - HOUR) });
    await insert({ status: "draft", featured: true, endDate: new Date(now.getTime() + 2 * HOUR) });
    await insert({ status: "active", featured: false, endDate: new Date(now.getTime() + 2 * HOUR) });
    await insert({
      status: "active",
      featured: true,
      endDate: new Date(now.getTime() + 2 * HOUR),
      ticketsSold: base.totalTickets,
    });

    const featured = await featuredCompetitions(services.db, now);
    expect(featured).toHaveLength(3);
    const expected = [...open]
      .sort((a, b) => a.hours - b.hours)
      .slice(0, 3)
      .map((c) => c.id);
    expect(featured.map((c) => c.id)).toEqual(expected);
    for (const row of featured) {
      expect(row).not.toHaveProperty("correctAnswer");
      expect(row).not.toHaveProperty("skillOptions");
      expect(row.endDate.getTime()).toBeGreaterThan(now.getTime());
      expect(row).toMatchObject({
        title: expect.any(String),
        prizeValue: base.prizeValue,
        entryPricePence: base.entryPricePence,
      });
    }
  });

  it("heroes the first featured competition, else the soonest closing enterable one, else nothing", async () => {
    // Years after every other test's rows have closed, so only the rows made here are open.
    const later = new Date("2031-06-01T12:00:00Z");
    const at = (hours: number) => new Date(later.getTime() + hours * HOUR);
    expect(await heroCompetition(services.db, later, await featuredCompetitions(services.db, later))).toBeNull();

    await insert({ status: "active", featured: false, endDate: at(1), ticketsSold: base.totalTickets }); // sold out
    await insert({ status: "draft", featured: false, endDate: at(2) });
    const soonest = await insert({ status: "active", featured: false, endDate: at(5) });
    await insert({ status: "active", featured: false, endDate: at(9) });
    const fallback = await heroCompetition(services.db, later, await featuredCompetitions(services.db, later));
    expect(fallback?.id).toBe(soonest);
    expect(fallback).not.toHaveProperty("correctAnswer");
    expect(fallback?.pictures).toEqual([]);

    const featuredId = await insert({ status: "active", featured: true, endDate: at(40) });
    const featured = await featuredCompetitions(services.db, later);
    expect(featured.map((c) => c.id)).toEqual([featuredId]);
    expect((await heroCompetition(services.db, later, featured))?.id).toBe(featuredId);
  });

  it("lists only completed competitions that have a winner, newest draw first", async () => {
    const ended = new Date(now.getTime() - 72 * HOUR);
    const older = await insert({
      status: "completed",
      endDate: ended,
      winnerDisplayName: "A. Rider",
      winnerLocation: "Devon",
      winnerTicketNumber: 17,
      drawnAt: new Date(now.getTime() - 48 * HOUR),
    });
    const newer = await insert({
      status: "completed",
      endDate: ended,
      winnerDisplayName: "B. Jockey",
      winnerLocation: "County Cork",
      winnerTicketNumber: 3,
      drawnAt: new Date(now.getTime() - 2 * HOUR),
    });
    await insert({ status: "completed", endDate: ended }); // completed but no winner recorded
    await insert({ status: "active", endDate: ended, winnerDisplayName: "Not Drawn", drawnAt: ended });

    const winners = await recentWinners(services.db);
    expect(winners.map((w) => w.id)).toEqual([newer, older]);
    expect(winners[0]).toMatchObject({ winner: "B. Jockey, County Cork", prizeValue: base.prizeValue });
    expect(winners[0]).not.toHaveProperty("correctAnswer");
    expect(winners[0]!.drawnAt).toBeInstanceOf(Date);
  });
});

describe("cache policy", () => {
  it("lets shared caches keep anonymous pages but never a signed-in one", () => {
    const anonymous = new Request("http://x/", { headers: { Cookie: "theme=dark; paddock_toast=" } });
    expect(cacheControlFor(anonymous)).toBe("public, s-maxage=30, stale-while-revalidate=300");
    expect(cacheControlFor(new Request("http://x/"))).toContain("public");
    for (const cookie of ["better-auth.session_token=abc.def", "a=1; __Secure-better-auth.session_token=abc"]) {
      expect(cacheControlFor(new Request("http://x/", { headers: { Cookie: cookie } }))).toBe("private, no-store");
    }
  });
});
