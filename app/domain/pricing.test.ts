import { describe, expect, it } from "vitest";
import { multiBuyOffers, multiBuyText } from "./multi-buy-text";
import { MULTI_BUY_MESSAGES, multiBuyTierProblems } from "./multi-buy-tiers";
import {
  clampQuantity,
  discountPercentFor,
  MAX_TICKETS,
  MIN_TICKETS,
  priceBasket,
  priceLine,
  STANDARD_MULTI_BUY_TIERS,
} from "./pricing";

const QUANTITIES = Array.from({ length: MAX_TICKETS }, (_, i) => i + 1);

/** Deterministic pseudo-random prices so property checks cover odd amounts yet never flake. */
function* seededPrices(count: number, maxPence: number): Generator<number> {
  let state = 0x2f6b_3a91;
  for (let i = 0; i < count; i++) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    yield state % (maxPence + 1);
  }
}

describe("ticket limits", () => {
  it("allow 1 to 10 tickets per purchase", () => {
    expect(MIN_TICKETS).toBe(1);
    expect(MAX_TICKETS).toBe(10);
  });
});

describe("discountPercentFor", () => {
  it.each([
    [1, 0],
    [2, 0],
    [3, 5],
    [4, 5],
    [5, 10],
    [6, 10],
    [7, 10],
    [8, 10],
    [9, 10],
    [10, 10],
    [11, 10],
    [100, 10],
  ])("gives %i tickets a %i%% multi-buy discount", (quantity, percent) => {
    expect(discountPercentFor(quantity)).toBe(percent);
  });

  it.each([0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY])("refuses a quantity of %s", (quantity) => {
    expect(() => discountPercentFor(quantity)).toThrow(RangeError);
  });
});

describe("priceLine", () => {
  // Expected totals worked by hand: unit × quantity × (1 − discount), half-up to the penny.
  const totalsByUnitPrice: Record<number, number[]> = {
    0: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    1: [1, 2, 3, 4, 5, 5, 6, 7, 8, 9],
    49: [49, 98, 140, 186, 221, 265, 309, 353, 397, 441],
    99: [99, 198, 282, 376, 446, 535, 624, 713, 802, 891],
    250: [250, 500, 713, 950, 1125, 1350, 1575, 1800, 2025, 2250],
    499: [499, 998, 1422, 1896, 2246, 2695, 3144, 3593, 4042, 4491],
    500: [500, 1000, 1425, 1900, 2250, 2700, 3150, 3600, 4050, 4500],
  };
  const table = Object.entries(totalsByUnitPrice).flatMap(([unit, totals]) =>
    totals.map((total, i) => [Number(unit), i + 1, total] as const),
  );

  it.each(table)("prices %ip × %i at %ip", (unitPricePence, quantity, totalPence) => {
    const line = priceLine(unitPricePence, quantity);
    expect(line).toEqual({
      quantity,
      unitPricePence,
      subtotalPence: unitPricePence * quantity,
      discountPercent: discountPercentFor(quantity),
      discountPence: unitPricePence * quantity - totalPence,
      totalPence,
    });
  });

  it("prices the demo £5 ticket at 5 for £22.50, saving £2.50", () => {
    expect(priceLine(500, 5)).toMatchObject({ subtotalPence: 2500, discountPence: 250, totalPence: 2250 });
  });

  describe("rounding to the nearest penny, half up", () => {
    it.each([
      ["49p × 3 at 5% is 139.65p", 49, 3, 140, 7],
      ["10p × 3 at 5% is exactly 28.5p", 10, 3, 29, 1],
      ["250p × 3 at 5% is exactly 712.5p", 250, 3, 713, 37],
      ["1p × 5 at 10% is exactly 4.5p", 1, 5, 5, 0],
      ["3p × 5 at 10% is exactly 13.5p", 3, 5, 14, 1],
      ["499p × 5 at 10% is exactly 2245.5p", 499, 5, 2246, 249],
      ["1p × 4 at 5% is 3.8p", 1, 4, 4, 0],
      ["1p × 6 at 10% is 5.4p", 1, 6, 5, 1],
      ["11p × 3 at 5% is 31.35p", 11, 3, 31, 2],
      ["33p × 7 at 10% is 207.9p", 33, 7, 208, 23],
    ])("%s", (_label, unit, quantity, totalPence, discountPence) => {
      expect(priceLine(unit, quantity)).toMatchObject({ totalPence, discountPence });
    });
  });

  it.each([0, -1, 11, 2.5, Number.NaN, Number.POSITIVE_INFINITY])("refuses a quantity of %s", (quantity) => {
    expect(() => priceLine(500, quantity)).toThrow(RangeError);
  });

  it.each([-1, -500, 4.99, 0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    "refuses a unit price of %s",
    (unitPricePence) => {
      expect(() => priceLine(unitPricePence, 1)).toThrow(RangeError);
    },
  );

  it("refuses a line too large to price exactly rather than guessing", () => {
    expect(() => priceLine(Number.MAX_SAFE_INTEGER, 10)).toThrow(RangeError);
    expect(() => priceLine(Math.floor(Number.MAX_SAFE_INTEGER / 1000), 10)).not.toThrow();
  });

  describe("properties, for every quantity at many prices", () => {
    const prices = [...Array.from({ length: 2001 }, (_, p) => p), ...seededPrices(2000, 1_000_000)];
    const lines = prices.flatMap((unit) => QUANTITIES.map((quantity) => priceLine(unit, quantity)));

    it("never charges more than the subtotal, and discount + total = subtotal", () => {
      const broken = lines.filter(
        (line) =>
          !Number.isInteger(line.totalPence) ||
          line.totalPence > line.subtotalPence ||
          line.discountPence < 0 ||
          line.discountPence + line.totalPence !== line.subtotalPence,
      );
      expect(broken).toEqual([]);
    });

    it("lands on the exact discounted amount rounded half up", () => {
      // In hundredths of a penny the rounding error must lie in (-0.5p, +0.5p], ties going up.
      const broken = lines.filter((line) => {
        const error = line.totalPence * 100 - line.subtotalPence * (100 - line.discountPercent);
        return error <= -50 || error > 50;
      });
      expect(broken).toEqual([]);
    });

    it("never makes more tickets cost less", () => {
      const broken = prices.filter((unit) =>
        QUANTITIES.slice(1).some(
          (quantity) => priceLine(unit, quantity).totalPence < priceLine(unit, quantity - 1).totalPence,
        ),
      );
      expect(broken).toEqual([]);
    });

    it("never gives a bigger percentage off for fewer tickets", () => {
      for (let quantity = 2; quantity <= MAX_TICKETS; quantity++) {
        expect(discountPercentFor(quantity)).toBeGreaterThanOrEqual(discountPercentFor(quantity - 1));
      }
    });
  });
});

describe("priceBasket", () => {
  it("prices an empty basket at nothing", () => {
    expect(priceBasket([])).toEqual({ lines: [], subtotalPence: 0, discountPence: 0, totalPence: 0 });
  });

  it("discounts each line on its own quantity, not the basket's total", () => {
    const basket = priceBasket([
      { unitPricePence: 500, quantity: 2 },
      { unitPricePence: 500, quantity: 2 },
    ]);
    expect(basket.discountPence).toBe(0);
    expect(basket.totalPence).toBe(2000);
  });

  it("sums the lines and keeps each line's own fields, in order", () => {
    const basket = priceBasket([
      { competitionId: "grand-national", unitPricePence: 499, quantity: 5 },
      { competitionId: "saddle", unitPricePence: 49, quantity: 3 },
      { competitionId: "rug", unitPricePence: 250, quantity: 1 },
    ]);
    expect(basket.lines.map((line) => [line.competitionId, line.totalPence])).toEqual([
      ["grand-national", 2246],
      ["saddle", 140],
      ["rug", 250],
    ]);
    expect(basket.subtotalPence).toBe(2495 + 147 + 250);
    expect(basket.discountPence).toBe(249 + 7 + 0);
    expect(basket.totalPence).toBe(2246 + 140 + 250);
  });

  it("keeps discount + total = subtotal for many random baskets", () => {
    const prices = [...seededPrices(600, 50_000)];
    for (let start = 0; start < prices.length; start += 6) {
      const lines = prices.slice(start, start + 6).map((unitPricePence, i) => ({
        unitPricePence,
        quantity: ((start + i) % MAX_TICKETS) + 1,
      }));
      const basket = priceBasket(lines);
      expect(basket.discountPence + basket.totalPence).toBe(basket.subtotalPence);
      expect(basket.totalPence).toBe(basket.lines.reduce((sum, line) => sum + line.totalPence, 0));
    }
  });

  it("refuses a basket with any invalid line", () => {
    expect(() =>
      priceBasket([
        { unitPricePence: 500, quantity: 1 },
        { unitPricePence: 500, quantity: 11 },
      ]),
    ).toThrow(RangeError);
  });
});

describe("clampQuantity", () => {
  it.each([
    ["a number in range", 3, 3],
    ["the minimum", 1, 1],
    ["the maximum", 10, 10],
    ["a numeric string", "4", 4],
    ["a padded numeric string", "  7 ", 7],
    ["a string with a plus sign", "+2", 2],
    ["a fraction, floored", 2.9, 2],
    ["a fractional string, floored", "9.99", 9],
    ["a string ending in a point", "5.", 5],
    ["above the maximum", 11, 10],
    ["far above the maximum", 1_000_000, 10],
    ["a large numeric string", "250", 10],
    ["positive infinity", Number.POSITIVE_INFINITY, 10],
  ])("keeps %s sensible (%j → %i)", (_label, raw, expected) => {
    expect(clampQuantity(raw)).toBe(expected);
  });

  it.each([
    ["zero", 0],
    ["a string zero", "0"],
    ["negative", -3],
    ["a negative string", "-1"],
    ["a fraction below one", 0.5],
    ["a string fraction below one", ".9"],
    ["negative infinity", Number.NEGATIVE_INFINITY],
  ])("treats %s as remove (0)", (_label, raw) => {
    expect(clampQuantity(raw)).toBe(0);
  });

  it.each([
    ["NaN", Number.NaN],
    ["an empty string", ""],
    ["a blank string", "   "],
    ["words", "three"],
    ["trailing junk", "3abc"],
    ["hex", "0x5"],
    ["exponent", "1e1"],
    ["undefined", undefined],
    ["null", null],
    ["a boolean", true],
    ["an object", { quantity: 3 }],
    ["an array", [3]],
  ])("turns non-numeric %s into 1", (_label, raw) => {
    expect(clampQuantity(raw)).toBe(1);
  });

  it("clamps to a lower limit such as the tickets still available", () => {
    expect(clampQuantity(8, 3)).toBe(3);
    expect(clampQuantity(2, 3)).toBe(2);
    expect(clampQuantity("nope", 3)).toBe(1);
    expect(clampQuantity(5, 2.7)).toBe(2);
  });

  it("never raises the per-purchase limit above 10", () => {
    expect(clampQuantity(50, 100)).toBe(MAX_TICKETS);
  });

  it("leaves nothing to buy when the limit is 0", () => {
    expect(clampQuantity(5, 0)).toBe(0);
    expect(clampQuantity("nope", 0)).toBe(0);
    expect(clampQuantity(5, -4)).toBe(0);
  });

  it("refuses a NaN limit", () => {
    expect(() => clampQuantity(5, Number.NaN)).toThrow(RangeError);
  });

  it("always returns 0 or a quantity priceLine accepts", () => {
    const inputs: unknown[] = [
      ...Array.from({ length: 61 }, (_, i) => (i - 20) / 2),
      "x",
      "",
      null,
      Number.NaN,
      Number.NEGATIVE_INFINITY,
      Number.POSITIVE_INFINITY,
    ];
    for (const raw of inputs) {
      const quantity = clampQuantity(raw);
      if (quantity !== 0) expect(() => priceLine(500, quantity)).not.toThrow();
    }
  });
});

describe("per-competition multi-buy tiers", () => {
  const tiers = [
    { minQuantity: 2, percent: 3 },
    { minQuantity: 6, percent: 15 },
  ];
  it.each([
    [1, 0],
    [2, 3],
    [5, 3],
    [6, 15],
    [10, 15],
  ])("with 2+ 3%% and 6+ 15%%, %i tickets get %i%% off", (quantity, percent) => {
    expect(discountPercentFor(quantity, tiers)).toBe(percent);
    expect(priceLine(1000, quantity, tiers).discountPercent).toBe(percent);
  });

  it("uses the highest tier reached whatever order the tiers come in, and none when there are no tiers", () => {
    expect(discountPercentFor(7, [...tiers].reverse())).toBe(15);
    expect(discountPercentFor(10, [])).toBe(0);
    expect(priceLine(250, 5, []).totalPence).toBe(1250);
  });

  it("prices every competition that kept the standard tiers exactly as before", () => {
    for (let q = 1; q <= 10; q++) expect(priceLine(299, q, STANDARD_MULTI_BUY_TIERS)).toEqual(priceLine(299, q));
  });

  it("prices each basket line with its own competition's tiers", () => {
    const basket = priceBasket([
      { unitPricePence: 1000, quantity: 2, tiers },
      { unitPricePence: 1000, quantity: 2 },
    ]);
    expect(basket.lines.map((l) => l.discountPence)).toEqual([60, 0]);
    expect(basket.totalPence).toBe(1940 + 2000);
  });

  const M = MULTI_BUY_MESSAGES;
  it.each<[string, { minQuantity: number; percent: number }[], { index: number; field: string; message: string }[]]>([
    ["the standard tiers", [...STANDARD_MULTI_BUY_TIERS], []],
    ["no tiers at all", [], []],
    ["a 10-ticket 90% tier", [{ minQuantity: 10, percent: 90 }], []],
    ["a 1-ticket tier", [{ minQuantity: 1, percent: 5 }], [{ index: 0, field: "minQuantity", message: M.quantity }]],
    ["an 11-ticket tier", [{ minQuantity: 11, percent: 5 }], [{ index: 0, field: "minQuantity", message: M.quantity }]],
    ["2.5 tickets", [{ minQuantity: 2.5, percent: 5 }], [{ index: 0, field: "minQuantity", message: M.quantity }]],
    ["0% off", [{ minQuantity: 3, percent: 0 }], [{ index: 0, field: "percent", message: M.percent }]],
    ["91% off", [{ minQuantity: 3, percent: 91 }], [{ index: 0, field: "percent", message: M.percent }]],
    [
      "a duplicate quantity",
      [
        { minQuantity: 3, percent: 5 },
        { minQuantity: 3, percent: 10 },
      ],
      [{ index: 1, field: "minQuantity", message: M.duplicate }],
    ],
    [
      "quantities going down",
      [
        { minQuantity: 5, percent: 5 },
        { minQuantity: 3, percent: 10 },
      ],
      [{ index: 1, field: "minQuantity", message: M.ascending }],
    ],
    [
      "a discount no bigger than the one before",
      [
        { minQuantity: 3, percent: 10 },
        { minQuantity: 5, percent: 10 },
      ],
      [{ index: 1, field: "percent", message: M.biggerDiscount }],
    ],
    [
      "five tiers",
      [2, 3, 4, 5, 6].map((q, i) => ({ minQuantity: q, percent: i + 1 })),
      [{ index: 4, field: "minQuantity", message: M.tooMany }],
    ],
  ])("%s: %j", (_name, input, problems) => {
    expect(multiBuyTierProblems(input)).toEqual(problems);
  });

  it.each([
    [STANDARD_MULTI_BUY_TIERS, "1-2 tickets full price, 3-4 tickets 5% off, 5 or more 10% off"],
    [[{ minQuantity: 2, percent: 5 }], "1 ticket full price, 2 or more 5% off"],
    [[{ minQuantity: 10, percent: 20 }], "1-9 tickets full price, 10 tickets 20% off"],
    [[], null],
  ])("describes %j as %j", (input, text) => {
    expect(multiBuyText(input)).toBe(text);
  });

  it("offers each competition's own tiers in words, in the order given, and says nothing of one without tiers", () => {
    const own = [
      { minQuantity: 2, percent: 20 },
      { minQuantity: 8, percent: 40 },
    ];
    expect(
      multiBuyOffers([
        { id: 1, title: "Bridle", multiBuyTiers: own },
        { id: 2, title: "Rug", multiBuyTiers: [] },
        { id: 3, title: "Saddle", multiBuyTiers: STANDARD_MULTI_BUY_TIERS },
      ]),
    ).toEqual([
      { id: 1, title: "Bridle", text: "1 ticket full price, 2-7 tickets 20% off, 8 or more 40% off" },
      { id: 3, title: "Saddle", text: "1-2 tickets full price, 3-4 tickets 5% off, 5 or more 10% off" },
    ]);
    expect(multiBuyOffers([{ id: 2, title: "Rug", multiBuyTiers: [] }])).toEqual([]);
  });
});
