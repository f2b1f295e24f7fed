import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  competitions,
  instantWinCommitments,
  instantWins,
  notifications,
  profiles,
  user,
  walletLedger,
} from "~/db/schema";
import { INSTANT_WIN_MAJORITY_MESSAGE, type InstantWin } from "~/domain/draw/instant-wins";
import { moveCompetitions } from "~/server/admin/lifecycle-job.server";
import { fulfilCheckoutSession } from "~/server/checkout/fulfilment.server";
import {
  commitInstantWins,
  competitionPrizeExtras,
  getInstantWinsForStaff,
  INSTANT_WIN_MESSAGES,
  instantWinCompetitions,
  instantWinsOfOrder,
  publicInstantWins,
  publishedInstantWins,
  revealInstantWins,
  setInstantWins,
} from "~/server/instant-wins/instant-wins.server";
import { creditWallet, walletBalance, walletLedgerOf } from "~/server/instant-wins/wallet.server";
import { CORRECT, sessionIdFromUrl, useCheckoutHarness } from "./checkout-harness";

// Instant wins from staff's list to the winner's wallet, notification and receipt, and what the public pages show
// (issue 26: the journeys the mutation run of instant-wins.server.ts and wallet.server.ts found unchecked).

const DEBIT = "4000 0566 5566 5556";
const DAY = 86_400_000;
const harness = useCheckoutHarness();

// Listed out of number order on purpose: every list the site shows is in number order.
const WINS: InstantWin[] = [
  {
    ticketNumber: 40,
    kind: "physical",
    amountPence: 0,
    prize: "Leather headcollar",
  },
  { ticketNumber: 3, kind: "cash", amountPence: 2500, prize: "£25 cash" },
  {
    ticketNumber: 2,
    kind: "site-credit",
    amountPence: 500,
    prize: "£5 site credit",
  },
];

/** The list as every page shows it: in number order. */
const SORTED = [...WINS].sort((a, b) => a.ticketNumber - b.ticketNumber);

/** The live and scheduled competitions, and how many of them have instant wins (the majority rule's figures). */
async function liveBalance(except: number) {
  const h = harness();
  const live = and(inArray(competitions.status, ["active", "scheduled"]), ne(competitions.id, except));
  const [all] = await h.services.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(competitions)
    .where(live);
  const [withWins] = await h.services.db
    .select({ n: sql<number>`count(distinct ${instantWins.competitionId})`.mapWith(Number) })
    .from(instantWins)
    .innerJoin(competitions, eq(competitions.id, instantWins.competitionId))
    .where(live);
  return { total: all?.n ?? 0, instant: withWins?.n ?? 0 };
}

/** Adds live competitions until one more instant-win competition would (`"instant"`) or would not break the rule. */
async function tip(towards: "instant" | "plain", except = 0) {
  const h = harness();
  for (;;) {
    const { total, instant } = await liveBalance(except);
    const plain = total - instant;
    if (towards === "instant" ? instant >= plain : plain > instant) return;
    const comp = await h.createCompetition({ status: "active" });
    // Live already, so staff could not list them now: written directly, as if listed before go-live.
    if (towards === "instant")
      await h.services.db.insert(instantWins).values({
        competitionId: comp.id,
        ticketNumber: 1,
        prizeKind: "cash",
        amountPence: 100,
        prize: "£1",
      });
  }
}

/** A competition with WINS, taken live by the lifecycle pass (with room made for it under the majority rule). */
async function liveWithInstantWins(overrides: { cashAlternativePence?: number } = {}) {
  const h = harness();
  await tip("plain");
  const comp = await h.createCompetition({
    status: "scheduled",
    goLiveAt: new Date(Date.now() - 1000),
    endDate: new Date(Date.now() + 7 * DAY),
    totalTickets: 100,
    ...overrides,
  });
  expect(await setInstantWins(h.services, staffId, comp.id, WINS)).toMatchObject({ ok: true });
  expect((await moveCompetitions(h.services)).wentLive).toContain(comp.id);
  return comp;
}

/** A new buyer chooses these numbers and pays; the webhook fulfils the order. */
async function buy(competitionId: number, numbers: number[]) {
  const h = harness();
  const buyer = await h.createBuyer();
  const started = await h.checkout(buyer, [{ competitionId, quantity: numbers.length, skillAnswer: CORRECT, numbers }]);
  if (!started.ok) throw new Error(started.message);
  expect((await h.pay(started.url, DEBIT)).status).toBe(303);
  expect((await h.order(started.orderId)).paymentStatus).toBe("paid");
  return { buyer, orderId: started.orderId };
}

async function instantWinNotifications(userId: string) {
  return harness()
    .services.db.select({
      kind: notifications.kind,
      eventKey: notifications.eventKey,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, "instant-win")))
    .orderBy(asc(notifications.eventKey));
}

let staffId: string;
beforeAll(async () => {
  staffId = (await harness().createBuyer()).id;
});

describe("staff prepare a competition's instant wins", () => {
  it("see the list in number order, editable until go-live, each change audited, then its commitment", async () => {
    const h = harness();
    expect(await getInstantWinsForStaff(h.services, 987_654_321)).toBeNull();
    expect(await setInstantWins(h.services, staffId, 987_654_321, WINS)).toEqual({
      ok: false,
      status: 404,
      message: INSTANT_WIN_MESSAGES.notFound,
    });

    const comp = await h.createCompetition({
      status: "draft",
      totalTickets: 100,
    });
    expect(await setInstantWins(h.services, staffId, comp.id, WINS)).toEqual({
      ok: true,
      message: INSTANT_WIN_MESSAGES.saved,
    });
    const draft = await getInstantWinsForStaff(h.services, comp.id);
    expect(draft?.competition).toMatchObject({
      id: comp.id,
      status: "draft",
      commitment: null,
      committedAt: null,
    });
    expect(draft?.editable).toBe(true);
    expect(draft?.wins).toEqual(SORTED.map((win) => ({ ...win, wonAt: null })));

    expect(await setInstantWins(h.services, staffId, comp.id, [])).toEqual({
      ok: true,
      message: INSTANT_WIN_MESSAGES.cleared,
    });
    expect((await getInstantWinsForStaff(h.services, comp.id))?.wins).toEqual([]);
    const audit = await h.services.db
      .select({
        actor: auditLog.actorUserId,
        action: auditLog.action,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .where(eq(auditLog.subject, `competition:${comp.id}`))
      .orderBy(asc(auditLog.id));
    expect(audit).toEqual([
      {
        actor: staffId,
        action: "competition.instant_wins",
        before: { count: 0 },
        after: { count: 3 },
      },
      {
        actor: staffId,
        action: "competition.instant_wins",
        before: { count: 3 },
        after: { count: 0 },
      },
    ]);

    const live = await liveWithInstantWins();
    const [committed] = await h.services.db
      .select()
      .from(instantWinCommitments)
      .where(eq(instantWinCommitments.competitionId, live.id));
    const shown = await getInstantWinsForStaff(h.services, live.id);
    expect(shown?.editable).toBe(false);
    expect(shown?.competition).toMatchObject({
      status: "active",
      commitment: committed?.commitment,
    });
    expect(shown?.wins.map((w) => w.ticketNumber)).toEqual([2, 3, 40]);
    // The go-live audit row publishes the same commitment.
    const [wentLive] = await h.services.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.subject, `competition:${live.id}`), eq(auditLog.action, "competition.went_live")));
    expect(wentLive?.after).toMatchObject({ instantWinsCommitment: committed?.commitment });
    // Committing again (a second go-live pass) keeps the first commitment and salt, and says it committed nothing.
    expect(await h.services.db.transaction((tx) => commitInstantWins(tx, live.id, new Date()))).toBeNull();
    const [kept] = await h.services.db
      .select()
      .from(instantWinCommitments)
      .where(eq(instantWinCommitments.competitionId, live.id));
    expect(kept).toEqual(committed);
  });

  it("a scheduled competition gets instant wins only within the majority rule, and may always drop them", async () => {
    const h = harness();
    // Live instant-win competitions at least as many as plain ones: one more would be the majority.
    await tip("instant");
    const scheduled = await h.createCompetition({
      status: "scheduled",
      goLiveAt: new Date(Date.now() + DAY),
    });
    expect(await setInstantWins(h.services, staffId, scheduled.id, WINS)).toEqual({
      ok: false,
      status: 409,
      message: INSTANT_WIN_MAJORITY_MESSAGE,
    });
    expect((await getInstantWinsForStaff(h.services, scheduled.id))?.wins).toEqual([]);
    // A draft is not live: it may be given instant wins whatever the balance.
    const draft = await h.createCompetition({
      status: "draft",
      totalTickets: 100,
    });
    expect(await setInstantWins(h.services, staffId, draft.id, WINS)).toMatchObject({ ok: true });

    await tip("plain", scheduled.id);
    expect(await setInstantWins(h.services, staffId, scheduled.id, WINS)).toMatchObject({ ok: true });
    // Instant-win competitions become the majority another way (written directly): dropping the list is still allowed.
    await tip("instant", scheduled.id);
    expect(await setInstantWins(h.services, staffId, scheduled.id, [])).toEqual({
      ok: true,
      message: INSTANT_WIN_MESSAGES.cleared,
    });
    await tip("plain");
  });

  it("a competition without instant wins goes live committed to nothing, and has no instant wins to show", async () => {
    const h = harness();
    const plain = await h.createCompetition({
      status: "scheduled",
      goLiveAt: new Date(Date.now() - 1000),
      cashAlternativePence: 150_000,
    });
    expect((await moveCompetitions(h.services)).wentLive).toContain(plain.id);
    expect(
      await h.services.db.select().from(instantWinCommitments).where(eq(instantWinCommitments.competitionId, plain.id)),
    ).toEqual([]);
    const [wentLive] = await h.services.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.subject, `competition:${plain.id}`), eq(auditLog.action, "competition.went_live")));
    expect(wentLive?.after).not.toHaveProperty("instantWinsCommitment");
    expect(await publicInstantWins(h.services.db, plain.id)).toBeNull();
    expect(await publishedInstantWins(h.services.db, plain.id)).toBeNull();
    expect(await competitionPrizeExtras(h.services.db, plain.id)).toEqual({
      cashAlternativePence: 150_000,
      instantWins: null,
    });
    expect(await competitionPrizeExtras(h.services.db, 987_654_321)).toEqual({
      cashAlternativePence: null,
      instantWins: null,
    });

    const withWins = await liveWithInstantWins();
    expect(await instantWinCompetitions(h.services.db, [])).toEqual([]);
    expect(await instantWinCompetitions(h.services.db, [plain.id, withWins.id])).toEqual([withWins.id]);
  });
});

describe("a buyer whose ticket has an instant-win number", () => {
  it("is told of each prize in number order: credit in the wallet, cash and prizes to claim", async () => {
    const h = harness();
    const comp = await liveWithInstantWins();
    const { buyer, orderId } = await buy(comp.id, [40, 3, 2]);
    expect(await walletBalance(h.services.db, buyer.id)).toBe(500);

    const won = await h.services.db
      .select()
      .from(instantWins)
      .where(eq(instantWins.competitionId, comp.id))
      .orderBy(asc(instantWins.ticketNumber));
    expect(won.map((w) => w.wonByUserId)).toEqual([buyer.id, buyer.id, buyer.id]);
    const idOf = (n: number) => won.find((w) => w.ticketNumber === n)?.id;
    const told = await instantWinNotifications(buyer.id);
    expect(told).toHaveLength(3);
    expect(told).toEqual(
      expect.arrayContaining([
        {
          kind: "instant-win",
          eventKey: `instant-win:${idOf(2)}`,
          title: "You won an instant prize!",
          body: "Ticket 2 won £5.00 site credit. It is in your wallet.",
          link: "/account",
        },
        {
          kind: "instant-win",
          eventKey: `instant-win:${idOf(3)}`,
          title: "You won an instant prize!",
          body: "Ticket 3 won £25.00 cash. Claim it from your account.",
          link: "/account",
        },
        {
          kind: "instant-win",
          eventKey: `instant-win:${idOf(40)}`,
          title: "You won an instant prize!",
          body: "Ticket 40 won Leather headcollar. Claim it from your account.",
          link: "/account",
        },
      ]),
    );

    const [receipt] = await h.mailTo(buyer.email, "order-confirmation");
    const text = receipt?.text ?? "";
    expect(text).toContain("You won 3 instant prizes!");
    const lines = ["Ticket 2: £5.00 site credit", "Ticket 3: £25.00 cash", "Ticket 40: Leather headcollar"];
    const at = lines.map((line) => text.indexOf(line));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(text).toContain("Site credit is already in your wallet (see your account).");
    expect(text).toContain("Claim cash and prizes from your account.");
    // The payment result page lists them in number order too.
    expect((await instantWinsOfOrder(h.services.db, orderId)).map((w) => w.ticketNumber)).toEqual([2, 3, 40]);
  });

  it("winning one prize is told in the singular, with only what applies to it", async () => {
    const h = harness();
    const comp = await liveWithInstantWins();
    const credit = await buy(comp.id, [2]);
    const [creditMail] = await h.mailTo(credit.buyer.email, "order-confirmation");
    expect(creditMail?.text).toContain("You won an instant prize!");
    expect(creditMail?.text).toContain("Site credit is already in your wallet (see your account).");
    expect(creditMail?.text).not.toContain("Claim cash and prizes from your account.");

    const prize = await buy(comp.id, [40]);
    const [prizeMail] = await h.mailTo(prize.buyer.email, "order-confirmation");
    expect(prizeMail?.text).toContain("You won an instant prize!");
    expect(prizeMail?.text).toContain("Claim cash and prizes from your account.");
    expect(prizeMail?.text).not.toContain("Site credit is already in your wallet");
    expect(await walletBalance(h.services.db, prize.buyer.id)).toBe(0);

    const none = await buy(comp.id, [5]);
    const [noneMail] = await h.mailTo(none.buyer.email, "order-confirmation");
    expect(noneMail?.text).not.toContain("instant prize");
    expect(await instantWinNotifications(none.buyer.id)).toEqual([]);
  });

  it("whose account is deleted before the payment is fulfilled wins the prize, credited to no one", async () => {
    const h = harness();
    const comp = await liveWithInstantWins();
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [
      {
        competitionId: comp.id,
        quantity: 1,
        skillAnswer: CORRECT,
        numbers: [2],
      },
    ]);
    if (!started.ok) throw new Error(started.message);
    await h.payUnannounced(started.url, DEBIT);
    await h.services.db.delete(profiles).where(eq(profiles.userId, buyer.id));
    await h.services.db.delete(user).where(eq(user.id, buyer.id));
    const session = await h.services.payments.retrieveSession(sessionIdFromUrl(started.url));
    expect((await fulfilCheckoutSession(h.services, session)).kind).toBe("fulfilled");
    const [row] = await h.services.db
      .select()
      .from(instantWins)
      .where(and(eq(instantWins.competitionId, comp.id), eq(instantWins.ticketNumber, 2)));
    expect(row?.wonTicketId).not.toBeNull();
    expect(row?.wonByUserId).toBeNull();
    expect(
      await h.services.db
        .select()
        .from(walletLedger)
        .where(eq(walletLedger.ref, `instant-win:${row?.id}`)),
    ).toEqual([]);
    expect(
      await h.services.db
        .select()
        .from(notifications)
        .where(eq(notifications.eventKey, `instant-win:${row?.id}`)),
    ).toEqual([]);
  });
});

describe("the public page and the draw record", () => {
  it("show each prize won with its winner as published, what is left, and the list and salt revealed", async () => {
    const h = harness();
    const comp = await liveWithInstantWins({ cashAlternativePence: 90_000 });
    const named = await buy(comp.id, [2]);
    await h.services.db
      .update(profiles)
      .set({ firstName: "harriet", lastName: "Vane", county: "Herefordshire" })
      .where(eq(profiles.userId, named.buyer.id));
    const private_ = await buy(comp.id, [3]);
    await h.services.db
      .update(profiles)
      .set({
        firstName: "Peter",
        lastName: "Wimsey",
        county: "Norfolk",
        winnerNameWithheld: true,
      })
      .where(eq(profiles.userId, private_.buyer.id));

    const [commitment] = await h.services.db
      .select()
      .from(instantWinCommitments)
      .where(eq(instantWinCommitments.competitionId, comp.id));
    const shown = await publicInstantWins(h.services.db, comp.id);
    expect(shown).toMatchObject({
      commitment: commitment?.commitment,
      committedAt: commitment?.committedAt,
      revealedAt: null,
      salt: null,
      list: null,
      stillToWin: 1,
    });
    expect(shown?.won).toMatchObject([
      {
        ticketNumber: 2,
        kind: "site-credit",
        label: "Site credit",
        winner: "H. Vane, Herefordshire",
      },
      {
        ticketNumber: 3,
        kind: "cash",
        label: "Cash",
        winner: "Winner, Norfolk",
      },
    ]);
    expect(shown?.won.every((w) => w.wonAt instanceof Date)).toBe(true);
    expect(shown?.won[0]).not.toHaveProperty("firstName");
    expect((await competitionPrizeExtras(h.services.db, comp.id)).cashAlternativePence).toBe(90_000);
    expect((await competitionPrizeExtras(h.services.db, comp.id)).instantWins?.commitment).toBe(commitment?.commitment);

    const record = await publishedInstantWins(h.services.db, comp.id);
    expect(record).toEqual({
      commitment: commitment?.commitment,
      committedAt: commitment?.committedAt.toISOString(),
      url: null,
      won: SORTED.slice(0, 2),
    });

    await h.services.db
      .update(competitions)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(competitions.id, comp.id));
    expect((await moveCompetitions(h.services)).closed).toContain(comp.id);
    const revealed = await publicInstantWins(h.services.db, comp.id);
    expect(revealed?.salt).toBe(commitment?.salt);
    expect(revealed?.revealedAt).toBeInstanceOf(Date);
    expect(revealed?.list).toEqual(SORTED);
    expect((await publishedInstantWins(h.services.db, comp.id))?.url).toBe(`/draws/${comp.id}/instant-wins.txt`);

    // Revealing again (a second pass, a cancellation after the close) keeps the first time.
    await revealInstantWins(h.services.db, [comp.id], new Date(Date.now() + DAY));
    expect((await publicInstantWins(h.services.db, comp.id))?.revealedAt).toEqual(revealed?.revealedAt);
  });
});

describe("the wallet", () => {
  it("is empty for a new account, credits each event once, and lists newest first up to the limit", async () => {
    const h = harness();
    const player = await h.createBuyer();
    expect(await walletBalance(h.services.db, player.id)).toBe(0);
    expect(await walletLedgerOf(h.services.db, player.id)).toEqual([]);
    const t0 = Date.now() - 3 * DAY;
    const credit = (ref: string, amountPence: number, day: number) =>
      creditWallet(h.services.db, {
        userId: player.id,
        amountPence,
        reason: "instant-win",
        ref,
        at: new Date(t0 + day * DAY),
      });
    await credit(`test:${player.id}:a`, 100, 0);
    await credit(`test:${player.id}:b`, 250, 2);
    await credit(`test:${player.id}:c`, 700, 1);
    await credit(`test:${player.id}:a`, 100, 0); // the same event again
    expect(await walletBalance(h.services.db, player.id)).toBe(1050);
    const ledger = await walletLedgerOf(h.services.db, player.id);
    expect(ledger.map((row) => [row.amountPence, row.ref, row.reason])).toEqual([
      [250, `test:${player.id}:b`, "instant-win"],
      [700, `test:${player.id}:c`, "instant-win"],
      [100, `test:${player.id}:a`, "instant-win"],
    ]);
    expect(ledger[0]?.createdAt).toEqual(new Date(t0 + 2 * DAY));
    expect((await walletLedgerOf(h.services.db, player.id, 2)).map((row) => row.amountPence)).toEqual([250, 700]);
    // Two movements at the same moment: the later one first.
    await credit(`test:${player.id}:d`, 5, 3);
    await credit(`test:${player.id}:e`, 6, 3);
    expect((await walletLedgerOf(h.services.db, player.id, 2)).map((row) => row.amountPence)).toEqual([6, 5]);
    // Another account's credit is not this one's.
    const other = await h.createBuyer();
    expect(await walletBalance(h.services.db, other.id)).toBe(0);
  });
});
