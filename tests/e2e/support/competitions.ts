import { eq, inArray, notInArray, sql } from "drizzle-orm";
import pg from "pg";
import type { BrowserContext, Page } from "playwright-core";
import { UNPUBLISHED_STATUSES } from "~/db/constants";
import {
  competitions,
  drawSkips,
  draws,
  type NewCompetition,
  orderLines,
  orders,
  postalEntries,
  prizeClaimLinks,
  prizeClaims,
  ticketNumbers,
  tickets,
} from "~/db/schema";
import { createCompetition } from "~/server/demo/factories.server";
import { app } from "./app";

/** Every public (non-draft) competition as the database holds it, read directly rather than through the app. */
export async function publicRows() {
  const { services } = await app();
  // The public list shows what is published: not drafts, not scheduled ones (the demo has one of each).
  return services.db
    .select()
    .from(competitions)
    .where(notInArray(competitions.status, [...UNPUBLISHED_STATUSES]));
}

/** A competition of the test's own; remove it with `removeCompetition` so other files see the seed as it was. */
export async function insertCompetition(overrides: Partial<NewCompetition> = {}) {
  const { services } = await app();
  return createCompetition(services.db, overrides);
}

/**
 * Takes test competitions away with everything hanging off them, children first: the lifecycle job may have
 * closed one and published its draw manifest meanwhile, and a test may have sold, posted or drawn entries.
 */
export async function removeCompetitions(ids: number[]) {
  if (ids.length === 0) return;
  const { services } = await app();
  await services.db.transaction(async (tx) => {
    const drawIds = (await tx.select({ id: draws.id }).from(draws).where(inArray(draws.competitionId, ids))).map(
      (d) => d.id,
    );
    if (drawIds.length) await tx.delete(drawSkips).where(inArray(drawSkips.drawId, drawIds));
    await tx.delete(draws).where(inArray(draws.competitionId, ids));
    await tx.delete(postalEntries).where(inArray(postalEntries.competitionId, ids));
    await tx.delete(prizeClaims).where(inArray(prizeClaims.competitionId, ids));
    await tx.delete(prizeClaimLinks).where(inArray(prizeClaimLinks.competitionId, ids));
    await tx.delete(tickets).where(inArray(tickets.competitionId, ids));
    await tx.delete(ticketNumbers).where(inArray(ticketNumbers.competitionId, ids));
    const lines = await tx
      .delete(orderLines)
      .where(inArray(orderLines.competitionId, ids))
      .returning({ orderId: orderLines.orderId });
    const orderIds = [...new Set(lines.map((l) => l.orderId))];
    if (orderIds.length) await tx.delete(orders).where(inArray(orders.id, orderIds));
    await tx.delete(competitions).where(inArray(competitions.id, ids));
  });
}

/** After a file that moved the shared app's clock: real time again, and its competition (if made) gone. */
export async function restoreClockAndRemove(competitionId: number) {
  const { services } = await app();
  services.now = () => new Date();
  if (competitionId) await removeCompetitions([competitionId]);
}

export async function removeCompetition(id: number) {
  await removeCompetitions([id]);
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

/**
 * Takes numbers of a competition as other buyers would: issued for good (`heldUntil` null) or held until a time.
 */
export async function takeNumbers(id: number, numbers: number[], heldUntil: Date | null = null) {
  const { services } = await app();
  await services.db
    .insert(ticketNumbers)
    .values(numbers.map((ticketNumber) => ({ competitionId: id, ticketNumber, heldUntil })));
}

/** Sets the sold and held counts at once, as a payment turning a reservation into a sale does. */
export async function setTicketCounts(id: number, counts: { ticketsSold: number; ticketsReserved: number }) {
  const { services } = await app();
  await services.db.update(competitions).set(counts).where(eq(competitions.id, id));
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
  await page.waitForFunction(
    (n) => (window as unknown as { __liveStreamsOpened?: number }).__liveStreamsOpened! >= n,
    count,
  );
}
