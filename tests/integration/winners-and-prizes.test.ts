import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, competitions, prizeClaims, profiles, tickets } from "~/db/schema";
import { toLondonWallTime } from "~/domain/london-time";
import * as account from "~/routes/accounts/account";
import * as privacy from "~/routes/accounts/account-privacy";
import * as winnersPage from "~/routes/catalogue/winners";
import * as prizes from "~/routes/draws/prize-claims";
import * as postalPage from "~/routes/postal/postal-entries";
import { CLAIM_MESSAGES } from "~/server/draws/prize-claims.server";
import { lastMailTo, signedInAs, visitor } from "./auth-helpers";
import { CORRECT, createCheckoutHarness, type Harness } from "./checkout-harness";

let h: Harness;
let boss: Awaited<ReturnType<typeof signedInAs>>;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await createCheckoutHarness({ ADMIN_REQUIRE_2FA: "false" });
  boss = await signedInAs(h.services, "admin");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.services.now = () => new Date();
});

/** A competition drawn `daysAgo` days ago, won by this account's ticket (as the draw sets the columns). */
async function wonBy(userId: string | null, daysAgo = 1, ticketNumber = 7) {
  const drawnAt = new Date(Date.now() - daysAgo * DAY);
  const comp = await h.createCompetition({
    status: "completed",
    endDate: new Date(drawnAt.getTime() - DAY),
    winnerTicketNumber: ticketNumber,
    winnerUserId: userId,
    drawnAt,
  });
  if (userId)
    await h.services.db.insert(tickets).values({
      competitionId: comp.id,
      ticketNumber,
      userId,
      skillAnswer: CORRECT,
      isCorrectAnswer: true,
    });
  return comp;
}

async function winnerAccount(first: string, last: string) {
  const winner = await signedInAs(h.services, "none");
  await h.services.db.update(profiles).set({ firstName: first, lastName: last }).where(eq(profiles.userId, winner.id));
  return winner;
}

const shownFor = async (competitionId: number) => {
  const page = await visitor(h.services).get(winnersPage, "/winners");
  return page.data.winners.find((w: { id: number }) => w.id === competitionId)?.winner;
};

describe("the winners page", () => {
  it("publishes initial, surname and county; only 'Winner, county' once the winner objects", async () => {
    const winner = await winnerAccount("Harriet", "Vane");
    const comp = await wonBy(winner.id);
    const saved = await winner.v.post(privacy, "/account/privacy", {
      intent: "winner-publicity",
      county: "Herefordshire",
    });
    expect(saved.status).toBe(302);
    expect(await shownFor(comp.id)).toBe("H. Vane, Herefordshire");
    await winner.v.post(privacy, "/account/privacy", {
      intent: "winner-publicity",
      county: "Herefordshire",
      withheld: "on",
    });
    expect(await shownFor(comp.id)).toBe("Winner, Herefordshire");
    const page = await visitor(h.services).get(winnersPage, "/winners");
    expect(JSON.stringify(page.data)).not.toMatch(/Harriet|Vane|@example/);
  });

  it("names a postal winner from the card", async () => {
    const moderator = await signedInAs(h.services, "moderator");
    const comp = await h.createCompetition();
    const recorded = await moderator.v.post(
      postalPage,
      `/admin/competitions/${comp.id}/postal`,
      {
        fullName: "Peter Death Wimsey",
        "dateOfBirth.day": "1",
        "dateOfBirth.month": "1",
        "dateOfBirth.year": "1980",
        address: "110A Piccadilly, London",
        county: "Greater London",
        contactNumber: "020 0000 0000",
        email: "peter@example.test",
        termsAccepted: "on",
        skillAnswer: CORRECT,
        receivedAt: toLondonWallTime(new Date(Date.now() - DAY)),
        envelopeRef: "W-1",
      },
      { id: String(comp.id) },
    );
    expect(recorded.status, JSON.stringify(recorded.data)).toBe(302);
    const [ticket] = await h.ticketsOf(comp.id);
    await h.services.db
      .update(competitions)
      .set({ status: "completed", winnerTicketNumber: ticket?.ticketNumber, drawnAt: new Date() })
      .where(eq(competitions.id, comp.id));
    expect(await shownFor(comp.id)).toBe("P. Wimsey, Greater London");
  });
});

describe("a prize claim", () => {
  const address = (competitionId: number) => ({
    intent: "claim-prize",
    competitionId: String(competitionId),
    recipientName: "Harriet Vane",
    address: "1 Mill Lane\nLedbury",
    county: "Herefordshire",
    postcode: "HR8 1AA",
    phone: "01531 000000",
  });

  it("is confirmed by the winner, shipped and delivered by staff; each step e-mailed and audited", async () => {
    const winner = await winnerAccount("Harriet", "Vane");
    const comp = await wonBy(winner.id);
    const page = await winner.v.get(account, "/account");
    expect(page.data.prizes).toHaveLength(1);
    expect(page.data.prizes[0].state).toBe("awaiting_address");

    const someoneElse = await signedInAs(h.services, "none");
    const refused = await someoneElse.v.post(account, "/account", address(comp.id));
    expect(refused.status).toBe(404);
    expect(refused.data.notice.description).toBe(CLAIM_MESSAGES.notWinner);

    expect((await winner.v.post(account, "/account", address(comp.id))).status).toBe(302);
    const confirmed = await lastMailTo(h.services, winner.email, "prize-claim-confirmed");
    expect(confirmed.text).toContain("HR8 1AA");
    const [claim] = await h.services.db.select().from(prizeClaims).where(eq(prizeClaims.competitionId, comp.id));
    expect(claim).toMatchObject({ status: "confirmed", county: "Herefordshire", userId: winner.id });

    const listed = await boss.v.get(prizes, "/admin/winners");
    expect(listed.data.claims.find((c: { competitionId: number }) => c.competitionId === comp.id).state).toBe(
      "confirmed",
    );
    const early = await boss.v.post(prizes, "/admin/winners", {
      intent: "deliver",
      claimId: String(claim?.id),
      confirm: "yes",
    });
    expect(early.status).toBe(409);
    const ship = {
      intent: "ship",
      claimId: String(claim?.id),
      carrier: "Royal Mail",
      trackingReference: "RM123456789GB",
    };
    // The first press only asks, naming what the winner will be told; nothing is marked or sent.
    const asked = await boss.v.post(prizes, "/admin/winners", ship);
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({ confirm: true, prizeStep: { intent: "ship", carrier: "Royal Mail" } });
    expect(
      (await boss.v.get(prizes, "/admin/winners")).data.claims.find(
        (c: { competitionId: number }) => c.competitionId === comp.id,
      ).state,
    ).toBe("confirmed");
    const shipped = await boss.v.post(prizes, "/admin/winners", { ...ship, confirm: "yes" });
    expect(shipped.status).toBe(302);
    expect((await lastMailTo(h.services, winner.email, "prize-shipped")).text).toContain("RM123456789GB");
    const after = await winner.v.get(account, "/account");
    expect(after.data.prizes[0]).toMatchObject({ state: "shipped", trackingReference: "RM123456789GB" });
    // Once shipped the address is fixed.
    expect((await winner.v.post(account, "/account", address(comp.id))).status).toBe(409);

    expect(
      (await boss.v.post(prizes, "/admin/winners", { intent: "deliver", claimId: String(claim?.id), confirm: "yes" }))
        .status,
    ).toBe(302);
    expect(await lastMailTo(h.services, winner.email, "prize-delivered")).toBeTruthy();
    const audits = await h.services.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subject, `competition:${comp.id}`)));
    expect(audits.map((a) => a.action).sort()).toEqual(["prize.claim", "prize.deliver", "prize.ship"]);
  });

  it("is flagged 'unclaimed - redraw due' after 14 days without an address, and can no longer be claimed", async () => {
    const winner = await winnerAccount("Mary", "Quayle");
    const late = await wonBy(winner.id, 15);
    const inTime = await wonBy(winner.id, 13);
    const listed = await boss.v.get(prizes, "/admin/winners");
    const stateOf = (id: number) =>
      listed.data.claims.find((c: { competitionId: number }) => c.competitionId === id).state;
    expect(stateOf(late.id)).toBe("unclaimed_redraw_due");
    expect(stateOf(inTime.id)).toBe("awaiting_address");
    const refused = await winner.v.post(account, "/account", address(late.id));
    expect(refused.status).toBe(409);
    expect(refused.data.notice.description).toBe(CLAIM_MESSAGES.expired);
  });
});
