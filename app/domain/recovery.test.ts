import { describe, expect, it } from "vitest";
import {
  abandonedAgo,
  autoSendAllowedAfter,
  autoSendDelayHours,
  autoSendWindow,
  type RecoveryFacts,
  recoveredSales,
  recoveryEligibility,
} from "./recovery";

const now = new Date("2026-11-23T12:00:00Z");
const later = new Date("2026-12-23T12:00:00Z");
const earlier = new Date("2026-10-23T12:00:00Z");
const facts = (overrides: Partial<RecoveryFacts> = {}): RecoveryFacts => ({
  accountExists: true,
  consent: "never",
  hasPaidBefore: false,
  pausedUntil: null,
  excludedUntil: null,
  ...overrides,
});

describe("who may be sent a recovery e-mail, and on what basis", () => {
  it("current consent is the basis, whether or not they bought before", () => {
    expect(recoveryEligibility(facts({ consent: "granted" }), now)).toEqual({ ok: true, basis: "consent" });
    expect(recoveryEligibility(facts({ consent: "granted", hasPaidBefore: true }), now)).toEqual({
      ok: true,
      basis: "consent",
    });
  });

  it("an existing customer who never chose either way is under the soft opt-in", () => {
    expect(recoveryEligibility(facts({ hasPaidBefore: true }), now)).toEqual({ ok: true, basis: "soft-opt-in" });
  });

  it("without consent or an earlier purchase there is no basis", () => {
    expect(recoveryEligibility(facts(), now)).toEqual({ ok: false, refusal: "no-basis" });
  });

  it("an opt-out beats the soft opt-in", () => {
    expect(recoveryEligibility(facts({ consent: "withdrawn", hasPaidBefore: true }), now)).toEqual({
      ok: false,
      refusal: "opted-out",
    });
  });

  it("self-excluded, paused and deleted accounts never receive one, even with consent", () => {
    const willing = { consent: "granted" as const, hasPaidBefore: true };
    expect(recoveryEligibility(facts({ ...willing, excludedUntil: later }), now)).toEqual({
      ok: false,
      refusal: "self-excluded",
    });
    expect(recoveryEligibility(facts({ ...willing, pausedUntil: later }), now)).toEqual({
      ok: false,
      refusal: "paused",
    });
    expect(recoveryEligibility(facts({ ...willing, accountExists: false }), now)).toEqual({
      ok: false,
      refusal: "account-deleted",
    });
  });

  it("a pause or exclusion that has ended no longer blocks", () => {
    expect(
      recoveryEligibility(facts({ consent: "granted", pausedUntil: earlier, excludedUntil: earlier }), now),
    ).toEqual({ ok: true, basis: "consent" });
  });
});

describe("an abandonment's age, as hours or days", () => {
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  it.each([
    [0, "less than an hour ago"],
    [59, "less than an hour ago"],
    [60, "1 hour ago"],
    [3 * 60 + 20, "3 hours ago"],
    [23 * 60 + 59, "23 hours ago"],
    [24 * 60, "1 day ago"],
    [2 * 24 * 60 + 5 * 60, "2 days ago"],
  ])("%i minutes ago reads %s", (minutes, text) => {
    expect(abandonedAgo(at(minutes), now)).toBe(text);
  });

  it("a time in the future (clock skew) reads as just now", () => {
    expect(abandonedAgo(new Date(now.getTime() + 60_000), now)).toBe("less than an hour ago");
  });
});

describe("the automatic rule", () => {
  it("is off by default and for anything but whole hours from 1 to 168", () => {
    for (const stored of [undefined, null, 0, -1, 1.5, 169, "24", true]) expect(autoSendDelayHours(stored)).toBeNull();
    expect(autoSendDelayHours(1)).toBe(1);
    expect(autoSendDelayHours(24)).toBe(24);
    expect(autoSendDelayHours(168)).toBe(168);
  });

  it("sends for abandonments at least the delay old, looking back three days past it", () => {
    const { from, to } = autoSendWindow(24, now);
    expect(to.toISOString()).toBe("2026-11-22T12:00:00.000Z");
    expect(from.toISOString()).toBe("2026-11-19T12:00:00.000Z");
  });

  it("mails one person at most once a week", () => {
    expect(autoSendAllowedAfter(null, now)).toBe(true);
    expect(autoSendAllowedAfter(new Date("2026-11-17T12:00:00Z"), now)).toBe(false);
    expect(autoSendAllowedAfter(new Date("2026-11-16T12:00:00Z"), now)).toBe(true);
  });
});

describe("recovered checkouts that were then paid", () => {
  const used = new Date("2026-11-20T10:00:00Z");
  const at = (iso: string) => new Date(iso);
  const line = (competitionId: number, totalPence: number) => ({ competitionId, totalPence });

  it("counts an order paid after the link was used, by that person, for those competitions", () => {
    const result = recoveredSales(
      [{ userId: "u1", usedAt: used, competitionIds: [1, 2] }],
      [{ orderId: "o1", userId: "u1", paidAt: at("2026-11-20T10:05:00Z"), lines: [line(1, 500), line(3, 900)] }],
    );
    expect(result).toEqual({ count: 1, valuePence: 500 });
  });

  it("ignores orders before the link was used, by someone else, or for other competitions", () => {
    const result = recoveredSales(
      [{ userId: "u1", usedAt: used, competitionIds: [1] }],
      [
        { orderId: "before", userId: "u1", paidAt: at("2026-11-20T09:59:00Z"), lines: [line(1, 500)] },
        { orderId: "other-person", userId: "u2", paidAt: at("2026-11-21T10:00:00Z"), lines: [line(1, 500)] },
        { orderId: "other-competition", userId: "u1", paidAt: at("2026-11-21T10:00:00Z"), lines: [line(7, 500)] },
      ],
    );
    expect(result).toEqual({ count: 0, valuePence: 0 });
  });

  it("counts each recovery once and each paid order for one recovery only", () => {
    const result = recoveredSales(
      [
        { userId: "u1", usedAt: used, competitionIds: [1] },
        { userId: "u1", usedAt: at("2026-11-20T11:00:00Z"), competitionIds: [1] },
      ],
      [
        { orderId: "first", userId: "u1", paidAt: at("2026-11-20T12:00:00Z"), lines: [line(1, 300)] },
        { orderId: "second", userId: "u1", paidAt: at("2026-11-22T12:00:00Z"), lines: [line(1, 700)] },
      ],
    );
    expect(result).toEqual({ count: 2, valuePence: 1000 });
  });
});
