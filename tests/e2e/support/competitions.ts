import { randomBytes } from "node:crypto";
import { eq, ne, sql } from "drizzle-orm";
import pg from "pg";
import type { BrowserContext, Page } from "playwright-core";
import { competitions, type NewCompetition } from "~/db/schema";
import { app } from "./app";

/** Every public (non-draft) competition as the database holds it, read directly rather than through the app. */
export async function publicRows() {
  const { services } = await app();
  return services.db.select().from(competitions).where(ne(competitions.status, "draft"));
}

export async function rowBySlug(slug: string) {
  const { services } = await app();
  const [row] = await services.db.select().from(competitions).where(eq(competitions.slug, slug));
  if (!row) throw new Error(`no competition ${slug}`);
  return row;
}

/** A competition of the test's own; remove it with `removeCompetition` so other files see the seed as it was. */
export async function insertCompetition(overrides: Partial<NewCompetition> = {}) {
  const { services } = await app();
  const tag = randomBytes(4).toString("hex");
  const [row] = await services.db
    .insert(competitions)
    .values({
      slug: `e2e-comp-${tag}`,
      title: `Live Test Rosette ${tag}`,
      description: "A competition made by an end-to-end test.",
      prizeTitle: "Rosette",
      prizeDescription: "A rosette",
      prizeValue: "£10",
      entryPricePence: 100,
      totalTickets: 100,
      endDate: new Date(Date.now() + 5 * 24 * 3_600_000),
      imageUrl: "/images/competitions/rug-bundle.svg",
      skillQuestion: "How many legs does a horse have?",
      skillOptions: ["Two", "Three", "Four", "Five"],
      correctAnswer: "Four",
      status: "active",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function removeCompetition(id: number) {
  const { services } = await app();
  await services.db.delete(competitions).where(eq(competitions.id, id));
}

/**
 * Changes a competition's tickets sold the way a sale in another process would: on PostgreSQL through a
 * separate connection (not the app's pool), on PGlite (one in-process database) through the app's handle.
 */
export async function addTicketsSoldElsewhere(id: number, extra: number) {
  const { services, databaseUrl } = await app();
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query("UPDATE competitions SET tickets_sold = tickets_sold + $1 WHERE id = $2", [extra, id]);
    } finally {
      await client.end();
    }
  } else {
    await services.db.execute(sql`UPDATE competitions SET tickets_sold = tickets_sold + ${extra} WHERE id = ${id}`);
  }
}

export async function setTicketsSold(id: number, ticketsSold: number) {
  const { services } = await app();
  await services.db.update(competitions).set({ ticketsSold }).where(eq(competitions.id, id));
}

/** The titles of the cards on the list page, in order. */
export async function cardTitles(page: Page) {
  return page.locator('[data-testid="competition-card"] h2').allInnerTexts();
}

/** Counts the realtime streams a page opens, so a test can wait until one is open before changing data. */
export async function trackLiveStreams(context: BrowserContext) {
  await context.addInitScript(() => {
    const Original = window.EventSource;
    const w = window as unknown as { __liveStreamsOpened: number };
    w.__liveStreamsOpened = 0;
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener("open", () => {
          w.__liveStreamsOpened += 1;
        });
      }
    };
  });
}

/** Resolves once the page has opened `count` realtime streams (after `trackLiveStreams`). */
export async function waitForLiveStream(page: Page, count = 1) {
  await page.waitForFunction((n) => (window as unknown as { __liveStreamsOpened?: number }).__liveStreamsOpened! >= n, count);
}
