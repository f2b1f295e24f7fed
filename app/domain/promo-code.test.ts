import { describe, expect, it } from "vitest";
import { priceBasket } from "./pricing";
import {
  decidePromoCode,
  MIN_CARD_PAYMENT_PENCE,
  PROMO_STATE_LABELS,
  type PromoCodeFacts,
  type PromoLine,
  type PromoRefusal,
  promoCodeState,
  promoDiscount,
  shareDiscount,
} from "./promo-code";

const NOW = new Date("2026-11-21T12:00:00.000Z");
const HOUR = 3_600_000;

function code(overrides: Partial<PromoCodeFacts> = {}): PromoCodeFacts {
  return {
    code: "SADDLE10",
    kind: "percent",
    value: 10,
    minimumSpendPence: 0,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    maxUsesPerPerson: null,
    competitionIds: null,
    uses: 0,
    active: true,
    ...overrides,
  };
}

const line = (competitionId: number, totalPence: number, postal = false): PromoLine => ({
  competitionId,
  totalPence,
  postal,
});

function decide(facts: PromoCodeFacts | null, lines: PromoLine[] = [line(1, 1000)], usedByBuyer = 0) {
  return decidePromoCode({ typed: " saddle10 ", code: facts, usedByBuyer, lines, now: NOW });
}

describe("decidePromoCode: refusals, each naming the problem", () => {
  const cases: [string, PromoCodeFacts | null, PromoLine[], number, PromoRefusal, string][] = [
    ["no such code", null, [line(1, 1000)], 0, "unknown", 'We do not recognise the promo code "saddle10".'],
    ["deactivated", code({ active: false }), [line(1, 1000)], 0, "inactive", "SADDLE10 has been withdrawn"],
    [
      "not started",
      code({ startsAt: new Date(NOW.getTime() + HOUR) }),
      [line(1, 1000)],
      0,
      "not_started",
      "The promo code SADDLE10 cannot be used yet: it starts on",
    ],
    ["ended this instant", code({ endsAt: NOW }), [line(1, 1000)], 0, "expired", "The promo code SADDLE10 expired on"],
    [
      "ended an hour ago",
      code({ startsAt: new Date(NOW.getTime() - 2 * HOUR), endsAt: new Date(NOW.getTime() - HOUR) }),
      [line(1, 1000)],
      0,
      "expired",
      "expired on",
    ],
    [
      "all uses taken",
      code({ maxUses: 5, uses: 5 }),
      [line(1, 1000)],
      0,
      "used_up",
      "The promo code SADDLE10 has been used up",
    ],
    [
      "once per person, used once",
      code({ maxUsesPerPerson: 1 }),
      [line(1, 1000)],
      1,
      "already_used",
      "You have already used the promo code SADDLE10: it can be used once per person.",
    ],
    [
      "twice per person, used twice",
      code({ maxUsesPerPerson: 2 }),
      [line(1, 1000)],
      2,
      "already_used",
      "You have already used the promo code SADDLE10 2 times",
    ],
    [
      "limited to other competitions",
      code({ competitionIds: [7, 8] }),
      [line(1, 1000), line(2, 500)],
      0,
      "not_in_scope",
      "The promo code SADDLE10 is not valid for the competitions in this order.",
    ],
    ["only a postal entry", code(), [line(1, 1000, true)], 0, "not_in_scope", "not valid for the competitions"],
    [
      "minimum spend on covered lines not met (uncovered lines do not count)",
      code({ minimumSpendPence: 1500, competitionIds: [1] }),
      [line(1, 1000), line(2, 5000)],
      0,
      "minimum_spend",
      "The promo code SADDLE10 needs a spend of at least £15.00 on the competitions it covers; this order has £10.00.",
    ],
    [
      "a fixed sum that would make the order free",
      code({ kind: "fixed", value: 5000 }),
      [line(1, 1000)],
      0,
      "too_little_left",
      `would leave less than £0.30 to pay`,
    ],
    ["100 percent", code({ value: 100 }), [line(1, 1000)], 0, "too_little_left", "smallest card payment"],
    [
      "leaves 29p",
      code({ kind: "fixed", value: 971 }),
      [line(1, 1000)],
      0,
      "too_little_left",
      "cannot be used on this order",
    ],
  ];
  it.each(cases)("%s", (_name, facts, lines, used, reason, words) => {
    const decision = decide(facts, lines, used);
    expect(decision.ok).toBe(false);
    if (decision.ok) return;
    expect(decision.reason).toBe(reason);
    expect(decision.message).toContain(words);
  });

  it("checks the code before the buyer and the buyer before the order", () => {
    const everything = code({ active: true, maxUses: 1, uses: 1, maxUsesPerPerson: 1, competitionIds: [9] });
    expect(decide(everything, [line(1, 10)], 1)).toMatchObject({ reason: "used_up" });
    expect(decide({ ...everything, uses: 0 }, [line(1, 10)], 1)).toMatchObject({ reason: "already_used" });
    expect(decide({ ...everything, uses: 0 }, [line(1, 10)], 0)).toMatchObject({ reason: "not_in_scope" });
  });
});

describe("decidePromoCode: what a valid code takes off", () => {
  const cases: [string, PromoCodeFacts, PromoLine[], number, number[]][] = [
    ["10% of £10.00", code(), [line(1, 1000)], 100, [100]],
    ["10% half up (£0.95 → 10p)", code(), [line(1, 95)], 10, [10]],
    ["10% of 94p rounds to 9p", code(), [line(1, 94)], 9, [9]],
    ["£2 fixed", code({ kind: "fixed", value: 200 }), [line(1, 1000)], 200, [200]],
    [
      "fixed, shared by line totals",
      code({ kind: "fixed", value: 300 }),
      [line(1, 1000), line(2, 500)],
      300,
      [200, 100],
    ],
    ["only covered lines", code({ competitionIds: [2] }), [line(1, 1000), line(2, 500)], 50, [0, 50]],
    ["never postal lines", code({ kind: "fixed", value: 300 }), [line(1, 1000, true), line(2, 500)], 300, [0, 300]],
    [
      "fixed more than the covered lines: capped at them",
      code({ kind: "fixed", value: 900, competitionIds: [2] }),
      [line(1, 1000), line(2, 500)],
      500,
      [0, 500],
    ],
    [
      "odd penny to the largest remainder",
      code({ kind: "fixed", value: 100 }),
      [line(1, 333), line(2, 333), line(3, 334)],
      100,
      [33, 33, 34],
    ],
    ["minimum exactly met", code({ minimumSpendPence: 1000 }), [line(1, 1000)], 100, [100]],
    ["per person limit not reached", code({ maxUsesPerPerson: 2 }), [line(1, 1000)], 100, [100]],
    ["within its window", code({ startsAt: NOW, endsAt: new Date(NOW.getTime() + 1) }), [line(1, 1000)], 100, [100]],
    ["one use left", code({ maxUses: 5, uses: 4 }), [line(1, 1000)], 100, [100]],
    ["leaves exactly the card minimum", code({ kind: "fixed", value: 970 }), [line(1, 1000)], 970, [970]],
  ];
  it.each(cases)("%s", (_name, facts, lines, discount, shares) => {
    const decision = decide(facts, lines);
    expect(decision.ok).toBe(true);
    if (!decision.ok) return;
    const before = lines.reduce((sum, l) => sum + l.totalPence, 0);
    expect(decision.discountPence).toBe(discount);
    expect(decision.lines.map((l) => l.promoDiscountPence)).toEqual(shares);
    expect(decision.totalBeforePence).toBe(before);
    expect(decision.totalPence).toBe(before - discount);
    expect(decision.lines.map((l) => l.totalPence)).toEqual(lines.map((l, i) => l.totalPence - (shares[i] ?? 0)));
    expect(decision.code).toBe("SADDLE10");
  });

  it("applies after the multi-buy discount: 10% off five £2 tickets (£9.00 after multi-buy) is 90p", () => {
    const priced = priceBasket([{ competitionId: 1, unitPricePence: 200, quantity: 5 }]);
    const decision = decidePromoCode({ typed: "x", code: code(), usedByBuyer: 0, lines: priced.lines, now: NOW });
    expect(priced.totalPence).toBe(900);
    expect(decision).toMatchObject({ ok: true, discountPence: 90, totalPence: 810 });
  });
});

describe("promo arithmetic: never below zero, shares add up", () => {
  it("promoDiscount is between 0 and what it is applied to", () => {
    for (const kind of ["percent", "fixed"] as const)
      for (const value of [1, 5, 33, 99, 100, 250, 10_000])
        for (const covered of [0, 1, 29, 30, 99, 100, 101, 999, 12_345]) {
          const off = promoDiscount({ kind, value }, covered);
          expect(off).toBeGreaterThanOrEqual(0);
          expect(off).toBeLessThanOrEqual(covered);
        }
  });

  it("shareDiscount's shares add up to the discount and never exceed a line", () => {
    const totals = [[1], [1, 1], [3, 7, 11], [0, 500, 0], [999, 1, 1, 1], [250, 250, 250, 250]];
    for (const lines of totals) {
      const whole = lines.reduce((s, t) => s + t, 0);
      for (const discount of [0, 1, 2, Math.floor(whole / 3), whole - 1, whole].filter((d) => d >= 0 && d <= whole)) {
        const shares = shareDiscount(lines, discount);
        expect(shares.reduce((s, t) => s + t, 0)).toBe(discount);
        shares.forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(lines[i] as number);
        });
      }
    }
  });

  it("the card minimum is Stripe's 30p", () => expect(MIN_CARD_PAYMENT_PENCE).toBe(30));
});

describe("promoCodeState: where a code stands for staff", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const at = (iso: string) => new Date(iso);
  const code = { active: true, startsAt: null, endsAt: null, maxUses: null, uses: 0 };
  it.each([
    ["running with no window or limit", code, "running"],
    ["deactivated, whatever its dates", { ...code, active: false, endsAt: at("2026-01-01T00:00:00Z") }, "inactive"],
    ["before its start", { ...code, startsAt: at("2026-06-01T12:00:01Z") }, "not_started"],
    ["from its start", { ...code, startsAt: now }, "running"],
    ["at its end", { ...code, endsAt: now }, "expired"],
    ["just before its end", { ...code, endsAt: at("2026-06-01T12:00:01Z") }, "running"],
    ["with every use taken", { ...code, maxUses: 3, uses: 3 }, "used_up"],
    ["with one use left", { ...code, maxUses: 3, uses: 2 }, "running"],
  ] as const)("%s", (_, facts, state) => {
    expect(promoCodeState(facts, now)).toBe(state);
  });

  it("labels every state for the staff's lists", () => {
    expect(PROMO_STATE_LABELS.expired).toBe("Ended");
    expect(PROMO_STATE_LABELS.inactive).toBe("Deactivated");
  });
});
