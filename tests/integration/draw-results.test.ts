import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  competitions,
  draws,
  emailOutbox,
  notifications,
  orders,
  postalEntries,
  prizeClaimLinks,
  tickets,
} from "~/db/schema";
import { AUTOMATIC_DRAW_DELAY_MS } from "~/domain/draw/automatic";
import * as drawAdmin from "~/routes/admin/competition-draw";
import { getMyEntries } from "~/server/accounts/my-entries.server";
import { runLifecycleOnce } from "~/server/admin/lifecycle-job.server";
import { createCompetition, createPaidOrder, createVerifiedUser } from "~/server/demo/factories.server";
import { confirmClaimByLink, viewClaimLink } from "~/server/draws/postal-claim.server";
import { advancePrizeClaim, confirmClaimAddress, listPrizeClaims } from "~/server/draws/prize-claims.server";
import { createBeacon } from "~/server/platform/beacon.server";
import { roundDue, useDrawHarness } from "./beacon-harness";

const h = useDrawHarness();

let postalCards = 0;
/** An accepted postal entry as recording one leaves it: a 'postal' ticket and the card it came from. */
async function postalEntry(competitionId: number, ticketNumber: number, email: string, correct = true) {
  const [ticket] = await h.services.db
    .insert(tickets)
    .values({
      competitionId,
      ticketNumber,
      userId: null,
      skillAnswer: correct ? "Dressage" : "Polo",
      isCorrectAnswer: correct,
      source: "postal",
    })
    .returning({ id: tickets.id });
  await h.services.db.insert(postalEntries).values({
    competitionId,
    fullName: "Harriet Vane",
    dateOfBirth: "1990-05-01",
    address: "1 Mill Lane, Ledbury HR8 1AA",
    contactNumber: "01531 000000",
    email,
    termsAccepted: true,
    skillAnswer: correct ? "Dressage" : "Polo",
    isCorrectAnswer: correct,
    receivedAt: new Date(Date.now() - 3_600_000),
    envelopeRef: `ENV-R-${++postalCards}`,
    outcome: "accepted",
    ticketId: ticket?.id,
  });
}

/**
 * A live competition past its closing time: Ann (3 correct), Bob (2 wrong), Cat (1 correct, 1 refunded, and a
 * guest checkout e-mail on her order), and a postal entrant without an account (1 correct).
 */
async function competitionWithEntrants() {
  const comp = await createCompetition(h.services.db, {
    endDate: new Date(Date.now() - 60_000),
    totalTickets: 20,
    correctAnswer: "Dressage",
  });
  const [ann, bob, cat] = await Promise.all([1, 2, 3].map(() => createVerifiedUser(h.services)));
  if (!ann || !bob || !cat) throw new Error("users not created");
  await createPaidOrder(h.services.db, { userId: ann.id, competition: comp, quantity: 3, firstTicket: 1 });
  const wrong = { skillAnswer: "Polo" };
  await createPaidOrder(h.services.db, { userId: bob.id, competition: comp, quantity: 2, firstTicket: 4, ...wrong });
  const catOrder = await createPaidOrder(h.services.db, {
    userId: cat.id,
    competition: comp,
    quantity: 2,
    firstTicket: 6,
  });
  const catCheckoutEmail = `cat-checkout-${comp.id}@example.test`;
  await h.services.db.update(orders).set({ email: catCheckoutEmail }).where(eq(orders.id, catOrder.id));
  await h.services.db
    .update(tickets)
    .set({ withdrawnAt: new Date() })
    .where(and(eq(tickets.competitionId, comp.id), eq(tickets.ticketNumber, 7)));
  const postalEmail = `postal-${comp.id}@example.test`;
  await postalEntry(comp.id, 8, postalEmail);
  return { comp, ann, bob, cat, catCheckoutEmail, postalEmail };
}

const mailOf = async (kind: string) => h.services.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));

const notesOf = async (userId: string) =>
  h.services.db.select().from(notifications).where(eq(notifications.userId, userId));

describe("the close", () => {
  it("e-mails every entrant once, revealing each entry's answer, with the hash, round and link", async () => {
    const { comp, ann, bob, cat, catCheckoutEmail, postalEmail } = await competitionWithEntrants();
    await Promise.all([runLifecycleOnce(h.services), runLifecycleOnce(h.services)]);
    await runLifecycleOnce(h.services);
    const [draw] = await h.services.db.select().from(draws).where(eq(draws.competitionId, comp.id));
    if (!draw) throw new Error("no manifest");
    const closeMail = (await mailOf("entries-closed")).filter((m) => m.subject.includes(comp.title));
    expect(closeMail.map((m) => m.to).sort()).toEqual([ann.email, bob.email, catCheckoutEmail, postalEmail].sort());
    const to = (address: string) => closeMail.find((m) => m.to === address)?.text ?? "";

    for (const address of [ann.email, bob.email, catCheckoutEmail, postalEmail]) {
      expect(to(address)).toContain(draw.manifestHash);
      expect(to(address)).toContain(`round ${draw.round}`);
      expect(to(address)).toContain(`/draws/${comp.id}`);
      // The entrant's own record of the hash, with the check that uses it (this draw is on the local test beacon).
      expect(to(address)).toContain("compare the manifest hash on the draw page with the one above");
      expect(to(address)).toMatch(
        new RegExp(
          `npm run verify-draw -- \\S+/draws/${comp.id} --allow-local-beacon --expect-hash ${draw.manifestHash}`,
        ),
      );
      expect(to(address)).toMatch(/\S+\/draws\/log\.txt/);
    }
    expect(to(ann.email)).toContain("Your answers were correct, so all your entries are in the draw.");
    expect(to(ann.email)).toMatch(/Ticket 1, entry reference [0-9A-F]{16}: correct answer, in the draw/);
    expect(to(bob.email)).toMatch(/Ticket 4, entry reference [0-9A-F]{16}: answer not correct, not in the draw/);
    expect(to(bob.email)).toContain("Your answer was not correct");
    // A refunded ticket is not an entry any more: Cat hears only of ticket 6.
    expect(to(catCheckoutEmail)).toContain("Ticket 6,");
    expect(to(catCheckoutEmail)).not.toContain("Ticket 7,");
    expect(to(postalEmail)).toMatch(/Ticket 8, entry reference [0-9A-F]{16}: correct answer, in the draw/);

    // Account holders see it in the app too, once.
    const [annNote, ...more] = await notesOf(ann.id);
    expect(more).toEqual([]);
    expect(annNote).toMatchObject({ kind: "entries-closed", link: `/draws/${comp.id}` });
    expect(annNote?.body).toContain("all 3 tickets are in the draw");
    expect((await notesOf(bob.id))[0]?.body).toContain("was not correct");
    expect((await notesOf(cat.id)).map((n) => n.kind)).toEqual(["entries-closed"]);
  });
});

describe("the automatic draw", () => {
  it("waits for the round, then draws exactly once under two concurrent passes, as the system", async () => {
    const { comp, ann, bob, postalEmail } = await competitionWithEntrants();
    await runLifecycleOnce(h.services);
    expect((await runLifecycleOnce(h.services)).drawn).toEqual([]);
    const due = await roundDue(h.services, comp.id);
    h.services.now = () => new Date(due.getTime() - 1000);
    expect((await runLifecycleOnce(h.services)).drawn).not.toContain(comp.id);
    // At the round staff may draw; the system waits AUTOMATIC_DRAW_DELAY_MS more.
    h.services.now = () => new Date(due.getTime() + AUTOMATIC_DRAW_DELAY_MS - 1000);
    expect((await runLifecycleOnce(h.services)).drawn).not.toContain(comp.id);

    h.services.now = () => new Date(due.getTime() + AUTOMATIC_DRAW_DELAY_MS + 1000);
    const reports = await Promise.all([runLifecycleOnce(h.services), runLifecycleOnce(h.services)]);
    expect(reports.flatMap((r) => r.drawn).filter((id) => id === comp.id)).toEqual([comp.id]);
    const [row] = await h.services.db.select().from(competitions).where(eq(competitions.id, comp.id));
    const [draw] = await h.services.db.select().from(draws).where(eq(draws.competitionId, comp.id));
    expect(row?.status).toBe("completed");
    expect(draw?.drawnBy).toBeNull();
    expect(row?.winnerTicketNumber).toBe(draw?.drawnEntries?.[0]?.ticketNumber);
    const audits = await h.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, `competition:${comp.id}`), eq(auditLog.action, "draw.winner_selected")));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorUserId).toBeNull();

    // One result each: the winner's e-mail and the others', and the in-app result for account holders.
    const title = comp.title;
    const results = [...(await mailOf("draw-winner")), ...(await mailOf("draw-result"))].filter((m) =>
      m.subject.includes(title),
    );
    expect(results.filter((m) => m.kind === "draw-winner")).toHaveLength(1);
    // Bob answered wrongly, so he was never in the draw: the close told him, the draw does not.
    expect(results.map((m) => m.to)).not.toContain(bob.email);
    expect(results.map((m) => m.to)).toContain(postalEmail);
    const annResult = (await notesOf(ann.id)).filter((n) => n.kind === "draw-result");
    expect(annResult).toHaveLength(1);
    const annWon = row?.winnerUserId === ann.id;
    expect(annResult[0]?.title).toBe(annWon ? "You have won!" : "Draw result");
    expect((await notesOf(bob.id)).filter((n) => n.kind === "draw-result")).toEqual([]);

    // The account's entries view says how it went.
    const entries = await getMyEntries(h.services, ann.id);
    expect(entries.find((e) => e.competitionId === comp.id)).toMatchObject({
      correct: true,
      result: annWon ? "won" : "not-won",
    });

    // Later passes find nothing to do.
    expect((await runLifecycleOnce(h.services)).drawn).toEqual([]);
  });

  it("leaves the competition closed when the beacon is unreachable; staff's Select winner retries", async () => {
    const { comp } = await competitionWithEntrants();
    await runLifecycleOnce(h.services);
    const due = await roundDue(h.services, comp.id);
    h.services.now = () => new Date(due.getTime() + AUTOMATIC_DRAW_DELAY_MS + 1000);
    const working = h.services.beacon;
    h.services.beacon = createBeacon({ chain: working.chain, baseUrl: "http://127.0.0.1:9/local-beacon" });
    expect((await runLifecycleOnce(h.services)).drawn).toEqual([]);
    const [still] = await h.services.db.select().from(competitions).where(eq(competitions.id, comp.id));
    expect(still?.status).toBe("closed");
    h.services.beacon = working;
    const out = await h.boss.v.post(drawAdmin, "/x", { intent: "select" }, { id: String(comp.id) });
    expect(out.status).toBe(302);
    const [draw] = await h.services.db.select().from(draws).where(eq(draws.competitionId, comp.id));
    expect(draw?.drawnBy).toBe(h.boss.id);
  });
});

/** A competition whose one entry in the draw is this; closed, and drawn by the lifecycle job at its round. */
async function drawnWith(entry: (competitionId: number) => Promise<void>) {
  const comp = await createCompetition(h.services.db, {
    endDate: new Date(Date.now() - 60_000),
    totalTickets: 20,
    correctAnswer: "Dressage",
  });
  await entry(comp.id);
  await runLifecycleOnce(h.services);
  const due = await roundDue(h.services, comp.id);
  h.services.now = () => new Date(due.getTime() + AUTOMATIC_DRAW_DELAY_MS + 1000);
  expect((await runLifecycleOnce(h.services)).drawn).toContain(comp.id);
  return comp;
}

const address = {
  recipientName: "Harriet Vane",
  address: "1 Mill Lane\nLedbury",
  county: "Herefordshire",
  postcode: "HR8 1AA",
  phone: "01531 000000",
};

describe("a postal winner without an account", () => {
  it("is e-mailed a single-use link that confirms the delivery address; staff see the claim", async () => {
    const email = `postal-winner-${Date.now()}@example.test`;
    const comp = await drawnWith((id) => postalEntry(id, 1, email));
    const [mail] = (await mailOf("draw-winner")).filter((m) => m.to === email);
    const token = mail?.text.match(/\/prize-claim\/([A-Za-z0-9_-]{43})/)?.[1] ?? "";
    expect(token).not.toBe("");
    // Only the token's hash is kept.
    const links = await h.services.db.select().from(prizeClaimLinks).where(eq(prizeClaimLinks.competitionId, comp.id));
    expect(links).toHaveLength(1);
    expect(links[0]?.tokenHash).not.toContain(token);

    expect(await viewClaimLink(h.services, token)).toMatchObject({ state: "valid", title: comp.title });
    expect(await viewClaimLink(h.services, `${token.slice(0, -1)}x`)).toEqual({ state: "unknown" });
    const claim = { intent: "claim-prize" as const, competitionId: comp.id, ...address };
    expect(await confirmClaimByLink(h.services, token, claim)).toEqual({ ok: true });
    expect(await confirmClaimByLink(h.services, token, claim)).toEqual({ ok: false, state: "used" });
    expect((await viewClaimLink(h.services, token)).state).toBe("used");
    expect((await mailOf("prize-claim-confirmed")).filter((m) => m.to === email)).toHaveLength(1);

    const staffView = (await listPrizeClaims(h.services)).find((c) => c.competitionId === comp.id);
    expect(staffView).toMatchObject({
      winnerEmail: email,
      byPostalLink: true,
      state: "confirmed",
      recipientName: "Harriet Vane",
      postcode: "HR8 1AA",
    });
    // Staff ship it; the winner is e-mailed at the card's address.
    expect(
      await advancePrizeClaim(h.services, h.boss.id, staffView?.claimId ?? 0, "ship", {
        intent: "ship",
        claimId: staffView?.claimId ?? 0,
        carrier: "Royal Mail",
        trackingReference: "RM123",
      }),
    ).toEqual({ ok: true });
    expect((await mailOf("prize-shipped")).filter((m) => m.to === email)).toHaveLength(1);
  });

  it("cannot use the link after the 14-day claim period", async () => {
    const email = `postal-late-${Date.now()}@example.test`;
    await drawnWith((id) => postalEntry(id, 1, email));
    const [mail] = (await mailOf("draw-winner")).filter((m) => m.to === email);
    const token = mail?.text.match(/\/prize-claim\/([A-Za-z0-9_-]{43})/)?.[1] ?? "";
    const drawnAt = h.services.now();
    h.services.now = () => new Date(drawnAt.getTime() + 14 * 86_400_000 + 1000);
    expect((await viewClaimLink(h.services, token)).state).toBe("expired");
    const claim = { intent: "claim-prize" as const, competitionId: 1, ...address };
    expect(await confirmClaimByLink(h.services, token, claim)).toEqual({ ok: false, state: "expired" });
  });
});

describe("an account winner's claim steps", () => {
  it("each notify the winner in the app", async () => {
    const winner = await createVerifiedUser(h.services);
    const comp = await drawnWith(async (id) => {
      await createPaidOrder(h.services.db, {
        userId: winner.id,
        competition: { id, correctAnswer: "Dressage" },
        quantity: 1,
        firstTicket: 1,
      });
    });
    const claim = { intent: "claim-prize" as const, competitionId: comp.id, ...address };
    expect(await confirmClaimAddress(h.services, winner.id, claim)).toEqual({ ok: true });
    const claimId = (await listPrizeClaims(h.services)).find((c) => c.competitionId === comp.id)?.claimId ?? 0;
    await advancePrizeClaim(h.services, h.boss.id, claimId, "ship", {
      intent: "ship",
      claimId,
      carrier: "DPD",
      trackingReference: "D1",
    });
    await advancePrizeClaim(h.services, h.boss.id, claimId, "deliver");
    const notes = await notesOf(winner.id);
    expect(notes.map((n) => n.kind).sort()).toEqual([
      "draw-result",
      "entries-closed",
      "prize-claim",
      "prize-claim",
      "prize-claim",
    ]);
    expect(
      notes
        .filter((n) => n.kind === "prize-claim")
        .map((n) => n.title)
        .sort(),
    ).toEqual(["Prize address confirmed", "Your prize has been delivered", "Your prize is on its way"]);
    expect(notes.find((n) => n.kind === "draw-result")?.title).toBe("You have won!");
  });
});
