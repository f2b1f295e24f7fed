import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { consentRecords, newsletterSubscriptions, orders } from "~/db/schema";
import { consentStateOf, recordConsent } from "~/server/platform/consent.server";
import {
  checkCanEnter,
  confirmEligibility,
  getProtectionStatus,
  pauseAccount,
  selfExclude,
  setMonthlyLimit,
} from "~/server/protection/player-protection.server";
import { CORRECT, createCheckoutHarness, type Harness } from "./checkout-harness";

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness();
});
afterAll(async () => {
  await h?.close();
});
// A test that moves the clock puts it back: each test starts from real time, whatever ran before it.
afterEach(() => h.resetClock());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The checkout's lines: `quantity` tickets in one competition, with the right answer. */
const lines = (competitionId: number, quantity = 1) => [{ competitionId, quantity, skillAnswer: CORRECT }];

/** The eligibility form, answered as an adult in Great Britain who accepts the terms unless `answers` says not. */
const confirm = (userId: string, now: Date, answers: Partial<Parameters<typeof confirmEligibility>[2]> = {}) =>
  confirmEligibility(
    h.services,
    userId,
    { dateOfBirth: "1990-01-01", country: "GB", acceptTerms: true, ...answers },
    now,
  );

describe("eligibility before a first paid entry", () => {
  it("refuses checkout until date of birth and residence are confirmed, then lets the buyer in", async () => {
    const comp = await h.createCompetition();
    const newcomer = await h.createBuyer({ eligible: false });
    const line = lines(comp.id);
    expect(await h.checkout(newcomer, line)).toEqual({
      ok: false,
      status: 403,
      message: "Please confirm your date of birth and country before your first entry.",
      block: {
        code: "eligibility_required",
        message: "Please confirm your date of birth and country before your first entry.",
      },
    });
    const now = h.services.now();
    expect(await confirm(newcomer.id, now, { dateOfBirth: "1995-02-10", country: "IE" })).toEqual({ ok: true });
    const status = await getProtectionStatus(h.services, newcomer.id, now);
    expect(status.eligibility).toEqual({ confirmed: true, dateOfBirth: "1995-02-10", country: "IE" });
    expect((await h.checkout(newcomer, line)).ok).toBe(true);
    const [order] = await h.services.db.select().from(orders).where(eq(orders.userId, newcomer.id));
    expect(order?.termsVersion).toMatch(/^\d{4}-\d{2}$/);
  });

  it("refuses under-18s, people outside the UK and Ireland, and unaccepted terms, with the field to fix", async () => {
    const person = await h.createBuyer({ eligible: false });
    const now = new Date("2026-06-15T12:00:00Z");
    expect(await confirm(person.id, now, { dateOfBirth: "2008-06-16" })).toEqual({
      ok: false,
      message: "You must be 18 or over to enter.",
      field: "dateOfBirth",
    });
    expect(await confirm(person.id, now, { country: "FR" as "GB" })).toEqual({
      ok: false,
      message: "Entry is open only to residents of the United Kingdom and Ireland.",
      field: "country",
    });
    expect(await confirm(person.id, now, { acceptTerms: false })).toMatchObject({ ok: false, field: "acceptTerms" });
    expect(await confirm(person.id, now, { dateOfBirth: "1990-02-30" })).toMatchObject({
      ok: false,
      field: "dateOfBirth",
    });
    expect((await getProtectionStatus(h.services, person.id, now)).eligibility.confirmed).toBe(false);
    // Turning 18 today is enough.
    expect(await confirm(person.id, now, { dateOfBirth: "2008-06-15" })).toEqual({ ok: true });
  });
});

describe("pause and self-exclusion", () => {
  it("a paused account cannot buy until the pause ends", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    const now = h.services.now();
    await pauseAccount(h.services, buyer.id, 7, now);
    const refused = await h.checkout(buyer, lines(comp.id));
    expect(refused).toMatchObject({ ok: false, status: 403, block: { code: "paused" } });
    expect(!refused.ok && refused.message).toMatch(
      /^Your account is paused until .+\. You can enter again after that\.$/,
    );
    expect((await h.competition(comp.id)).ticketsReserved).toBe(0);
    // A shorter pause asked for later does not cut it short.
    await pauseAccount(h.services, buyer.id, 1, now);
    expect(await checkCanEnter(h.services.db, buyer.id, 100, new Date(now.getTime() + 6 * DAY))).toMatchObject({
      code: "paused",
    });
    expect(await checkCanEnter(h.services.db, buyer.id, 100, new Date(now.getTime() + 7 * DAY + 1000))).toBeNull();
  });

  it("self-exclusion closes entry for at least 6 months and withdraws marketing consent everywhere", async () => {
    const comp = await h.createCompetition();
    const email = `excluded-${randomUUID().slice(0, 6)}@example.test`;
    const buyer = await h.createBuyer({ email });
    const now = h.services.now();
    await recordConsent(h.services.db, {
      email,
      userId: buyer.id,
      granted: true,
      wording: "Send me news",
      source: "account",
      at: new Date(now.getTime() - DAY),
    });
    expect(await consentStateOf(h.services.db, { userId: buyer.id, email })).toMatchObject({ status: "granted" });
    await h.services.db.insert(newsletterSubscriptions).values({
      email,
      name: "Test Buyer",
      consentText: "Send me news",
      consentedAt: new Date(),
      consentSource: "newsletter",
      unsubscribeToken: randomUUID(),
    });
    expect(await selfExclude(h.services, buyer.id, 5, now)).toEqual({
      ok: false,
      message: "Self-exclusion lasts from 6 months to 5 years.",
    });
    expect(await selfExclude(h.services, buyer.id, 6, now)).toEqual({ ok: true });

    const refused = await h.checkout(buyer, lines(comp.id));
    expect(refused).toMatchObject({ ok: false, status: 403, block: { code: "self_excluded" } });
    expect(!refused.ok && refused.message).toContain("You cannot enter competitions during this time.");
    expect(await checkCanEnter(h.services.db, buyer.id, 100, new Date(now.getTime() + 180 * DAY))).toMatchObject({
      code: "self_excluded",
    });

    expect(await consentStateOf(h.services.db, { userId: buyer.id, email })).toMatchObject({
      status: "withdrawn",
      source: "self_exclusion",
    });
    const [consent] = await h.services.db
      .select()
      .from(consentRecords)
      .where(and(eq(consentRecords.userId, buyer.id), eq(consentRecords.granted, false)));
    expect(consent).toMatchObject({ email, purpose: "marketing", granted: false, source: "self_exclusion" });
    const [subscription] = await h.services.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(subscription?.unsubscribedAt).toBeInstanceOf(Date);
    const [mail] = await h.mailTo(email, "self-exclusion");
    expect(mail?.subject).toBe("Your self-exclusion from Paddock is in place");
    expect((await getProtectionStatus(h.services, buyer.id, now)).excludedUntil).toBeInstanceOf(Date);
  });
});

describe("monthly spend limits", () => {
  it("refuse an order that would pass the limit, counting paid orders this month and pending ones", async () => {
    const comp = await h.createCompetition({ entryPricePence: 500 });
    const buyer = await h.createBuyer();
    const now = h.services.now();
    expect(await setMonthlyLimit(h.services, buyer.id, 1500, now)).toEqual({ ok: true, effectiveAt: now });

    const first = await h.checkout(buyer, lines(comp.id, 2));
    if (!first.ok) throw new Error(first.message);
    await h.pay(first.url);
    // £10 paid; £5 more is allowed, reserving it leaves nothing.
    const second = await h.checkout(buyer, lines(comp.id));
    expect(second.ok).toBe(true);
    const third = await h.checkout(buyer, lines(comp.id));
    expect(third).toEqual({
      ok: false,
      status: 403,
      message:
        "This order (£5.00) would take you over your monthly spending limit of £15.00. You can " +
        "spend £0.00 more this month.",
      block: {
        code: "spend_limit",
        message:
          "This order (£5.00) would take you over your monthly spending limit of £15.00. You can " +
          "spend £0.00 more this month.",
      },
    });
    expect((await getProtectionStatus(h.services, buyer.id, now)).spentThisMonthPence).toBe(1500);
  });

  it("count what was spent this month when no limit is set, for the limits page", async () => {
    const comp = await h.createCompetition({ entryPricePence: 1000 });
    const buyer = await h.createBuyer();
    const paid = await h.checkout(buyer, lines(comp.id, 3));
    if (!paid.ok) throw new Error(paid.message);
    await h.pay(paid.url);
    const [order] = await h.services.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(order).toMatchObject({ paymentStatus: "paid", totalAmountPence: 2850 });
    const status = await getProtectionStatus(h.services, buyer.id, h.services.now());
    expect(status.monthlyLimitPence).toBeNull();
    expect(status.spentThisMonthPence).toBe(2850);
  });

  it("do not count last month's spending (calendar month in UK time)", async () => {
    const buyer = await h.createBuyer();
    const now = new Date("2026-07-01T10:00:00Z");
    await setMonthlyLimit(h.services, buyer.id, 1000, now);
    const base = { userId: buyer.id, subtotalPence: 900, totalAmountPence: 900, paymentStatus: "paid" as const };
    // 22:30 UTC on 30 June is 23:30 BST, still June in London; 23:30 UTC is 00:30 BST on 1 July, so this month.
    await h.services.db.insert(orders).values([
      { ...base, paidAt: new Date("2026-06-30T22:30:00Z") },
      { ...base, totalAmountPence: 100, subtotalPence: 100, paidAt: new Date("2026-06-30T23:30:00Z") },
    ]);
    expect((await getProtectionStatus(h.services, buyer.id, now)).spentThisMonthPence).toBe(100);
    expect(await checkCanEnter(h.services.db, buyer.id, 900, now)).toBeNull();
    expect(await checkCanEnter(h.services.db, buyer.id, 901, now)).toMatchObject({ code: "spend_limit" });
  });

  it("lowering applies at once; raising waits 24 hours", async () => {
    const comp = await h.createCompetition({ entryPricePence: 1000 });
    const buyer = await h.createBuyer();
    const now = h.services.now();
    await setMonthlyLimit(h.services, buyer.id, 5000, now);
    expect(await setMonthlyLimit(h.services, buyer.id, 1000, now)).toEqual({ ok: true, effectiveAt: now });
    const raised = await setMonthlyLimit(h.services, buyer.id, 10_000, now);
    expect(raised).toEqual({ ok: true, effectiveAt: new Date(now.getTime() + DAY) });
    expect(await getProtectionStatus(h.services, buyer.id, now)).toMatchObject({
      monthlyLimitPence: 1000,
      pendingLimitPence: 10_000,
      pendingLimitEffectiveAt: new Date(now.getTime() + DAY),
    });

    const line = lines(comp.id, 2);
    expect(await h.checkout(buyer, line)).toMatchObject({ ok: false, status: 403, block: { code: "spend_limit" } });
    h.advanceClock(DAY - HOUR);
    expect(await h.checkout(buyer, line)).toMatchObject({ ok: false, block: { code: "spend_limit" } });
    h.advanceClock(HOUR + 1000);
    expect((await h.checkout(buyer, line)).ok).toBe(true);
    expect(await getProtectionStatus(h.services, buyer.id, h.services.now())).toMatchObject({
      monthlyLimitPence: 10_000,
      pendingLimitPence: null,
    });
  });

  it("removing the limit also waits 24 hours; a £0 limit stops all paid entry at once", async () => {
    const buyer = await h.createBuyer();
    const now = h.services.now();
    await setMonthlyLimit(h.services, buyer.id, 0, now);
    expect(await checkCanEnter(h.services.db, buyer.id, 1, now)).toMatchObject({ code: "spend_limit" });
    const removal = await setMonthlyLimit(h.services, buyer.id, null, now);
    expect(removal).toEqual({ ok: true, effectiveAt: new Date(now.getTime() + DAY) });
    expect(await checkCanEnter(h.services.db, buyer.id, 1, new Date(now.getTime() + DAY - 1))).toMatchObject({
      code: "spend_limit",
    });
    expect(await checkCanEnter(h.services.db, buyer.id, 100_000, new Date(now.getTime() + DAY))).toBeNull();
    expect(await setMonthlyLimit(h.services, buyer.id, -1, now)).toMatchObject({ ok: false });
  });
});
