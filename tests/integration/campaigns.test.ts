import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  auditLog,
  campaignRecipients,
  campaigns,
  emailOutbox,
  newsletterSubscriptions,
  playerLimits,
} from "~/db/schema";
import type { AudienceChoice } from "~/domain/campaign";
import * as unsubscribeRoute from "~/routes/engagement/newsletter-unsubscribe";
import * as campaignRoute from "~/routes/marketing/campaign";
import * as newCampaignRoute from "~/routes/marketing/campaign-new";
import * as previewRoute from "~/routes/marketing/campaign-preview";
import { deleteAccount } from "~/server/accounts/account.server";
import { createCompetition, createPaidOrder, createVerifiedUser } from "~/server/demo/factories.server";
import { audienceCount, audienceMembers } from "~/server/marketing/audience.server";
import { changeCampaignState, createCampaign, getCampaign, updateCampaign } from "~/server/marketing/campaigns.server";
import { sendDueCampaigns } from "~/server/marketing/sending.server";
import { unsubscribeByLink } from "~/server/marketing/unsubscribe.server";
import { consentStateOf, recordConsent } from "~/server/platform/consent.server";
import { createTestServices, type TestServices } from "../support/services";
import { signedInAs, visitor } from "./auth-helpers";

let services: TestServices;
const realNow = new Date();
const DAY = 86_400_000;
const ago = (days: number) => new Date(realNow.getTime() - days * DAY);

beforeAll(async () => {
  services = await createTestServices({ ADMIN_REQUIRE_2FA: "false" });
  services.now = () => realNow;
});
afterAll(async () => {
  await services?.dispose();
});

const WORDING = "Yes, send me Paddock news and offers.";
const grant = (email: string, userId: string | null, at: Date) =>
  recordConsent(services.db, { email, userId, granted: true, wording: WORDING, source: "sign-up:join", at });
const withdraw = (email: string, userId: string | null, at: Date) =>
  recordConsent(services.db, { email, userId, granted: false, wording: "No.", source: "account", at });

let ticket = 1;
async function entrant(competition: { id: number; correctAnswer: string }, paidAt = ago(2)) {
  const person = await createVerifiedUser(services);
  await createPaidOrder(services.db, { userId: person.id, competition, quantity: 1, firstTicket: ticket++, paidAt });
  return person;
}

const draft = (choice: AudienceChoice, name = "Autumn tack") => ({
  name,
  subject: "New tack prizes this week",
  content: "Hello,\n\nThree new <b>tack</b> competitions open today.\n\nGood luck!",
  audience: choice.audience,
  competitionId: choice.competitionId ?? undefined,
});

/** The token of the address's newsletter subscription: the one unsubscribe link of every marketing e-mail. */
async function subscriptionTokenOf(email: string) {
  const [row] = await services.db
    .select({ token: newsletterSubscriptions.unsubscribeToken })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  if (!row) throw new Error(`no subscription row for ${email}`);
  return row.token;
}

async function outboxFor(email: string) {
  return services.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, "campaign")));
}

describe("audiences, from live data", () => {
  it("take only people whose ledger says granted now, never paused, self-excluded or withdrawn ones", async () => {
    const competition = await createCompetition(services.db);
    const consenting = await entrant(competition);
    await grant(consenting.email, consenting.id, ago(100));
    // Agreed long ago, then self-excluded: the old grant is still the latest ledger entry here.
    const excluded = await entrant(competition);
    await grant(excluded.email, excluded.id, ago(300));
    await services.db.insert(playerLimits).values({ userId: excluded.id, excludedUntil: ago(-180) });
    const paused = await entrant(competition);
    await grant(paused.email, paused.id, ago(50));
    await services.db.insert(playerLimits).values({ userId: paused.id, pausedUntil: ago(-3) });
    const withdrawn = await entrant(competition);
    await grant(withdrawn.email, withdrawn.id, ago(60));
    await withdraw(withdrawn.email, withdrawn.id, ago(10));
    const neverAsked = await entrant(competition);

    const entrants = { audience: "competition-entrants", competitionId: competition.id } as const;
    const members = await audienceMembers(services.db, entrants, realNow);
    expect(members.map((m) => m.email)).toEqual([consenting.email]);
    expect(await audienceCount(services.db, entrants, realNow)).toEqual({ reachable: 1, withheld: 4 });

    const everyone = (await audienceMembers(services.db, { audience: "everyone", competitionId: null }, realNow)).map(
      (m) => m.email,
    );
    expect(everyone).toContain(consenting.email);
    for (const left of [excluded, paused, withdrawn, neverAsked]) expect(everyone).not.toContain(left.email);
  });

  it("recent buyers paid within 30 days, new sign-ups joined then, and subscribers count for everyone", async () => {
    const competition = await createCompetition(services.db);
    const oldBuyer = await entrant(competition, ago(40));
    await grant(oldBuyer.email, oldBuyer.id, ago(45));
    const newBuyer = await entrant(competition, ago(1));
    await grant(newBuyer.email, newBuyer.id, ago(45));
    const subscriber = `subscriber-${Date.now()}@example.test`;
    await recordConsent(services.db, {
      email: subscriber,
      granted: true,
      wording: WORDING,
      source: "newsletter-form",
      at: ago(5),
    });
    const emails = async (audience: AudienceChoice["audience"]) =>
      (await audienceMembers(services.db, { audience, competitionId: null }, new Date())).map((m) => m.email);

    const recent = await emails("recent-buyers");
    expect(recent).toContain(newBuyer.email);
    expect(recent).not.toContain(oldBuyer.email);
    expect(recent).not.toContain(subscriber);
    // Both accounts were made today.
    const newcomers = await emails("new-sign-ups");
    expect(newcomers).toEqual(expect.arrayContaining([oldBuyer.email, newBuyer.email]));
    expect(newcomers).not.toContain(subscriber);
    expect(await emails("everyone")).toEqual(expect.arrayContaining([oldBuyer.email, newBuyer.email, subscriber]));
  });
});

describe("a campaign's life", () => {
  it("is drafted, edited, scheduled (future only), returned to draft and cancelled, each logged", async () => {
    const admin = await createVerifiedUser(services, { roles: ["admin"] });
    const competition = await createCompetition(services.db);
    const fan = await entrant(competition);
    await grant(fan.email, fan.id, ago(3));
    const choice = { audience: "competition-entrants", competitionId: competition.id } as const;
    const created = await createCampaign(services, admin.id, draft(choice));
    if (!created.ok) throw new Error(created.message);
    const id = created.id;

    expect(await updateCampaign(services, admin.id, id, draft(choice, "Autumn tack, v2"))).toMatchObject({ ok: true });
    expect(await changeCampaignState(services, admin.id, id, "schedule", ago(0.01))).toEqual({
      ok: false,
      status: 400,
      message: "Choose a time in the future.",
    });
    expect(await changeCampaignState(services, admin.id, id, "schedule", ago(-1))).toMatchObject({ ok: true });
    expect((await getCampaign(services, id))?.campaign).toMatchObject({ state: "scheduled", name: "Autumn tack, v2" });
    expect(await updateCampaign(services, admin.id, id, draft(choice))).toMatchObject({ ok: false, status: 409 });
    expect(await changeCampaignState(services, admin.id, id, "unschedule")).toMatchObject({ ok: true });
    expect(await changeCampaignState(services, admin.id, id, "cancel")).toMatchObject({ ok: true });
    expect(await changeCampaignState(services, admin.id, id, "schedule", ago(-1))).toMatchObject({
      ok: false,
      status: 409,
    });

    const log = await services.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.subject, `campaign:${id}`))
      .orderBy(asc(auditLog.id));
    expect(log.map((l) => l.action)).toEqual([
      "campaign.created",
      "campaign.updated",
      "campaign.scheduled",
      "campaign.unscheduled",
      "campaign.cancelled",
    ]);
    expect(log.every((l) => l.actor === admin.id)).toBe(true);
  });

  it("will not schedule an audience nobody in it may receive", async () => {
    const admin = await createVerifiedUser(services, { roles: ["admin"] });
    const competition = await createCompetition(services.db);
    await entrant(competition);
    const created = await createCampaign(
      services,
      admin.id,
      draft({ audience: "competition-entrants", competitionId: competition.id }),
    );
    if (!created.ok) throw new Error(created.message);
    expect(await changeCampaignState(services, admin.id, created.id, "schedule", ago(-1))).toMatchObject({
      ok: false,
      status: 409,
      message: "Nobody in this audience can receive it now.",
    });
  });

  it("the pages: 'Missing Fields' for an empty form, a saved draft shows its audience count and preview", async () => {
    const { v } = await signedInAs(services, "admin");
    const missing = await v.post(newCampaignRoute, "/admin/marketing/new", {
      name: "",
      subject: "",
      content: "",
      audience: "everyone",
    });
    expect(missing.status).toBe(400);
    expect(missing.data.notice.title).toBe("Missing Fields");
    expect(await services.db.select().from(campaigns).where(eq(campaigns.name, ""))).toHaveLength(0);

    const competition = await createCompetition(services.db);
    const fan = await entrant(competition);
    await grant(fan.email, fan.id, ago(3));
    const saved = await v.post(newCampaignRoute, "/admin/marketing/new", {
      name: "Entrants' news",
      subject: "Your competition",
      content: "Hello <script>alert(1)</script>",
      audience: "competition-entrants",
      competitionId: String(competition.id),
    });
    expect(saved.status).toBe(302);
    const id = saved.location?.split("/").pop() ?? "";
    const page = await v.get(campaignRoute, `/admin/marketing/${id}`, { id });
    expect(page.data.count).toEqual({ reachable: 1, withheld: 0 });
    expect(page.data.preview.text).toContain("Hello <script>alert(1)</script>");
    const preview = await v.get(previewRoute, `/admin/marketing/${id}/preview`, { id });
    expect(preview.status).toBe(200);
    const html = String(preview.data);
    expect(html).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>");

    const test = await v.post(campaignRoute, `/admin/marketing/${id}`, { intent: "test" }, { id });
    expect(test.status).toBe(302);
    const [testMail] = await services.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "campaign-test"), eq(emailOutbox.subject, "[Test] Your competition")));
    expect(testMail?.text).toContain("This is a test");
  });
});

describe("sending", () => {
  it("a crash between two batches sends every message exactly once overall, re-checking each batch", async () => {
    const admin = await createVerifiedUser(services, { roles: ["admin"] });
    const competition = await createCompetition(services.db);
    const fans = [];
    for (let i = 0; i < 5; i++) {
      const fan = await entrant(competition);
      await grant(fan.email, fan.id, ago(20));
      fans.push(fan);
    }
    const choice = { audience: "competition-entrants", competitionId: competition.id } as const;
    const created = await createCampaign(services, admin.id, draft(choice));
    if (!created.ok) throw new Error(created.message);
    const at = new Date(realNow.getTime() + 60_000);
    expect(await changeCampaignState(services, admin.id, created.id, "schedule", at)).toMatchObject({ ok: true });

    // Not yet its time.
    expect((await sendDueCampaigns(services)).started).toBe(0);
    services.now = () => new Date(at.getTime() + 1000);
    try {
      let batches = 0;
      await expect(
        sendDueCampaigns(services, {
          maxBatch: 2,
          afterBatch: () => {
            batches++;
            throw new Error("the process died here");
          },
        }),
      ).rejects.toThrow("the process died here");
      expect(batches).toBe(1);
      const recipients = () =>
        services.db
          .select()
          .from(campaignRecipients)
          .where(eq(campaignRecipients.campaignId, created.id))
          .orderBy(asc(campaignRecipients.id));
      const afterCrash = await recipients();
      expect(afterCrash.map((r) => r.status)).toEqual(["queued", "queued", "pending", "pending", "pending"]);
      expect((await getCampaign(services, created.id))?.campaign.state).toBe("sending");

      // While it was down, one of those still waiting self-excluded: the next batch checks again.
      const lastId = afterCrash[4]?.userId;
      if (!lastId) throw new Error("no user");
      await services.db
        .insert(playerLimits)
        .values({ userId: lastId, excludedUntil: new Date(at.getTime() + 90 * DAY) });

      const resumed = await sendDueCampaigns(services, { maxBatch: 2 });
      expect(resumed).toMatchObject({ queued: 2, skipped: 1, finished: 1 });
      const done = await recipients();
      expect(done.map((r) => r.status)).toEqual(["queued", "queued", "queued", "queued", "skipped"]);
      expect(done[4]?.skipReason).toBe("Self-excluded");

      for (const recipient of done) {
        const messages = await outboxFor(recipient.email);
        expect(messages, recipient.email).toHaveLength(recipient.status === "queued" ? 1 : 0);
      }
      const [message] = await outboxFor(done[0]?.email ?? "");
      const token = await subscriptionTokenOf(done[0]?.email ?? "");
      const query = `token=${token}&campaign=${done[0]?.unsubscribeToken}`;
      const link = `http://localhost:3999/newsletter/unsubscribe?${query}`;
      expect(message?.headers).toEqual({
        "List-Unsubscribe": `<${link}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      expect(message?.text).toContain(link);
      expect(message?.html).toContain("&lt;b&gt;tack&lt;/b&gt;");
      expect((await getCampaign(services, created.id))?.campaign.state).toBe("sent");
      // Nothing more to do: another pass queues nothing.
      expect(await sendDueCampaigns(services)).toMatchObject({ queued: 0, skipped: 0, started: 0 });

      // The outbox worker delivers them; the campaign's numbers follow.
      await vi.waitFor(
        async () => {
          const stats = (await getCampaign(services, created.id))?.stats;
          expect(stats).toMatchObject({ recipients: 5, sent: 4, failed: 0, skipped: 1, unsubscribed: 0 });
        },
        { timeout: 10_000, interval: 200 },
      );

      // One click in the mail app withdraws consent in the ledger at once, and counts for the campaign.
      const first = done[0];
      if (!first?.userId) throw new Error("no first recipient");
      const anonymous = visitor(services);
      const firstToken = await subscriptionTokenOf(first.email);
      const url = `/newsletter/unsubscribe?token=${firstToken}&campaign=${first.unsubscribeToken}`;
      // A campaign's reader may never have joined the newsletter: the page asks about marketing e-mails.
      expect((await anonymous.get(unsubscribeRoute, url)).data).toMatchObject({ state: "confirm", about: "marketing" });
      const clicked = await anonymous.post(unsubscribeRoute, url, { "List-Unsubscribe": "One-Click" });
      expect(clicked.status).toBe(200);
      expect(clicked.data.state).toBe("unsubscribed");
      expect(await consentStateOf(services.db, { userId: first.userId, email: first.email })).toMatchObject({
        status: "withdrawn",
        source: "newsletter-one-click",
      });
      expect(
        await unsubscribeByLink(
          services.db,
          { token: firstToken, campaign: first.unsubscribeToken },
          { now: realNow, source: "newsletter-unsubscribe-link" },
        ),
      ).toMatchObject({ status: "already-unsubscribed" });
      expect((await getCampaign(services, created.id))?.stats.unsubscribed).toBe(1);
      // And they are out of every audience from now on.
      expect((await audienceMembers(services.db, choice, services.now())).map((m) => m.email)).not.toContain(
        first.email,
      );
    } finally {
      services.now = () => realNow;
    }
  });

  /** A campaign to `count` consenting entrants of a new competition, scheduled a minute ahead, the clock past it. */
  async function dueCampaign(count: number) {
    const admin = await createVerifiedUser(services, { roles: ["admin"] });
    const competition = await createCompetition(services.db);
    const people = [];
    for (let i = 0; i < count; i++) people.push(await entrant(competition));
    for (const person of people) await grant(person.email, person.id, ago(20));
    const choice = { audience: "competition-entrants", competitionId: competition.id } as const;
    const created = await createCampaign(services, admin.id, draft(choice));
    if (!created.ok) throw new Error(created.message);
    const at = new Date(realNow.getTime() + 60_000);
    await changeCampaignState(services, admin.id, created.id, "schedule", at);
    services.now = () => new Date(at.getTime() + 1000);
    return { id: created.id, people };
  }

  it("a person who deletes their account before their batch is skipped, and the list keeps no address", async () => {
    const { id, people } = await dueCampaign(1);
    const [leaver] = people;
    if (!leaver) throw new Error("no recipient");
    try {
      // Started (recipients fixed) but no batch sent: the pass's allowance is spent.
      await sendDueCampaigns(services, { elapsedMs: 0 });
      const session = { ...leaver, emailVerified: true, twoFactorEnabled: false, createdAt: realNow, sessionId: "x" };
      expect(await deleteAccount(services, session)).toEqual({ ok: true });
      await sendDueCampaigns(services);
      const [row] = await services.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
      expect(row).toMatchObject({ status: "skipped", skipReason: "Account deleted", userId: null });
      expect(row?.email).toMatch(/^erased-\d+$/);
      expect(await outboxFor(leaver.email)).toEqual([]);
    } finally {
      services.now = () => realNow;
    }
  });

  it("counts only withdrawals made from its own copy; links sent before one link per address still work", async () => {
    const created = await dueCampaign(3);
    try {
      await sendDueCampaigns(services);
      const rows = await services.db
        .select()
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, created.id))
        .orderBy(asc(campaignRecipients.id));
      const [viaNewsletter, legacy, forger] = rows;
      if (!viaNewsletter || !legacy || !forger) throw new Error("three recipients expected");
      const anonymous = visitor(services);
      const unsubscribed = async () => (await getCampaign(services, created.id))?.stats.unsubscribed;
      const oneClick = (query: string) =>
        anonymous.post(unsubscribeRoute, `/newsletter/unsubscribe?${query}`, { "List-Unsubscribe": "One-Click" });

      // Withdrawn through a link without the campaign's key (say the newsletter's): consent goes, the figure stays.
      // The newsletter's own link (no campaign) asks about the newsletter.
      const newsletterLink = `/newsletter/unsubscribe?token=${await subscriptionTokenOf(viaNewsletter.email)}`;
      expect((await anonymous.get(unsubscribeRoute, newsletterLink)).data).toMatchObject({ about: "newsletter" });
      const plain = await oneClick(`token=${await subscriptionTokenOf(viaNewsletter.email)}`);
      expect(plain.data.state).toBe("unsubscribed");
      expect(await unsubscribed()).toBe(0);
      // Another recipient's key on one's own link withdraws one's own consent only, and counts nothing.
      const forged = await oneClick(
        `token=${await subscriptionTokenOf(forger.email)}&campaign=${legacy.unsubscribeToken}`,
      );
      expect(forged.data.state).toBe("unsubscribed");
      expect(await unsubscribed()).toBe(0);

      // An old campaign link carried the recipient's key as the token: it still opens, withdraws and counts.
      const page = await anonymous.get(unsubscribeRoute, `/newsletter/unsubscribe?token=${legacy.unsubscribeToken}`);
      expect(page.data).toMatchObject({ state: "confirm", token: legacy.unsubscribeToken, about: "marketing" });
      const old = await oneClick(`token=${legacy.unsubscribeToken}`);
      expect(old.status).toBe(200);
      expect(old.data.state).toBe("unsubscribed");
      for (const person of [viaNewsletter, legacy, forger]) {
        expect(await consentStateOf(services.db, { userId: person.userId, email: person.email })).toMatchObject({
          status: "withdrawn",
        });
      }
      expect(await unsubscribed()).toBe(1);
      expect((await oneClick(`token=${legacy.unsubscribeToken}`)).data.state).toBe("already-unsubscribed");
      expect(await unsubscribed()).toBe(1);
    } finally {
      services.now = () => realNow;
    }
  });
});
