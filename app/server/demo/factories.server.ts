// Complete, valid rows for the demo seed and the tests, so one place knows what a competition, an account or a
// paid order needs. Overrides win over every default.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Role } from "~/db/constants";
import { competitions, type NewCompetition, orderLines, orders, tickets, user, userRoles } from "~/db/schema";
import type { Executor } from "../platform/db.server";
import type { Services } from "../platform/services.server";

const DAY_MS = 86_400_000;

const uniqueTag = () => randomBytes(4).toString("hex");

/** The default skill question: a real one, with four options and the right answer among them. */
export const SAMPLE_SKILL_QUESTION = {
  skillQuestion: "Which discipline combines dressage, cross-country and show jumping?",
  skillOptions: ["Dressage", "Eventing", "Show jumping", "Polo"],
  correctAnswer: "Eventing",
} as const;

/** A live competition row: a unique slug, open for a week, 100 tickets at £2.50, none sold yet. */
export function competitionValues(overrides: Partial<NewCompetition> = {}): NewCompetition {
  const slug = overrides.slug ?? `competition-${uniqueTag()}`;
  const values: NewCompetition = {
    slug,
    title: `Rosette and rug ${slug}`,
    description: "A rosette and a turnout rug for the winner.",
    prizeTitle: "Rosette and turnout rug",
    prizeDescription: "A satin rosette and a medium-weight turnout rug.",
    prizeValue: "£120",
    entryPricePence: 250,
    totalTickets: 100,
    ticketsSold: 0,
    maxTicketsPerUser: null,
    endDate: new Date(Date.now() + 7 * DAY_MS),
    // The picture's first address, which redirects to its content-hashed one wherever the row is read: tests write
    // rows for a built server from a process that is not the build, so they cannot know the build's hashed name.
    imageUrl: "/images/competitions/rug-bundle.svg",
    additionalImages: [],
    featured: false,
    skillQuestion: SAMPLE_SKILL_QUESTION.skillQuestion,
    skillOptions: [...SAMPLE_SKILL_QUESTION.skillOptions],
    correctAnswer: SAMPLE_SKILL_QUESTION.correctAnswer,
    status: "active",
    ...overrides,
  };
  const options = values.skillOptions;
  if (options.length !== 4 || new Set(options).size !== 4 || !options.includes(values.correctAnswer)) {
    throw new Error(`${slug}: a skill question needs four different options, the correct answer among them`);
  }
  return values;
}

export async function createCompetition(db: Executor, overrides: Partial<NewCompetition> = {}) {
  const [row] = await db.insert(competitions).values(competitionValues(overrides)).returning();
  if (!row) throw new Error("competition not created");
  return row;
}

export type CreatedUser = { id: string; email: string; password: string; name: string };

/** A verified account made through better-auth (its profile comes with it), optionally with roles. */
export async function createVerifiedUser(
  services: Pick<Services, "auth" | "db">,
  options: { email?: string; password?: string; name?: string; roles?: Role[] } = {},
): Promise<CreatedUser> {
  const email = options.email ?? `rider-${uniqueTag()}@example.test`;
  const password = options.password ?? "a-long-test-password-1";
  const name = options.name ?? "Test Rider";
  const created = await services.auth.api.signUpEmail({ body: { email, password, name } });
  const id = created.user.id;
  await services.db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
  for (const role of options.roles ?? []) {
    await services.db.insert(userRoles).values({ userId: id, role }).onConflictDoNothing();
  }
  return { id, email, password, name };
}

/**
 * A paid order of one line with its tickets, numbered from `firstTicket`, each answering correctly. The
 * competition's tickets sold is left as it is, so a shared competition's numbers do not move.
 */
export async function createPaidOrder(
  db: Executor,
  options: {
    userId: string;
    competition: { id: number; correctAnswer: string };
    quantity: number;
    firstTicket: number;
    unitPricePence?: number;
    paidAt?: Date;
    /** The buyer's answer: the correct one unless given (a wrong answer is a valid entry that cannot win). */
    skillAnswer?: string;
  },
) {
  const { userId, competition, quantity, firstTicket, unitPricePence = 500, paidAt = new Date() } = options;
  const skillAnswer = options.skillAnswer ?? competition.correctAnswer;
  const totalPence = quantity * unitPricePence;
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      paymentStatus: "paid",
      subtotalPence: totalPence,
      totalAmountPence: totalPence,
      createdAt: paidAt,
      paidAt,
    })
    .returning();
  if (!order) throw new Error("order not created");
  await db.insert(orderLines).values({
    orderId: order.id,
    competitionId: competition.id,
    quantity,
    unitPricePence,
    discountPence: 0,
    totalPence,
    skillAnswer,
  });
  await db.insert(tickets).values(
    Array.from({ length: quantity }, (_, i) => ({
      competitionId: competition.id,
      ticketNumber: firstTicket + i,
      userId,
      orderId: order.id,
      skillAnswer,
      isCorrectAnswer: skillAnswer === competition.correctAnswer,
    })),
  );
  return order;
}
