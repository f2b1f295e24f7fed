import { randomBytes, randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { type CompetitionRow, competitions, orderLines, orders, profiles, tickets, user, userRoles } from "~/db/schema";
import type { Database, Executor } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { DEMO_BUYER_COUNT, planDemoSales, seededRandom } from "./demo-sales";
import { competitionValues } from "./factories.server";
import { type SeedCompetition, seedCompetitions } from "./seed-data";

const HOUR_MS = 3_600_000;

/** Live, or closed at its closing time when that has passed (as the lifecycle job would have closed it). */
function competitionFromSeed({ endsInHours, skillOptions, ...seed }: SeedCompetition, now: Date) {
  const endDate = new Date(now.getTime() + endsInHours * HOUR_MS);
  const ended = endDate.getTime() <= now.getTime();
  return competitionValues({
    ...seed,
    skillOptions: [...skillOptions],
    endDate,
    status: ended ? "closed" : "active",
    closedAt: ended ? endDate : null,
  });
}

const FIRST_NAMES = ["Amelia", "Harriet", "Isla", "Freya", "Olivia", "Tom", "James", "Ellie", "Niamh", "Ciara"];
const LAST_NAMES = ["Hughes", "Fletcher", "Walsh", "Murphy", "Evans", "Baker", "Kelly", "Price"];
const INSERT_CHUNK = 1_000;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

/** The demo's buyers: accounts with profiles and no password, so nobody can sign in as them. */
async function insertDemoBuyers(tx: Executor) {
  const buyers = Array.from({ length: DEMO_BUYER_COUNT }, (_, i) => {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length] ?? "Rider";
    const lastName = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] ?? "Paddock";
    const n = String(i + 1).padStart(2, "0");
    return { id: `demo-buyer-${n}`, email: `demo-rider-${n}@paddock.local`, firstName, lastName };
  });
  await tx
    .insert(user)
    .values(
      buyers.map((b) => ({ id: b.id, email: b.email, name: `${b.firstName} ${b.lastName}`, emailVerified: true })),
    );
  await tx.insert(profiles).values(
    buyers.map((b, i) => ({
      userId: b.id,
      email: b.email,
      firstName: b.firstName,
      lastName: b.lastName,
      country: i % 5 === 0 ? "IE" : "GB",
    })),
  );
  return buyers.map((b) => b.id);
}

/**
 * Paid orders with their lines and numbered tickets for every ticket a seeded competition has sold, so the
 * dashboard, the account pages and the draw see the same sales the cards show.
 */
async function insertDemoSales(tx: Executor, rows: CompetitionRow[], buyerIds: string[], now: Date) {
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const lineRows: (typeof orderLines.$inferInsert)[] = [];
  const ticketRows: (typeof tickets.$inferInsert)[] = [];
  for (const competition of rows) {
    let nextNumber = 1;
    for (const sale of planDemoSales(competition, now, seededRandom(competition.id * 7919))) {
      const orderId = randomUUID();
      const userId = buyerIds[sale.buyer] ?? "";
      const totalPence = sale.quantity * competition.entryPricePence;
      orderRows.push({
        id: orderId,
        userId,
        email: `${userId.replace("demo-buyer-", "demo-rider-")}@paddock.local`,
        paymentStatus: "paid",
        subtotalPence: totalPence,
        totalAmountPence: totalPence,
        createdAt: sale.paidAt,
        updatedAt: sale.paidAt,
        paidAt: sale.paidAt,
      });
      lineRows.push({
        orderId,
        competitionId: competition.id,
        quantity: sale.quantity,
        unitPricePence: competition.entryPricePence,
        discountPence: 0,
        totalPence,
        skillAnswer: sale.answer,
      });
      for (let i = 0; i < sale.quantity; i++) {
        ticketRows.push({
          competitionId: competition.id,
          ticketNumber: nextNumber++,
          userId,
          orderId,
          skillAnswer: sale.answer,
          isCorrectAnswer: sale.answer === competition.correctAnswer,
          purchaseDate: sale.paidAt,
        });
      }
    }
  }
  await insertInChunks(orderRows, (chunk) => tx.insert(orders).values(chunk));
  await insertInChunks(lineRows, (chunk) => tx.insert(orderLines).values(chunk));
  await insertInChunks(ticketRows, (chunk) => tx.insert(tickets).values(chunk));
}

/** The demo competitions, with the real orders and tickets behind every sale they show. Once only. */
export async function seedCompetitionsIfEmpty(db: Database, now: Date) {
  const [row] = await db.select({ n: count() }).from(competitions);
  if ((row?.n ?? 0) > 0) return 0;
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(competitions)
      .values(seedCompetitions.map((s) => competitionFromSeed(s, now)))
      .returning();
    await insertDemoSales(tx, rows, await insertDemoBuyers(tx), now);
  });
  return seedCompetitions.length;
}

/**
 * Makes sure an admin exists. ADMIN_EMAIL/ADMIN_PASSWORD name it; otherwise the first start creates one
 * with a random password and returns the credentials so the caller prints them once.
 */
export async function ensureAdmin(services: Services): Promise<{ email: string; password: string } | undefined> {
  const { db, env, auth } = services;
  const [existing] = await db.select({ n: count() }).from(userRoles).where(eq(userRoles.role, "admin"));
  const wanted = env.ADMIN_EMAIL?.toLowerCase();
  if (!wanted && (existing?.n ?? 0) > 0) return undefined;
  const email = wanted ?? "admin@paddock.local";
  const password = env.ADMIN_PASSWORD ?? randomBytes(12).toString("base64url");
  let [found] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  let created = false;
  if (!found) {
    const result = await auth.api.signUpEmail({ body: { email, password, name: "Paddock Admin" } });
    found = { id: result.user.id };
    created = true;
  }
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, found.id));
  await db
    .insert(profiles)
    .values({ userId: found.id, email, firstName: "Paddock", lastName: "Admin" })
    .onConflictDoNothing();
  await db.insert(userRoles).values({ userId: found.id, role: "admin" }).onConflictDoNothing();
  return created && !env.ADMIN_PASSWORD ? { email, password } : undefined;
}

export async function seedIfEmpty(services: Services) {
  if (services.env.SEED === false) return {};
  await seedCompetitionsIfEmpty(services.db, services.now());
  const adminCredentials = await ensureAdmin(services);
  return { adminCredentials };
}
