import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COMPETITION_MESSAGES } from "~/content/admin-competitions";
import { auditLog, competitions, orders } from "~/db/schema";
import { LOCKED_MESSAGE, SCHEDULE_MESSAGES } from "~/domain/competition-lifecycle";
import { toLondonWallTime } from "~/domain/london-time";
import * as audit from "~/routes/admin/audit";
import * as edit from "~/routes/admin/competition-edit";
import * as list from "~/routes/admin/competitions";
import * as create from "~/routes/admin/create-competition";
import { type CompetitionFormInput, competitionFormDefaults } from "~/schemas/admin-competition";
import { recordAudit } from "~/server/admin/audit.server";
import { getAdminCompetition } from "~/server/admin/competitions.server";
import { runLifecycleOnce } from "~/server/admin/lifecycle-job.server";
import { getPublicCompetition } from "~/server/catalogue/competitions.server";
import { fulfilCheckoutSession } from "~/server/checkout/fulfilment.server";
import { createPaidOrder } from "~/server/demo/factories.server";
import { signedInAs } from "./auth-helpers";
import { CORRECT, createCheckoutHarness, type Harness, sessionIdFromUrl } from "./checkout-harness";

let h: Harness;
let boss: Awaited<ReturnType<typeof signedInAs>>;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

beforeAll(async () => {
  // Two-factor for admins is tested in auth-two-factor.test.ts; here only the role decides.
  h = await createCheckoutHarness({ ADMIN_REQUIRE_2FA: "false" });
  boss = await signedInAs(h.services, "admin");
});
afterAll(async () => {
  await h?.close();
});
/** Each test starts on the real clock; some move it. */
beforeEach(() => {
  h.services.now = () => new Date();
});
const moveClock = (ms: number) => {
  const at = new Date(Date.now() + ms);
  h.services.now = () => at;
  return at;
};

const wall = (msFromNow: number) => toLondonWallTime(new Date(Date.now() + msFromNow));

function newCompetition(overrides: Partial<CompetitionFormInput> = {}): CompetitionFormInput {
  return {
    ...competitionFormDefaults(),
    title: "Win a hay net and a haylage bale",
    description: "A small-hole hay net and a bale of haylage.",
    prizeTitle: "Hay net and haylage",
    prizeDescription: "A small-hole hay net and one 20 kg bale of haylage.",
    prizeValue: "£45",
    entryPrice: "1.50",
    totalTickets: "500",
    goLiveAt: wall(10 * MINUTE),
    endDate: wall(7 * DAY),
    skillQuestion: "What is a horse's height measured in?",
    skillOptions: ["Hands", "Feet", "Spans", "Cubits"],
    correctAnswer: "Hands",
    ...overrides,
  };
}

/** The form as a browser posts it: options as skillOptions[i], ticked boxes as "on", unticked ones absent. */
function posted(input: CompetitionFormInput, extra: Record<string, string> = {}): Record<string, string> {
  const { skillOptions, featured, closesAtSellOut, multiBuyTiers, ...rest } = input;
  return {
    ...rest,
    ...Object.fromEntries(skillOptions.map((option, i) => [`skillOptions[${i}]`, option])),
    ...Object.fromEntries(
      multiBuyTiers.flatMap((tier, i) => [
        [`multiBuyTiers[${i}].minQuantity`, tier.minQuantity],
        [`multiBuyTiers[${i}].percent`, tier.percent],
      ]),
    ),
    ...(featured ? { featured: "on" } : {}),
    ...(closesAtSellOut ? { closesAtSellOut: "on" } : {}),
    ...extra,
  };
}

async function createDraft(overrides: Partial<CompetitionFormInput> = {}) {
  const out = await boss.v.post(create, "/admin/create-competition", posted(newCompetition(overrides)));
  expect(out.status).toBe(302);
  return Number(out.location?.split("/").pop());
}

const editPath = (id: number) => `/admin/competitions/${id}`;
const save = (id: number, input: CompetitionFormInput) =>
  boss.v.post(edit, editPath(id), posted(input, { intent: "save" }), { id: String(id) });
// Scheduling asks first; the confirmation step's button sends confirm=yes (other intents ignore it).
const intent = (id: number, name: string, confirm = "yes") =>
  boss.v.post(edit, editPath(id), { intent: name, confirm }, { id: String(id) });

async function row(id: number) {
  const [found] = await h.services.db.select().from(competitions).where(eq(competitions.id, id));
  return found;
}
async function auditFor(id: number) {
  return h.services.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, `competition:${id}`))
    .orderBy(auditLog.id);
}

describe("creating a competition", () => {
  it("saves a draft nobody else sees, in pence and UK time, and logs who made it", async () => {
    const goLive = wall(2 * DAY);
    const id = await createDraft({ goLiveAt: goLive, entryPrice: "2.99", maxTicketsPerUser: "25" });
    const saved = await row(id);
    expect(saved).toMatchObject({
      status: "draft",
      entryPricePence: 299,
      maxTicketsPerUser: 25,
      ticketsSold: 0,
      title: "Win a hay net and a haylage bale",
      additionalImages: [],
    });
    // No picture address is typed: it shows the built-in placeholder until pictures are uploaded in the editor.
    expect(saved!.imageUrl).toMatch(/placeholder.*\.svg$/);
    expect(toLondonWallTime(saved!.goLiveAt!)).toBe(goLive);
    expect(await getPublicCompetition(h.services.db, id)).toBeNull();
    const [created] = await auditFor(id);
    expect(created).toMatchObject({ action: "competition.created", actorUserId: boss.id, before: null });
    expect(created?.after).toMatchObject({ entryPricePence: 299, correctAnswer: "Hands" });
  });

  it("refuses an invalid form with a message per field, and creates nothing", async () => {
    const [before] = await h.services.db.select({ n: count() }).from(competitions);
    const out = await boss.v.post(
      create,
      "/admin/create-competition",
      posted(newCompetition({ title: "", entryPrice: "free", correctAnswer: "Metres", endDate: "" })),
    );
    expect(out.status).toBe(400);
    expect(out.data.result.error).toMatchObject({
      title: ["Enter the competition's title"],
      entryPrice: ["Enter a price in pounds and pence, for example 2.50."],
      endDate: ["Enter the closing date and time"],
    });
    // What was typed comes back to refill the form.
    expect(out.data.result.initialValue).toMatchObject({ entryPrice: "free", correctAnswer: "Metres" });
    const [after] = await h.services.db.select({ n: count() }).from(competitions);
    expect(after?.n).toBe(before?.n);
  });

  it("reads empty optional fields and unticked boxes as the browser sends them", async () => {
    const id = await createDraft({ goLiveAt: "", maxTicketsPerUser: "", closesAtSellOut: true });
    expect(await row(id)).toMatchObject({
      goLiveAt: null,
      maxTicketsPerUser: null,
      featured: false,
      closesAtSellOut: true,
    });
  });

  it("says the correct answer must be one of the options", async () => {
    const out = await boss.v.post(
      create,
      "/admin/create-competition",
      posted(newCompetition({ correctAnswer: "Metres" })),
    );
    expect(out.status).toBe(400);
    expect(out.data.result.error.correctAnswer).toEqual([
      "The correct answer must be exactly one of the four options.",
    ]);
  });
});

describe("from draft to live to closed", () => {
  it("schedules only future dates, goes live by itself (once, however many processes race) and closes", async () => {
    const id = await createDraft({ goLiveAt: wall(-5 * MINUTE) });
    const refused = await intent(id, "schedule");
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ intent: "schedule", notice: { type: "error", title: "Not changed" } });
    expect(refused.data.notice.description).toContain(SCHEDULE_MESSAGES.goLivePast);
    expect((await row(id))?.status).toBe("draft");

    const fixed = newCompetition({ goLiveAt: wall(10 * MINUTE), endDate: wall(DAY) });
    expect((await save(id, fixed)).status).toBe(302);
    // Without the confirmation step's field, scheduling only asks: nothing is published.
    const asked = await intent(id, "schedule", "");
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({ intent: "schedule", confirm: true });
    expect((await row(id))?.status).toBe("draft");
    const scheduled = await intent(id, "schedule");
    expect(scheduled.status).toBe(302);
    expect((await row(id))?.status).toBe("scheduled");
    expect(await getPublicCompetition(h.services.db, id)).toBeNull();

    expect((await runLifecycleOnce(h.services)).wentLive).not.toContain(id);
    moveClock(11 * MINUTE);
    const reports = await Promise.all([runLifecycleOnce(h.services), runLifecycleOnce(h.services)]);
    expect(reports.flatMap((r) => r.wentLive).filter((x) => x === id)).toEqual([id]);
    expect((await row(id))?.status).toBe("active");
    expect(await getPublicCompetition(h.services.db, id)).toMatchObject({ id, status: "active" });

    const closingAt = (await row(id))!.endDate;
    moveClock(DAY + MINUTE);
    await Promise.all([runLifecycleOnce(h.services), runLifecycleOnce(h.services)]);
    expect(await row(id)).toMatchObject({ status: "closed", closedAt: closingAt });

    const log = await auditFor(id);
    expect(log.map((l) => [l.action, l.actorUserId])).toEqual([
      ["competition.created", boss.id],
      ["competition.updated", boss.id],
      ["competition.scheduled", boss.id],
      ["competition.went_live", null],
      ["competition.closed", null],
      ["draw.manifest_published", null],
    ]);
  });

  it("closes early at sell-out only when the terms say so", async () => {
    const early = await h.createCompetition({ totalTickets: 10, ticketsSold: 10, closesAtSellOut: true });
    const late = await h.createCompetition({ totalTickets: 10, ticketsSold: 10, closesAtSellOut: false });
    const report = await runLifecycleOnce(h.services);
    expect(report.closed).toContain(early.id);
    expect(report.closed).not.toContain(late.id);
    expect((await row(late.id))?.status).toBe("active");
  });

  it("goes back to draft before go-live, not after", async () => {
    const id = await createDraft({ goLiveAt: wall(10 * MINUTE) });
    await intent(id, "schedule");
    expect((await intent(id, "unschedule")).status).toBe(302);
    expect((await row(id))?.status).toBe("draft");
    await intent(id, "schedule");
    moveClock(11 * MINUTE);
    const late = await intent(id, "unschedule");
    expect(late.status).toBe(409);
    expect(late.data.notice.description).toBe(COMPETITION_MESSAGES.unscheduleTooLate);
    expect((await row(id))?.status).toBe("scheduled");
  });

  it("keeps a scheduled competition's dates schedulable", async () => {
    const id = await createDraft();
    await intent(id, "schedule");
    const out = await save(id, newCompetition({ goLiveAt: wall(-MINUTE) }));
    expect(out.status).toBe(409);
    expect(out.data.result.error.goLiveAt).toEqual([SCHEDULE_MESSAGES.goLivePast]);
  });

  it("refuses an edit its form's schema refuses, with the form's messages, and saves nothing", async () => {
    const id = await createDraft();
    const before = await row(id);
    const out = await save(id, newCompetition({ totalTickets: "ten", maxTicketsPerUser: "2.5" }));
    expect(out.status).toBe(400);
    expect(out.data.intent).toBe("save");
    expect(out.data.result.error).toMatchObject({
      totalTickets: ["Enter a whole number."],
      maxTicketsPerUser: ["Enter a whole number."],
    });
    expect(await row(id)).toEqual(before);
  });
});

describe("a closed competition takes no more entries", () => {
  it("checkout refuses it, even with its closing time still ahead (closed at sell-out)", async () => {
    const comp = await h.createCompetition({ totalTickets: 10, ticketsSold: 10, closesAtSellOut: true });
    await runLifecycleOnce(h.services);
    // Tickets to spare again, so the only reason left to refuse is the status.
    await h.services.db.update(competitions).set({ totalTickets: 20 }).where(eq(competitions.id, comp.id));
    const buyer = await h.createBuyer();
    expect(await h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }])).toMatchObject({
      ok: false,
      status: 409,
      message: `${comp.title}: This competition is not open for entries.`,
    });
  });

  it("fulfilment refunds a payment that lands after the competition closed", async () => {
    const comp = await h.createCompetition({ ticketsSold: 3 });
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 2, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    await h.payUnannounced(started.url);
    await h.services.db.update(competitions).set({ status: "closed" }).where(eq(competitions.id, comp.id));
    const session = await h.services.payments.retrieveSession(sessionIdFromUrl(started.url));
    expect(await fulfilCheckoutSession(h.services, session)).toMatchObject({
      kind: "refund",
      reason: "competition_closed",
    });
    expect((await h.order(started.orderId)).paymentStatus).toBe("refunded");
    expect((await row(comp.id))?.ticketsSold).toBe(3);
  });
});

/** Each locked field, changed by a forged post the page would not offer. */
const FORGED: [string, (f: CompetitionFormInput) => Partial<CompetitionFormInput>][] = [
  ["title", () => ({ title: "Win a cheaper prize" })],
  ["endDate", () => ({ endDate: wall(30 * DAY) })],
  ["goLiveAt", () => ({ goLiveAt: wall(-2 * MINUTE) })],
  ["prizeTitle", () => ({ prizeTitle: "Hay net" })],
  ["prizeDescription", () => ({ prizeDescription: "Just a hay net." })],
  ["prizeValue", () => ({ prizeValue: "£5" })],
  ["entryPrice", () => ({ entryPrice: "0.99" })],
  ["totalTickets", () => ({ totalTickets: "5000" })],
  ["maxTicketsPerUser", () => ({ maxTicketsPerUser: "3" })],
  ["closesAtSellOut", () => ({ closesAtSellOut: true })],
  ["skillQuestion", () => ({ skillQuestion: "What colour is a grey horse's skin?" })],
  ["skillOptions", (f) => ({ skillOptions: [f.skillOptions[0]!, "Yards", ...f.skillOptions.slice(2)] })],
  ["correctAnswer", () => ({ correctAnswer: "Feet" })],
];

describe("locked once live", () => {
  let id: number;
  let live: CompetitionFormInput;
  beforeAll(async () => {
    id = await createDraft({ goLiveAt: wall(MINUTE), endDate: wall(3 * DAY), maxTicketsPerUser: "50" });
    await intent(id, "schedule");
    await h.services.db.update(competitions).set({ status: "active" }).where(eq(competitions.id, id));
    live = competitionFormDefaults((await getAdminCompetition(h.services, id))!.values);
  });

  it.each(FORGED)("refuses a change of %s with the reason, changing and logging nothing", async (field, change) => {
    const before = await row(id);
    const logged = (await auditFor(id)).length;
    const out = await save(id, { ...live, ...change(live) });
    expect(out.status).toBe(409);
    expect(out.data.result.error[field]).toEqual([LOCKED_MESSAGE]);
    expect(out.data.result.error[""]).toEqual([LOCKED_MESSAGE]);
    expect(await row(id)).toEqual(before);
    expect(await auditFor(id)).toHaveLength(logged);
  });

  it("still takes a corrected description and the featured flag, logging before and after", async () => {
    const out = await save(id, {
      ...live,
      description: "A small-hole hay net and a bale of haylage (typo fixed).",
      featured: true,
    });
    expect(out.status).toBe(302);
    expect(await row(id)).toMatchObject({ featured: true });
    const last = (await auditFor(id)).at(-1);
    expect(last).toMatchObject({
      action: "competition.updated",
      actorUserId: boss.id,
      before: { featured: false },
      after: { featured: true },
    });
    expect(Object.keys(last?.after as object).sort()).toEqual(["description", "featured"]);
  });

  it("saves a live competition's page unchanged without complaint or a log row (seconds in stored times)", async () => {
    const seeded = await h.createCompetition({ endDate: new Date(Date.now() + 5 * DAY + 12_345) });
    const form = competitionFormDefaults((await getAdminCompetition(h.services, seeded.id))!.values);
    const out = await save(seeded.id, form);
    expect(out.status).toBe(302);
    expect(await auditFor(seeded.id)).toHaveLength(0);
  });
});

describe("duplicate and delete", () => {
  it("duplicates into a new draft: 'Copy of …', no sales, no dates", async () => {
    const source = await h.createCompetition({ title: "Win a lunge line", ticketsSold: 40, featured: true });
    const page = await boss.v.get(create, `/admin/create-competition?copy=${source.id}`);
    expect(page.data.defaultValue).toMatchObject({
      title: "Copy of Win a lunge line",
      goLiveAt: "",
      endDate: "",
      featured: true,
      entryPrice: "2.50",
    });
    const out = await boss.v.post(
      create,
      "/admin/create-competition",
      posted({ ...page.data.defaultValue, endDate: wall(9 * DAY) }, { copiedFrom: String(source.id) }),
    );
    const copyId = Number(out.location?.split("/").pop());
    // The copy shows its source's illustration until it has pictures of its own.
    expect(await row(copyId)).toMatchObject({
      status: "draft",
      ticketsSold: 0,
      title: "Copy of Win a lunge line",
      imageUrl: source.imageUrl,
    });
    expect((await auditFor(copyId))[0]?.data).toEqual({ copiedFrom: source.id });
  });

  it("deletes drafts only", async () => {
    const draft = await createDraft();
    const gone = await intent(draft, "delete");
    expect([gone.status, gone.location]).toEqual([302, "/admin/competitions"]);
    expect(await row(draft)).toBeUndefined();
    expect((await auditFor(draft)).map((l) => l.action)).toEqual(["competition.created", "competition.deleted"]);

    const live = await h.createCompetition();
    const refused = await intent(live.id, "delete");
    expect(refused.status).toBe(409);
    expect(refused.data.notice.description).toBe(COMPETITION_MESSAGES.deleteRefused);
    expect(await row(live.id)).toBeDefined();
    expect(await auditFor(live.id)).toHaveLength(0);
  });

  it("answers 404 for a competition that does not exist", async () => {
    expect((await boss.v.get(edit, editPath(987_654), { id: "987654" })).status).toBe(404);
    expect((await intent(987_654, "schedule")).status).toBe(404);
  });
});

describe("the staff list", () => {
  it("shows sold/total and revenue from paid orders net of refunds; searches and filters by status", async () => {
    const tag = `Trailer ${Math.random().toString(36).slice(2, 7)}`;
    const comp = await h.createCompetition({ title: `${tag} competition`, ticketsSold: 7, totalTickets: 70 });
    await h.createCompetition({ title: `${tag} draft`, status: "draft" });
    const buyer = await h.createBuyer();
    const competition = { id: comp.id, correctAnswer: comp.correctAnswer };
    await createPaidOrder(h.services.db, { userId: buyer.id, competition, quantity: 3, firstTicket: 1 });
    const refunded = await createPaidOrder(h.services.db, {
      userId: buyer.id,
      competition,
      quantity: 4,
      firstTicket: 4,
    });
    await h.services.db.update(orders).set({ paymentStatus: "refunded" }).where(eq(orders.id, refunded.id));

    const all = await boss.v.get(list, `/admin/competitions?q=${encodeURIComponent(tag)}`);
    expect(all.data.total).toBe(2);
    expect(all.data.competitions.map((c: { title: string }) => c.title)).toEqual([
      `${tag} draft`,
      `${tag} competition`,
    ]);
    expect(all.data.competitions[1]).toMatchObject({ ticketsSold: 7, totalTickets: 70, revenuePence: 1500 });
    const drafts = await boss.v.get(list, `/admin/competitions?q=${encodeURIComponent(tag)}&status=draft`);
    expect(drafts.data.competitions.map((c: { title: string }) => c.title)).toEqual([`${tag} draft`]);
    const nonsense = await boss.v.get(list, "/admin/competitions?status=bogus&page=-3&sort=drop&dir=up");
    expect(nonsense.status).toBe(200);
    expect(nonsense.data.query).toMatchObject({ filters: { status: "" }, page: 1, sort: "created", dir: "desc" });
  });
});

describe("the audit page", () => {
  it("filters by action, actor, subject and UK dates, newest first, 50 a page", async () => {
    const subject = `competition:${900_000 + Math.floor(Math.random() * 99_999)}`;
    await h.services.db.transaction(async (tx) => {
      for (let i = 0; i < 55; i++)
        await recordAudit(tx, { actorUserId: boss.id, action: "test.poked", subject, after: { i } });
      await recordAudit(tx, { actorUserId: null, action: "test.system", subject });
    });
    await h.services.db
      .update(auditLog)
      .set({ createdAt: sql`${auditLog.createdAt} - interval '10 days'` })
      .where(and(eq(auditLog.subject, subject), eq(auditLog.action, "test.system")));
    const get = (query: string) => boss.v.get(audit, `/admin/audit?${query}`);
    const first = await get(`subject=${subject}`);
    expect(first.data.total).toBe(56);
    expect(first.data.entries).toHaveLength(50);
    expect(first.data.entries[0]).toMatchObject({ action: "test.poked", after: { i: 54 }, actorEmail: boss.email });
    expect((await get(`subject=${subject}&page=2`)).data.entries).toHaveLength(6);
    expect(first.data.actions).toEqual(expect.arrayContaining(["test.poked", "test.system"]));

    expect((await get(`subject=${subject}&action=test.system`)).data.total).toBe(1);
    expect(
      (await get(`subject=${subject}&actor=system`)).data.entries.map((e: { action: string }) => e.action),
    ).toEqual(["test.system"]);
    expect((await get(`subject=${subject}&actor=${boss.email.slice(0, 10).toUpperCase()}`)).data.total).toBe(55);
    const ukDay = (instant: Date) => toLondonWallTime(instant).slice(0, 10).split("-").reverse().join("/");
    const today = ukDay(new Date());
    const tenDaysAgo = ukDay(new Date(Date.now() - 10 * DAY));
    expect((await get(`subject=${subject}&from=${today}&to=${today}`)).data.total).toBe(55);
    expect((await get(`subject=${subject}&from=${tenDaysAgo}&to=${tenDaysAgo}`)).data.total).toBe(1);
    expect((await get("subject=competition")).data.total).toBeGreaterThanOrEqual(56);
    const [logged] = await h.services.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.subject, subject)));
    expect(logged?.n).toBe(56);
  });
});
