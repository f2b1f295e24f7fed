import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competitions } from "~/db/schema";
import { STANDARD_MULTI_BUY_TIERS } from "~/domain/pricing";
import { getPublicCompetition } from "~/server/catalogue/competitions.server";
import { addToBasket, getBasket } from "~/server/checkout/basket.server";
import { CORRECT, createCheckoutHarness, type Harness, sessionIdFromUrl } from "./checkout-harness";

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("multi-buy tiers set per competition", () => {
  it("gives a competition made without tiers the standard ones, so its prices are what they always were", async () => {
    const comp = await h.createCompetition({ entryPricePence: 200 });
    const [row] = await h.services.db.select().from(competitions).where(eq(competitions.id, comp.id));
    expect(row?.multiBuyTiers).toEqual(STANDARD_MULTI_BUY_TIERS);
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity: 5, skillAnswer: CORRECT }]);
    if (!started.ok) throw new Error(started.message);
    expect(await h.order(started.orderId)).toMatchObject({ subtotalPence: 1000, discountPence: 100 });
  });

  it("prices the basket, the public page's data and checkout with the competition's own tiers", async () => {
    const tiers = [
      { minQuantity: 2, percent: 20 },
      { minQuantity: 8, percent: 40 },
    ];
    const comp = await h.createCompetition({ entryPricePence: 1000, multiBuyTiers: tiers });
    const plain = await h.createCompetition({ entryPricePence: 1000, multiBuyTiers: [] });
    expect((await getPublicCompetition(h.services.db, comp.id))?.multiBuyTiers).toEqual(tiers);

    const buyer = await h.createBuyer();
    await addToBasket(h.services, buyer.id, { competitionId: comp.id, quantity: 2, skillAnswer: CORRECT });
    await addToBasket(h.services, buyer.id, { competitionId: plain.id, quantity: 5, skillAnswer: CORRECT });
    const basket = await getBasket(h.services, buyer.id);
    expect(basket.lines.map((l) => [l.pricing.discountPercent, l.pricing.totalPence])).toEqual([
      [20, 1600],
      [0, 5000],
    ]);

    const started = await h.checkout(
      buyer,
      [
        { competitionId: comp.id, quantity: 8, skillAnswer: CORRECT },
        { competitionId: plain.id, quantity: 5, skillAnswer: CORRECT },
      ],
      { source: "basket" },
    );
    if (!started.ok) throw new Error(started.message);
    expect(await h.order(started.orderId)).toMatchObject({
      subtotalPence: 13_000,
      discountPence: 3200,
      totalAmountPence: 9800,
    });
    expect((await h.standinSession(sessionIdFromUrl(started.url))).amountTotal).toBe(9800);
  });
});
