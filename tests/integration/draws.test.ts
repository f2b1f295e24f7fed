import { readFileSync } from "node:fs";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DRAW_MESSAGES } from "~/content/draws";
import { auditLog, competitions, drawSkips, draws, emailOutbox, manifestLog, tickets } from "~/db/schema";
import { AUTOMATIC_DRAW_DELAY_MS } from "~/domain/draw/automatic";
import { sha256Hex, utf8 } from "~/domain/draw/bytes";
import { roundAt, roundTime, servedChainKey } from "~/domain/draw/chain";
import { parseManifest } from "~/domain/draw/manifest";
import { parseLogKey, parseManifestLog } from "~/domain/draw/manifest-log";
import { logSignatureFault } from "~/domain/draw/manifest-log-signature";
import { drawMatches, type PublishedDraw, verifyDraw } from "~/domain/draw/verify";
import * as drawAdmin from "~/routes/admin/competition-draw";
import * as logRoute from "~/routes/draws/manifest-log";
import * as logKeyRoute from "~/routes/draws/manifest-log-key";
import { scheduleCompetition } from "~/server/admin/competitions.server";
import { runLifecycleOnce } from "~/server/admin/lifecycle-job.server";
import { createCompetition, createPaidOrder, createVerifiedUser } from "~/server/demo/factories.server";
import { manifestLogSigner, manifestLogText } from "~/server/draws/manifest-log.server";
import { drawSummary, getManifestText, getPublicDraw } from "~/server/draws/public.server";
import { drawDueCompetitions } from "~/server/draws/select.server";
import { createBeacon, localBeaconKeys } from "~/server/platform/beacon.server";
import { readToast } from "~/server/platform/toast.server";
import { createLocalBeacon } from "../../server/local-beacon";
import { type Outcome, signedInAs } from "./auth-helpers";
import { roundDue, useDrawHarness } from "./beacon-harness";

// A beacon with the right chain but another key: what a forged or misconfigured beacon would serve.
const h = useDrawHarness((app, services) => {
  const forged = localBeaconKeys("another-secret-another-secret-another-secret");
  app.use("/forged", createLocalBeacon({ ...forged, chain: services.beacon.chain, now: () => services.now() }));
});
const HOUR = 3_600_000;

const clockAt = (at: Date) => {
  h.services.now = () => at;
};

/** A live competition past its closing time, with entries: correct and wrong answers, and a refunded one. */
async function closedCompetition() {
  const comp = await createCompetition(h.services.db, { endDate: new Date(Date.now() - 60_000), totalTickets: 20 });
  const [ann, bob, cat] = await Promise.all([1, 2, 3].map(() => createVerifiedUser(h.services)));
  if (!ann || !bob || !cat) throw new Error("users not created");
  await createPaidOrder(h.services.db, { userId: ann.id, competition: comp, quantity: 3, firstTicket: 1 });
  await createPaidOrder(h.services.db, { userId: bob.id, competition: comp, quantity: 2, firstTicket: 4 });
  await createPaidOrder(h.services.db, {
    userId: cat.id,
    competition: comp,
    quantity: 2,
    firstTicket: 6,
    skillAnswer: "Polo",
  });
  await createPaidOrder(h.services.db, { userId: cat.id, competition: comp, quantity: 1, firstTicket: 8 });
  await h.services.db
    .update(tickets)
    .set({ withdrawnAt: new Date() })
    .where(and(eq(tickets.competitionId, comp.id), eq(tickets.ticketNumber, 8)));
  await runLifecycleOnce(h.services);
  return { comp, ann, bob, cat };
}

const selectWinner = (id: number) =>
  h.boss.v.post(drawAdmin, `/admin/competitions/${id}/draw`, { intent: "select" }, { id: String(id) });

async function publicRecord(id: number): Promise<{ record: PublishedDraw; manifest: string }> {
  const draw = await getPublicDraw(h.services, id);
  const manifest = await getManifestText(h.services.db, id);
  if (!draw || manifest === null) throw new Error("no public draw");
  return { record: JSON.parse(JSON.stringify(draw.record)), manifest };
}

const siteLog = () => manifestLogText(h.services.db, manifestLogSigner(h.services.env));

/** Every check a visitor's Verify runs: the site's own beacon key and its manifest log, signed with the site's key. */
const publicChecks = async (record: PublishedDraw, manifest: string) =>
  verifyDraw(record, manifest, {
    localBeacon: h.services.beacon.chain,
    logText: await siteLog(),
    logKey: manifestLogSigner(h.services.env).publicKey,
  });

const roundDueOf = (id: number) => roundDue(h.services, id);

/**
 * A competition closed two days ago with three correct entries, its manifest published then: its round comes long
 * before those of the file's other closed competitions, so with the clock there the automatic draw has it alone to do.
 */
async function closedBeforeTheRest() {
  const endDate = new Date(Date.now() - 2 * 24 * HOUR);
  const comp = await createCompetition(h.services.db, { endDate, totalTickets: 10 });
  const buyer = await createVerifiedUser(h.services);
  await createPaidOrder(h.services.db, { userId: buyer.id, competition: comp, quantity: 3, firstTicket: 1 });
  clockAt(new Date(endDate.getTime() + 60_000));
  await runLifecycleOnce(h.services);
  return { comp, buyer };
}

/**
 * Holds the beacon so that two draws of one competition are both past their checks (both found it closed and
 * undrawn) before either records: the first to fetch waits for the second to arrive, and the second fetches only once
 * the first has finished (`firstIs`), so it is the one that loses the race.
 */
function holdTheBeacon() {
  const beacon = h.services.beacon;
  const signal = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };
  const firstArrived = signal();
  const secondArrived = signal();
  let firstDone: Promise<unknown> = Promise.resolve();
  let fetches = 0;
  h.services.beacon = {
    ...beacon,
    fetchRound: async (round) => {
      fetches += 1;
      if (fetches === 1) {
        firstArrived.resolve();
        await secondArrived.promise;
      } else {
        secondArrived.resolve();
        await firstDone.catch(() => {});
      }
      return beacon.fetchRound(round);
    },
  };
  return {
    firstArrived: firstArrived.promise,
    firstIs(run: Promise<unknown>) {
      firstDone = run;
    },
  };
}

describe("the draw rule", () => {
  it("is fixed when staff schedule a competition and again as it goes live, from its closing time", async () => {
    const goLiveAt = new Date(Date.now() + 10 * 60_000);
    const endDate = new Date(Date.now() + 2 * 24 * HOUR);
    const comp = await createCompetition(h.services.db, { status: "draft", goLiveAt, endDate });
    expect((await scheduleCompetition(h.services, h.boss.id, comp.id)).ok).toBe(true);
    const rule = async () =>
      (await h.services.db.select().from(competitions).where(eq(competitions.id, comp.id)))[0] ?? null;
    const scheduled = await rule();
    expect(scheduled?.drawAt?.getTime()).toBe(endDate.getTime() + HOUR);
    expect(scheduled?.drawRound).toBe(roundAt(h.services.beacon.chain, new Date(endDate.getTime() + HOUR)));
    expect(scheduled?.drawChainHash).toBe(h.services.beacon.chain.hash);
    await h.services.db.update(competitions).set({ drawAt: null, drawRound: null }).where(eq(competitions.id, comp.id));
    clockAt(new Date(goLiveAt.getTime() + 1000));
    await runLifecycleOnce(h.services);
    expect(await rule()).toMatchObject({ status: "active", drawRound: scheduled?.drawRound });
  });
});

describe("closing a competition", () => {
  it("freezes the manifest of correct, unrefunded entries and publishes its hash and counts at once", async () => {
    const { comp } = await closedCompetition();
    const [row] = await h.services.db.select().from(draws).where(eq(draws.competitionId, comp.id));
    expect(row).toBeDefined();
    if (!row) return;
    const manifest = parseManifest(row.manifest);
    expect(manifest.entries.map((e) => e.ticketNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(manifest.competitionId).toBe(comp.id);
    expect(row.manifestHash).toBe(sha256Hex(utf8(row.manifest)));
    expect(row.counts).toEqual({
      eligible: { paid: 5, postal: 0 },
      excluded: { wrongAnswer: 2, refunded: 1, postalRejected: {} },
    });
    const [closed] = await h.services.db.select().from(competitions).where(eq(competitions.id, comp.id));
    // The rule: an hour after the close, at the round current then; the manifest is out well before, so it stands.
    expect(closed?.drawAt?.getTime()).toBe(comp.endDate.getTime() + HOUR);
    expect(row.round).toBe(closed?.drawRound);
    expect(row.roundMoved).toBe(false);
    expect(await drawSummary(h.services.db, comp.id)).toMatchObject({ status: "published", winnerTicketNumber: null });
  });

  it("publishes once, however many passes run", async () => {
    const { comp } = await closedCompetition();
    await Promise.all([runLifecycleOnce(h.services), runLifecycleOnce(h.services)]);
    const rows = await h.services.db.select({ n: count() }).from(draws).where(eq(draws.competitionId, comp.id));
    expect(rows[0]?.n).toBe(1);
  });

  it("moves the round when the manifest comes out less than 30 minutes before the draw time", async () => {
    const endDate = new Date(Date.now() - 45 * 60_000);
    const comp = await createCompetition(h.services.db, { endDate });
    await runLifecycleOnce(h.services);
    const [row] = await h.services.db.select().from(draws).where(eq(draws.competitionId, comp.id));
    expect(row?.roundMoved).toBe(true);
    expect(roundTime(h.services.beacon.chain, row?.round ?? 0).getTime()).toBeGreaterThanOrEqual(
      Date.now() + HOUR - 5000,
    );
    const { record, manifest } = await publicRecord(comp.id);
    expect((await publicChecks(record, manifest)).find((c) => c.name === "round")?.status).toBe("pass");
  });
});

describe("Select winner", () => {
  it("is refused before the round is out, and changes nothing", async () => {
    const { comp } = await closedCompetition();
    const out = await selectWinner(comp.id);
    expect(out.status).toBe(409);
    expect(out.data.notice.title).toMatch(/beacon round \d+ comes out at/);
    const [row] = await h.services.db.select().from(competitions).where(eq(competitions.id, comp.id));
    expect(row).toMatchObject({ status: "closed", winnerTicketNumber: null });
  });

  it("at the round: fetches and verifies the beacon, records it, completes the competition, e-mails", async () => {
    const { comp, ann, bob, cat } = await closedCompetition();
    clockAt(new Date((await roundDueOf(comp.id)).getTime() + 1000));
    const out = await selectWinner(comp.id);
    expect(out.status).toBe(302);
    const [row] = await h.services.db.select().from(competitions).where(eq(competitions.id, comp.id));
    const [draw] = await h.services.db.select().from(draws).where(eq(draws.competitionId, comp.id));
    expect(row?.status).toBe("completed");
    expect(draw?.drawnBy).toBe(h.boss.id);
    const winner = draw?.drawnEntries?.[0];
    expect(row?.winnerTicketNumber).toBe(winner?.ticketNumber);
    expect(row?.winnerUserId).toBe((winner?.ticketNumber ?? 0) <= 3 ? ann.id : bob.id);
    expect(draw?.drawnEntries).toHaveLength(5);

    // Anyone can recompute it from what is published.
    const { record, manifest } = await publicRecord(comp.id);
    expect(drawMatches(await publicChecks(record, manifest))).toBe(true);

    const mail = await h.services.db.select().from(emailOutbox);
    const to = (email: string) => mail.filter((m) => m.to === email).map((m) => m.kind);
    const winnerEmail = row?.winnerUserId === ann.id ? ann.email : bob.email;
    const loserEmail = row?.winnerUserId === ann.id ? bob.email : ann.email;
    expect(to(winnerEmail)).toContain("draw-winner");
    expect(to(loserEmail)).toContain("draw-result");
    // Cat's only ticket in the draw was refunded; the wrong answers were never in it.
    expect(to(cat.email).filter((kind) => kind.startsWith("draw"))).toEqual([]);
    const result = mail.find((m) => m.to === loserEmail && m.kind === "draw-result");
    expect(result?.text).toContain(`/draws/${comp.id}`);
    const audit = await h.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `competition:${comp.id}`));
    expect(audit.map((a) => a.action)).toContain("draw.winner_selected");

    // Pressed again (from a page loaded before the draw): no second draw, and back to the result.
    const again = await selectWinner(comp.id);
    expect(again).toMatchObject({ status: 302, location: `/admin/competitions/${comp.id}/draw` });
    expect(await h.services.db.select().from(draws).where(eq(draws.competitionId, comp.id))).toEqual([draw]);
  });

  it("with no correct entries says so in the spec's words", async () => {
    const comp = await createCompetition(h.services.db, { endDate: new Date(Date.now() - 60_000) });
    const buyer = await createVerifiedUser(h.services);
    await createPaidOrder(h.services.db, {
      userId: buyer.id,
      competition: comp,
      quantity: 1,
      firstTicket: 1,
      skillAnswer: "Polo",
    });
    await runLifecycleOnce(h.services);
    clockAt(new Date((await roundDueOf(comp.id)).getTime() + 1000));
    const out = await selectWinner(comp.id);
    expect(out.status).toBe(409);
    expect(out.data.notice).toMatchObject({
      title: "No valid entries",
      description: "No tickets with correct answers found for this competition",
    });
  });

  it("when the beacon cannot be reached, or its round does not verify, fails and records nothing", async () => {
    const { comp } = await closedCompetition();
    clockAt(new Date((await roundDueOf(comp.id)).getTime() + 1000));
    h.services.beacon = createBeacon({ chain: h.services.beacon.chain, baseUrl: "http://127.0.0.1:9/local-beacon" });
    const down = await selectWinner(comp.id);
    expect(down.status).toBe(503);
    expect(down.data.notice.title).toBe("Failed to select winner. Please try again.");
    h.services.beacon = createBeacon({ chain: h.services.beacon.chain, baseUrl: `${h.origin}/forged` });
    const forged = await selectWinner(comp.id);
    expect(forged.status).toBe(503);
    expect(forged.data.notice.title).toBe(DRAW_MESSAGES.failed);
    const [row] = await h.services.db.select().from(competitions).where(eq(competitions.id, comp.id));
    expect(row?.status).toBe("closed");
  });

  it("raced by the automatic draw, draws once and shows the loser the draw that was made", async () => {
    for (const first of ["job", "operator"] as const) {
      const { comp, buyer } = await closedBeforeTheRest();
      clockAt(new Date((await roundDueOf(comp.id)).getTime() + AUTOMATIC_DRAW_DELAY_MS + 1000));
      const gate = holdTheBeacon();
      const job = () => drawDueCompetitions(h.services);
      const operator = () => selectWinner(comp.id);
      let jobRun: Promise<number[]>;
      let operatorRun: Promise<Outcome>;
      if (first === "job") {
        jobRun = job();
        gate.firstIs(jobRun);
        await gate.firstArrived;
        operatorRun = operator();
      } else {
        operatorRun = operator();
        gate.firstIs(operatorRun);
        await gate.firstArrived;
        jobRun = job();
      }
      const [drawnByJob, pressed] = await Promise.all([jobRun, operatorRun]);

      // One draw, by whichever recorded first; the other changed nothing.
      const [draw] = await h.services.db.select().from(draws).where(eq(draws.competitionId, comp.id));
      expect(draw?.drawnBy, first).toBe(first === "job" ? null : h.boss.id);
      expect(drawnByJob, first).toEqual(first === "job" ? [comp.id] : []);
      const audit = await h.services.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subject, `competition:${comp.id}`), eq(auditLog.action, "draw.winner_selected")));
      expect(audit, first).toHaveLength(1);
      // The only buyer holds every ticket: told once that they won.
      const mail = await h.services.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email));
      expect(
        mail.filter((m) => m.kind === "draw-winner"),
        first,
      ).toHaveLength(1);

      // The operator, first or not, is taken to the draw page, which leads with the result.
      expect(pressed.status, first).toBe(302);
      expect(pressed.location, first).toBe(`/admin/competitions/${comp.id}/draw`);
      const cookie = h.boss.v.jar.header();
      const { toast } = await readToast(h.services, new Request("http://x/", { headers: { cookie } }));
      expect(toast, first).toEqual(
        first === "job"
          ? { type: "info", title: DRAW_MESSAGES.alreadyDrawn, description: DRAW_MESSAGES.alreadyDrawnShown }
          : { type: "success", title: DRAW_MESSAGES.selected },
      );
      const page = await h.boss.v.get(drawAdmin, pressed.location ?? "", { id: String(comp.id) });
      expect(page.data.competition).toMatchObject({
        status: "completed",
        winnerTicketNumber: draw?.drawnEntries?.[0]?.ticketNumber,
      });
      expect(page.data.draw.record.round).toBe(draw?.round);
    }
  });

  it("is not open to a moderator", async () => {
    const { comp } = await closedCompetition();
    const moderator = await signedInAs(h.services, "moderator");
    const out = await moderator.v.post(drawAdmin, "/x", { intent: "select" }, { id: String(comp.id) });
    expect(out.status).toBe(403);
  });
});

describe("a redraw", () => {
  it("passes the prize to the next alternate with its published reason, never new randomness", async () => {
    const { comp } = await closedCompetition();
    clockAt(new Date((await roundDueOf(comp.id)).getTime() + 1000));
    await selectWinner(comp.id);
    const [before] = await h.services.db.select().from(draws).where(eq(draws.competitionId, comp.id));
    const bad = await h.boss.v.post(drawAdmin, "/x", { intent: "redraw", reason: "bored" }, { id: String(comp.id) });
    expect(bad.status).toBe(400);
    expect(bad.data.notice).toEqual({
      type: "error",
      title: "Not changed",
      description: "Choose why the prize passes to the next alternate.",
    });
    expect(bad.data.result.initialValue).toEqual({ intent: "redraw", reason: "bored" });
    const out = await h.boss.v.post(
      drawAdmin,
      "/x",
      { intent: "redraw", reason: "unclaimed" },
      { id: String(comp.id) },
    );
    expect(out.status).toBe(302);
    const [row] = await h.services.db.select().from(competitions).where(eq(competitions.id, comp.id));
    const [after] = await h.services.db.select().from(draws).where(eq(draws.competitionId, comp.id));
    expect(row?.winnerTicketNumber).toBe(before?.drawnEntries?.[1]?.ticketNumber);
    expect(after?.beaconSignature).toBe(before?.beaconSignature);
    expect(after?.drawnEntries).toEqual(before?.drawnEntries);
    const skips = await h.services.db
      .select()
      .from(drawSkips)
      .where(eq(drawSkips.drawId, after?.id ?? 0));
    expect(skips).toMatchObject([{ sequenceIndex: 0, reason: "unclaimed", actorUserId: h.boss.id }]);
    const noClause = { intent: "redraw", reason: "ineligible" };
    const missing = await h.boss.v.post(drawAdmin, "/x", noClause, { id: String(comp.id) });
    expect(missing.status).toBe(400);
    const ineligible = { intent: "redraw", reason: "ineligible", clause: "7" };
    expect((await h.boss.v.post(drawAdmin, "/x", ineligible, { id: String(comp.id) })).status).toBe(302);
    const { record, manifest } = await publicRecord(comp.id);
    const drawn = after?.drawnEntries ?? [];
    expect(record.skips).toMatchObject([
      {
        index: 0,
        reason: "unclaimed",
        clause: null,
        ticketNumber: drawn[0]?.ticketNumber,
        entryRef: drawn[0]?.entryRef,
      },
      { index: 1, reason: "ineligible", clause: 7, ticketNumber: drawn[1]?.ticketNumber, entryRef: drawn[1]?.entryRef },
    ]);
    expect(drawMatches(await publicChecks(record, manifest))).toBe(true);
    expect(await drawSummary(h.services.db, comp.id)).toMatchObject({
      status: "drawn",
      winnerTicketNumber: before?.drawnEntries?.[2]?.ticketNumber,
    });
  });

  it("runs out when every drawn entry has been passed over", async () => {
    const { comp } = await closedCompetition();
    clockAt(new Date((await roundDueOf(comp.id)).getTime() + 1000));
    await selectWinner(comp.id);
    for (let i = 0; i < 4; i++)
      await h.boss.v.post(drawAdmin, "/x", { intent: "redraw", reason: "unclaimed" }, { id: String(comp.id) });
    const out = await h.boss.v.post(
      drawAdmin,
      "/x",
      { intent: "redraw", reason: "ineligible", clause: "3" },
      { id: String(comp.id) },
    );
    expect(out.status).toBe(409);
    expect(out.data.notice.title).toBe(DRAW_MESSAGES.noAlternates);
  });
});

describe("the manifest log", () => {
  it("gets each manifest's hash and round as it is frozen, chained by hash, at /draws/log.txt", async () => {
    const { comp: first } = await closedCompetition();
    const { comp: second } = await closedCompetition();
    const served = await h.boss.v.get(logRoute, "/draws/log.txt");
    expect(served.status).toBe(200);
    const log = parseManifestLog(String(served.data));
    const { entries } = log;
    // Signed with the key the site publishes at its stable address.
    const key = await h.boss.v.get(logKeyRoute, "/draws/log-key.txt");
    expect(key.status).toBe(200);
    const publicKey = parseLogKey(String(key.data));
    expect(publicKey).toBe(log.publicKey);
    expect(logSignatureFault(log, publicKey ?? "")).toBeNull();
    const rows = await h.services.db.select().from(draws);
    for (const comp of [first, second]) {
      const row = rows.find((r) => r.competitionId === comp.id);
      expect(entries.filter((e) => e.competitionId === comp.id)).toEqual([
        expect.objectContaining({
          manifestHash: row?.manifestHash,
          round: row?.round,
          closesAt: comp.endDate.toISOString(),
        }),
      ]);
    }
    const at = (id: number) => entries.findIndex((e) => e.competitionId === id);
    expect(at(second.id)).toBeGreaterThan(at(first.id));
  });

  it("the migration gives manifests frozen before the log the same entries, in draw id order", async () => {
    await closedCompetition();
    const before = await siteLog();
    const backfill = readFileSync("drizzle/0017_manifest_log.sql", "utf8").split("--> statement-breakpoint").at(-1);
    await h.services.db.delete(manifestLog);
    await h.services.db.execute(sql.raw(backfill ?? ""));
    expect(await siteLog()).toBe(before);
    expect(parseManifestLog(before).entries.length).toBeGreaterThan(0);
  });

  it("the local test beacon serves its key at /local-beacon/info, for verifiers to check draws with", async () => {
    const info = await (await fetch(`${h.origin}/local-beacon/info`)).json();
    expect(servedChainKey(info)).toEqual({
      hash: h.services.beacon.chain.hash,
      publicKey: h.services.beacon.chain.publicKey,
    });
  });
});
