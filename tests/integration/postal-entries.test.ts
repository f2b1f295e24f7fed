import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTAL_MESSAGES } from "~/content/postal";
import { auditLog, postalEntries } from "~/db/schema";
import { toLondonWallTime } from "~/domain/london-time";
import * as postalPage from "~/routes/postal/postal-entries";
import { postalOutcomeCounts, postalRejectionCounts } from "~/server/postal/postal-entries.server";
import { signedInAs } from "./auth-helpers";
import { CORRECT, createCheckoutHarness, type Harness, WRONG } from "./checkout-harness";

let h: Harness;
let moderator: Awaited<ReturnType<typeof signedInAs>>;
const HOUR = 3_600_000;

beforeAll(async () => {
  h = await createCheckoutHarness({ ADMIN_REQUIRE_2FA: "false" });
  moderator = await signedInAs(h.services, "moderator");
});
afterAll(async () => {
  await h?.close();
});

let envelope = 0;
/** A complete, on-time card as staff type it; each gets its own envelope unless told otherwise. */
function card(overrides: Record<string, string | undefined> = {}) {
  const form: Record<string, string | undefined> = {
    fullName: "Harriet Vane",
    dateOfBirth: "1990-05-01",
    address: "1 Mill Lane, Ledbury HR8 1AA",
    county: "Herefordshire",
    contactNumber: "01531 000000",
    email: `harriet-${++envelope}@example.test`,
    termsAccepted: "on",
    skillAnswer: CORRECT,
    receivedAt: toLondonWallTime(new Date(Date.now() - HOUR)),
    envelopeRef: `ENV-${envelope}`,
    ...overrides,
  };
  // The date of birth is typed as three fields, Day, Month and Year.
  const { dateOfBirth, ...rest } = form;
  const [year, month, day] = dateOfBirth?.split("-") ?? [];
  const dob = { "dateOfBirth.day": day, "dateOfBirth.month": month, "dateOfBirth.year": year };
  return Object.fromEntries(Object.entries({ ...rest, ...dob }).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}

const record = (competitionId: number, form: Record<string, string>) =>
  moderator.v.post(postalPage, `/admin/competitions/${competitionId}/postal`, form, { id: String(competitionId) });

async function lastEntry(competitionId: number) {
  const rows = await h.services.db
    .select()
    .from(postalEntries)
    .where(eq(postalEntries.competitionId, competitionId))
    .orderBy(postalEntries.id);
  return rows.at(-1);
}

describe("recording a free postal entry", () => {
  it("accepts a complete card: a free number by lucky dip, tickets sold moves, audited, e-mailed", async () => {
    const comp = await h.createCompetition();
    await h.paidOrder(comp.id, 2);
    const form = card();
    const out = await record(comp.id, form);
    expect(out.status).toBe(302);
    const entry = await lastEntry(comp.id);
    expect(entry).toMatchObject({ outcome: "accepted", reason: null, isCorrectAnswer: true });
    const tickets = await h.ticketsOf(comp.id);
    expect(tickets.map((t) => t.source).sort()).toEqual(["paid", "paid", "postal"]);
    expect(new Set(tickets.map((t) => t.ticketNumber)).size).toBe(3);
    const postal = tickets.find((t) => t.source === "postal");
    expect(postal?.orderId).toBeNull();
    expect(postal?.id).toBe(entry?.ticketId);
    expect((await h.competition(comp.id)).ticketsSold).toBe(3);

    const [mail] = await h.mailTo(form.email as string, "postal-entry-accepted");
    expect(mail?.text).toContain(`Ticket number: ${postal?.ticketNumber}`);
    expect(mail?.text).toContain(`Entry reference: ${postal?.entryRef}`);
    expect(mail?.text).toContain("Your answer is recorded");
    expect(mail?.text).not.toMatch(/answer (is|was) (not )?correct|cannot win|in the draw/i);

    const audits = await h.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "postal.record"), eq(auditLog.subject, `competition:${comp.id}`)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({ outcome: "accepted", ticketNumber: postal?.ticketNumber });
  });

  it("accepts a wrong answer as an entry that cannot win, and the e-mail does not say so", async () => {
    const comp = await h.createCompetition();
    const form = card({ skillAnswer: WRONG });
    expect((await record(comp.id, form)).status).toBe(302);
    expect(await lastEntry(comp.id)).toMatchObject({ outcome: "accepted", skillAnswer: WRONG });
    const [ticket] = await h.ticketsOf(comp.id);
    expect(ticket).toMatchObject({ source: "postal", isCorrectAnswer: false, skillAnswer: WRONG });
    const [mail] = await h.mailTo(form.email as string, "postal-entry-accepted");
    expect(mail?.text).not.toMatch(/answer (is|was) (not )?correct|incorrect|wrong|cannot win/i);
  });

  it("rejects every card after the first from one envelope as a bulk envelope", async () => {
    const comp = await h.createCompetition();
    await record(comp.id, card({ envelopeRef: "BULK-1" }));
    await record(comp.id, card({ envelopeRef: "bulk-1" }));
    await record(comp.id, card({ envelopeRef: "BULK-1" }));
    expect(await postalOutcomeCounts(h.services.db, comp.id)).toEqual({ accepted: 1, rejected: 2 });
    expect(await postalRejectionCounts(h.services.db, comp.id)).toEqual({ "bulk envelope": 2 });
    expect((await h.competition(comp.id)).ticketsSold).toBe(1);
  });

  it("rejects an incomplete card, naming what is missing, and tells the entrant why", async () => {
    const comp = await h.createCompetition();
    const form = card({ address: "", termsAccepted: undefined });
    expect((await record(comp.id, form)).status).toBe(302);
    expect(await lastEntry(comp.id)).toMatchObject({
      outcome: "rejected",
      reason: "incomplete",
      reasonDetail: "Missing: address, statement accepting the terms.",
      ticketId: null,
    });
    expect((await h.competition(comp.id)).ticketsSold).toBe(0);
    const [mail] = await h.mailTo(form.email as string, "postal-entry-rejected");
    expect(mail?.text).toContain("Reason: incomplete. Missing: address, statement accepting the terms.");
  });

  it("rejects an entrant under 18 on the day it was received", async () => {
    const comp = await h.createCompetition();
    const seventeen = new Date();
    seventeen.setUTCFullYear(seventeen.getUTCFullYear() - 17);
    await record(comp.id, card({ dateOfBirth: seventeen.toISOString().slice(0, 10) }));
    expect(await lastEntry(comp.id)).toMatchObject({ outcome: "rejected", reason: "under 18" });
  });

  it("rejects a late card on a closed competition, but refuses to add an on-time one to a frozen list", async () => {
    const comp = await h.createCompetition({
      status: "closed",
      endDate: new Date(Date.now() - 2 * HOUR),
      closedAt: new Date(Date.now() - 2 * HOUR),
    });
    await record(comp.id, card());
    expect(await lastEntry(comp.id)).toMatchObject({ outcome: "rejected", reason: "late" });
    const onTime = await record(comp.id, card({ receivedAt: toLondonWallTime(new Date(Date.now() - 3 * HOUR)) }));
    expect(onTime.status).toBe(409);
    expect(onTime.data.notice.description).toBe(POSTAL_MESSAGES.frozen);
    expect(await postalOutcomeCounts(h.services.db, comp.id)).toEqual({ accepted: 0, rejected: 1 });
  });

  it("voids a card when the entry cap has been reached", async () => {
    const comp = await h.createCompetition({ totalTickets: 2 });
    await h.paidOrder(comp.id, 2);
    await record(comp.id, card());
    expect(await lastEntry(comp.id)).toMatchObject({ outcome: "rejected", reason: "void: sold out" });
    expect((await h.competition(comp.id)).ticketsSold).toBe(2);
  });

  it("applies the per-person cap across paid and free entries, matching by e-mail or name and birth date", async () => {
    const comp = await h.createCompetition({ maxTicketsPerUser: 3 });
    const { buyer } = await h.paidOrder(comp.id, 2);
    await record(comp.id, card({ email: buyer.email.toUpperCase() }));
    const third = await lastEntry(comp.id);
    expect(third).toMatchObject({ outcome: "accepted" });
    // The ticket belongs to the buyer's account (same e-mail), so it shows in their account.
    const tickets = await h.ticketsOf(comp.id);
    expect(tickets.find((t) => t.id === third?.ticketId)?.userId).toBe(buyer.id);
    await record(comp.id, card({ email: buyer.email }));
    expect(await lastEntry(comp.id)).toMatchObject({ outcome: "rejected", reason: "over the per-person cap" });

    // A postal-only entrant: the same name and date of birth with another e-mail is the same person.
    const other = await h.createCompetition({ maxTicketsPerUser: 1 });
    await record(other.id, card({ fullName: "Peter  Wimsey", dateOfBirth: "1980-01-01" }));
    await record(other.id, card({ fullName: "peter wimsey", dateOfBirth: "1980-01-01" }));
    expect(await postalRejectionCounts(h.services.db, other.id)).toEqual({ "over the per-person cap": 1 });
  });

  it("refuses a date received in the future, and an answer that is not an option, recording nothing", async () => {
    const comp = await h.createCompetition();
    const future = await record(comp.id, card({ receivedAt: toLondonWallTime(new Date(Date.now() + 2 * HOUR)) }));
    expect(future.status).toBe(400);
    expect(future.data.result.error.receivedAt).toEqual([POSTAL_MESSAGES.receivedInFuture]);
    const answer = await record(comp.id, card({ skillAnswer: "Steeplechase" }));
    expect(answer.status).toBe(400);
    const missing = await record(comp.id, card({ envelopeRef: "", receivedAt: "" }));
    expect(missing.status).toBe(400);
    expect(await lastEntry(comp.id)).toBeUndefined();
  });

  it("shows the staff page its counts and entries", async () => {
    const comp = await h.createCompetition();
    await record(comp.id, card());
    const page = await moderator.v.get(postalPage, `/admin/competitions/${comp.id}/postal`, { id: String(comp.id) });
    expect(page.status).toBe(200);
    expect(page.data.counts).toEqual({ accepted: 1, rejected: 0 });
    expect(page.data.entries).toHaveLength(1);
    expect(page.data.competition).not.toHaveProperty("correctAnswer");
  });
});
