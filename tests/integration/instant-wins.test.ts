import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { competitions, instantWinCommitments, instantWins, prizeClaims, walletLedger } from "~/db/schema";
import {
  canonicalInstantWins,
  checkInstantWins,
  INSTANT_WIN_MAJORITY_MESSAGE,
  type InstantWin,
  instantWinsCommitment,
} from "~/domain/draw/instant-wins";
import { cancelCompetition } from "~/server/admin/cancel.server";
import { scheduleCompetition } from "~/server/admin/competitions.server";
import { moveCompetitions } from "~/server/admin/lifecycle-job.server";
import { verifyPayment } from "~/server/checkout/checkout.server";
import { fulfilCheckoutSession } from "~/server/checkout/fulfilment.server";
import { confirmClaimAddress } from "~/server/draws/prize-claims.server";
import {
  confirmInstantPrizeClaim,
  listInstantPrizeClaims,
  myInstantPrizes,
} from "~/server/instant-wins/instant-prize-claims.server";
import {
  instantWinsOfOrder,
  publicInstantWins,
  revealedInstantWinsText,
  setInstantWins,
} from "~/server/instant-wins/instant-wins.server";
import { walletBalance, walletLedgerOf } from "~/server/instant-wins/wallet.server";
import { useFileValue } from "../support/file-value";
import { CORRECT, sessionIdFromUrl, useCheckoutHarness } from "./checkout-harness";

const DEBIT = "4000 0566 5566 5556";
const CREDIT = "4242 4242 4242 4242";
const DAY = 86_400_000;

const WINS: InstantWin[] = [
  { ticketNumber: 2, kind: "site-credit", amountPence: 500, prize: "£5 site credit" },
  { ticketNumber: 3, kind: "cash", amountPence: 2500, prize: "£25 cash" },
  { ticketNumber: 40, kind: "physical", amountPence: 0, prize: "Leather headcollar" },
];

const h = useCheckoutHarness();
const staffId = useFileValue(async () => (await h().createBuyer()).id);

/**
 * A competition with these instant wins, taken live by the lifecycle pass as the job would, beside a plain live one
 * (so instant-win competitions stay no more than half of those live).
 */
async function liveWithInstantWins(wins: InstantWin[] = WINS) {
  await h().createCompetition({ status: "active" });
  const comp = await h().createCompetition({
    status: "scheduled",
    goLiveAt: new Date(Date.now() - 1000),
    endDate: new Date(Date.now() + 7 * DAY),
  });
  expect(await setInstantWins(h().services, staffId(), comp.id, wins)).toMatchObject({ ok: true });
  const report = await moveCompetitions(h().services);
  expect(report.wentLive).toContain(comp.id);
  return comp;
}

/** Each competition's next number: buyers here choose their numbers in turn (1, 2, 3 …), so who wins is known. */
const nextNumber = new Map<number, number>();
function inTurn(competitionId: number, quantity: number): number[] {
  const first = nextNumber.get(competitionId) ?? 1;
  nextNumber.set(competitionId, first + quantity);
  return Array.from({ length: quantity }, (_, i) => first + i);
}

async function buy(competitionId: number, quantity: number, card = DEBIT) {
  const buyer = await h().createBuyer();
  const numbers = inTurn(competitionId, quantity);
  const started = await h().checkout(buyer, [{ competitionId, quantity, skillAnswer: CORRECT, numbers }]);
  if (!started.ok) throw new Error(started.message);
  const paid = await h().pay(started.url, card);
  expect(paid.status).toBe(303);
  return { buyer, orderId: started.orderId, sessionId: sessionIdFromUrl(started.url) };
}

describe("staff set instant wins before go-live, and going live commits to them", () => {
  it("refuses a bad list with the problem named, and changes nothing", async () => {
    const comp = await h().createCompetition({ status: "draft", totalTickets: 50 });
    const bad = await setInstantWins(h().services, staffId(), comp.id, [
      { ticketNumber: 51, kind: "cash", amountPence: 100, prize: "£1" },
    ]);
    expect(bad).toEqual({
      ok: false,
      status: 400,
      message: "Ticket number 51 is outside 1 to 50.",
      problems: ["Ticket number 51 is outside 1 to 50."],
    });
    expect(await h().services.db.select().from(instantWins).where(eq(instantWins.competitionId, comp.id))).toEqual([]);
  });

  it("commits at go-live to the SHA-256 of the canonical list with a 32-byte salt, then locks the list", async () => {
    const comp = await liveWithInstantWins();
    const [row] = await h()
      .services.db.select()
      .from(instantWinCommitments)
      .where(eq(instantWinCommitments.competitionId, comp.id));
    expect(row?.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.canonical).toBe(canonicalInstantWins(comp.id, row?.salt as string, WINS));
    expect(row?.commitment).toBe(instantWinsCommitment(row?.canonical as string));
    expect(row?.revealedAt).toBeNull();

    const shown = await publicInstantWins(h().services.db, comp.id);
    expect(shown).toMatchObject({ commitment: row?.commitment, salt: null, list: null, won: [], stillToWin: 3 });

    const locked = await setInstantWins(h().services, staffId(), comp.id, []);
    expect(locked).toMatchObject({ ok: false, status: 409 });
    expect(await h().services.db.select().from(instantWins).where(eq(instantWins.competitionId, comp.id))).toHaveLength(
      3,
    );
    // A second pass commits nothing new.
    await moveCompetitions(h().services);
    const [again] = await h()
      .services.db.select({ commitment: instantWinCommitments.commitment })
      .from(instantWinCommitments)
      .where(eq(instantWinCommitments.competitionId, comp.id));
    expect(again?.commitment).toBe(row?.commitment);
  });

  it("will not publish one that would make instant-win competitions the majority of live ones", async () => {
    const live = await h()
      .services.db.select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(competitions)
      .where(sql`${competitions.status} in ('active', 'scheduled')`);
    // Even out the live ones so that one more instant-win competition tips the balance.
    const withWins = await h()
      .services.db.select({ n: sql<number>`count(distinct ${instantWins.competitionId})`.mapWith(Number) })
      .from(instantWins)
      .innerJoin(competitions, eq(competitions.id, instantWins.competitionId))
      .where(sql`${competitions.status} in ('active', 'scheduled')`);
    const plain = (live[0]?.n ?? 0) - (withWins[0]?.n ?? 0);
    for (let i = withWins[0]?.n ?? 0; i < plain; i++) {
      const extra = await h().createCompetition({ status: "draft", goLiveAt: new Date(Date.now() + DAY) });
      await setInstantWins(h().services, staffId(), extra.id, WINS.slice(0, 1));
      expect(await scheduleCompetition(h().services, staffId(), extra.id)).toMatchObject({ ok: true });
    }
    const comp = await h().createCompetition({ status: "draft", goLiveAt: new Date(Date.now() + DAY) });
    await setInstantWins(h().services, staffId(), comp.id, WINS.slice(0, 1));
    expect(await scheduleCompetition(h().services, staffId(), comp.id)).toEqual({
      ok: false,
      status: 409,
      message: INSTANT_WIN_MAJORITY_MESSAGE,
    });
    expect((await h().competition(comp.id)).status).toBe("draft");
    // A plain one first makes room for it.
    const plainOne = await h().createCompetition({ status: "draft", goLiveAt: new Date(Date.now() + DAY) });
    expect(await scheduleCompetition(h().services, staffId(), plainOne.id)).toMatchObject({ ok: true });
    expect(await scheduleCompetition(h().services, staffId(), comp.id)).toMatchObject({ ok: true });
  });
});

describe("a sold ticket with an instant-win number wins it", () => {
  it("credits site credit to the wallet, tells the buyer (result page, receipt) and shows Won", async () => {
    const comp = await liveWithInstantWins();
    const { buyer, orderId, sessionId } = await buy(comp.id, 3);
    expect((await h().order(orderId)).paymentStatus).toBe("paid");

    const won = await instantWinsOfOrder(h().services.db, orderId);
    expect(won.map((w) => [w.ticketNumber, w.kind])).toEqual([
      [2, "site-credit"],
      [3, "cash"],
    ]);
    expect(await walletBalance(h().services.db, buyer.id)).toBe(500);
    expect(await walletLedgerOf(h().services.db, buyer.id)).toMatchObject([
      { amountPence: 500, reason: "instant-win", ref: `instant-win:${won[0]?.id}` },
    ]);
    const [receipt] = await h().mailTo(buyer.email, "order-confirmation");
    expect(receipt?.text).toContain("You won 2 instant prizes!");
    expect(receipt?.text).toContain("Ticket 2: £5.00 site credit");
    expect(receipt?.text).toContain("Ticket 3: £25.00 cash");

    const result = await verifyPayment(h().services, { userId: buyer.id, sessionId, orderId });
    expect(result).toMatchObject({ ok: true, status: "paid" });

    const shown = await publicInstantWins(h().services.db, comp.id);
    expect(shown?.won.map((w) => [w.ticketNumber, w.winner])).toEqual([
      [2, "Winner"],
      [3, "Winner"],
    ]);
    expect(shown?.stillToWin).toBe(1);
  });

  it("wins each prize exactly once when the same payment is fulfilled many times at once", async () => {
    const comp = await liveWithInstantWins();
    const buyer = await h().createBuyer();
    const started = await h().checkout(buyer, [
      { competitionId: comp.id, quantity: 2, skillAnswer: CORRECT, numbers: inTurn(comp.id, 2) },
    ]);
    if (!started.ok) throw new Error(started.message);
    await h().payUnannounced(started.url, DEBIT);
    const session = await h().services.payments.retrieveSession(sessionIdFromUrl(started.url));
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => fulfilCheckoutSession(h().services, session)));
    expect(outcomes.filter((o) => o.kind === "fulfilled")).toHaveLength(1);
    const rows = await h()
      .services.db.select()
      .from(instantWins)
      .where(and(eq(instantWins.competitionId, comp.id), eq(instantWins.ticketNumber, 2)));
    expect(rows[0]?.wonByUserId).toBe(buyer.id);
    expect(await h().services.db.select().from(walletLedger).where(eq(walletLedger.userId, buyer.id))).toHaveLength(1);
    expect(await walletBalance(h().services.db, buyer.id)).toBe(500);
  });

  it("a number wins only for the order whose ticket has it, and once however often the sale is replayed", async () => {
    const comp = await liveWithInstantWins();
    // Ticket 1 is no instant win: its order wins nothing, and ticket 2's prize stays unwon.
    const first = await buy(comp.id, 1);
    const prize = () =>
      h()
        .services.db.select()
        .from(instantWins)
        .where(and(eq(instantWins.competitionId, comp.id), eq(instantWins.ticketNumber, 2)));
    expect((await prize())[0]?.wonByUserId).toBeNull();
    expect(await walletBalance(h().services.db, first.buyer.id)).toBe(0);
    // Ticket 2 wins for its own order; the provider's session replayed three times at once claims nothing more.
    const second = await buy(comp.id, 1);
    expect((await prize())[0]?.wonByUserId).toBe(second.buyer.id);
    const session = await h().services.payments.retrieveSession(second.sessionId);
    const replays = await Promise.all(Array.from({ length: 3 }, () => fulfilCheckoutSession(h().services, session)));
    expect(replays.filter((o) => o.kind === "fulfilled")).toHaveLength(0);
    expect(await walletBalance(h().services.db, second.buyer.id)).toBe(500);
    expect(await walletBalance(h().services.db, first.buyer.id)).toBe(0);
  });

  it("refuses a credit card for an instant-win competition before any money moves, and says why", async () => {
    const comp = await liveWithInstantWins();
    const { buyer, orderId, sessionId } = await buy(comp.id, 1, CREDIT);
    expect(await h().order(orderId)).toMatchObject({
      paymentStatus: "cancelled",
      failureReason: "credit_card_instant_win",
    });
    expect(await h().standinSession(sessionId)).toMatchObject({ paymentIntentStatus: "canceled", refundId: null });
    expect(await h().competition(comp.id)).toMatchObject({ ticketsSold: 0, ticketsReserved: 0 });
    const result = await verifyPayment(h().services, { userId: buyer.id, sessionId, orderId });
    expect(result).toMatchObject({ ok: true, status: "refused" });
    if (result.ok && result.status === "refused")
      expect(result.message).toContain("cannot be paid for with a credit card");
    const [told] = await h().mailTo(buyer.email, "payment-refused");
    expect(told?.text).toContain("Instant-win competitions cannot be paid for with a credit card");
  });
});

describe("the list and salt are published at the close and at cancellation", () => {
  it("at the close anyone can recompute the commitment from the revealed list", async () => {
    const comp = await liveWithInstantWins();
    const { orderId } = await buy(comp.id, 2);
    expect(await revealedInstantWinsText(h().services.db, comp.id)).toBeNull();
    await h()
      .services.db.update(competitions)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(competitions.id, comp.id));
    expect((await moveCompetitions(h().services)).closed).toContain(comp.id);
    const text = await revealedInstantWinsText(h().services.db, comp.id);
    const shown = await publicInstantWins(h().services.db, comp.id);
    expect(shown?.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(shown?.list).toHaveLength(3);
    const won = (await instantWinsOfOrder(h().services.db, orderId)).map(({ id: _, competitionId: __, ...w }) => w);
    expect(
      checkInstantWins(comp.id, { commitment: shown?.commitment as string, committedAt: "", url: "/x", won }, text),
    ).toMatchObject({ status: "pass" });
  });

  it("a cancellation reveals them too", async () => {
    const comp = await liveWithInstantWins();
    await cancelCompetition(h().services, staffId(), comp.id, "Venue flooded");
    expect(await revealedInstantWinsText(h().services.db, comp.id)).toMatch(/^paddock-instant-wins v1\n/);
  });
});

describe("the wallet ledger", () => {
  it("is append-only: a row cannot be changed or removed", async () => {
    const comp = await liveWithInstantWins();
    const { buyer } = await buy(comp.id, 2);
    await expect(
      h().services.db.update(walletLedger).set({ amountPence: 99_999 }).where(eq(walletLedger.userId, buyer.id)),
    ).rejects.toThrow();
    await expect(h().services.db.delete(walletLedger).where(eq(walletLedger.userId, buyer.id))).rejects.toThrow();
    expect(await walletBalance(h().services.db, buyer.id)).toBe(500);
  });
});

describe("cash and physical prizes go through the prize-claim flow", () => {
  const address = {
    intent: "claim-prize" as const,
    recipientName: "Harriet Vane",
    address: "1 Stable Yard\nLedbury",
    county: "Herefordshire",
    postcode: "HR8 1AA",
    phone: "07700 900123",
  };

  it("an instant cash prize's winner confirms their details; staff see it beside the main prizes", async () => {
    const comp = await liveWithInstantWins();
    const { buyer, orderId } = await buy(comp.id, 3);
    const cash = (await instantWinsOfOrder(h().services.db, orderId)).find((w) => w.kind === "cash");
    if (!cash) throw new Error("ticket 3 should have won the cash prize");
    expect(await myInstantPrizes(h().services, buyer.id)).toMatchObject([
      { instantWinId: cash.id, state: "awaiting_address", prizeTitle: "Instant win, ticket 3: £25.00 cash" },
    ]);
    const someoneElse = await h().createBuyer();
    expect(
      await confirmInstantPrizeClaim(h().services, someoneElse.id, {
        ...address,
        competitionId: comp.id,
        instantWinId: cash.id,
      }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      await confirmInstantPrizeClaim(h().services, buyer.id, {
        ...address,
        competitionId: comp.id,
        instantWinId: cash.id,
      }),
    ).toEqual({ ok: true });
    expect(await myInstantPrizes(h().services, buyer.id)).toMatchObject([
      { state: "confirmed", county: "Herefordshire" },
    ]);
    const staffView = await listInstantPrizeClaims(h().services);
    expect(staffView.find((c) => c.instantWinId === cash.id)).toMatchObject({
      state: "confirmed",
      winnerEmail: buyer.email,
    });
    expect(await h().mailTo(buyer.email, "prize-claim-confirmed")).toHaveLength(1);
  });

  it("a winner offered a cash alternative chooses it in the claim; without one there is no choice", async () => {
    const winner = await h().createBuyer();
    const drawn = { status: "completed" as const, winnerUserId: winner.id, drawnAt: new Date() };
    const withCash = await h().createCompetition({ ...drawn, cashAlternativePence: 150_000 });
    const without = await h().createCompetition(drawn);
    expect(
      await confirmClaimAddress(h().services, winner.id, { ...address, competitionId: withCash.id, choice: "cash" }),
    ).toEqual({ ok: true });
    expect(
      await confirmClaimAddress(h().services, winner.id, { ...address, competitionId: without.id, choice: "cash" }),
    ).toEqual({ ok: true });
    const claims = await h()
      .services.db.select({ competitionId: prizeClaims.competitionId, choice: prizeClaims.choice })
      .from(prizeClaims)
      .where(eq(prizeClaims.userId, winner.id));
    expect(claims).toEqual(
      expect.arrayContaining([
        { competitionId: withCash.id, choice: "cash" },
        { competitionId: without.id, choice: null },
      ]),
    );
    const [mail] = await h().mailTo(winner.email, "prize-claim-confirmed");
    expect(mail?.text).toContain("You chose the cash alternative");
  });
});
