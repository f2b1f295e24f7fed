import { describe, expect, it } from "vitest";
import {
  type CardPayment,
  CREDIT_CARD_MONTHLY_CAP_PENCE,
  countsAsCredit,
  creditSpentThisMonth,
  passesCreditCap,
} from "./credit-card-cap";

const pay = (
  paidAt: string,
  amountPence: number,
  funding: string | null = "credit",
  refunded = false,
): CardPayment => ({
  paidAt: new Date(paidAt),
  amountPence,
  funding,
  refunded,
});

describe("what counts as a credit card", () => {
  it.each([
    ["credit", true],
    ["unknown", true],
    [null, true],
    ["debit", false],
    ["prepaid", false],
  ])("%s counts as credit: %s", (funding, credit) => {
    expect(countsAsCredit(funding)).toBe(credit);
  });
});

describe("credit card spending this London calendar month", () => {
  it("counts credit payments since London's midnight on the 1st, not refunded ones or debit cards", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const payments = [
      pay("2026-11-01T00:00:00Z", 1000), // 1 November 00:00 GMT: this month
      pay("2026-10-31T23:59:59Z", 2000), // last month
      pay("2026-11-10T10:00:00Z", 4000, "debit"),
      pay("2026-11-11T10:00:00Z", 8000, "credit", true), // refunded: not counted
      pay("2026-11-12T10:00:00Z", 500, "unknown"),
      pay("2026-11-23T12:00:00.005Z", 300), // decided a moment later by another process: still counts
    ];
    expect(creditSpentThisMonth(payments, now)).toBe(1800);
  });

  it("starts a summer month at 23:00 UTC the evening before (BST)", () => {
    const now = new Date("2026-07-15T12:00:00Z");
    expect(creditSpentThisMonth([pay("2026-06-30T23:00:00Z", 700)], now)).toBe(700); // 00:00 BST, 1 July
    expect(creditSpentThisMonth([pay("2026-06-30T22:59:59Z", 700)], now)).toBe(0); // 23:59:59 BST, 30 June
  });

  it("on the 1st just after London's midnight, last month's spending no longer counts", () => {
    const now = new Date("2026-12-01T00:00:01Z");
    expect(creditSpentThisMonth([pay("2026-11-30T23:59:00Z", 20_000)], now)).toBe(0);
  });
});

describe("the £250 cap", () => {
  it("takes a credit payment up to exactly £250 and refuses a penny more", () => {
    expect(CREDIT_CARD_MONTHLY_CAP_PENCE).toBe(25_000);
    expect(passesCreditCap("credit", 20_000, 5_000)).toBe(false);
    expect(passesCreditCap("credit", 20_000, 5_001)).toBe(true);
    expect(passesCreditCap("credit", 0, 25_001)).toBe(true);
  });

  it("never caps a debit or prepaid card", () => {
    expect(passesCreditCap("debit", 25_000, 100_000)).toBe(false);
    expect(passesCreditCap("prepaid", 25_000, 100_000)).toBe(false);
  });
});
