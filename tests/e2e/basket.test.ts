import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { basketItems, stripeStandinSessions } from "~/db/schema";
import { app } from "./support/app";
import { expectAccessible, expectNoConsoleErrors, hydrated, openPage } from "./support/browser";
import {
  CARDS,
  CORRECT,
  checkoutSuite,
  competitionRow,
  createCompetition,
  eventually,
  goto,
  JOURNEY,
  orderIdFrom,
  payAndSee,
  signedInPage,
  userOrders,
  userTickets,
  WRONG,
} from "./support/checkout";
import { toastShown } from "./support/form-journeys";
import { createUser } from "./support/users";

checkoutSuite();

async function basketOf(userId: string) {
  const { services } = await app();
  return services.db.select().from(basketItems).where(eq(basketItems.userId, userId));
}

const item = (page: import("playwright-core").Page, competitionId: number) =>
  page.getByTestId(`basket-item-${competitionId}`);

describe("the basket", JOURNEY, () => {
  it("keeps what a visitor added before signing in, and it is in the basket afterwards", async () => {
    const competition = await createCompetition();
    const user = await createUser();
    const { page, errors } = await openPage();

    await goto(page, `/competition/${competition.id}`);
    await page.getByRole("radio", { name: CORRECT }).check();
    await page.getByRole("button", { name: "One ticket more" }).click();
    await page.getByRole("button", { name: "Add to Basket" }).click();

    await page.waitForURL(/\/auth\?/);
    const redirectTo = new URL(page.url()).searchParams.get("redirectTo") ?? "";
    expect(redirectTo).toMatch(new RegExp(`^/basket\\?add=${competition.id}&`));
    await hydrated(page);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();

    await page.waitForURL((url) => url.pathname === "/basket" && url.search === "");
    await hydrated(page);
    await eventually(() => item(page, competition.id).count()).toBe(1);
    expect(await item(page, competition.id).getByRole("radio", { name: CORRECT }).isChecked()).toBe(true);
    expect(await basketOf(user.id)).toMatchObject([
      { competitionId: competition.id, quantity: 2, skillAnswer: CORRECT },
    ]);
    expectNoConsoleErrors(errors);
  });

  it("says 'Answer required' until every item is answered, then goes on to the review", async () => {
    const competition = await createCompetition();
    const { page, user } = await signedInPage({ eligible: true });

    await goto(page, `/basket?add=${competition.id}&quantity=2`);
    await page.waitForURL((url) => url.search === "");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await eventually(() => page.getByRole("alert").filter({ hasText: "Answer required" }).count()).toBe(1);
    expect(
      await page.getByText("Please answer all skill questions before proceeding to checkout.").count(),
    ).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe("/basket");

    // Picking an answer saves it straight away.
    await item(page, competition.id).getByRole("radio", { name: CORRECT }).check();
    await eventually(async () => (await basketOf(user.id))[0]?.skillAnswer).toBe(CORRECT);
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout\/basket$/);
    expect(await page.getByTestId("order-total").innerText()).toBe("£10.00");
  });

  it("works without JavaScript: an answer is saved with its button and checkout goes on to the review", async () => {
    const competition = await createCompetition();
    const { page, user } = await signedInPage({ eligible: true, javaScriptEnabled: false });
    await page.goto(`/basket?add=${competition.id}&quantity=3`);
    await item(page, competition.id).getByRole("radio", { name: CORRECT }).check();
    await item(page, competition.id).getByRole("button", { name: "Save answer" }).click();
    await eventually(async () => (await basketOf(user.id))[0]?.skillAnswer).toBe(CORRECT);
    await item(page, competition.id)
      .getByRole("button", { name: /One ticket more/ })
      .click();
    await eventually(async () => (await basketOf(user.id))[0]?.quantity).toBe(4);
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout\/basket$/);
    expect(await page.getByTestId("order-total").innerText()).toBe("£19.00");
    await eventually(() => page.getByRole("button", { name: "Pay £19.00" }).count()).toBe(1);
  });

  it("shows each competition's own multi-buy tiers and prices by them; one without tiers has none", async () => {
    const own = await createCompetition({
      title: "Tiered numnah",
      multiBuyTiers: [
        { minQuantity: 2, percent: 20 },
        { minQuantity: 8, percent: 40 },
      ],
    });
    const plain = await createCompetition({ title: "Untiered numnah", multiBuyTiers: [] });
    const { page, errors } = await signedInPage();
    await goto(page, `/basket?add=${plain.id}&quantity=3&answer=${CORRECT}`);
    await eventually(() => item(page, plain.id).count()).toBe(1);
    // Only a competition without tiers: nothing about tiers at all.
    expect(await page.getByRole("heading", { name: "Multi-buy discount" }).count()).toBe(0);
    expect(await page.getByTestId("order-total").innerText()).toBe("£15.00");

    await goto(page, `/basket?add=${own.id}&quantity=2&answer=${CORRECT}`);
    await eventually(() => item(page, own.id).count()).toBe(1);
    expect(await page.getByTestId("multi-buy-offers").innerText()).toBe(
      "Tiered numnah: 1 ticket full price, 2-7 tickets 20% off, 8 or more 40% off.",
    );
    // 2 × £5.00 less 20%, and 3 × £5.00 at full price: what checkout will charge.
    expect(await page.getByTestId("order-total").innerText()).toBe("£23.00");
    await expectAccessible(page);
    expectNoConsoleErrors(errors);
  });

  it("steps quantities within 1 to 10, treats nonsense as 1 and removes a line taken below 1", async () => {
    const competition = await createCompetition({ totalTickets: 100 });
    const { page, user, baseUrl } = await signedInPage();
    await goto(page, `/basket?add=${competition.id}&quantity=9&answer=${CORRECT}`);
    const line = item(page, competition.id);

    await line.getByRole("button", { name: /One ticket more/ }).click();
    await eventually(async () => (await basketOf(user.id))[0]?.quantity).toBe(10);
    await eventually(() => line.getByRole("button", { name: /One ticket more/ }).isDisabled()).toBe(true);
    // 10 tickets: 10% off £50.00.
    expect(await page.getByTestId("order-total").innerText()).toBe("£45.00");

    await line.getByLabel(/Quantity for/).fill("4");
    await line.getByRole("button", { name: /Update/ }).click();
    await eventually(async () => (await basketOf(user.id))[0]?.quantity).toBe(4);

    const post = (quantity: string) =>
      page.request.post("/basket", {
        form: { intent: "quantity", competitionId: String(competition.id), quantity },
        headers: { Origin: baseUrl },
      });
    await post("lots");
    expect((await basketOf(user.id))[0]?.quantity).toBe(1);

    await goto(page, "/basket");
    await item(page, competition.id)
      .getByRole("button", { name: /Remove .* from basket/ })
      .click();
    await eventually(() => page.getByText("Your basket is empty").count()).toBe(1);
    expect(await basketOf(user.id)).toHaveLength(0);
  });

  it("pays for two competitions in one payment: one order, two lines, one provider session", async () => {
    const first = await createCompetition({ ticketsSold: 20 });
    const second = await createCompetition({ entryPricePence: 250 });
    const { page, user } = await signedInPage({ eligible: true });

    // The first competition's numbers are chosen (they stay with the basket line to Pay); the second's are a lucky dip.
    await goto(page, `/basket?add=${first.id}&quantity=3&answer=${CORRECT}&numbers=21,22,23`);
    await goto(page, `/basket?add=${second.id}&quantity=5&answer=${WRONG}`);
    await expect
      .poll(() =>
        page
          .getByRole("list", { name: "Basket items" })
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading") })
          .count(),
      )
      .toBe(2);
    // £15.00 less 5% (£14.25) plus £12.50 less 10% (£11.25).
    expect(await page.getByTestId("order-total").innerText()).toBe("£25.50");

    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout\/basket$/);
    await hydrated(page);
    await page.getByRole("button", { name: "Pay £25.50" }).click();
    await payAndSee(page, CARDS.pays);
    expect(await page.getByText("Your 8 tickets have been confirmed.").count()).toBeGreaterThan(0);
    expect(
      await page
        .getByRole("list", { name: `Ticket numbers for ${first.title}` })
        .getByRole("listitem")
        .allInnerTexts()
        .then((texts) => texts.map((text) => text.split(/\s+/)[0])),
    ).toEqual(["21", "22", "23"]);
    expect(
      await page
        .getByRole("list", { name: `Ticket numbers for ${second.title}` })
        .getByRole("listitem")
        .count(),
    ).toBe(5);

    const orders = await userOrders(user.id);
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(order?.id).toBe(orderIdFrom(page));
    expect(order?.paymentStatus).toBe("paid");
    expect(order?.totalAmountPence).toBe(2550);
    expect(order?.lines.map((l) => [l.competitionId, l.quantity]).sort()).toEqual(
      [
        [first.id, 3],
        [second.id, 5],
      ].sort(),
    );
    const { services } = await app();
    const sessions = (await services.db.select().from(stripeStandinSessions)).filter(
      (s) => s.metadata.order_id === order!.id || s.clientReferenceId === order!.id,
    );
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.id).toBe(order?.providerSessionId);
    expect(sessions[0]?.lineItems).toHaveLength(2);
    // What was paid for leaves the basket.
    expect(await basketOf(user.id)).toHaveLength(0);

    expect((await userTickets(user.id, first.id)).every((t) => t.isCorrectAnswer)).toBe(true);
    expect((await userTickets(user.id, second.id)).every((t) => !t.isCorrectAnswer)).toBe(true);
    expect((await competitionRow(first.id)).ticketsSold).toBe(23);
    expect((await competitionRow(second.id)).ticketsSold).toBe(5);
  });
});

describe("basket pages are accessible", JOURNEY, () => {
  for (const theme of ["dark", "light"] as const) {
    it(`the empty basket, a filled basket and the basket review pass axe in the ${theme} theme`, async () => {
      const competition = await createCompetition();
      const other = await createCompetition();
      const { page, errors } = await signedInPage({ theme, eligible: true });

      await goto(page, "/basket");
      expect(await page.locator("h1").innerText()).toBe("Your basket");
      expect(await page.getByRole("link", { name: "Browse competitions" }).getAttribute("href")).toBe("/competitions");
      await expectAccessible(page);

      await goto(page, `/basket?add=${competition.id}&quantity=3&answer=${CORRECT}`);
      await goto(page, `/basket?add=${other.id}&quantity=1`);
      // £15.00 less 5%, plus £5.00.
      await eventually(() => page.getByTestId("order-total").innerText()).toBe("£19.25");
      await toastShown(page, "Added to basket");
      await expectAccessible(page);

      await item(page, other.id).getByRole("radio", { name: WRONG }).check();
      await eventually(() => item(page, other.id).getByText("Answer required").count()).toBe(0);
      await page.getByRole("button", { name: "Proceed to Checkout" }).click();
      await page.waitForURL(/\/checkout\/basket$/);
      await hydrated(page);
      await expectAccessible(page);
      expectNoConsoleErrors(errors);
    });
  }
});
