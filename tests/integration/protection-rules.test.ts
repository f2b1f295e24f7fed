// Player protection's rules one by one, against the database: who may enter and why not (with the exact messages a
// buyer reads), and what each protection records (the audit row, the consent ledger, the e-mail). Written for the
// survivors of the use-case mutation run (docs/quality.md); each test was seen to fail with its rule broken.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { supportServicesText } from "~/content/support";
import { auditLog, consentRecords, emailOutbox, newsletterSubscriptions, profiles, siteSettings } from "~/db/schema";
import { DOB_MESSAGES } from "~/domain/date-of-birth";
import { formatUkDateTime } from "~/domain/london-format";
import { DEFAULT_SITE_SETTINGS, paidEntryClosedMessage, settingsToRows } from "~/domain/site-settings";
import {
  checkCanEnter,
  confirmEligibility,
  getProtectionStatus,
  paidEntryBlock,
  pauseAccount,
  protectionForOrder,
  selfExclude,
  setMonthlyLimit,
  TERMS_VERSION,
} from "~/server/protection/player-protection.server";
import { createCheckoutHarness, type Harness } from "./checkout-harness";

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness();
});
afterAll(async () => {
  await h?.close();
});
afterEach(async () => {
  await h.services.db.delete(siteSettings);
});

/** Midday in London in summer: a birthday "today" is 15 June. */
const NOW = new Date("2026-06-15T11:00:00Z");

/** A buyer whose profile says exactly this (as an older or imported row could). */
async function buyerWithProfile(profile: { dateOfBirth?: string; country?: string; confirmed?: boolean }) {
  const buyer = await h.createBuyer({ eligible: false });
  await h.services.db
    .update(profiles)
    .set({
      dateOfBirth: profile.dateOfBirth ?? null,
      country: profile.country ?? null,
      eligibilityConfirmedAt: profile.confirmed === false ? null : NOW,
    })
    .where(eq(profiles.userId, buyer.id));
  return buyer;
}

const canEnter = (userId: string, pence = 100) => checkCanEnter(h.services.db, userId, pence, NOW);

async function auditOf(userId: string, action: string) {
  return h.services.db
    .select({ data: auditLog.data, actor: auditLog.actorUserId })
    .from(auditLog)
    .where(and(eq(auditLog.subject, userId), eq(auditLog.action, action)));
}

describe("who may pay to enter", () => {
  it("asks for date of birth and country when the profile has not confirmed them", async () => {
    const required = {
      code: "eligibility_required",
      message: "Please confirm your date of birth and country before your first entry.",
    };
    expect(
      await canEnter((await buyerWithProfile({ dateOfBirth: "1990-01-01", country: "GB", confirmed: false })).id),
    ).toEqual(required);
    expect(await canEnter((await buyerWithProfile({ country: "GB" })).id)).toEqual(required);
  });

  it("lets in someone whose 18th birthday is today, and refuses someone a day younger", async () => {
    expect(await canEnter((await buyerWithProfile({ dateOfBirth: "2008-06-15", country: "GB" })).id)).toBeNull();
    expect(await canEnter((await buyerWithProfile({ dateOfBirth: "2008-06-16", country: "GB" })).id)).toEqual({
      code: "under_18",
      message: "You must be 18 or over to enter.",
    });
  });

  it("refuses a recorded date of birth that cannot be right: after today, or more than 130 years ago", async () => {
    const unusable = {
      code: "invalid_date_of_birth",
      message: "The date of birth recorded with your account cannot be right. Please contact us so we can correct it.",
    };
    expect(await canEnter((await buyerWithProfile({ dateOfBirth: "2026-06-16", country: "GB" })).id)).toEqual(unusable);
    expect(await canEnter((await buyerWithProfile({ dateOfBirth: "1895-06-15", country: "GB" })).id)).toEqual(unusable);
    expect(await canEnter((await buyerWithProfile({ dateOfBirth: "1896-06-15", country: "GB" })).id)).toBeNull();
  });

  it("refuses a profile outside the United Kingdom and Ireland", async () => {
    expect(await canEnter((await buyerWithProfile({ dateOfBirth: "1990-01-01", country: "FR" })).id)).toEqual({
      code: "not_resident",
      message: "Entry is open only to residents of the United Kingdom and Ireland.",
    });
  });

  it("sends residents of a country whose paid entry is off to the postal route, and no one else", async () => {
    const settings = { ...DEFAULT_SITE_SETTINGS, paidEntry: { GB: false, IE: true } };
    await h.services.db.insert(siteSettings).values(settingsToRows(settings));
    const inBritain = await buyerWithProfile({ dateOfBirth: "1990-01-01", country: "GB" });
    const inIreland = await buyerWithProfile({ dateOfBirth: "1990-01-01", country: "IE" });
    const closed = await canEnter(inBritain.id);
    expect(closed).toEqual({ code: "paid_entry_closed", message: paidEntryClosedMessage("GB") });
    expect(await paidEntryBlock(h.services.db, inBritain.id)).toEqual(closed);
    expect(await canEnter(inIreland.id)).toBeNull();
    expect(await paidEntryBlock(h.services.db, inIreland.id)).toBeNull();
  });

  it("gives the review page the status and the spend-limit refusal from one read", async () => {
    const buyer = await buyerWithProfile({ dateOfBirth: "1990-01-01", country: "IE" });
    expect(await setMonthlyLimit(h.services, buyer.id, 1000, NOW)).toMatchObject({ ok: true });
    const review = await protectionForOrder(h.services, buyer.id, 1200, NOW);
    expect(review.status.monthlyLimitPence).toBe(1000);
    expect(review.status.eligibility).toEqual({ confirmed: true, dateOfBirth: "1990-01-01", country: "IE" });
    expect(review.block).toEqual({
      code: "spend_limit",
      message:
        "This order (£12.00) would take you over your monthly spending limit of £10.00. " +
        "You can spend £10.00 more this month.",
    });
    expect((await protectionForOrder(h.services, buyer.id, 1000, NOW)).block).toBeNull();
  });
});

describe("what each protection records", () => {
  it("records the confirmed country and the terms version in the audit log", async () => {
    const buyer = await buyerWithProfile({ confirmed: false });
    const answers = { dateOfBirth: "1990-01-01", country: "IE" as const, acceptTerms: true };
    expect(await confirmEligibility(h.services, buyer.id, answers, NOW)).toEqual({ ok: true });
    expect(await auditOf(buyer.id, "eligibility.confirmed")).toEqual([
      { actor: buyer.id, data: { country: "IE", termsVersion: TERMS_VERSION } },
    ]);
  });

  it("refuses a limit out of range with the exact message, and audits the one it sets", async () => {
    const buyer = await buyerWithProfile({ dateOfBirth: "1990-01-01", country: "GB" });
    const refused = await setMonthlyLimit(h.services, buyer.id, -1, NOW);
    expect(refused).toEqual({ ok: false, message: expect.stringMatching(/^Enter a limit from £0 to £[\d,]+\.00\.$/) });
    const set = await setMonthlyLimit(h.services, buyer.id, 5000, NOW);
    if (!set.ok) throw new Error(set.message);
    expect(await auditOf(buyer.id, "protection.limit")).toEqual([
      { actor: buyer.id, data: { requestedPence: 5000, immediate: true, effectiveAt: set.effectiveAt.toISOString() } },
    ]);
  });

  it("audits a pause with its length and end, and refuses a length it does not offer", async () => {
    const buyer = await buyerWithProfile({ dateOfBirth: "1990-01-01", country: "GB" });
    await expect(pauseAccount(h.services, buyer.id, 3 as 7, NOW)).rejects.toThrow(RangeError);
    await pauseAccount(h.services, buyer.id, 7, NOW);
    const rows = await auditOf(buyer.id, "protection.pause");
    expect(rows.map((r) => r.data)).toEqual([{ days: 7, until: expect.any(String) }]);
    const until = new Date((rows[0]!.data as { until: string }).until);
    expect(until.getTime() - NOW.getTime()).toBeGreaterThanOrEqual(7 * 24 * 3_600_000 - 3_600_000);
    expect((await canEnter(buyer.id))?.code).toBe("paused");
  });

  it("self-exclusion withdraws consent for every address, audits itself and e-mails the account", async () => {
    const buyer = await buyerWithProfile({ dateOfBirth: "1990-01-01", country: "GB" });
    const profileEmail = `other-${buyer.id.slice(0, 8)}@example.test`;
    await h.services.db.update(profiles).set({ email: profileEmail }).where(eq(profiles.userId, buyer.id));
    expect(await selfExclude(h.services, buyer.id, 6, NOW)).toEqual({ ok: true });

    const withdrawn = await h.services.db
      .select({
        email: consentRecords.email,
        granted: consentRecords.granted,
        source: consentRecords.source,
        wording: consentRecords.wording,
      })
      .from(consentRecords)
      .where(eq(consentRecords.userId, buyer.id));
    const wording = "Marketing consent withdrawn because the account self-excluded.";
    expect(withdrawn.sort((a, b) => a.email.localeCompare(b.email))).toEqual(
      [buyer.email, profileEmail].sort().map((email) => ({ email, granted: false, source: "self_exclusion", wording })),
    );
    const [audit] = await auditOf(buyer.id, "protection.self_exclusion");
    expect(audit?.data).toEqual({ months: 6, until: expect.any(String) });

    const mail = await h.services.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email));
    expect(mail.map((m) => [m.kind, m.subject])).toEqual([
      ["self-exclusion", "Your self-exclusion from Paddock is in place"],
    ]);
    expect(mail[0]?.text).toContain("You have excluded yourself from entering Paddock competitions.");
    expect(mail[0]?.text).toContain("cannot be ended early");
    expect(mail[0]?.text).toContain("we will not send you marketing e-mails");
    expect(mail[0]?.text).toContain(supportServicesText());
    // The inbox preview line is the HTML part's hidden first line.
    expect(mail[0]?.html).toContain("Your self-exclusion is in place.");
    expect((await canEnter(buyer.id))?.code).toBe("self_excluded");
  });
});

// Second pass (issue 26): what a protection does to one already running, which refusal comes first, what the
// status shows once a protection has ended, and the rest of what self-exclusion and confirming change.
describe("protections over time", () => {
  const DAY = 24 * 3_600_000;
  const eligible = () => buyerWithProfile({ dateOfBirth: "1990-01-01", country: "GB" });
  const untilOf = async (userId: string, action: string) =>
    (await auditOf(userId, action)).map((r) => (r.data as { until: string }).until);
  /** The status shows `until` while the protection runs; a day after it, none, and entry is open again. */
  async function expectRunsUntil(userId: string, key: "pausedUntil" | "excludedUntil", until: string | undefined) {
    expect((await getProtectionStatus(h.services, userId, NOW))[key]?.toISOString()).toBe(until);
    const later = new Date(new Date(until as string).getTime() + DAY);
    expect((await getProtectionStatus(h.services, userId, later))[key]).toBeNull();
    expect(await checkCanEnter(h.services.db, userId, 100, later)).toBeNull();
    return later;
  }

  it("never shortens a running pause, and starts an ended one again from now", async () => {
    const buyer = await eligible();
    await pauseAccount(h.services, buyer.id, 30, NOW);
    await pauseAccount(h.services, buyer.id, 1, NOW);
    const [thirty, again] = await untilOf(buyer.id, "protection.pause");
    expect(again).toBe(thirty);
    // After the 30 days the pause has ended, and a new one counts from then.
    const later = await expectRunsUntil(buyer.id, "pausedUntil", thirty);
    await pauseAccount(h.services, buyer.id, 1, later);
    const [, , fresh] = await untilOf(buyer.id, "protection.pause");
    const length = new Date(fresh as string).getTime() - later.getTime();
    expect(length).toBeGreaterThanOrEqual(DAY - 3_600_000);
    expect(length).toBeLessThanOrEqual(DAY + 3_600_000);
  });

  it("never shortens a running self-exclusion, and refuses a length it does not offer with its words", async () => {
    const buyer = await eligible();
    expect(await selfExclude(h.services, buyer.id, 2, NOW)).toEqual({
      ok: false,
      message: "Self-exclusion lasts from 6 months to 5 years.",
    });
    expect(await auditOf(buyer.id, "protection.self_exclusion")).toEqual([]);
    await selfExclude(h.services, buyer.id, 12, NOW);
    await selfExclude(h.services, buyer.id, 6, NOW);
    const [year, again] = await untilOf(buyer.id, "protection.self_exclusion");
    expect(again).toBe(year);
    await expectRunsUntil(buyer.id, "excludedUntil", year);
  });

  it("puts self-exclusion before a pause, and a pause before eligibility, with the end date in the words", async () => {
    const buyer = await buyerWithProfile({ confirmed: false });
    await pauseAccount(h.services, buyer.id, 7, NOW);
    const [paused] = await untilOf(buyer.id, "protection.pause");
    expect(await canEnter(buyer.id)).toEqual({
      code: "paused",
      message:
        `Your account is paused until ${formatUkDateTime(new Date(paused as string))}. ` +
        "You can enter again after that.",
    });
    await selfExclude(h.services, buyer.id, 6, NOW);
    const [excluded] = await untilOf(buyer.id, "protection.self_exclusion");
    expect(await canEnter(buyer.id)).toEqual({
      code: "self_excluded",
      message:
        `You have self-excluded until ${formatUkDateTime(new Date(excluded as string))}. ` +
        "You cannot enter competitions during this time.",
    });
    const [mail] = await h.services.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email));
    expect(mail?.text).toContain(`until ${formatUkDateTime(new Date(excluded as string))} (UK time)`);
  });

  it("shows a raised limit as pending until it applies, and an account with no protections as such", async () => {
    const buyer = await eligible();
    expect(await getProtectionStatus(h.services, buyer.id, NOW)).toMatchObject({
      monthlyLimitPence: null,
      pendingLimitPence: null,
      pendingLimitEffectiveAt: null,
      spentThisMonthPence: 0,
      pausedUntil: null,
      excludedUntil: null,
    });
    await setMonthlyLimit(h.services, buyer.id, 1000, NOW);
    const raised = await setMonthlyLimit(h.services, buyer.id, 3000, NOW);
    if (!raised.ok) throw new Error(raised.message);
    expect(await getProtectionStatus(h.services, buyer.id, NOW)).toMatchObject({
      monthlyLimitPence: 1000,
      pendingLimitPence: 3000,
      pendingLimitEffectiveAt: raised.effectiveAt,
    });
    expect(await getProtectionStatus(h.services, buyer.id, raised.effectiveAt)).toMatchObject({
      monthlyLimitPence: 3000,
      pendingLimitPence: null,
    });
    const stranger = await h.createBuyer({ eligible: false });
    await h.services.db.delete(profiles).where(eq(profiles.userId, stranger.id));
    expect((await getProtectionStatus(h.services, stranger.id, NOW)).eligibility).toEqual({
      confirmed: false,
      dateOfBirth: null,
      country: null,
    });
    expect(await paidEntryBlock(h.services.db, stranger.id)).toBeNull();
  });

  it("refuses an id with no account as not confirmed, and shows it nothing, without failing", async () => {
    const nobody = "no-such-account";
    expect((await canEnter(nobody))?.code).toBe("eligibility_required");
    expect(await getProtectionStatus(h.services, nobody, NOW)).toMatchObject({
      eligibility: { confirmed: false, dateOfBirth: null, country: null },
      monthlyLimitPence: null,
      spentThisMonthPence: 0,
      pausedUntil: null,
      excludedUntil: null,
    });
  });

  it("self-excludes an account without a profile: its own address only, and the e-mail", async () => {
    const buyer = await h.createBuyer({ eligible: false });
    await h.services.db.delete(profiles).where(eq(profiles.userId, buyer.id));
    expect(await selfExclude(h.services, buyer.id, 6, NOW)).toEqual({ ok: true });
    const withdrawn = await h.services.db
      .select({ email: consentRecords.email })
      .from(consentRecords)
      .where(eq(consentRecords.userId, buyer.id));
    expect(withdrawn).toEqual([{ email: buyer.email.toLowerCase() }]);
    const mail = await h.services.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email));
    expect(mail.map((m) => m.kind)).toEqual(["self-exclusion"]);
    expect((await canEnter(buyer.id))?.code).toBe("self_excluded");
  });

  it("ends the newsletter of each address self-exclusion covers, in any case, and sends the mail at once", async () => {
    const buyer = await eligible();
    const subscribe = (email: string, unsubscribedAt: Date | null = null) => ({
      email,
      name: "Reader",
      consentText: "Yes please",
      consentedAt: NOW,
      consentSource: "test",
      unsubscribeToken: crypto.randomUUID(),
      unsubscribedAt,
    });
    const earlier = new Date(NOW.getTime() - DAY);
    const other = `someone-else-${buyer.id.slice(0, 8)}@example.test`;
    await h.services.db
      .insert(newsletterSubscriptions)
      .values([subscribe(buyer.email.toUpperCase()), subscribe(other)]);
    const kick = vi.spyOn(h.services.mail, "kick");
    try {
      await selfExclude(h.services, buyer.id, 6, NOW);
      expect(kick).toHaveBeenCalled();
    } finally {
      kick.mockRestore();
    }
    const rows = await h.services.db
      .select({ email: newsletterSubscriptions.email, unsubscribedAt: newsletterSubscriptions.unsubscribedAt })
      .from(newsletterSubscriptions)
      .where(inArray(newsletterSubscriptions.email, [buyer.email.toUpperCase(), other]));
    expect(rows.find((r) => r.email === other)?.unsubscribedAt).toBeNull();
    expect(rows.find((r) => r.email !== other)?.unsubscribedAt).toEqual(NOW);
    // An address already unsubscribed keeps the date it left.
    const gone = await eligible();
    await h.services.db.insert(newsletterSubscriptions).values(subscribe(gone.email, earlier));
    await selfExclude(h.services, gone.id, 6, NOW);
    const [left] = await h.services.db
      .select({ unsubscribedAt: newsletterSubscriptions.unsubscribedAt })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, gone.email));
    expect(left?.unsubscribedAt).toEqual(earlier);
  });

  it("records a second confirmation over the first, and names the field each refusal is about", async () => {
    const buyer = await buyerWithProfile({ confirmed: false });
    const answers = { dateOfBirth: "1990-01-01", country: "GB" as const, acceptTerms: true };
    expect(await confirmEligibility(h.services, buyer.id, answers, NOW)).toEqual({ ok: true });
    const later = new Date(NOW.getTime() + DAY);
    const moved = { ...answers, dateOfBirth: "1991-02-03", country: "IE" as const };
    expect(await confirmEligibility(h.services, buyer.id, moved, later)).toEqual({ ok: true });
    const [profile] = await h.services.db.select().from(profiles).where(eq(profiles.userId, buyer.id));
    expect(profile).toMatchObject({ dateOfBirth: "1991-02-03", country: "IE", eligibilityConfirmedAt: later });
    const refusal = (input: Partial<typeof answers>) =>
      confirmEligibility(h.services, buyer.id, { ...answers, ...(input as object) } as typeof answers, NOW);
    expect(await refusal({ acceptTerms: "true" as unknown as boolean })).toEqual({
      ok: false,
      message: "You must accept the terms and conditions",
      field: "acceptTerms",
    });
    expect(await refusal({ country: "FR" as "GB" })).toMatchObject({ ok: false, field: "country" });
    expect(await refusal({ dateOfBirth: "2026-02-30" })).toEqual({
      ok: false,
      message: DOB_MESSAGES.real,
      field: "dateOfBirth",
    });
    expect(await refusal({ dateOfBirth: "2026-07-01" })).toEqual({
      ok: false,
      message: DOB_MESSAGES.past,
      field: "dateOfBirth",
    });
    expect(await refusal({ dateOfBirth: "2010-01-01" })).toMatchObject({ ok: false, field: "dateOfBirth" });
  });
});
