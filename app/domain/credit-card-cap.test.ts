import { describe, expect, it } from "vitest";
import { CREDIT_CARD_MONTHLY_CAP_PENCE, countsAsCredit } from "./credit-card-cap";

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

// What the cap counts over a month, and where the month starts, is decided in SQL (paddock_authorise): tested on both
// engines in tests/integration/credit-card-cap.test.ts.
it("the cap is £250", () => {
  expect(CREDIT_CARD_MONTHLY_CAP_PENCE).toBe(25_000);
});
