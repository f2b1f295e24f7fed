import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addToBasket,
  clearBasket,
  getBasket,
  removeFromBasket,
  setBasketAnswer,
  setBasketQuantity,
} from "~/server/checkout/basket.server";
import { CORRECT, createCheckoutHarness, type Harness, WRONG } from "./checkout-harness";

let h: Harness;
beforeAll(async () => {
  h = await createCheckoutHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("the basket lives on the server", () => {
  it("adds, accumulates and caps quantities, and prices each line with its multi-buy discount", async () => {
    const saddle = await h.createCompetition({ entryPricePence: 500 });
    const boots = await h.createCompetition({ entryPricePence: 299 });
    const buyer = await h.createBuyer();
    expect(
      await addToBasket(h.services, buyer.id, { competitionId: saddle.id, quantity: "2", skillAnswer: CORRECT }),
    ).toEqual({ ok: true, quantityNote: null });
    expect(await addToBasket(h.services, buyer.id, { competitionId: saddle.id, quantity: 2 })).toEqual({
      ok: true,
      quantityNote: null,
    });
    expect(await addToBasket(h.services, buyer.id, { competitionId: boots.id, quantity: "lots" })).toEqual({
      ok: true,
      quantityNote: null,
    });

    let basket = await getBasket(h.services, buyer.id);
    expect(basket.lines.map((l) => [l.competitionId, l.quantity, l.skillAnswer])).toEqual([
      [saddle.id, 4, CORRECT],
      [boots.id, 1, null],
    ]);
    expect(basket.lines[0]).toMatchObject({
      title: saddle.title,
      unitPricePence: 500,
      maxQuantity: 10,
      available: true,
      skillOptions: saddle.skillOptions,
    });
    expect(basket.lines[0]?.pricing).toMatchObject({
      subtotalPence: 2000,
      discountPercent: 5,
      discountPence: 100,
      totalPence: 1900,
    });
    expect(basket.totals).toEqual({ subtotalPence: 2299, discountPence: 100, totalPence: 2199 });

    // 4 + 9 asked, 10 given: said, never lowered silently.
    expect(await addToBasket(h.services, buyer.id, { competitionId: saddle.id, quantity: 9 })).toEqual({
      ok: true,
      quantityNote: `Choose between 1 and 10 tickets. Your basket has 10 tickets for ${saddle.title} instead of 13.`,
    });
    basket = await getBasket(h.services, buyer.id);
    expect(basket.lines[0]?.quantity).toBe(10);
    expect(basket.lines[0]?.pricing.discountPercent).toBe(10);
  });

  it("follows the spec's quantity rules: below 1 removes, non-numeric becomes 1, never more than remain", async () => {
    const scarce = await h.createCompetition({ totalTickets: 20, ticketsSold: 14 });
    const buyer = await h.createBuyer();
    await addToBasket(h.services, buyer.id, { competitionId: scarce.id, quantity: 1 });
    await setBasketQuantity(h.services, buyer.id, scarce.id, "99");
    expect((await getBasket(h.services, buyer.id)).lines[0]).toMatchObject({ quantity: 6, maxQuantity: 6 });
    await setBasketQuantity(h.services, buyer.id, scarce.id, "abc");
    expect((await getBasket(h.services, buyer.id)).lines[0]?.quantity).toBe(1);
    await setBasketQuantity(h.services, buyer.id, scarce.id, "3.7");
    expect((await getBasket(h.services, buyer.id)).lines[0]?.quantity).toBe(3);
    await setBasketQuantity(h.services, buyer.id, scarce.id, "0");
    expect((await getBasket(h.services, buyer.id)).lines).toEqual([]);
  });

  it("keeps only answers that are among the options", async () => {
    const comp = await h.createCompetition();
    const buyer = await h.createBuyer();
    expect(
      await addToBasket(h.services, buyer.id, { competitionId: comp.id, quantity: 1, skillAnswer: "Hacking" }),
    ).toEqual({ ok: false, message: "Please choose one of the answers." });
    await addToBasket(h.services, buyer.id, { competitionId: comp.id, quantity: 1 });
    expect(await setBasketAnswer(h.services, buyer.id, comp.id, "Hacking")).toEqual({
      ok: false,
      message: "Please choose one of the answers.",
    });
    expect(await setBasketAnswer(h.services, buyer.id, comp.id, WRONG)).toEqual({ ok: true });
    expect((await getBasket(h.services, buyer.id)).lines[0]?.skillAnswer).toBe(WRONG);
    const other = await h.createCompetition();
    expect(await setBasketAnswer(h.services, buyer.id, other.id, CORRECT)).toEqual({
      ok: false,
      message: "This competition is not in your basket.",
    });
  });

  it("shows lines that can no longer be bought, without counting them in the total", async () => {
    const buyer = await h.createBuyer();
    const open = await h.createCompetition({ entryPricePence: 100 });
    const closing = await h.createCompetition();
    const selling = await h.createCompetition({ totalTickets: 5, ticketsSold: 3 });
    const capped = await h.createCompetition({ maxTicketsPerUser: 2 });
    for (const c of [open, closing, selling, capped]) {
      expect(
        await addToBasket(h.services, buyer.id, { competitionId: c.id, quantity: 2, skillAnswer: CORRECT }),
      ).toEqual({ ok: true, quantityNote: null });
    }
    // Meanwhile: one closes, one sells out to someone else, and the buyer uses up their cap on another.
    await h.services.db.execute(
      sql`update competitions set end_date = now() - interval '1 second' where id = ${closing.id}`,
    );
    const rival = await h.checkout(await h.createBuyer(), [
      { competitionId: selling.id, quantity: 2, skillAnswer: CORRECT },
    ]);
    expect(rival.ok).toBe(true);
    expect((await h.checkout(buyer, [{ competitionId: capped.id, quantity: 2, skillAnswer: CORRECT }])).ok).toBe(true);

    const basket = await getBasket(h.services, buyer.id);
    const byId = new Map(basket.lines.map((l) => [l.competitionId, l]));
    expect(byId.get(open.id)).toMatchObject({ available: true, quantityNote: null });
    expect(byId.get(closing.id)).toMatchObject({ available: false, unavailableReason: "ended", maxQuantity: 0 });
    expect(byId.get(selling.id)).toMatchObject({ available: false, unavailableReason: "sold_out" });
    expect(byId.get(capped.id)).toMatchObject({ available: false, unavailableReason: "limit_reached" });
    expect(basket.totals.totalPence).toBe(200);
    expect(await addToBasket(h.services, buyer.id, { competitionId: selling.id, quantity: 1 })).toEqual({
      ok: false,
      message: "Sorry, this competition has sold out.",
    });
  });

  it("removes and clears, and each buyer sees only their own basket", async () => {
    const a = await h.createCompetition();
    const b = await h.createCompetition();
    const buyer = await h.createBuyer();
    const neighbour = await h.createBuyer();
    await addToBasket(h.services, buyer.id, { competitionId: a.id, quantity: 1 });
    await addToBasket(h.services, buyer.id, { competitionId: b.id, quantity: 1 });
    await addToBasket(h.services, neighbour.id, { competitionId: a.id, quantity: 3 });
    await removeFromBasket(h.services, buyer.id, a.id);
    expect((await getBasket(h.services, buyer.id)).lines.map((l) => l.competitionId)).toEqual([b.id]);
    await clearBasket(h.services, buyer.id);
    expect((await getBasket(h.services, buyer.id)).lines).toEqual([]);
    expect((await getBasket(h.services, neighbour.id)).lines).toMatchObject([{ competitionId: a.id, quantity: 3 }]);
    expect(await addToBasket(h.services, buyer.id, { competitionId: 999_999, quantity: 1 })).toEqual({
      ok: false,
      message: "This competition could not be found.",
    });
  });
});

describe("a basket never lowers a quantity silently", () => {
  it("says why and by how much when the cap, the tickets left or a later purchase allow fewer", async () => {
    const buyer = await h.createBuyer();
    const capped = await h.createCompetition({ maxTicketsPerUser: 5 });
    const scarce = await h.createCompetition({ totalTickets: 10, ticketsSold: 7 });
    expect(await addToBasket(h.services, buyer.id, { competitionId: capped.id, quantity: 8 })).toEqual({
      ok: true,
      quantityNote:
        `You can have at most 5 tickets for ${capped.title}, and you already have 0: you can add 5 more. ` +
        `Your basket has 5 tickets for ${capped.title} instead of 8.`,
    });
    await addToBasket(h.services, buyer.id, { competitionId: scarce.id, quantity: 1 });
    expect(await setBasketQuantity(h.services, buyer.id, scarce.id, "6")).toEqual({
      quantityNote:
        `Only 3 tickets left for ${scarce.title}. ` + `Your basket has 3 tickets for ${scarce.title} instead of 6.`,
    });
    expect(await setBasketQuantity(h.services, buyer.id, scarce.id, "2")).toEqual({ quantityNote: null });
    // The buyer then pays for 4 of the capped competition elsewhere: the 5 saved become 1, and the basket says so.
    expect((await h.checkout(buyer, [{ competitionId: capped.id, quantity: 4, skillAnswer: CORRECT }])).ok).toBe(true);
    const line = (await getBasket(h.services, buyer.id)).lines.find((l) => l.competitionId === capped.id);
    expect(line).toMatchObject({ quantity: 1, maxQuantity: 1 });
    expect(line?.quantityNote).toBe(
      `You can have at most 5 tickets for ${capped.title}, and you already have 4: you can add 1 more. ` +
        `Your basket has 1 ticket for ${capped.title} instead of 5.`,
    );
  });
});
