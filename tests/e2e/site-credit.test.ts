import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { creditWallet } from "~/server/instant-wins/wallet.server";
import { app } from "./support/app";
import { expectAccessible, expectNoConsoleErrors } from "./support/browser";
import {
  buyerWithCompetition,
  CARDS,
  checkoutSuite,
  competitionRow,
  goto,
  JOURNEY,
  openReview,
  payAndSee,
  paymentResult,
  userOrders,
} from "./support/checkout";

checkoutSuite();

/** Credit in the buyer's wallet, as an instant win puts it there. */
async function giveCredit(userId: string, amountPence: number) {
  const { services } = await app();
  await creditWallet(services.db, {
    userId,
    amountPence,
    reason: "instant-win",
    ref: `instant-win:e2e-${randomUUID()}`,
    at: new Date(),
  });
}

describe("site credit at checkout (ADR 036)", JOURNEY, () => {
  it("a buyer with £2 of credit pays £5 as £2 of credit and £3 by card, and sees the debit in the wallet", async () => {
    const { competition, page, user, errors } = await buyerWithCompetition({ totalTickets: 100 });
    await giveCredit(user.id, 200);

    await openReview(page, competition.id, 1);
    await page.getByLabel("Use my £2.00 site credit").check();
    expect(await page.locator("#site-credit-note").innerText()).toBe("£2.00 from your site credit, £3.00 by card.");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Pay £3.00 by card" }).click();
    await payAndSee(page, CARDS.pays);
    const [order] = await userOrders(user.id);
    expect(order).toMatchObject({ paymentStatus: "paid", totalAmountPence: 500, siteCreditPence: 200 });

    await goto(page, "/account");
    expect(await page.getByTestId("wallet-balance").innerText()).toBe("£0.00");
    const movements = await page.getByTestId("wallet-movement").allInnerTexts();
    expect(movements[0]).toContain(`Spent on order ${order?.id.slice(0, 8)}`);
    expect(movements[0]).toContain("−£2.00");
    await expectAccessible(page);
    expectNoConsoleErrors(errors);
  });

  it("a buyer whose credit covers the order pays with it alone: no payment page, tickets at once", async () => {
    const { competition, page, user, errors } = await buyerWithCompetition({ totalTickets: 100 }, { theme: "dark" });
    await giveCredit(user.id, 1000);

    await goto(page, "/basket");
    await openReview(page, competition.id, 1);
    await page.getByLabel("Use my £10.00 site credit").check();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Pay £5.00 with site credit" }).click();
    await paymentResult(page);
    expect((await competitionRow(competition.id)).ticketsSold).toBe(1);
    const [order] = await userOrders(user.id);
    expect(order).toMatchObject({ paymentStatus: "paid", siteCreditPence: 500, checkoutUrl: null });

    await goto(page, "/account");
    expect(await page.getByTestId("wallet-balance").innerText()).toBe("£5.00");
    expectNoConsoleErrors(errors);
  });
});
