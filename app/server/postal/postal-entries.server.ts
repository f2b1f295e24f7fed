import { and, count, desc, eq, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { POSTAL_LIST_LIMIT, POSTAL_MESSAGES } from "~/content/postal";
import type { PostalRejectionReason } from "~/db/constants";
import { competitions, postalEntries, profiles, tickets, user } from "~/db/schema";
import { formatUkDateTime } from "~/domain/london-format";
import { decidePostalEntry, normaliseEmail, normaliseName, type PostalDecision } from "~/domain/postal-entry";
import { isCorrectAnswer, isOfferedAnswer } from "~/domain/ticket-allocation";
import type { PostalEntryInput } from "~/schemas/postal";
import { recordAudit } from "../admin/audit.server";
import { luckyDip } from "../checkout/ticket-numbers.server";
import type { Executor, Tx } from "../platform/db.server";
import { plainServiceEmail } from "../platform/email/content";
import { enqueueEmail } from "../platform/mail.server";
import type { Services } from "../platform/services.server";

export type RecordPostalOutcome =
  | { ok: true; entryId: number; outcome: "accepted"; ticketNumber: number; entryRef: string }
  | { ok: true; entryId: number; outcome: "rejected"; reason: PostalRejectionReason; detail: string }
  | { ok: false; status: 400 | 404 | 409; message: string; field?: keyof PostalEntryInput };

/** What both recording and the staff page need of the competition: its name and when entries close. */
const COMPETITION_BASICS = {
  id: competitions.id,
  title: competitions.title,
  status: competitions.status,
  endDate: competitions.endDate,
  closedAt: competitions.closedAt,
};

type LockedCompetition = {
  id: number;
  title: string;
  status: string;
  endDate: Date;
  closedAt: Date | null;
  totalTickets: number;
  ticketsSold: number;
  ticketsReserved: number;
  maxTicketsPerUser: number | null;
  skillOptions: string[];
  correctAnswer: string;
};

/**
 * Records one postal entry and its outcome. The competition's row is locked first, so envelopes, caps and ticket
 * numbers are decided one entry at a time; an accepted entry becomes a 'postal' ticket counted in tickets_sold
 * (whose trigger tells every browser), numbered from the same sequence as paid tickets.
 */
export async function recordPostalEntry(
  services: Services,
  staffId: string,
  competitionId: number,
  input: PostalEntryInput,
): Promise<RecordPostalOutcome> {
  const now = services.now();
  if (input.receivedAt.getTime() > now.getTime())
    return { ok: false, status: 400, message: POSTAL_MESSAGES.receivedInFuture, field: "receivedAt" };
  const outcome = await services.db.transaction(async (tx): Promise<RecordPostalOutcome> => {
    const [comp] = await tx
      .select({
        ...COMPETITION_BASICS,
        totalTickets: competitions.totalTickets,
        ticketsSold: competitions.ticketsSold,
        ticketsReserved: competitions.ticketsReserved,
        maxTicketsPerUser: competitions.maxTicketsPerUser,
        skillOptions: competitions.skillOptions,
        correctAnswer: competitions.correctAnswer,
      })
      .from(competitions)
      .where(eq(competitions.id, competitionId))
      .for("update");
    if (!comp) return { ok: false, status: 404, message: POSTAL_MESSAGES.notFound };
    if (comp.status !== "active" && comp.status !== "closed")
      return { ok: false, status: 409, message: POSTAL_MESSAGES.notOpen };
    if (input.skillAnswer && !isOfferedAnswer(input.skillAnswer, comp.skillOptions))
      return { ok: false, status: 400, message: POSTAL_MESSAGES.answerNotOption, field: "skillAnswer" };
    const closesAt = closingInstant(comp);
    const closed = comp.status !== "active" || closesAt.getTime() <= now.getTime();
    if (closed && input.receivedAt.getTime() <= closesAt.getTime())
      return { ok: false, status: 409, message: POSTAL_MESSAGES.frozen };

    const person = await matchPerson(tx, comp.id, input);
    const decision = decidePostalEntry(input, {
      receivedAt: input.receivedAt,
      closesAt,
      envelopeAlreadyRecorded: await envelopeRecorded(tx, comp.id, input.envelopeRef),
      entryCap: comp.totalTickets,
      entriesBeforeReceipt: await entriesBefore(tx, comp.id, input.receivedAt),
      roomNow: comp.ticketsSold + comp.ticketsReserved < comp.totalTickets,
      perPersonCap: comp.maxTicketsPerUser,
      personEntries: person.entries,
    });
    return save(tx, { comp, input, decision, staffId, accountId: person.accountId, now });
  });
  if (outcome.ok) services.mail.kick();
  return outcome;
}

/** Entries close at the closing date, or earlier when the competition closed at sell-out. */
function closingInstant(comp: Pick<LockedCompetition, "endDate" | "closedAt">) {
  return comp.closedAt && comp.closedAt.getTime() < comp.endDate.getTime() ? comp.closedAt : comp.endDate;
}

async function envelopeRecorded(tx: Tx, competitionId: number, envelopeRef: string) {
  const [row] = await tx
    .select({ id: postalEntries.id })
    .from(postalEntries)
    .where(
      and(
        eq(postalEntries.competitionId, competitionId),
        sql`lower(${postalEntries.envelopeRef}) = ${envelopeRef.toLowerCase()}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Entries (paid or postal, not withdrawn) issued by the time this one arrived: the cap it is measured against. */
async function entriesBefore(tx: Tx, competitionId: number, receivedAt: Date) {
  const [row] = await tx
    .select({ n: count() })
    .from(tickets)
    .where(
      and(eq(tickets.competitionId, competitionId), isNull(tickets.withdrawnAt), lte(tickets.purchaseDate, receivedAt)),
    );
  return row?.n ?? 0;
}

const sqlName = (column: SQL | typeof postalEntries.fullName) =>
  sql`lower(regexp_replace(trim(${column}), '\\s+', ' ', 'g'))`;

const profileFullName = sql`coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, '')`;

/**
 * The person behind a card: accounts with the same e-mail, or the same name and date of birth, and earlier
 * accepted postal entries matched the same way. Their entries in this competition (paid and free, not withdrawn)
 * count against the per-person cap; the account with the card's e-mail, if any, owns the new ticket.
 */
async function matchPerson(tx: Tx, competitionId: number, input: PostalEntryInput) {
  const email = normaliseEmail(input.email);
  const name = normaliseName(input.fullName);
  const dob = /^\d{4}-\d{2}-\d{2}$/.test(input.dateOfBirth) ? input.dateOfBirth : null;
  const byEmail = email ? await tx.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${email}`) : [];
  const byNameAndBirth =
    name && dob
      ? await tx
          .select({ id: profiles.userId })
          .from(profiles)
          .where(and(eq(profiles.dateOfBirth, dob), sql`${sqlName(profileFullName)} = ${name}`))
      : [];
  const accountIds = [...new Set([...byEmail, ...byNameAndBirth].map((r) => r.id))];
  const samePostal = or(
    email ? sql`lower(${postalEntries.email}) = ${email}` : undefined,
    name && dob
      ? and(eq(postalEntries.dateOfBirth, dob), sql`${sqlName(postalEntries.fullName)} = ${name}`)
      : undefined,
  );
  const postalTickets = samePostal
    ? tx
        .select({ id: postalEntries.ticketId })
        .from(postalEntries)
        .where(and(eq(postalEntries.competitionId, competitionId), eq(postalEntries.outcome, "accepted"), samePostal))
    : null;
  const owned = or(
    accountIds.length > 0 ? inArray(tickets.userId, accountIds) : undefined,
    postalTickets ? inArray(tickets.id, postalTickets) : undefined,
  );
  const [row] = owned
    ? await tx
        .select({ n: count() })
        .from(tickets)
        .where(and(eq(tickets.competitionId, competitionId), isNull(tickets.withdrawnAt), owned))
    : [{ n: 0 }];
  return { entries: row?.n ?? 0, accountId: byEmail.length === 1 ? (byEmail[0]?.id ?? null) : null };
}

type SaveArgs = {
  comp: LockedCompetition;
  input: PostalEntryInput;
  decision: PostalDecision;
  staffId: string;
  accountId: string | null;
  now: Date;
};

async function save(tx: Tx, args: SaveArgs): Promise<RecordPostalOutcome> {
  const { comp, input, decision, staffId, now } = args;
  const correct = isCorrectAnswer(input.skillAnswer, comp.correctAnswer);
  let ticket: { id: number; ticketNumber: number; entryRef: string } | null = null;
  let final = decision;
  if (decision.outcome === "accepted") {
    ticket = await issuePostalTicket(tx, { ...args, correct });
    if (!ticket)
      final = { outcome: "rejected", reason: "void: sold out", detail: "No ticket was left to give this entry." };
  }
  const [entry] = await tx
    .insert(postalEntries)
    .values({
      competitionId: comp.id,
      fullName: input.fullName,
      dateOfBirth: /^\d{4}-\d{2}-\d{2}$/.test(input.dateOfBirth) ? input.dateOfBirth : null,
      address: input.address,
      county: input.county || null,
      contactNumber: input.contactNumber,
      email: input.email,
      termsAccepted: input.termsAccepted,
      skillAnswer: input.skillAnswer,
      isCorrectAnswer: correct,
      receivedAt: input.receivedAt,
      envelopeRef: input.envelopeRef,
      outcome: final.outcome,
      reason: final.outcome === "rejected" ? final.reason : null,
      reasonDetail: final.outcome === "rejected" ? final.detail : null,
      ticketId: ticket?.id ?? null,
      recordedBy: staffId,
      recordedAt: now,
    })
    .returning({ id: postalEntries.id });
  if (!entry) throw new Error("postal entry not recorded");
  await recordAudit(tx, {
    actorUserId: staffId,
    action: "postal.record",
    subject: `competition:${comp.id}`,
    after: {
      postalEntryId: entry.id,
      envelopeRef: input.envelopeRef,
      outcome: final.outcome,
      reason: final.outcome === "rejected" ? final.reason : null,
      ticketNumber: ticket?.ticketNumber ?? null,
    },
  });
  if (input.email) await enqueueEmail(tx, postalEmail(comp.title, input, final, ticket));
  return final.outcome === "accepted" && ticket
    ? { ok: true, entryId: entry.id, outcome: "accepted", ticketNumber: ticket.ticketNumber, entryRef: ticket.entryRef }
    : { ok: true, entryId: entry.id, ...(final as Extract<PostalDecision, { outcome: "rejected" }>) };
}

/** Counts the entry into tickets_sold (only while a ticket is free) and gives it the next number. */
async function issuePostalTicket(tx: Tx, args: SaveArgs & { correct: boolean }) {
  const { comp, input, accountId, now, correct } = args;
  const [row] = await tx
    .update(competitions)
    .set({ ticketsSold: sql`${competitions.ticketsSold} + 1`, updatedAt: now })
    .where(
      and(
        eq(competitions.id, comp.id),
        sql`${competitions.ticketsSold} + ${competitions.ticketsReserved} + 1 <= ${competitions.totalTickets}`,
      ),
    )
    .returning({
      total: competitions.totalTickets,
      free: sql<number>`${competitions.totalTickets} - ${competitions.ticketsSold} - ${competitions.ticketsReserved}`,
    });
  if (!row) return null;
  // Staff record the number a lucky dip gives the entry (ADR 031), under the row lock the UPDATE took.
  const [ticketNumber] = await luckyDip(
    tx,
    { competitionId: comp.id, now, total: row.total, quantity: 1, freeGuess: Number(row.free) + 1 },
    { orderId: null, heldUntil: null },
  );
  if (ticketNumber === undefined) throw new Error("no free number although the count had room");
  const [ticket] = await tx
    .insert(tickets)
    .values({
      competitionId: comp.id,
      ticketNumber: ticketNumber as number,
      userId: accountId,
      orderId: null,
      skillAnswer: input.skillAnswer,
      isCorrectAnswer: correct,
      purchaseDate: input.receivedAt,
      source: "postal",
    })
    .returning({ id: tickets.id, ticketNumber: tickets.ticketNumber, entryRef: tickets.entryRef });
  return ticket ?? null;
}

/** The entrant hears what happened to their card; never whether their answer was right (that waits for close). */
function postalEmail(
  title: string,
  input: PostalEntryInput,
  decision: PostalDecision,
  ticket: { ticketNumber: number; entryRef: string } | null,
) {
  const received = formatUkDateTime(input.receivedAt);
  const text =
    decision.outcome === "accepted" && ticket
      ? [
          `Your free postal entry for ${title}, received on ${received}, has been entered.`,
          "",
          `  Ticket number: ${ticket.ticketNumber}`,
          `  Entry reference: ${ticket.entryRef}`,
          "",
          "Your answer is recorded. Whether it was correct is shown in your account (if you have one with this " +
            "e-mail address) once the competition closes. Your entry reference appears in the published list " +
            "of entries for the draw, so you can check that your entry is in it.",
        ]
      : [
          `Your free postal entry for ${title}, received on ${received}, could not be entered.`,
          "",
          `Reason: ${decision.outcome === "rejected" ? `${decision.reason}. ${decision.detail}` : ""}`,
          "",
          "The free postal entry rules are in our terms.",
        ];
  return {
    to: input.email,
    kind: decision.outcome === "accepted" ? "postal-entry-accepted" : "postal-entry-rejected",
    subject:
      decision.outcome === "accepted"
        ? `Your free postal entry is in: ticket ${ticket?.ticketNumber}`
        : "Your free postal entry could not be entered",
    content: plainServiceEmail(text.join("\n")),
  };
}

// ------------------------------------------------------------------------------------------------------- reading

/** How many postal entries were rejected, by reason: the draw's manifest publishes these beside its counts. */
export async function postalRejectionCounts(db: Executor, competitionId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ reason: postalEntries.reason, n: count() })
    .from(postalEntries)
    .where(and(eq(postalEntries.competitionId, competitionId), eq(postalEntries.outcome, "rejected")))
    .groupBy(postalEntries.reason);
  return Object.fromEntries(rows.map((r) => [r.reason ?? "unknown", r.n]));
}

/** Accepted and rejected counts, for the public competition page. */
export async function postalOutcomeCounts(db: Executor, competitionId: number) {
  const rows = await db
    .select({ outcome: postalEntries.outcome, n: count() })
    .from(postalEntries)
    .where(eq(postalEntries.competitionId, competitionId))
    .groupBy(postalEntries.outcome);
  const of = (outcome: string) => rows.find((r) => r.outcome === outcome)?.n ?? 0;
  return { accepted: of("accepted"), rejected: of("rejected") };
}

/** The staff page: the competition, its counts by outcome and reason, and the latest entries recorded. */
export async function getPostalPage(services: Services, competitionId: number) {
  const [comp] = await services.db
    .select({
      ...COMPETITION_BASICS,
      skillQuestion: competitions.skillQuestion,
      skillOptions: competitions.skillOptions,
    })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  if (!comp) return null;
  const [counts, rejections, entries] = await Promise.all([
    postalOutcomeCounts(services.db, competitionId),
    postalRejectionCounts(services.db, competitionId),
    services.db
      .select({
        id: postalEntries.id,
        fullName: postalEntries.fullName,
        envelopeRef: postalEntries.envelopeRef,
        receivedAt: postalEntries.receivedAt,
        outcome: postalEntries.outcome,
        reason: postalEntries.reason,
        reasonDetail: postalEntries.reasonDetail,
        ticketNumber: tickets.ticketNumber,
        recordedAt: postalEntries.recordedAt,
        recordedBy: user.email,
      })
      .from(postalEntries)
      .leftJoin(tickets, eq(tickets.id, postalEntries.ticketId))
      .leftJoin(user, eq(user.id, postalEntries.recordedBy))
      .where(eq(postalEntries.competitionId, competitionId))
      .orderBy(desc(postalEntries.recordedAt), desc(postalEntries.id))
      .limit(POSTAL_LIST_LIMIT),
  ]);
  return { competition: { ...comp, closesAt: closingInstant(comp) }, counts, rejections, entries };
}
