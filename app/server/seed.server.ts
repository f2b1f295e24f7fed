import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { competitions, profiles, user, userRoles } from "~/db/schema";
import { seedCompetitions, type SeedCompetition } from "~/db/seed-data";
import type { Database } from "./db.server";
import type { Services } from "./services.server";

const HOUR_MS = 3_600_000;

export function competitionFromSeed(seed: SeedCompetition, now: Date) {
  return {
    slug: seed.slug,
    title: seed.title,
    description: seed.description,
    prizeTitle: seed.prizeTitle,
    prizeDescription: seed.prizeDescription,
    prizeValue: seed.prizeValue,
    entryPricePence: seed.entryPricePence,
    totalTickets: seed.totalTickets,
    ticketsSold: seed.ticketsSold,
    maxTicketsPerUser: seed.maxTicketsPerUser,
    endDate: new Date(now.getTime() + seed.endsInHours * HOUR_MS),
    imageUrl: seed.imageUrl,
    additionalImages: seed.additionalImages,
    featured: seed.featured,
    skillQuestion: seed.skillQuestion,
    skillOptions: [...seed.skillOptions],
    correctAnswer: seed.correctAnswer,
    status: "active" as const,
  };
}

export async function seedCompetitionsIfEmpty(db: Database, now: Date) {
  const [row] = await db.select({ n: count() }).from(competitions);
  if ((row?.n ?? 0) > 0) return 0;
  await db.insert(competitions).values(seedCompetitions.map((s) => competitionFromSeed(s, now)));
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
  await db.insert(profiles).values({ userId: found.id, email, firstName: "Paddock", lastName: "Admin" }).onConflictDoNothing();
  await db.insert(userRoles).values({ userId: found.id, role: "admin" }).onConflictDoNothing();
  return created && !env.ADMIN_PASSWORD ? { email, password } : undefined;
}

export async function seedIfEmpty(services: Services) {
  if (services.env.SEED === false) return {};
  await seedCompetitionsIfEmpty(services.db, services.now());
  const adminCredentials = await ensureAdmin(services);
  return { adminCredentials };
}
