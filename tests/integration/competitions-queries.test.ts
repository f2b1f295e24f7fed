import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competitions, type NewCompetition } from "~/db/schema";
import { DAY_MS, HOUR_MS } from "~/domain/competition-status";
import {
  COMPETITION_SUMMARY_KEYS,
  COMPETITIONS_PAGE_SIZE,
  type CompetitionListQuery,
  PUBLIC_COMPETITION_KEYS,
  parseListQuery,
} from "~/schemas/competition-query";
import {
  competitionPageCacheControl,
  getPublicCompetition,
  listPublicCompetitions,
  liveCompetitionCounts,
  nextDrawDate,
} from "~/server/catalogue/competitions.server";
import { competitionValues } from "~/server/demo/factories.server";
import { createTestServices, type TestServices } from "../support/services";

const NOW = new Date("2026-11-21T12:00:00.000Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);
const SECRET = "Galvayne's groove";

let services: TestServices;
const ids: Record<string, number> = {};

/** The list's own fixtures: dates around NOW, and a secret answer the public views must never show. */
function competition(slug: string, overrides: Partial<NewCompetition> = {}): NewCompetition {
  return competitionValues({
    slug,
    title: `Competition ${slug}`,
    entryPricePence: 500,
    totalTickets: 1000,
    ticketsSold: 10,
    endDate: at(10 * DAY_MS),
    skillQuestion: "Which groove shows a horse's age?",
    skillOptions: ["Dental star", SECRET, "Seven-year hook", "Infundibulum"],
    correctAnswer: SECRET,
    createdAt: at(-30 * DAY_MS),
    ...overrides,
  });
}

const FIXTURES: NewCompetition[] = [
  competition("horsebox", {
    title: "Win a Two-Horse HORSEBOX",
    entryPricePence: 999,
    featured: true,
    endDate: at(30 * DAY_MS),
    createdAt: at(-1 * DAY_MS),
  }),
  competition("saddle", {
    title: "Dressage Saddle",
    prizeTitle: "Fenwold close-contact saddle",
    prizeDescription: "A black leather saddle, fitted at your yard",
    entryPricePence: 500,
    endDate: at(20 * HOUR_MS),
    createdAt: at(-2 * DAY_MS),
  }),
  competition("cash", {
    title: "£1,000 Cash",
    prizeDescription: "Paid by bank transfer: 100% yours",
    entryPricePence: 49,
    endDate: at(40 * HOUR_MS),
    featured: true,
    createdAt: at(-3 * DAY_MS),
  }),
  competition("two-days", {
    title: "Exactly two days",
    entryPricePence: 150,
    endDate: at(2 * DAY_MS),
    createdAt: at(-4 * DAY_MS),
  }),
  competition("sold-out", {
    title: "Sold-out rug bundle",
    ticketsSold: 1000,
    endDate: at(10 * HOUR_MS),
    createdAt: at(-5 * DAY_MS),
  }),
  competition("ended", {
    title: "Ended bridle set",
    entryPricePence: 99,
    endDate: at(-2 * DAY_MS),
    createdAt: at(-40 * DAY_MS),
  }),
  competition("ended-earlier", {
    title: "Ended long ago",
    entryPricePence: 75,
    endDate: at(-20 * DAY_MS),
    createdAt: at(-60 * DAY_MS),
  }),
  competition("completed", {
    title: "Completed lessons",
    status: "completed",
    endDate: at(-1 * DAY_MS),
    createdAt: at(-50 * DAY_MS),
  }),
  competition("draft", {
    title: "Secret draft horsebox",
    featured: true,
    status: "draft",
    endDate: at(1 * HOUR_MS),
    createdAt: at(0),
  }),
  ...Array.from({ length: 6 }, (_, i) =>
    competition(`filler-${i}`, {
      title: `Grooming kit ${i}`,
      entryPricePence: 200 + i,
      endDate: at((12 + i) * DAY_MS),
      createdAt: at(-(10 + i) * DAY_MS),
    }),
  ),
];
const PUBLIC_COUNT = FIXTURES.length - 1;

function query(overrides: Partial<CompetitionListQuery> = {}): CompetitionListQuery {
  return { ...parseListQuery(new URLSearchParams()), ...overrides };
}

/** Every page of a listing, in order. */
async function allPages(overrides: Partial<CompetitionListQuery> = {}) {
  const all: Awaited<ReturnType<typeof listPublicCompetitions>>["competitions"] = [];
  for (let page = 1; ; page++) {
    const one = await listPublicCompetitions(services.db, query({ ...overrides, page }), NOW);
    all.push(...one.competitions);
    if (one.competitions.length === 0 || all.length >= one.total) return { competitions: all, total: one.total };
  }
}

async function titles(overrides: Partial<CompetitionListQuery> = {}) {
  const page = await allPages(overrides);
  return page.competitions.map((c) => c.title);
}

beforeAll(async () => {
  services = await createTestServices();
  const rows = await services.db
    .insert(competitions)
    .values(FIXTURES)
    .returning({ id: competitions.id, slug: competitions.slug });
  for (const row of rows) ids[row.slug] = row.id;
});

afterAll(async () => {
  await services?.dispose();
});

describe("searching the list", () => {
  it("finds a competition by its title whatever the case", async () => {
    expect(await titles({ q: "horsebox" })).toEqual(["Win a Two-Horse HORSEBOX"]);
    expect(await titles({ q: "DRESSAGE" })).toEqual(["Dressage Saddle"]);
  });

  it("finds a competition by words in its prize description", async () => {
    expect(await titles({ q: "Black Leather" })).toEqual(["Dressage Saddle"]);
  });

  it("finds a competition by the prize line printed on its card", async () => {
    expect(await titles({ q: "fenwold" })).toEqual(["Dressage Saddle"]);
  });

  it("treats % and _ as the characters themselves, not wildcards", async () => {
    expect(await titles({ q: "100%" })).toEqual(["£1,000 Cash"]);
    expect(await titles({ q: "_" })).toEqual([]);
  });

  it("never finds a draft, even by its exact title", async () => {
    expect(await titles({ q: "Secret draft horsebox" })).toEqual([]);
  });

  it("returns nothing (not everything) when nothing matches", async () => {
    const page = await listPublicCompetitions(services.db, query({ q: "unicorn" }), NOW);
    expect(page).toEqual({ competitions: [], total: 0 });
  });
});

describe("filtering the list", () => {
  it("shows every public competition under 'all', drafts excluded", async () => {
    const page = await allPages();
    expect(page.total).toBe(PUBLIC_COUNT);
    expect(page.competitions.map((c) => c.title)).not.toContain("Secret draft horsebox");
  });

  it("shows only featured competitions under 'featured'", async () => {
    expect((await titles({ filter: "featured" })).sort()).toEqual(["Win a Two-Horse HORSEBOX", "£1,000 Cash"].sort());
  });

  it("shows under 'ending soon' only open competitions with fewer than two days left", async () => {
    // Not: exactly two days left, sold out, ended, completed, draft.
    expect(await titles({ filter: "ending-soon" })).toEqual(["Dressage Saddle", "£1,000 Cash"]);
  });

  it("combines a search with a filter", async () => {
    expect(await titles({ filter: "featured", q: "cash" })).toEqual(["£1,000 Cash"]);
    expect(await titles({ filter: "ending-soon", q: "horsebox" })).toEqual([]);
  });
});

describe("sorting the list", () => {
  it("puts open competitions soonest-closing first and ended ones last by default", async () => {
    const all = await titles();
    expect(all.slice(0, 4)).toEqual(["Sold-out rug bundle", "Dressage Saddle", "£1,000 Cash", "Exactly two days"]);
    expect(all.slice(-3)).toEqual(["Completed lessons", "Ended bridle set", "Ended long ago"]);
  });

  it("sorts newest first", async () => {
    expect((await titles({ sort: "newest" })).slice(0, 3)).toEqual([
      "Win a Two-Horse HORSEBOX",
      "Dressage Saddle",
      "£1,000 Cash",
    ]);
  });

  it("sorts by price both ways", async () => {
    const low = await allPages({ sort: "price-asc" });
    const prices = low.competitions.map((c) => c.entryPricePence);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(low.competitions[0]?.title).toBe("£1,000 Cash");
    const high = await titles({ sort: "price-desc" });
    expect(high[0]).toBe("Win a Two-Horse HORSEBOX");
  });
});

describe("paging", () => {
  it("returns one page of results and the total, then the next page on its own for Load More", async () => {
    const first = await listPublicCompetitions(services.db, query(), NOW);
    expect(first.competitions).toHaveLength(COMPETITIONS_PAGE_SIZE);
    expect(first.total).toBe(PUBLIC_COUNT);

    const second = await listPublicCompetitions(services.db, query({ page: 2 }), NOW);
    expect(second.competitions).toHaveLength(PUBLIC_COUNT - COMPETITIONS_PAGE_SIZE);
    const firstIds = new Set(first.competitions.map((c) => c.id));
    expect(second.competitions.some((c) => firstIds.has(c.id))).toBe(false);
  });

  it("returns page N alone for ?page=N, continuing the same order", async () => {
    const every = await allPages();
    const second = await listPublicCompetitions(services.db, query({ page: 2 }), NOW);
    expect(second.competitions.map((c) => c.id)).toEqual(
      every.competitions.slice(COMPETITIONS_PAGE_SIZE, 2 * COMPETITIONS_PAGE_SIZE).map((c) => c.id),
    );
  });

  it("returns an empty page past the end", async () => {
    const page = await listPublicCompetitions(services.db, query({ page: 4 }), NOW);
    expect(page.competitions).toEqual([]);
    expect(page.total).toBe(PUBLIC_COUNT);
  });
});

describe("the correct answer and drafts stay private", () => {
  it("lists only the card's columns: no correct answer, no reserved count, no winner", async () => {
    const page = await allPages();
    for (const c of page.competitions) expect(Object.keys(c).sort()).toEqual([...COMPETITION_SUMMARY_KEYS].sort());
    expect(JSON.stringify(page)).not.toMatch(/correct/i);
  });

  it("shows a competition's public columns only, its options included but not which one is right", async () => {
    const detail = await getPublicCompetition(services.db, ids.saddle!);
    expect(detail).not.toBeNull();
    expect(Object.keys(detail!).sort()).toEqual([...PUBLIC_COMPETITION_KEYS].sort());
    expect(detail!.skillOptions).toContain(SECRET);
    expect(JSON.stringify(detail)).not.toMatch(/correct/i);
  });

  it("does not show a draft or an unknown competition", async () => {
    expect(await getPublicCompetition(services.db, ids.draft!)).toBeNull();
    expect(await getPublicCompetition(services.db, 999_999)).toBeNull();
  });

  it("shows completed and ended competitions (they are public, just closed)", async () => {
    expect((await getPublicCompetition(services.db, ids.completed!))?.status).toBe("completed");
    expect((await getPublicCompetition(services.db, ids.ended!))?.title).toBe("Ended bridle set");
  });

  it("gives live counts for public competitions only", async () => {
    const counts = await liveCompetitionCounts(services.db, [ids.saddle!, ids.draft!, 999_999]);
    expect(counts).toEqual([{ id: ids.saddle, ticketsSold: 10, totalTickets: 1000, status: "active" }]);
  });
});

describe("the next draw", () => {
  it("is the soonest closing of an open competition, ignoring drafts and closed ones", async () => {
    // The draft closes in an hour, but it is not public; the sold-out one still closes (and is drawn) first.
    expect(await nextDrawDate(services.db, NOW)).toEqual(at(10 * HOUR_MS));
  });

  it("is null when nothing is open", async () => {
    expect(await nextDrawDate(services.db, at(365 * DAY_MS))).toBeNull();
  });
});

describe("caching", () => {
  const request = (cookie?: string) =>
    new Request("http://localhost/competitions", { headers: cookie ? { Cookie: cookie } : {} });

  it("lets a CDN hold an anonymous page briefly", () => {
    expect(competitionPageCacheControl(request())).toBe("public, s-maxage=10, stale-while-revalidate=60");
    expect(competitionPageCacheControl(request("theme=dark"))).toBe("public, s-maxage=10, stale-while-revalidate=60");
  });

  it("never stores a signed-in visitor's page, nor one carrying a toast", () => {
    expect(competitionPageCacheControl(request("better-auth.session_token=abc"))).toBe("private, no-store");
    expect(competitionPageCacheControl(request("x=1; __Secure-better-auth.session_token=abc"))).toBe(
      "private, no-store",
    );
    expect(competitionPageCacheControl(request("paddock_toast=abc"))).toBe("private, no-store");
  });
});
