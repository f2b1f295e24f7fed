import { randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { competitions, orders, profiles, user, userRoles } from "~/db/schema";
import type { CompetitionValues } from "~/domain/competition-lifecycle";
import { STANDARD_MULTI_BUY_TIERS } from "~/domain/pricing";
import { CompetitionFormSchema, competitionFormDefaults } from "~/schemas/admin-competition";
import { parseSubmission } from "~/schemas/form";
import { cancelCompetition } from "../admin/cancel.server";
import { createCompetition, getAdminCompetition, scheduleCompetition } from "../admin/competitions.server";
import { moveCompetitions } from "../admin/lifecycle-job.server";
import { placeOrder } from "../checkout/checkout.server";
import { sellLines } from "../checkout/fulfilment.server";
import { setInstantWins } from "../instant-wins/instant-wins.server";
import { currentArtworkUrl } from "../platform/artwork.server";
import type { Database } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import { DEMO_BUYER_COUNT, demoBaskets, planDemoSales, SELLING_DAYS, seededRandom } from "./demo-sales";
import { seedConsoleRecords } from "./seed-console.server";
import { type SeedCompetition, seedCompetitions } from "./seed-data";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The served address of a seed picture named "/images/competitions/<name>.svg" in the seed data. */
function seedArtwork(seedPath: string): string {
  const url = currentArtworkUrl(seedPath);
  if (!url) throw new Error(`The seed names a picture that is not in app/assets/competitions: ${seedPath}`);
  return url;
}
/** The services as they were at `at`: the use-cases read the time from `now()`, so the demo's history is real. */
const at = (services: Services, instant: Date): Services => ({ ...services, now: () => instant });

const FIRST_NAMES = ["Amelia", "Harriet", "Isla", "Freya", "Olivia", "Tom", "James", "Ellie", "Niamh", "Ciara"];
const LAST_NAMES = ["Hughes", "Fletcher", "Walsh", "Murphy", "Evans", "Baker", "Kelly", "Price"];

/** The member of staff the demo's competitions are audited as created and scheduled by. */
const DEMO_STAFF = { id: "demo-staff", email: "demo-staff@paddock.local", firstName: "Demo", lastName: "Staff" };

/**
 * The demo's people: buyers who confirmed they are adults resident in the UK or Ireland (checkout checks that), and
 * the member of staff who set the competitions up. Inserted directly, with no password, so nobody can sign in as
 * them (better-auth's sign-up would hash a password for each, which is slow and would make them usable).
 */
async function insertDemoPeople(db: Database, now: Date) {
  const buyers = Array.from({ length: DEMO_BUYER_COUNT }, (_, i) => {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length] ?? "Rider";
    const lastName = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] ?? "Paddock";
    const n = String(i + 1).padStart(2, "0");
    return { id: `demo-buyer-${n}`, email: `demo-rider-${n}@paddock.local`, firstName, lastName };
  });
  const people = [...buyers, DEMO_STAFF];
  // They joined before the demo's sales began (the only back-dated write: an account's creation has no use-case).
  const joined = demoJoined(now);
  await db.insert(user).values(
    people.map((p) => ({
      id: p.id,
      email: p.email,
      name: `${p.firstName} ${p.lastName}`,
      emailVerified: true,
      createdAt: joined,
    })),
  );
  await db.insert(profiles).values(
    people.map((p, i) => ({
      userId: p.id,
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      country: i % 5 === 0 ? "IE" : "GB",
      dateOfBirth: `${1960 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
      eligibilityConfirmedAt: joined,
    })),
  );
  return buyers;
}

/** When the demo's people joined: before the demo's sales began. */
const demoJoined = (now: Date) => new Date(now.getTime() - 60 * DAY_MS);

/** A seed competition as staff would type it into /admin/create-competition, checked by that form's schema. */
function formValues(seed: SeedCompetition, goLiveAt: Date, endDate: Date): CompetitionValues {
  const values: CompetitionValues = {
    title: seed.title,
    description: seed.description,
    prizeTitle: seed.prizeTitle,
    prizeDescription: seed.prizeDescription,
    prizeValue: seed.prizeValue,
    cashAlternativePence: seed.cashAlternativePence ?? null,
    entryPricePence: seed.entryPricePence,
    totalTickets: seed.totalTickets,
    maxTicketsPerUser: seed.maxTicketsPerUser,
    goLiveAt,
    endDate,
    featured: seed.featured,
    closesAtSellOut: false,
    skillQuestion: seed.skillQuestion,
    skillOptions: [...seed.skillOptions],
    correctAnswer: seed.correctAnswer,
    multiBuyTiers: [...STANDARD_MULTI_BUY_TIERS],
  };
  // As the browser posts it: the same form data, parsed the same way as the create page's action.
  const { skillOptions, featured, closesAtSellOut, multiBuyTiers, ...fields } = competitionFormDefaults(values);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [i, tier] of multiBuyTiers.entries()) {
    form.append(`multiBuyTiers[${i}].minQuantity`, tier.minQuantity);
    form.append(`multiBuyTiers[${i}].percent`, tier.percent);
  }
  for (const [i, option] of skillOptions.entries()) form.append(`skillOptions[${i}]`, option);
  if (featured) form.append("featured", "on");
  if (closesAtSellOut) form.append("closesAtSellOut", "on");
  const submission = parseSubmission(form, CompetitionFormSchema);
  if (submission.status !== "success")
    throw new Error(`seed competition "${seed.title}" is not valid: ${JSON.stringify(submission.error)}`);
  return submission.value;
}

/** A scheduled demo competition goes live this long after seeding, so a newcomer sees a scheduled one. */
const SCHEDULED_GOES_LIVE_IN_MS = 2 * DAY_MS;

/**
 * Created as drafts and scheduled by the demo's staff at `createdAt`, through the admin area's use-cases; a draft
 * demo stays a draft, a scheduled one goes live two days after seeding.
 */
async function createDemoCompetitions(services: Services, createdAt: Date, goLiveAt: Date, now: Date) {
  const staff = at(services, createdAt);
  const created = [];
  for (const seed of seedCompetitions) {
    const endDate = new Date(now.getTime() + seed.endsInHours * HOUR_MS);
    const later = new Date(Math.floor((now.getTime() + SCHEDULED_GOES_LIVE_IN_MS) / MINUTE_MS) * MINUTE_MS);
    const goesLive = seed.demoState === "scheduled" || seed.demoState === "draft" ? later : goLiveAt;
    const { id } = await createCompetition(staff, DEMO_STAFF.id, formValues(seed, goesLive, endDate), {
      // The artwork's served addresses (content-hashed in the build), from the names the seed data gives.
      artwork: { imageUrl: seedArtwork(seed.imageUrl), additionalImages: seed.additionalImages.map(seedArtwork) },
    });
    if (seed.instantWins) {
      const set = await setInstantWins(staff, DEMO_STAFF.id, id, seed.instantWins);
      if (!set.ok) throw new Error(`seed competition "${seed.title}" instant wins refused: ${set.message}`);
    }
    if (seed.demoState === "draft") {
      created.push({ id, seed, endDate });
      continue;
    }
    const scheduled = await scheduleCompetition(staff, DEMO_STAFF.id, id);
    if (!scheduled.ok) throw new Error(`seed competition "${seed.title}" cannot be scheduled: ${scheduled.message}`);
    const row = await getAdminCompetition(services, id);
    if (!row) throw new Error(`seed competition "${seed.title}" vanished`);
    created.push({ id, seed, endDate: row.values.endDate });
  }
  return created;
}

/**
 * A demo sale, the way a buyer's would go: the checkout places the order (caps, protections, reservation) at the
 * sale's time, then the payment is settled through the paid path's sale and numbering. There is no provider
 * session behind it (the buyers are invented), so no payment row, receipt or notification is written.
 */
async function sell(services: Services, buyer: { id: string; email: string }, lines: DemoLine[], key: string) {
  const placed = await placeOrder(services, {
    userId: buyer.id,
    email: buyer.email,
    lines,
    idempotencyKey: key,
    source: lines.length > 1 ? "basket" : "single",
  });
  if (!placed.ok) throw new Error(`demo sale ${key} refused: ${placed.message}`);
  const now = services.now();
  await services.db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ paymentStatus: "paid", paidAt: now, updatedAt: now })
      .where(and(eq(orders.id, placed.order.id), eq(orders.paymentStatus, "pending")))
      .returning();
    if (!order) throw new Error(`demo order ${key} is not pending`);
    await sellLines(tx, order, true, now);
  });
}

type DemoLine = { competitionId: number; quantity: number; skillAnswer: string };

/**
 * The demo competitions, created and scheduled through the admin use-cases, opened by the lifecycle pass, sold
 * through the checkout, and closed by the lifecycle pass when their closing time has passed. Once only, and all or
 * nothing: it runs in one transaction, which the use-cases' own transactions join as savepoints (drizzle nests
 * them), so a failed seed leaves no half demo and the thousand small writes share one commit.
 */
export async function seedCompetitionsIfEmpty(services: Services) {
  const [existing] = await services.db.select({ n: count() }).from(competitions);
  if ((existing?.n ?? 0) > 0) return 0;
  await services.db.transaction(async (tx) => {
    // A transaction offers everything the use-cases call on a database (transaction() opens a savepoint).
    await seedDemo({ ...services, db: tx as unknown as Database });
  });
  return seedCompetitions.length;
}

async function seedDemo(services: Services) {
  const now = services.now();
  const buyers = await insertDemoPeople(services.db, now);
  // Every competition goes live a little before its sales begin; the form takes times to the minute.
  const firstClose = Math.min(now.getTime(), ...seedCompetitions.map((s) => now.getTime() + s.endsInHours * HOUR_MS));
  const goLiveAt = new Date(Math.floor((firstClose - SELLING_DAYS * DAY_MS - HOUR_MS) / MINUTE_MS) * MINUTE_MS);
  const created = await createDemoCompetitions(services, new Date(goLiveAt.getTime() - HOUR_MS), goLiveAt, now);
  await moveCompetitions(at(services, goLiveAt));
  const sales = created.flatMap(({ id, seed, endDate }, n) =>
    planDemoSales({ ...seed, endDate }, now, seededRandom(n * 7919 + 1)).map(({ answer, quantity, ...sale }) => ({
      ...sale,
      line: { competitionId: id, quantity, skillAnswer: answer },
    })),
  );
  for (const [i, basket] of demoBaskets(sales).entries()) {
    const buyer = buyers[basket.buyer];
    if (!buyer) throw new Error(`no demo buyer ${basket.buyer}`);
    await sell(at(services, basket.paidAt), buyer, basket.lines, `demo-sale-${i}`);
  }
  // Those whose closing time has passed close at that time, as the job would have closed them; the close tells
  // their entrants the result (an e-mail and a notification each, as for any close). Closed then, their manifest is
  // published then and their draw round is not moved: the one closed two days ago is drawn by the running
  // lifecycle job's first pass (which fetches the beacon round), the one closed just now an hour later.
  const ended = created.map((c) => c.endDate).filter((end) => end.getTime() <= now.getTime());
  for (const end of ended.sort((a, b) => a.getTime() - b.getTime())) await moveCompetitions(at(services, end));
  await moveCompetitions(services);
  // A competition cancelled after going live (it sold nothing, so there is nothing to refund), through the use-case.
  for (const { id, seed } of created.filter((c) => c.seed.demoState === "cancelled")) {
    const cancelled = await cancelCompetition(services, DEMO_STAFF.id, id, DEMO_CANCEL_REASON);
    if (!cancelled.ok) throw new Error(`seed competition "${seed.title}" cannot be cancelled: ${cancelled.message}`);
  }
  // A complaint, campaigns and promo codes, so each console list and detail page has a record to show.
  await seedConsoleRecords(services, { staffId: DEMO_STAFF.id, buyers, joined: demoJoined(now) });
}

const DEMO_CANCEL_REASON = "The prize's maker withdrew it (demo data).";

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

/**
 * The demo data and the admin, under the lock the migrations take: processes started together on a new database take
 * turns, so the first seeds and the others find it done (two seeding at once both insert demo-buyer-01, and one fails).
 */
export async function seedIfEmpty(
  services: Services,
): Promise<{ adminCredentials?: { email: string; password: string } }> {
  if (services.env.SEED === false) return {};
  return services.handle.exclusive(async () => {
    await seedCompetitionsIfEmpty(services);
    const adminCredentials = await ensureAdmin(services);
    return { adminCredentials };
  });
}
