import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DRAW_MESSAGES } from "~/content/draws";
import { auditLog, competitions, drawSkips, draws, emailOutbox, postalEntries } from "~/db/schema";
import { drawRuleFor, firstRoundFrom, roundAt, roundTime } from "~/domain/draw/chain";
import { skipReasonText } from "~/domain/draw/skip-reasons";
import { formatUkWeekdayDateTime } from "~/domain/london-format";
import { cancelCompetition } from "~/server/admin/cancel.server";
import { runLifecycleOnce } from "~/server/admin/lifecycle-job.server";
import { createCompetition, createPaidOrder, createVerifiedUser } from "~/server/demo/factories.server";
import { publishDueManifests, publishManifest } from "~/server/draws/manifest.server";
import { drawDueCompetitions, redrawToAlternate, selectWinner } from "~/server/draws/select.server";
import { createBeacon } from "~/server/platform/beacon.server";
import { publicOrigin } from "~/server/platform/public-origin.server";
import { roundDue, useDrawHarness } from "./beacon-harness";

// The draw use-cases' guards and audit rows, called directly (issue 15: the survivors of the mutation run).
const h = useDrawHarness();

/** A closed competition with three paid entries (one user each) and its manifest published. */
async function closedWithEntries() {
  const comp = await createCompetition(h.services.db, { endDate: new Date(Date.now() - 60_000), totalTickets: 10 });
  const users = await Promise.all([1, 2, 3].map(() => createVerifiedUser(h.services)));
  for (const [i, user] of users.entries()) {
    if (!user) throw new Error("user not created");
    await createPaidOrder(h.services.db, { userId: user.id, competition: comp, quantity: 1, firstTicket: i + 1 });
  }
  await runLifecycleOnce(h.services);
  return comp;
}

const atRound = async (id: number) => {
  const due = await roundDue(h.services, id);
  h.services.now = () => due;
};

async function state(id: number) {
  const [comp] = await h.services.db.select().from(competitions).where(eq(competitions.id, id));
  const drawRows = await h.services.db.select().from(draws).where(eq(draws.competitionId, id));
  const audit = await h.services.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, `competition:${id}`));
  return { comp, drawRows, audit: audit.map((a) => a.action) };
}

describe("selectWinner's guards", () => {
  it("refuses a competition that does not exist with 404", async () => {
    expect(await selectWinner(h.services, h.boss.id, 987_654_321)).toEqual({
      ok: false,
      status: 404,
      message: DRAW_MESSAGES.notFound,
      description: undefined,
    });
  });

  it("refuses a competition that has not closed with 409, publishing no manifest", async () => {
    const comp = await createCompetition(h.services.db, { endDate: new Date(Date.now() + 3_600_000) });
    const before = await state(comp.id);
    const out = await selectWinner(h.services, h.boss.id, comp.id);
    expect(out).toMatchObject({ ok: false, status: 409, message: DRAW_MESSAGES.notClosed });
    const after = await state(comp.id);
    expect(after.drawRows).toEqual([]);
    expect(after).toEqual(before);
  });

  it("refuses a draw on another beacon chain with 503, changing nothing", async () => {
    const comp = await closedWithEntries();
    await h.services.db
      .update(draws)
      .set({ chainHash: "0".repeat(64) })
      .where(eq(draws.competitionId, comp.id));
    await atRound(comp.id);
    const before = await state(comp.id);
    const out = await selectWinner(h.services, h.boss.id, comp.id);
    expect(out).toMatchObject({ ok: false, status: 503, message: DRAW_MESSAGES.failed });
    const after = await state(comp.id);
    expect(after).toEqual(before);
    expect(after.comp?.status).toBe("closed");
    expect(after.drawRows[0]?.drawnAt).toBeNull();
  });

  it("refuses a second draw with 409 and records one audit row with the draw's exact contents", async () => {
    const comp = await closedWithEntries();
    await atRound(comp.id);
    expect(await selectWinner(h.services, h.boss.id, comp.id)).toEqual({ ok: true, message: DRAW_MESSAGES.selected });
    const drawn = await state(comp.id);
    const again = await selectWinner(h.services, h.boss.id, comp.id);
    expect(again).toMatchObject({ ok: false, status: 409, message: DRAW_MESSAGES.alreadyDrawn });
    expect(await state(comp.id)).toEqual(drawn);
    const [draw] = drawn.drawRows;
    const rows = await h.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `competition:${comp.id}`));
    const selected = rows.filter((r) => r.action === "draw.winner_selected");
    expect(selected).toHaveLength(1);
    const sequence = [draw?.winnerPosition, ...(draw?.alternates ?? [])];
    expect(selected[0]).toMatchObject({
      actorUserId: h.boss.id,
      before: { status: "closed" },
      after: {
        status: "completed",
        winnerTicketNumber: drawn.comp?.winnerTicketNumber,
        winnerUserId: drawn.comp?.winnerUserId,
      },
      data: { round: draw?.round, randomness: draw?.beaconRandomness, sequence },
    });
    expect(drawn.comp?.winnerUserId).toEqual(expect.any(String));
  });
});

describe("selectWinner raced by a cancellation", () => {
  it("refuses with 409 when staff cancel the competition while the beacon is fetched, recording nothing", async () => {
    const comp = await closedWithEntries();
    await atRound(comp.id);
    const beacon = h.services.beacon;
    h.services.beacon = {
      chain: beacon.chain,
      baseUrl: beacon.baseUrl,
      async fetchRound(round) {
        expect((await cancelCompetition(h.services, h.boss.id, comp.id, "Venue flooded")).ok).toBe(true);
        return beacon.fetchRound(round);
      },
    };
    const out = await selectWinner(h.services, h.boss.id, comp.id);
    expect(out).toMatchObject({ ok: false, status: 409, message: DRAW_MESSAGES.notClosed });
    const after = await state(comp.id);
    expect(after.comp).toMatchObject({ status: "cancelling", winnerTicketNumber: null });
    expect(after.drawRows[0]?.drawnAt).toBeNull();
    expect(after.audit).not.toContain("draw.winner_selected");
  });
});

describe("the automatic draw", () => {
  it("waits for the two minutes after the round, and a draw failing its own verification records nothing", async () => {
    const comp = await closedWithEntries();
    const due = await roundDue(h.services, comp.id);
    h.services.now = () => new Date(due.getTime() + 30_000);
    const before = await state(comp.id);
    expect(await drawDueCompetitions(h.services)).not.toContain(comp.id);
    expect(await state(comp.id)).toEqual(before);
    await h.services.db
      .update(draws)
      .set({ manifestHash: "0".repeat(64) })
      .where(eq(draws.competitionId, comp.id));
    const tampered = await state(comp.id);
    const out = await selectWinner(h.services, h.boss.id, comp.id);
    expect(out).toMatchObject({ ok: false, status: 503, message: DRAW_MESSAGES.failed });
    expect(await state(comp.id)).toEqual(tampered);
  });

  it("leaves a competition closed when the beacon cannot be reached", async () => {
    const comp = await closedWithEntries();
    const due = await roundDue(h.services, comp.id);
    h.services.now = () => new Date(due.getTime() + 5 * 60_000);
    h.services.beacon = createBeacon({ chain: h.services.beacon.chain, baseUrl: "http://127.0.0.1:9/local-beacon" });
    const before = await state(comp.id);
    expect(await drawDueCompetitions(h.services)).not.toContain(comp.id);
    expect(await state(comp.id)).toEqual(before);
    expect(before.comp?.status).toBe("closed");
  });
});

describe("redrawToAlternate's guards and audit", () => {
  it("refuses a competition that does not exist with 404", async () => {
    const out = await redrawToAlternate(h.services, h.boss.id, 987_654_321, "unclaimed");
    expect(out).toMatchObject({ ok: false, status: 404, message: DRAW_MESSAGES.notFound });
  });

  it("refuses a closed competition not drawn yet with 409, changing nothing", async () => {
    const comp = await closedWithEntries();
    const before = await state(comp.id);
    const out = await redrawToAlternate(h.services, h.boss.id, comp.id, "unclaimed");
    expect(out).toMatchObject({ ok: false, status: 409, message: DRAW_MESSAGES.notDrawn });
    expect(await state(comp.id)).toEqual(before);
  });

  it("refuses a completed competition without a recorded draw with 409", async () => {
    const comp = await closedWithEntries();
    await h.services.db.update(competitions).set({ status: "completed" }).where(eq(competitions.id, comp.id));
    const out = await redrawToAlternate(h.services, h.boss.id, comp.id, "unclaimed");
    expect(out).toMatchObject({ ok: false, status: 409, message: DRAW_MESSAGES.notDrawn });
    const [draw] = (await state(comp.id)).drawRows;
    expect(
      await h.services.db
        .select()
        .from(drawSkips)
        .where(eq(drawSkips.drawId, draw?.id ?? 0)),
    ).toEqual([]);
  });

  it("records the redraw's exact audit rows, alternate by alternate", async () => {
    const CLAUSES = { unclaimed: null, ineligible: 7 } as const;
    const comp = await closedWithEntries();
    await atRound(comp.id);
    expect((await selectWinner(h.services, h.boss.id, comp.id)).ok).toBe(true);
    const [draw] = (await state(comp.id)).drawRows;
    const entries = draw?.drawnEntries ?? [];
    expect(await redrawToAlternate(h.services, h.boss.id, comp.id, "ineligible")).toEqual({
      ok: false,
      status: 409,
      message: DRAW_MESSAGES.clause,
    });
    for (const [index, reason] of (["unclaimed", "ineligible"] as const).entries()) {
      expect(await redrawToAlternate(h.services, h.boss.id, comp.id, reason, CLAUSES[reason])).toEqual({
        ok: true,
        message: DRAW_MESSAGES.redrawn,
      });
      const { comp: row } = await state(comp.id);
      expect(row?.winnerTicketNumber).toBe(entries[index + 1]?.ticketNumber);
    }
    const rows = await h.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `competition:${comp.id}`));
    const redrawn = rows.filter((r) => r.action === "draw.redrawn").sort((a, b) => a.id - b.id);
    expect(redrawn).toHaveLength(2);
    for (const [index, reason] of (["unclaimed", "ineligible"] as const).entries()) {
      const { comp: row } = await state(comp.id);
      expect(redrawn[index]).toMatchObject({
        actorUserId: h.boss.id,
        before: { winnerTicketNumber: entries[index]?.ticketNumber },
        after: { winnerTicketNumber: entries[index + 1]?.ticketNumber, alternate: index + 1 },
        data: { reason: skipReasonText(reason, CLAUSES[reason]), position: entries[index]?.position },
      });
      expect(redrawn[index]?.after).toMatchObject({ winnerUserId: expect.any(String) });
      if (index === 1) expect(redrawn[index]?.after).toMatchObject({ winnerUserId: row?.winnerUserId });
    }
  });
});

describe("publishManifest", () => {
  it("publishes nothing for a competition that is not closed, or does not exist", async () => {
    const comp = await createCompetition(h.services.db, { endDate: new Date(Date.now() + 3_600_000) });
    const site = { chain: h.services.beacon.chain, baseUrl: "http://127.0.0.1" };
    for (const id of [comp.id, 987_654_321]) {
      const out = await h.services.db.transaction((tx) => publishManifest(tx, site, id, h.services.now()));
      expect(out).toBeNull();
      expect(await h.services.db.select().from(draws).where(eq(draws.competitionId, id))).toEqual([]);
    }
  });
});

// The survivors of the second mutation run (issue 26): the steps the lifecycle pass usually does first, the rule a
// competition keeps, the postal counts, the links in the e-mails, and errors that are not the beacon's.
describe("selectWinner before the closing pass, and its e-mails", () => {
  it("publishes the manifest itself for a competition closed without the pass, then waits for the round", async () => {
    const comp = await createCompetition(h.services.db, { endDate: new Date(Date.now() - 60_000), totalTickets: 10 });
    const user = await createVerifiedUser(h.services);
    await createPaidOrder(h.services.db, { userId: user.id, competition: comp, quantity: 1, firstTicket: 1 });
    await h.services.db.update(competitions).set({ status: "closed" }).where(eq(competitions.id, comp.id));
    const out = await selectWinner(h.services, h.boss.id, comp.id);
    const [draw] = (await state(comp.id)).drawRows;
    if (!draw) throw new Error("selectWinner published no manifest");
    const due = roundTime(h.services.beacon.chain, draw.round);
    expect(out).toEqual({
      ok: false,
      status: 409,
      message: DRAW_MESSAGES.tooEarly(draw.round, formatUkWeekdayDateTime(due)),
      description: undefined,
    });
    // A moment before the round it still waits; at the round it draws.
    h.services.now = () => new Date(due.getTime() - 1);
    expect(await selectWinner(h.services, h.boss.id, comp.id)).toMatchObject({ ok: false, status: 409 });
    h.services.now = () => due;
    expect(await selectWinner(h.services, h.boss.id, comp.id)).toEqual({ ok: true, message: DRAW_MESSAGES.selected });
  });

  it("links the winner's e-mail to the site's own address, first draw and redraw", async () => {
    const comp = await closedWithEntries();
    await atRound(comp.id);
    expect((await selectWinner(h.services, h.boss.id, comp.id)).ok).toBe(true);
    expect((await redrawToAlternate(h.services, h.boss.id, comp.id, "unclaimed")).ok).toBe(true);
    const origin = await publicOrigin(h.services);
    const mail = await h.services.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%${comp.title}%`));
    const winners = mail.filter((m) => m.kind === "draw-winner");
    expect(winners).toHaveLength(2);
    for (const m of winners) {
      expect(m.text).toContain(`${origin}/account`);
      expect(m.text).toContain(`${origin}/draws/${comp.id}`);
    }
  });

  it("passes on an error that is not the beacon's, recording nothing", async () => {
    const comp = await closedWithEntries();
    await atRound(comp.id);
    const before = await state(comp.id);
    h.services.beacon = {
      ...h.services.beacon,
      fetchRound: async () => {
        throw new TypeError("a programming error");
      },
    };
    await expect(selectWinner(h.services, h.boss.id, comp.id)).rejects.toThrow("a programming error");
    expect(await state(comp.id)).toEqual(before);
  });
});

describe("redrawToAlternate with nothing to pass on", () => {
  it("refuses a completed competition that has no manifest at all with 409", async () => {
    const comp = await createCompetition(h.services.db, { status: "completed" });
    const out = await redrawToAlternate(h.services, h.boss.id, comp.id, "unclaimed");
    expect(out).toMatchObject({ ok: false, status: 409, message: DRAW_MESSAGES.notDrawn });
  });

  it("refuses when the sequence has no alternate left, changing nothing", async () => {
    const comp = await createCompetition(h.services.db, { endDate: new Date(Date.now() - 60_000), totalTickets: 10 });
    const user = await createVerifiedUser(h.services);
    await createPaidOrder(h.services.db, { userId: user.id, competition: comp, quantity: 1, firstTicket: 1 });
    await runLifecycleOnce(h.services);
    await atRound(comp.id);
    expect((await selectWinner(h.services, h.boss.id, comp.id)).ok).toBe(true);
    const before = await state(comp.id);
    const out = await redrawToAlternate(h.services, h.boss.id, comp.id, "unclaimed");
    expect(out).toMatchObject({ ok: false, status: 409, message: DRAW_MESSAGES.noAlternates });
    expect(await state(comp.id)).toEqual(before);
  });
});

describe("publishManifest's rule, round and counts", () => {
  const site = () => ({ chain: h.services.beacon.chain, baseUrl: "http://127.0.0.1" });
  const publish = (id: number, at: Date) => h.services.db.transaction((tx) => publishManifest(tx, site(), id, at));

  it("keeps a competition's stored draw rule, and fixes one by the closing time when it has none", async () => {
    const chain = h.services.beacon.chain;
    const now = new Date();
    const drawAt = new Date(now.getTime() + 2 * 3_600_000);
    const kept = await createCompetition(h.services.db, {
      endDate: new Date(now.getTime() - 60_000),
      status: "closed",
      drawAt,
      drawRound: roundAt(chain, drawAt),
    });
    expect(await publish(kept.id, now)).toMatchObject({ round: roundAt(chain, drawAt), moved: false });
    const [keptRow] = await h.services.db.select().from(competitions).where(eq(competitions.id, kept.id));
    expect(keptRow).toMatchObject({ drawAt, drawRound: roundAt(chain, drawAt), drawChainHash: chain.hash });

    const endDate = new Date(now.getTime() - 60_000);
    const fixed = await createCompetition(h.services.db, { endDate, status: "closed" });
    const rule = drawRuleFor(chain, endDate);
    // Published 59 minutes before the rule's draw time: not late, so the rule's round decides.
    expect(await publish(fixed.id, now)).toEqual({
      manifestHash: expect.any(String),
      entries: 0,
      round: rule.round,
      moved: false,
    });
    const [fixedRow] = await h.services.db.select().from(competitions).where(eq(competitions.id, fixed.id));
    expect(fixedRow).toMatchObject({ drawAt: rule.drawAt, drawRound: rule.round, drawChainHash: chain.hash });
    expect(await publish(fixed.id, now)).toBeNull();
  });

  it("moves the round of a late manifest and says so in the draw row and the audit", async () => {
    const chain = h.services.beacon.chain;
    const now = new Date();
    const comp = await createCompetition(h.services.db, { endDate: new Date(now.getTime() - 45 * 60_000) });
    await h.services.db.update(competitions).set({ status: "closed" }).where(eq(competitions.id, comp.id));
    const round = firstRoundFrom(chain, new Date(now.getTime() + 60 * 60_000));
    expect(await publish(comp.id, now)).toMatchObject({ round, moved: true });
    const [draw] = (await state(comp.id)).drawRows;
    expect(draw).toMatchObject({ round, roundMoved: true, publishedAt: now, chainHash: chain.hash, entries: 0 });
    const [audit] = await h.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, `competition:${comp.id}`), eq(auditLog.action, "draw.manifest_published")));
    expect(audit).toMatchObject({
      actorUserId: null,
      after: { manifestHash: draw?.manifestHash, entries: 0, round, roundMoved: true },
      data: draw?.counts,
    });
  });

  it("tells entrants the closing time recorded at the close, or the publishing time when none was", async () => {
    const now = new Date();
    const closedAt = new Date(now.getTime() - 3 * 3_600_000);
    const mailOf = async (title: string) =>
      (
        await h.services.db
          .select()
          .from(emailOutbox)
          .where(like(emailOutbox.subject, `%${title}%`))
      ).map((m) => m.text);
    for (const [recorded, told] of [
      [closedAt, closedAt],
      [null, now],
    ] as const) {
      const comp = await createCompetition(h.services.db, { endDate: closedAt, totalTickets: 10 });
      const user = await createVerifiedUser(h.services);
      await createPaidOrder(h.services.db, { userId: user.id, competition: comp, quantity: 1, firstTicket: 1 });
      await h.services.db
        .update(competitions)
        .set({ status: "closed", closedAt: recorded })
        .where(eq(competitions.id, comp.id));
      await publish(comp.id, now);
      const [text] = await mailOf(comp.title);
      expect(text).toContain(`closed on ${formatUkWeekdayDateTime(told)}`);
    }
  });

  it("publishDueManifests returns each competition it published, and nothing once none is due", async () => {
    const comp = await createCompetition(h.services.db, { endDate: new Date(Date.now() - 60_000) });
    await h.services.db.update(competitions).set({ status: "closed" }).where(eq(competitions.id, comp.id));
    const due = () => h.services.db.transaction((tx) => publishDueManifests(tx, site(), new Date()));
    expect(await due()).toContain(comp.id);
    expect((await state(comp.id)).drawRows).toHaveLength(1);
    expect(await due()).toEqual([]);
  });

  it("counts the rejected postal entries by reason in the manifest's counts", async () => {
    const comp = await createCompetition(h.services.db, { endDate: new Date(Date.now() - 60_000) });
    const card = (reason: "late" | "incomplete", n: number) => ({
      competitionId: comp.id,
      fullName: `Card ${n}`,
      address: "1 Mill Lane",
      contactNumber: "01531 000000",
      email: `card-${n}@example.test`,
      termsAccepted: true,
      skillAnswer: "Dressage",
      isCorrectAnswer: true,
      receivedAt: new Date(),
      envelopeRef: `E${n}`,
      outcome: "rejected" as const,
      reason,
    });
    await h.services.db.insert(postalEntries).values([card("late", 1), card("late", 2), card("incomplete", 3)]);
    await h.services.db.update(competitions).set({ status: "closed" }).where(eq(competitions.id, comp.id));
    await publish(comp.id, new Date());
    const [draw] = (await state(comp.id)).drawRows;
    expect(draw?.counts).toEqual({
      eligible: { paid: 0, postal: 0 },
      excluded: { wrongAnswer: 0, refunded: 0, postalRejected: { late: 2, incomplete: 1 } },
    });
  });
});
