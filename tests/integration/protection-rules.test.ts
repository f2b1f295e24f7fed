// Player protection's rules one by one, against the database: who may enter and why not (with the exact messages a
// buyer reads), and what each protection records (the audit row, the consent ledger, the e-mail). Written for the
// survivors of the use-case mutation run (docs/quality.md); each test was seen to fail with its rule broken.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, consentRecords, emailOutbox, profiles, siteSettings } from "~/db/schema";
import { DEFAULT_SITE_SETTINGS, paidEntryClosedMessage, settingsToRows } from "~/domain/site-settings";
import {
  checkCanEnter,
  confirmEligibility,
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
      .select({ email: consentRecords.email, granted: consentRecords.granted, source: consentRecords.source })
      .from(consentRecords)
      .where(eq(consentRecords.userId, buyer.id));
    expect(withdrawn.sort((a, b) => a.email.localeCompare(b.email))).toEqual(
      [buyer.email, profileEmail].sort().map((email) => ({ email, granted: false, source: "self_exclusion" })),
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
    expect((await canEnter(buyer.id))?.code).toBe("self_excluded");
  });
});
