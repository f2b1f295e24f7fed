import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { competitions } from "~/db/schema";
import { moveCompetitions } from "~/server/admin/lifecycle-job.server";
import { setInstantWins } from "~/server/instant-wins/instant-wins.server";
import { app } from "./support/app";
import { expectAccessible, expectNoConsoleErrors } from "./support/browser";
import {
  buyerWithCompetition,
  checkoutSuite,
  competitionRow,
  createCompetition,
  goto,
  JOURNEY,
  openReview,
  payAndSee,
  signedInPage,
  userOrders,
} from "./support/checkout";
import { createUser } from "./support/users";

const CREDIT = "4242 4242 4242 4242";
const DEBIT = "4000 0566 5566 5556";

checkoutSuite();

describe("the credit card cap", JOURNEY, () => {
  it("£260 on a credit card is refused before money moves; the page offers the debit card, which pays", async () => {
    const { competition, page, user, errors } = await buyerWithCompetition({
      entryPricePence: 13_000,
      totalTickets: 100,
    });

    await openReview(page, competition.id, 2);
    await page.getByRole("button", { name: "Pay £260.00" }).click();
    await payAndSee(page, CREDIT, "Payment not taken");
    expect(await page.getByTestId("payment-refused").innerText()).toContain("you can pay with a debit card instead");
    await expectAccessible(page);
    const [refused] = await userOrders(user.id);
    expect(refused).toMatchObject({ paymentStatus: "cancelled", failureReason: "credit_card_cap" });
    expect((await competitionRow(competition.id)).ticketsReserved).toBe(0);

    await page.getByRole("link", { name: "Try again with a debit card" }).click();
    await page.waitForURL((url) => url.pathname === `/competition/${competition.id}`);
    await openReview(page, competition.id, 2);
    await page.getByRole("button", { name: "Pay £260.00" }).click();
    await payAndSee(page, DEBIT);
    expect((await competitionRow(competition.id)).ticketsSold).toBe(2);
    expectNoConsoleErrors(errors);
  });
});

describe("instant wins", JOURNEY, () => {
  it("refuse a credit card; a debit card pays, the buyer sees the prize won, and the page shows it Won", async () => {
    const { services } = await app();
    const staff = await createUser();
    const competition = await createCompetition({ status: "draft", totalTickets: 50 });
    const set = await setInstantWins(services, staff.id, competition.id, [
      { ticketNumber: 2, kind: "site-credit", amountPence: 500, prize: "£5 site credit" },
      { ticketNumber: 40, kind: "physical", amountPence: 0, prize: "Leather headcollar" },
    ]);
    expect(set.ok).toBe(true);
    // Scheduled and due: the lifecycle pass takes it live and commits to the list, as the job would.
    await services.db
      .update(competitions)
      .set({ status: "scheduled", goLiveAt: new Date(Date.now() - 60_000) })
      .where(eq(competitions.id, competition.id));
    expect((await moveCompetitions(services)).wentLive).toContain(competition.id);

    const { page, errors } = await signedInPage({ eligible: true });
    await goto(page, `/competition/${competition.id}`);
    expect(await page.getByTestId("instant-wins-note").innerText()).toContain("cannot be paid for with a credit card");
    expect(await page.getByTestId("instant-wins").innerText()).toContain("0 won, 2 still to win");

    await openReview(page, competition.id, 2);
    // The review page says so before payment, too.
    expect(await page.getByTestId("no-credit-cards").innerText()).toContain("cannot be paid for with a credit card");
    await page.getByRole("button", { name: "Pay £10.00" }).click();
    await payAndSee(page, CREDIT, "Payment not taken");
    expect(await page.getByTestId("payment-refused").innerText()).toContain("cannot be paid for with a credit card");

    // This time the buyer chooses numbers 1 and 2, so the win is theirs to see (ADR 031).
    await openReview(page, competition.id, 2, [1, 2]);
    await page.getByRole("button", { name: "Pay £10.00" }).click();
    await payAndSee(page, DEBIT);
    const won = page.getByTestId("instant-wins-won");
    expect(await won.innerText()).toContain("You won an instant prize!");
    expect(await won.innerText()).toContain("Ticket 2: £5.00 site credit");
    await expectAccessible(page);

    await goto(page, "/account");
    expect(await page.getByTestId("wallet-balance").innerText()).toBe("£5.00");
    await goto(page, `/competition/${competition.id}`);
    const panel = page.getByTestId("instant-wins");
    expect(await panel.innerText()).toContain("1 won, 1 still to win");
    expect(await panel.innerText()).toMatch(/Ticket 2: £5\.00 site credit Won by/);
    await expectAccessible(page);

    // At the close the list and salt are published, and the draw page's Verify checks them against the commitment.
    await services.db
      .update(competitions)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(competitions.id, competition.id));
    expect((await moveCompetitions(services)).closed).toContain(competition.id);
    await goto(page, `/competition/${competition.id}`);
    expect(await panel.innerText()).toContain("Ticket 40: Leather headcollar Not won");
    await goto(page, `/draws/${competition.id}`);
    await page.getByRole("button", { name: "Verify this draw" }).click();
    const status = page.getByRole("status").filter({ hasText: "The draw" });
    await expect.poll(() => status.innerText(), { timeout: 30_000 }).toContain("Instant wins");
    expect(await status.innerText()).toContain("2 instant wins hash to the commitment; 1 won, each listed");
    expectNoConsoleErrors(errors);
  });
});
