import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competitions } from "~/db/schema";
import { MAX_TICKETS, priceLine, STANDARD_MULTI_BUY_TIERS } from "~/domain/pricing";
import * as homeRoute from "~/routes/site/home";
import { getPublicCompetition } from "~/server/catalogue/competitions.server";
import { addToBasket, getBasket } from "~/server/checkout/basket.server";
import { servicesContext } from "~/server/platform/context";
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

  it("shows on the competition page and in the basket, quantity by quantity, what checkout charges", async () => {
    const tiers = [
      { minQuantity: 3, percent: 15 },
      { minQuantity: 6, percent: 33 },
    ];
    const comp = await h.createCompetition({ entryPricePence: 333, multiBuyTiers: tiers, totalTickets: 500 });
    // The entry form's price summary prices with the public page's data, as the browser gets it.
    const page = await getPublicCompetition(h.services.db, comp.id);
    if (!page) throw new Error("no public page");
    for (let quantity = 1; quantity <= MAX_TICKETS; quantity++) {
      const shown = priceLine(page.entryPricePence, quantity, page.multiBuyTiers);
      const buyer = await h.createBuyer();
      await addToBasket(h.services, buyer.id, { competitionId: comp.id, quantity, skillAnswer: CORRECT });
      const [line] = (await getBasket(h.services, buyer.id)).lines;
      expect(line?.pricing, `basket, ${quantity}`).toEqual(shown);
      const started = await h.checkout(buyer, [{ competitionId: comp.id, quantity, skillAnswer: CORRECT }]);
      if (!started.ok) throw new Error(started.message);
      expect(await h.order(started.orderId), `charged, ${quantity}`).toMatchObject({
        subtotalPence: shown.subtotalPence,
        discountPence: shown.discountPence,
        totalAmountPence: shown.totalPence,
      });
    }
  });

  it("the basket's and the home page's offers name each competition's own tiers, and none without tiers", async () => {
    const soon = new Date(h.services.now().getTime() + 60 * 60_000);
    const tiers = [
      { minQuantity: 3, percent: 15 },
      { minQuantity: 6, percent: 33 },
    ];
    const own = await h.createCompetition({ title: "Own tiers", multiBuyTiers: tiers, featured: true, endDate: soon });
    const plain = await h.createCompetition({ title: "No tiers", multiBuyTiers: [], featured: true, endDate: soon });
    const ownText = "1-2 tickets full price, 3-5 tickets 15% off, 6 or more 33% off";

    const buyer = await h.createBuyer();
    await addToBasket(h.services, buyer.id, { competitionId: own.id, quantity: 1, skillAnswer: CORRECT });
    await addToBasket(h.services, buyer.id, { competitionId: plain.id, quantity: 1, skillAnswer: CORRECT });
    expect((await getBasket(h.services, buyer.id)).offers).toEqual([{ id: own.id, title: "Own tiers", text: ownText }]);

    const context = new RouterContextProvider();
    context.set(servicesContext, h.services);
    const request = new Request(`${h.services.env.BASE_URL}/`);
    const home = (await homeRoute.loader({ request, params: {}, context } as never)) as unknown as {
      data: {
        offers: { id: number; title: string; text: string }[];
        hero: { id: number } | null;
        rest: { id: number }[];
      };
    };
    const shownIds = [home.data.hero?.id, ...home.data.rest.map((c) => c.id)];
    expect(shownIds).toEqual(expect.arrayContaining([own.id, plain.id]));
    expect(home.data.offers).toContainEqual({ id: own.id, title: "Own tiers", text: ownText });
    expect(home.data.offers.map((o) => o.id)).not.toContain(plain.id);
  });
});
