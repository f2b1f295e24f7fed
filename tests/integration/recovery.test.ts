import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  basketItems,
  checkoutRecoveries,
  competitions,
  customDomains,
  playerLimits,
  profiles,
  siteSettings,
} from "~/db/schema";
import { AUTO_SEND_SETTING_KEY } from "~/domain/recovery";
import { parseTableQuery } from "~/domain/table-query";
import * as recoverBasket from "~/routes/recovery/recover-basket";
import { RECOVERY_TABLE } from "~/schemas/admin-tables";
import { getBasket } from "~/server/checkout/basket.server";
import { cancelCheckout } from "~/server/checkout/checkout.server";
import { UNSUBSCRIBE_SOURCES, unsubscribeFromNewsletter, unsubscribeUrl } from "~/server/engagement/newsletter.server";
import { recordConsent } from "~/server/platform/consent.server";
import { refreshPublicOrigin } from "~/server/platform/public-origin.server";
import { listAbandonedCheckouts, recoveredStats } from "~/server/recovery/abandoned.server";
import { restoreFromRecoveryLink } from "~/server/recovery/restore.server";
import {
  dismissAbandoned,
  RECOVERY_MESSAGES,
  sendDueRecoveries,
  sendRecoveryEmail,
  setAutoSend,
} from "~/server/recovery/send.server";
import { useFileValue } from "../support/file-value";
import { signedInAs, visitor } from "./auth-helpers";
import { CORRECT, type Harness, sessionIdFromUrl, useCheckoutHarness } from "./checkout-harness";

const h = useCheckoutHarness({}, { resetClock: false });
const staffId = useFileValue(async () => (await h().createBuyer()).id);

type Buyer = { id: string; email: string };

/** A live competition closing well after any time these tests move the clock to. */
const competition = (overrides: Parameters<Harness["createCompetition"]>[0] = {}) =>
  h().createCompetition({ endDate: new Date(h().services.now().getTime() + 60 * 86_400_000), ...overrides });

/** The buyer starts paying for these lines and cancels at the payment page: an abandoned checkout. */
async function abandon(buyer: Buyer, lines: { competitionId: number; quantity: number }[]) {
  const started = await h().checkout(
    buyer,
    lines.map((l) => ({ ...l, skillAnswer: CORRECT })),
  );
  if (!started.ok) throw new Error(started.message);
  expect(await cancelCheckout(h().services, { userId: buyer.id, orderId: started.orderId })).toEqual({ ok: true });
  return started.orderId;
}

/** The buyer checks out these lines and pays at the stand-in. */
async function pay(buyer: Buyer, lines: { competitionId: number; quantity: number }[]) {
  const started = await h().checkout(
    buyer,
    lines.map((l) => ({ ...l, skillAnswer: CORRECT })),
  );
  if (!started.ok) throw new Error(started.message);
  expect((await h().pay(started.url)).status).toBe(303);
  expect((await h().order(started.orderId)).paymentStatus).toBe("paid");
  return started.orderId;
}

const consent = (buyer: Buyer, granted: boolean) =>
  recordConsent(h().services.db, {
    email: buyer.email,
    userId: buyer.id,
    granted,
    wording: granted ? "Yes, e-mail me." : "No more e-mails.",
    source: "account",
    at: h().services.now(),
  });

/** Every abandoned checkout this file made fits on one page of the largest size. */
const rowOf = async (orderId: string) =>
  (
    await listAbandonedCheckouts(h().services, parseTableQuery(RECOVERY_TABLE, new URLSearchParams("size=200")))
  ).abandoned.find((r) => r.orderId === orderId);

async function recoveryMail(buyer: Buyer) {
  const mail = await h().mailTo(buyer.email, "checkout-recovery");
  const last = mail.at(-1);
  if (!last) throw new Error(`no recovery e-mail to ${buyer.email}`);
  const token = /\/basket\/recover\?token=([A-Za-z0-9_-]{43})/.exec(last.text)?.[1];
  const unsubscribe = /\/newsletter\/unsubscribe\?token=([A-Za-z0-9_%-]+)/.exec(last.text)?.[1];
  if (!token || !unsubscribe) throw new Error("the recovery e-mail has no basket link or no unsubscribe link");
  return { mail: last, count: mail.length, token, unsubscribe: decodeURIComponent(unsubscribe) };
}

describe("the Recovery tab's list", () => {
  it("lists expired and cancelled orders with e-mail, competitions, quantity, total and age", async () => {
    const a = await competition({ title: "Saddle prize" });
    const b = await competition({ title: "Horsebox prize" });
    const buyer = await h().createBuyer();
    const orderId = await abandon(buyer, [
      { competitionId: a.id, quantity: 2 },
      { competitionId: b.id, quantity: 1 },
    ]);
    h().advanceClock(3 * 3_600_000 + 60_000);
    const row = await rowOf(orderId);
    expect(row).toMatchObject({
      email: buyer.email,
      quantity: 3,
      status: "cancelled",
      abandonedAgo: "3 hours ago",
      recovery: null,
      canSend: false,
    });
    expect(row?.lines.map((l) => [l.title, l.quantity])).toEqual([
      ["Saddle prize", 2],
      ["Horsebox prize", 1],
    ]);
    expect(row?.totalPence).toBe((await h().order(orderId)).totalAmountPence);
    expect(row?.basisText).toMatch(/^None: .*neither marketing consent nor an earlier paid order/);
  });

  it("leaves out a checkout the same person later paid for, and one staff dismissed (audited)", async () => {
    const comp = await competition();
    const buyer = await h().createBuyer();
    const paidLater = await abandon(buyer, [{ competitionId: comp.id, quantity: 1 }]);
    expect(await rowOf(paidLater)).toBeDefined();
    await pay(buyer, [{ competitionId: comp.id, quantity: 1 }]);
    expect(await rowOf(paidLater)).toBeUndefined();

    const dismissed = await abandon(buyer, [{ competitionId: (await competition()).id, quantity: 1 }]);
    expect(await rowOf(dismissed)).toBeDefined();
    expect(await dismissAbandoned(h().services, dismissed, staffId())).toEqual({ ok: true });
    expect(await rowOf(dismissed)).toBeUndefined();
    expect(await dismissAbandoned(h().services, dismissed, staffId())).toEqual({
      ok: false,
      message: RECOVERY_MESSAGES.dismissed,
    });
    const log = await h()
      .services.db.select()
      .from(auditLog)
      .where(eq(auditLog.subject, `order:${dismissed}`));
    expect(log.map((l) => [l.action, l.actorUserId])).toEqual([["recovery.dismissed", staffId()]]);
  });
});

describe("sending a recovery e-mail only where the law allows it", () => {
  it("refuses someone with neither consent nor an earlier purchase, and sends nothing", async () => {
    const buyer = await h().createBuyer();
    const orderId = await abandon(buyer, [{ competitionId: (await competition()).id, quantity: 1 }]);
    const sent = await sendRecoveryEmail(h().services, orderId, staffId());
    expect(sent).toEqual({ ok: false, message: expect.stringContaining("the law does not allow it") });
    expect(await h().mailTo(buyer.email, "checkout-recovery")).toHaveLength(0);
  });

  it("sends once to someone with current consent, recording the basis, with the one-click opt-out", async () => {
    const buyer = await h().createBuyer();
    await consent(buyer, true);
    const orderId = await abandon(buyer, [{ competitionId: (await competition()).id, quantity: 1 }]);
    expect((await rowOf(orderId))?.canSend).toBe(true);
    expect(await sendRecoveryEmail(h().services, orderId, staffId())).toEqual({
      ok: true,
      basis: "consent",
      email: buyer.email,
    });
    expect(await sendRecoveryEmail(h().services, orderId, staffId())).toEqual({
      ok: false,
      message: RECOVERY_MESSAGES.alreadySent,
    });
    const { mail, count, token, unsubscribe } = await recoveryMail(buyer);
    expect(count).toBe(1);
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribeUrl(h().services.env.BASE_URL, unsubscribe)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.text).toContain("because you agreed to marketing e-mails");
    const [stored] = await h()
      .services.db.select()
      .from(checkoutRecoveries)
      .where(eq(checkoutRecoveries.orderId, orderId));
    expect(stored).toMatchObject({ basis: "consent", sentByUserId: staffId(), usedAt: null });
    // Only a hash of the link's token is kept.
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toContain(token);
    expect((await rowOf(orderId))?.recovery).toMatchObject({ basis: "consent", automatic: false, used: false });
    const log = await h()
      .services.db.select()
      .from(auditLog)
      .where(eq(auditLog.subject, `order:${orderId}`));
    expect(log.map((l) => [l.action, l.after])).toEqual([
      ["recovery.sent", { basis: "consent", label: "Marketing consent" }],
    ]);

    // The opt-out is the newsletter's own: it withdraws consent in the ledger, and nothing more is sent.
    const out = await unsubscribeFromNewsletter(h().services.db, unsubscribe, {
      now: h().services.now(),
      source: UNSUBSCRIBE_SOURCES.oneClick,
    });
    expect(out).toEqual({ status: "unsubscribed", email: buyer.email });
    const next = await abandon(buyer, [{ competitionId: (await competition()).id, quantity: 1 }]);
    expect(await sendRecoveryEmail(h().services, next, staffId())).toEqual({
      ok: false,
      message: expect.stringContaining("opted out"),
    });
  });

  it("sends to an existing customer under the soft opt-in, and says so in the footer", async () => {
    const buyer = await h().createBuyer();
    await pay(buyer, [{ competitionId: (await competition()).id, quantity: 1 }]);
    const orderId = await abandon(buyer, [{ competitionId: (await competition()).id, quantity: 2 }]);
    expect((await rowOf(orderId))?.basisText).toBe("Soft opt-in (existing customer)");
    expect(await sendRecoveryEmail(h().services, orderId, staffId())).toMatchObject({ ok: true, basis: "soft-opt-in" });
    const { mail } = await recoveryMail(buyer);
    expect(mail.text).toContain("because you have bought from Paddock before");
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("never sends to a self-excluded or paused account, even with consent, nor to someone who opted out", async () => {
    const future = new Date(h().services.now().getTime() + 30 * 86_400_000);
    const excluded = await h().createBuyer();
    const paused = await h().createBuyer();
    const optedOut = await h().createBuyer();
    const orders = {
      excluded: await abandon(excluded, [{ competitionId: (await competition()).id, quantity: 1 }]),
      paused: await abandon(paused, [{ competitionId: (await competition()).id, quantity: 1 }]),
      optedOut: await abandon(optedOut, [{ competitionId: (await competition()).id, quantity: 1 }]),
    };
    await consent(excluded, true);
    await consent(paused, true);
    await pay(optedOut, [{ competitionId: (await competition()).id, quantity: 1 }]);
    await consent(optedOut, false);
    await h()
      .services.db.insert(playerLimits)
      .values([
        { userId: excluded.id, excludedUntil: future },
        { userId: paused.id, pausedUntil: future },
      ]);
    const refusal = async (orderId: string) => {
      const sent = await sendRecoveryEmail(h().services, orderId, staffId());
      return sent.ok ? "sent" : sent.message;
    };
    expect(await refusal(orders.excluded)).toContain("self-excluded");
    expect(await refusal(orders.paused)).toContain("paused");
    expect(await refusal(orders.optedOut)).toContain("opted out");
    for (const who of [excluded, paused, optedOut])
      expect(await h().mailTo(who.email, "checkout-recovery")).toHaveLength(0);
    expect((await rowOf(orders.excluded))?.canSend).toBe(false);
  });
});

describe("the recovery link", () => {
  it("rebuilds the basket once for the person it was sent to, skipping what sold out, never for another", async () => {
    const open = await competition({ title: "Still open" });
    const soldOut = await competition({ title: "Sells out", totalTickets: 20 });
    const buyer = await h().createBuyer();
    await consent(buyer, true);
    const orderId = await abandon(buyer, [
      { competitionId: open.id, quantity: 3 },
      { competitionId: soldOut.id, quantity: 1 },
    ]);
    await sendRecoveryEmail(h().services, orderId, staffId());
    const { token } = await recoveryMail(buyer);
    await h().services.db.update(competitions).set({ ticketsSold: 20 }).where(eq(competitions.id, soldOut.id));

    expect(await restoreFromRecoveryLink(h().services, "not-a-token", buyer)).toEqual({
      ok: false,
      refusal: "invalid",
    });
    expect(await restoreFromRecoveryLink(h().services, "A".repeat(43), buyer)).toEqual({
      ok: false,
      refusal: "invalid",
    });
    const stranger = await h().createBuyer();
    expect(await restoreFromRecoveryLink(h().services, token, stranger)).toEqual({
      ok: false,
      refusal: "other-account",
    });
    expect(await h().services.db.select().from(basketItems).where(eq(basketItems.userId, stranger.id))).toEqual([]);

    expect(await restoreFromRecoveryLink(h().services, token, buyer)).toEqual({
      ok: true,
      restored: ["Still open"],
      skipped: [{ title: "Sells out", message: "Sorry, this competition has sold out." }],
    });
    const basket = await getBasket(h().services, buyer.id);
    expect(basket.lines.map((l) => [l.competitionId, l.quantity, l.skillAnswer])).toEqual([[open.id, 3, CORRECT]]);
    expect(await restoreFromRecoveryLink(h().services, token, buyer)).toEqual({ ok: false, refusal: "used" });
    expect((await getBasket(h().services, buyer.id)).lines[0]?.quantity).toBe(3);
  });

  it("its page signs nobody in, restores once and answers a bad link with a clear status, never a 5xx", async () => {
    const signed = await signedInAs(h().services, "none");
    await h()
      .services.db.update(profiles)
      .set({ dateOfBirth: "1990-05-01", country: "GB", eligibilityConfirmedAt: h().services.now() })
      .where(eq(profiles.userId, signed.id));
    await consent(signed, true);
    const orderId = await abandon(signed, [{ competitionId: (await competition()).id, quantity: 1 }]);
    await sendRecoveryEmail(h().services, orderId, staffId());
    const path = `/basket/recover?token=${(await recoveryMail(signed)).token}`;

    const anonymous = await visitor(h().services).get(recoverBasket, path);
    expect(anonymous.location).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    const restored = await signed.v.get(recoverBasket, path);
    expect([restored.status, restored.location]).toEqual([302, "/basket"]);
    expect((await signed.v.get(recoverBasket, path)).status).toBe(410);
    const bad = await signed.v.get(recoverBasket, "/basket/recover?token=%00%27");
    expect([bad.status, bad.data]).toEqual([404, { refusal: "invalid" }]);
  });

  it("expires after 7 days", async () => {
    const buyer = await h().createBuyer();
    await consent(buyer, true);
    const orderId = await abandon(buyer, [{ competitionId: (await competition()).id, quantity: 1 }]);
    await sendRecoveryEmail(h().services, orderId, staffId());
    const { token } = await recoveryMail(buyer);
    h().advanceClock(7 * 86_400_000 + 1000);
    expect(await restoreFromRecoveryLink(h().services, token, buyer)).toEqual({ ok: false, refusal: "expired" });
    expect(await getBasket(h().services, buyer.id)).toMatchObject({ lines: [] });
  });

  it("counts a recovered checkout that was then paid, and its value", async () => {
    const before = await recoveredStats(h().services.db);
    const comp = await competition();
    const buyer = await h().createBuyer();
    await consent(buyer, true);
    const orderId = await abandon(buyer, [{ competitionId: comp.id, quantity: 2 }]);
    await sendRecoveryEmail(h().services, orderId, staffId());
    const { token } = await recoveryMail(buyer);
    expect(await restoreFromRecoveryLink(h().services, token, buyer)).toMatchObject({ ok: true });
    expect(await recoveredStats(h().services.db)).toMatchObject({ paid: before.paid, used: before.used + 1 });
    const paidId = await pay(buyer, [{ competitionId: comp.id, quantity: 2 }]);
    const after = await recoveredStats(h().services.db);
    expect(after.paid).toBe(before.paid + 1);
    expect(after.paidValuePence - before.paidValuePence).toBe((await h().order(paidId)).totalAmountPence);
  });
});

describe("the automatic rule", () => {
  it("is off by default; when on, sends one e-mail a set time after abandonment, once", async () => {
    const buyer = await h().createBuyer();
    await consent(buyer, true);
    const orderId = await abandon(buyer, [{ competitionId: (await competition()).id, quantity: 1 }]);
    h().advanceClock(30 * 3_600_000);
    expect(await sendDueRecoveries(h().services)).toEqual({ considered: 0, sent: 0 });

    await setAutoSend(h().services, staffId(), 24);
    const [setting] = await h()
      .services.db.select()
      .from(siteSettings)
      .where(eq(siteSettings.key, AUTO_SEND_SETTING_KEY));
    expect(setting?.value).toBe(24);
    const fresh = await h().createBuyer();
    await consent(fresh, true);
    const notYet = await abandon(fresh, [{ competitionId: (await competition()).id, quantity: 1 }]);

    const [first, second] = await Promise.all([sendDueRecoveries(h().services), sendDueRecoveries(h().services)]);
    expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBeGreaterThanOrEqual(1);
    expect(await h().mailTo(buyer.email, "checkout-recovery")).toHaveLength(1);
    expect(await h().mailTo(fresh.email, "checkout-recovery")).toHaveLength(0);
    expect(
      await h()
        .services.db.select({ by: checkoutRecoveries.sentByUserId })
        .from(checkoutRecoveries)
        .where(eq(checkoutRecoveries.orderId, orderId)),
    ).toEqual([{ by: null }]);
    await sendDueRecoveries(h().services);
    expect(await h().mailTo(buyer.email, "checkout-recovery")).toHaveLength(1);

    h().advanceClock(25 * 3_600_000);
    await sendDueRecoveries(h().services);
    expect(await h().mailTo(fresh.email, "checkout-recovery")).toHaveLength(1);
    expect(
      await h()
        .services.db.select()
        .from(auditLog)
        .where(and(eq(auditLog.subject, `order:${notYet}`), eq(auditLog.action, "recovery.sent"))),
    ).toMatchObject([{ actorUserId: null, data: { automatic: true } }]);
    await setAutoSend(h().services, staffId(), null);
  });
});

describe("Stripe's return addresses", () => {
  it("use the public origin: the verified custom domain when there is one", async () => {
    const buyer = await h().createBuyer();
    const comp = await competition();
    const before = await h().checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
    if (!before.ok) throw new Error(before.message);
    const base = new URL(h().services.env.BASE_URL).origin;
    expect((await h().standinSession(sessionIdFromUrl(before.url))).successUrl).toMatch(
      new RegExp(`^${base}/payment-success\\?`),
    );

    await h()
      .services.db.insert(customDomains)
      .values({ domain: "enter.paddock.example", verificationToken: "t".repeat(32), status: "verified" });
    await refreshPublicOrigin(h().services);
    try {
      const other = await h().createBuyer();
      const after = await h().checkout(other, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }]);
      if (!after.ok) throw new Error(after.message);
      const session = await h().standinSession(sessionIdFromUrl(after.url));
      expect(session.successUrl).toBe(
        `https://enter.paddock.example/payment-success?session_id={CHECKOUT_SESSION_ID}&order_id=${after.orderId}`,
      );
      expect(session.cancelUrl).toBe(`https://enter.paddock.example/payment-cancelled?order_id=${after.orderId}`);
    } finally {
      await h().services.db.delete(customDomains);
      await refreshPublicOrigin(h().services);
    }
  });
});
