import { describe, expect, it } from "vitest";
import { dropBasketNumbers, getBasket } from "~/server/checkout/basket.server";
import { cancelCheckout } from "~/server/checkout/checkout.server";
import { recordConsent } from "~/server/platform/consent.server";
import { restoreFromRecoveryLink } from "~/server/recovery/restore.server";
import { sendRecoveryEmail } from "~/server/recovery/send.server";
import { CORRECT, useCheckoutHarness } from "./checkout-harness";

const harness = useCheckoutHarness();

describe("a recovery e-mail carries the numbers the buyer chose (issue 23)", () => {
  it("names them, puts them back in the basket, and the checkout tries them again, naming any taken", async () => {
    const h = harness();
    const staff = await h.createBuyer();
    const comp = await h.createCompetition({
      title: "Chosen numbers",
      totalTickets: 100,
      endDate: new Date(h.services.now().getTime() + 60 * 86_400_000),
    });
    const buyer = await h.createBuyer();
    await recordConsent(h.services.db, {
      email: buyer.email,
      userId: buyer.id,
      granted: true,
      wording: "Yes, e-mail me.",
      source: "account",
      at: h.services.now(),
    });
    // Three tickets, two of them chosen (5 and 17): the third is a lucky dip and is not offered again.
    const started = await h.checkout(buyer, [
      { competitionId: comp.id, quantity: 3, skillAnswer: CORRECT, numbers: [5, 17] },
    ]);
    if (!started.ok) throw new Error(started.message);
    expect(await cancelCheckout(h.services, { userId: buyer.id, orderId: started.orderId })).toEqual({ ok: true });

    expect(await sendRecoveryEmail(h.services, started.orderId, staff.id)).toMatchObject({ ok: true });
    const [mail] = await h.mailTo(buyer.email, "checkout-recovery");
    expect(mail?.text).toContain("Chosen numbers: 3 tickets, your numbers 5 and 17");
    const token = /\/basket\/recover\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1];
    if (!token) throw new Error("no recovery link");

    // Meanwhile someone else buys number 17.
    await h.paidOrder(comp.id, 1, CORRECT, [17]);

    expect(await restoreFromRecoveryLink(h.services, token, buyer)).toMatchObject({ ok: true });
    const [line] = (await getBasket(h.services, buyer.id)).lines;
    expect(line).toMatchObject({ competitionId: comp.id, quantity: 3, chosenNumbers: [5, 17] });

    // The basket's checkout sends the chosen numbers, as /checkout/basket does: 17 is named as taken, nothing held.
    const basketLine = (numbers: unknown) => [{ competitionId: comp.id, quantity: 3, skillAnswer: CORRECT, numbers }];
    const refused = await h.checkout(buyer, basketLine(line?.chosenNumbers), { source: "basket" });
    expect(refused).toMatchObject({ ok: false, status: 409, taken: { competitionId: comp.id, numbers: [17] } });
    if (refused.ok) return;
    expect(refused.message).toContain("17");
    expect((await h.competition(comp.id)).ticketsReserved).toBe(0);

    // The page drops the taken number and keeps the rest: the next Pay holds 5 and two lucky dips.
    await dropBasketNumbers(h.services, buyer.id, comp.id, [17]);
    const kept = (await getBasket(h.services, buyer.id)).lines[0]?.chosenNumbers;
    expect(kept).toEqual([5]);
    const paid = await h.checkout(buyer, basketLine(kept), { source: "basket" });
    if (!paid.ok) throw new Error(paid.message);
    const held = await h.numbersOf(paid.orderId);
    expect(held).toHaveLength(3);
    expect(held).toContain(5);
    expect(held).not.toContain(17);
  });
});
