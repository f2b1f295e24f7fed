import { and, eq, inArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { competitions, type NewCompetition, orderLines, orders, tickets } from "~/db/schema";
import { confirmEligibility } from "~/server/protection/player-protection.server";
import { app } from "./app";
import { hydrated, openPage, type PageOptions, useTheme } from "./browser";
import { insertCompetition } from "./competitions";
import { SLOW } from "./forms";
import { createUser, signIn, type TestUser } from "./users";

/**
 * The set-up every checkout journey file shares: the server starts once for the run before the file's tests (its
 * first start, with migrations and seed, should not count against a test), and the competitions they made are hidden
 * afterwards.
 */
export function checkoutSuite() {
  beforeAll(async () => {
    await app();
  });
  afterAll(() => hideCreatedCompetitions());
}

/** Each journey walks several pages (and axe scans): room for a machine that is busy with other suites. */
export const JOURNEY = { timeout: 120_000 };

export const CARDS = { pays: "4242 4242 4242 4242", declined: "4000 0000 0000 0002" } as const;
export const OPTIONS = ["Walk", "Trot", "Canter", "Gallop"] as const;
export const CORRECT = "Canter";
export const WRONG = "Walk";

const created: number[] = [];

/** A live competition of its own (£5 a ticket), so tests sharing the server never count each other's tickets. */
export async function createCompetition(overrides: Partial<NewCompetition> = {}) {
  const row = await insertCompetition({
    prizeValue: "£1,000",
    entryPricePence: 500,
    imageUrl: "/images/competitions/dressage-saddle.svg",
    skillQuestion: "Which gait has three beats?",
    skillOptions: [...OPTIONS],
    correctAnswer: CORRECT,
    ...overrides,
  });
  created.push(row.id);
  return row;
}

/**
 * After a file: the competitions it made leave the public lists (as drafts; their orders and tickets keep
 * them in the database), so other files sharing the server see the seed as it was.
 */
export async function hideCreatedCompetitions() {
  const { services } = await app();
  if (created.length > 0)
    await services.db
      .update(competitions)
      .set({ status: "draft" })
      .where(inArray(competitions.id, created.splice(0)));
}

export async function competitionRow(id: number) {
  const { services } = await app();
  const [row] = await services.db.select().from(competitions).where(eq(competitions.id, id));
  return row!;
}

export async function userTickets(userId: string, competitionId?: number) {
  const { services } = await app();
  return services.db
    .select()
    .from(tickets)
    .where(
      competitionId === undefined
        ? eq(tickets.userId, userId)
        : and(eq(tickets.userId, userId), eq(tickets.competitionId, competitionId)),
    );
}

export async function userOrders(userId: string) {
  const { services } = await app();
  const rows = await services.db.select().from(orders).where(eq(orders.userId, userId));
  return Promise.all(
    rows.map(async (order) => ({
      ...order,
      lines: await services.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)),
    })),
  );
}

/** Confirms date of birth and country without the UI, for journeys that are not about eligibility. */
export async function confirmEligible(user: TestUser) {
  const { services } = await app();
  const result = await confirmEligibility(
    services,
    user.id,
    { dateOfBirth: "1990-04-12", country: "GB", acceptTerms: true },
    new Date(),
  );
  expect(result).toEqual({ ok: true });
}

/** A fresh browser signed in as a new (or given) account. */
export async function signedInPage(
  options: PageOptions & { theme?: "light" | "dark"; user?: TestUser; eligible?: boolean } = {},
) {
  const user = options.user ?? (await createUser());
  if (options.eligible) await confirmEligible(user);
  const opened = await openPage({ ...options, colorScheme: options.theme ?? options.colorScheme });
  if (options.theme) await useTheme(opened.context, options.theme);
  await signIn(opened.context, user);
  return { ...opened, user };
}

/** A competition of its own (with `overrides`) and an eligible buyer signed in on a fresh browser. */
export async function buyerWithCompetition(
  overrides: Partial<NewCompetition> = {},
  options: Omit<Parameters<typeof signedInPage>[0], "eligible"> = {},
) {
  const competition = await createCompetition(overrides);
  return { competition, ...(await signedInPage({ ...options, eligible: true })) };
}

export async function goto(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

/** Fills the stand-in's hosted page (TEST MODE) and submits it. */
export async function payOnStandin(page: Page, card: string) {
  await page.waitForURL(/\/stripe-standin\/pay\//);
  await eventually(() => page.getByText("TEST MODE", { exact: false }).count()).toBeGreaterThan(0);
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel(/Expiry/).fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Test Rider");
  await page.getByRole("button", { name: /^Pay/ }).click();
}

/** The review page of a competition's checkout: `quantity` tickets, the right answer chosen, and any numbers. */
export function openReview(page: Page, competitionId: number, quantity: number, numbers?: number[]) {
  const chosen = numbers ? `&numbers=${numbers.join(",")}` : "";
  return goto(page, `/checkout/${competitionId}?quantity=${quantity}&answer=${CORRECT}${chosen}`);
}

/**
 * The payment result page, once it says `heading`: the webhook may be a moment behind the redirect, and on a machine
 * busy with other suites more than a moment (SLOW, the longest any journey gave it).
 */
export async function paymentResult(page: Page, heading = "Payment Successful!") {
  await page.waitForURL(/\/payment-success\?/);
  await expect.poll(() => page.locator("h1").innerText(), SLOW).toBe(heading);
}

/** Pays on the stand-in's page with `card` and waits for the result page to say `heading`. */
export async function payAndSee(page: Page, card: string, heading = "Payment Successful!") {
  await payOnStandin(page, card);
  await paymentResult(page, heading);
}

/** The order id the success or cancel page was sent with. */
export function orderIdFrom(page: Page) {
  const id = new URL(page.url()).searchParams.get("order_id");
  expect(id).toBeTruthy();
  return id!;
}

/** expect.poll with room for a loaded machine: a page round trip can take seconds while other suites run. */
export function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000, interval: 100 });
}
