import { describe, expect, it } from "vitest";
import { cardPartOfLines, siteCreditText, splitSiteCredit } from "./site-credit";

describe("splitSiteCredit: how much of an order the wallet pays", () => {
  it.each([
    // total, balance, credit, card, kept back for the card minimum
    [500, 0, 0, 500, false],
    [500, -20, 0, 500, false],
    [500, 200, 200, 300, false],
    [500, 470, 470, 30, false],
    [500, 500, 500, 0, false],
    [500, 900, 500, 0, false],
    [500, 471, 470, 30, true],
    [500, 499, 470, 30, true],
    [30, 29, 0, 30, true],
    [30, 30, 30, 0, false],
    [45, 20, 15, 30, true],
    [45, 44, 15, 30, true],
    [45, 15, 15, 30, false],
    [0, 100, 0, 0, false],
  ])("an order of %ip with %ip of credit: %ip credit, %ip by card", (total, balance, credit, card, kept) => {
    expect(splitSiteCredit(total, balance)).toEqual({ creditPence: credit, cardPence: card, keptForCardMinimum: kept });
  });

  it("never takes more than the balance or the total, and the card pays 0 or at least 30p (every case to £3)", () => {
    for (let total = 30; total <= 300; total++) {
      for (let balance = 0; balance <= 320; balance += 7) {
        const { creditPence, cardPence } = splitSiteCredit(total, balance);
        expect(creditPence + cardPence).toBe(total);
        expect(creditPence).toBeGreaterThanOrEqual(0);
        expect(creditPence).toBeLessThanOrEqual(Math.min(balance, total));
        expect(cardPence === 0 || cardPence >= 30).toBe(true);
      }
    }
  });

  it("refuses a total that is not whole pence", () => {
    expect(() => splitSiteCredit(1.5, 100)).toThrow(RangeError);
  });
});

describe("cardPartOfLines: the card's part of each provider line", () => {
  it.each([
    [[500], 200, [300]],
    [[500, 500], 300, [350, 350]],
    [[300, 100], 101, [224, 75]],
    [[100, 100, 100], 100, [66, 67, 67]],
    [[100, 100], 0, [100, 100]],
  ])("%j less %ip of credit is %j", (totals, credit, parts) => {
    const got = cardPartOfLines(totals, credit);
    expect(got.reduce((a, b) => a + b, 0)).toBe(totals.reduce((a, b) => a + b, 0) - credit);
    expect([...got].sort()).toEqual([...parts].sort());
  });
});

describe("siteCreditText", () => {
  it.each([
    [{ creditPence: 0, cardPence: 500, keptForCardMinimum: false }, "No site credit is used for this order."],
    [
      { creditPence: 500, cardPence: 0, keptForCardMinimum: false },
      "Your site credit pays the whole £5.00: no card payment.",
    ],
    [{ creditPence: 200, cardPence: 300, keptForCardMinimum: false }, "£2.00 from your site credit, £3.00 by card."],
    [
      { creditPence: 470, cardPence: 30, keptForCardMinimum: true },
      "£4.70 from your site credit, £0.30 by card. " +
        "Card payments start at £0.30, so we keep the rest of your credit for later.",
    ],
  ])("%j", (split, text) => expect(siteCreditText(split)).toBe(text));
});
