import { describe, expect, it } from "vitest";
import { expectAccessible, expectNoConsoleErrors } from "./support/browser";
import {
  CORRECT,
  checkoutSuite,
  competitionRow,
  createCompetition,
  eventually,
  goto,
  JOURNEY,
  payOnStandin,
  signedInPage,
  userOrders,
} from "./support/checkout";

const CREDIT = "4242 4242 4242 4242";
const DEBIT = "4000 0566 5566 5556";

checkoutSuite();

describe("the credit card cap", JOURNEY, () => {
  it("£260 on a credit card is refused before money moves; the page offers the debit card, which pays", async () => {
    const competition = await createCompetition({ entryPricePence: 13_000, totalTickets: 100 });
    const { page, user, errors } = await signedInPage({ eligible: true });

    await goto(page, `/checkout/${competition.id}?quantity=2&answer=${CORRECT}`);
    await page.getByRole("button", { name: "Pay £260.00" }).click();
    await payOnStandin(page, CREDIT);
    await page.waitForURL(/\/payment-success\?/);
    await eventually(() => page.locator("h1").innerText()).toBe("Payment not taken");
    expect(await page.getByTestId("payment-refused").innerText()).toContain("you can pay with a debit card instead");
    await expectAccessible(page);
    const [refused] = await userOrders(user.id);
    expect(refused).toMatchObject({ paymentStatus: "cancelled", failureReason: "credit_card_cap" });
    expect((await competitionRow(competition.id)).ticketsReserved).toBe(0);

    await page.getByRole("link", { name: "Try again with a debit card" }).click();
    await page.waitForURL((url) => url.pathname === `/competition/${competition.id}`);
    await goto(page, `/checkout/${competition.id}?quantity=2&answer=${CORRECT}`);
    await page.getByRole("button", { name: "Pay £260.00" }).click();
    await payOnStandin(page, DEBIT);
    await page.waitForURL(/\/payment-success\?/);
    await eventually(() => page.locator("h1").innerText()).toBe("Payment Successful!");
    expect((await competitionRow(competition.id)).ticketsSold).toBe(2);
    expectNoConsoleErrors(errors);
  });
});
