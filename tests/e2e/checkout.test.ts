import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { promoCodes, promoRedemptions, ticketNumbers } from "~/db/schema";
import { ANSWER_RECORDED } from "~/domain/answer-reveal";
import { formatTicketRange, ticketRanges } from "~/domain/ticket-ranges";
import { addToBasket } from "~/server/checkout/basket.server";
import { app, waitForMail } from "./support/app";
import { expectAccessible, expectNoConsoleErrors } from "./support/browser";
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
  payOnStandin,
  signedInPage,
  userOrders,
  userTickets,
  WRONG,
} from "./support/checkout";
import { expectNoToast } from "./support/form-journeys";
import { expectNoUnexpectedErrors, fillDateOfBirth, outsideSummary } from "./support/forms";

checkoutSuite();

describe("buying tickets for one competition", JOURNEY, () => {
  it("a first-time buyer confirms eligibility, answers, pays for 3 tickets and sees the numbers", async () => {
    // The numbers (a lucky dip: the buyer chose none) show on the page, in the account and in the e-mail.
    const competition = await createCompetition({ totalTickets: 1000, ticketsSold: 437 });
    const { page, errors, user } = await signedInPage();

    await goto(page, `/checkout/${competition.id}`);
    expect(await page.locator("h1").innerText()).toBe("Checkout");
    await eventually(() => page.getByLabel("Number of tickets").inputValue()).toBe("1");
    await page.getByRole("button", { name: "One ticket more" }).click();
    await page.getByRole("button", { name: "One ticket more" }).click();
    await eventually(() => page.getByLabel("Number of tickets").inputValue()).toBe("3");
    // 3 × £5.00 = £15.00, less the 5% multi-buy discount.
    await eventually(() => page.getByTestId("order-total").innerText()).toBe("£14.25");
    expect(await page.getByText("You save").count()).toBe(1);
    await page.getByRole("radio", { name: CORRECT }).check();

    // First purchase: the same form asks for date of birth, country and the terms.
    await fillDateOfBirth(page, "1990-04-12");
    await page.getByLabel("Country of residence").selectOption("GB");
    await page.getByRole("checkbox", { name: /I am 18 or over/ }).check();
    await page.getByRole("button", { name: "Pay £14.25" }).click();

    await payAndSee(page, CARDS.pays);
    expect(await page.getByText("Your 3 tickets have been confirmed.").count()).toBeGreaterThan(0);

    const bought = await userTickets(user.id, competition.id);
    expect(bought).toHaveLength(3);
    expect(bought.every((t) => t.isCorrectAnswer && t.skillAnswer === CORRECT)).toBe(true);
    const numbers = bought.map((t) => t.ticketNumber).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(3);
    expect(numbers.every((n) => n >= 1 && n <= 1000)).toBe(true);
    const shown = await page
      .getByRole("list", { name: `Ticket numbers for ${competition.title}` })
      .getByRole("listitem")
      .allInnerTexts();
    expect(shown.map((text) => Number(text.split(/\s+/)[0])).sort((a, b) => a - b)).toEqual(numbers);
    for (const t of bought) expect(shown.some((text) => text.includes(t.entryRef))).toBe(true);
    // No answer oracle: the page says the answer is recorded, not whether it was right.
    expect(await page.getByText(ANSWER_RECORDED).count()).toBe(1);
    expect(await page.getByText(/answer was (not )?correct/).count()).toBe(0);

    const after = await competitionRow(competition.id);
    expect(after.ticketsSold).toBe(440);
    expect(after.ticketsReserved).toBe(0);

    const orderId = orderIdFrom(page);
    const successUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    const [order] = await userOrders(user.id);
    expect(order?.id).toBe(orderId);
    expect(order?.paymentStatus).toBe("paid");
    expect(order?.totalAmountPence).toBe(1425);

    // The account's order history lists the order with its ticket numbers.
    await goto(page, "/account");
    const listed = await page.locator(`[data-order-id="${orderId}"]`).innerText();
    for (const range of ticketRanges(numbers)) expect(listed).toContain(formatTicketRange(range));

    const mail = await waitForMail(
      (m) => m.to.includes(user.email) && numbers.every((n) => m.body.includes(String(n))),
    );
    expect(mail.body).toContain(competition.title);
    expectNoConsoleErrors(errors);

    // Someone else with the same link learns nothing about the order.
    const stranger = await signedInPage();
    await goto(stranger.page, successUrl);
    expect(await stranger.page.locator("h1").innerText()).toBe("Verification Error");
    const html = await stranger.page.content();
    expect(html).not.toContain(competition.title);
    // A number standing alone, not inside a random token: a request id or nonce in the page may contain "438".
    expect(html).not.toMatch(/(?<![0-9A-Za-z])438(?![0-9A-Za-z])/);
  });

  it("works without JavaScript: the total is updated by the server and Pay goes to the payment page", async () => {
    const competition = await createCompetition();
    const { page, user } = await signedInPage({ eligible: true, javaScriptEnabled: false });
    await page.goto(`/checkout/${competition.id}`);
    await page.getByLabel("Number of tickets").fill("4");
    await page.getByRole("button", { name: "Update total" }).click();
    await page.waitForURL(/quantity=4/);
    expect(await page.getByTestId("order-total").innerText()).toBe("£19.00");
    await page.getByRole("radio", { name: CORRECT }).check();
    await page.getByRole("button", { name: "Pay £19.00" }).click();
    await payOnStandin(page, CARDS.pays);
    await page.waitForURL(/\/payment-success\?/);
    expect(await page.locator("h1").innerText()).toBe("Payment Successful!");
    expect(await userTickets(user.id, competition.id)).toHaveLength(4);
  });

  it("a declined card sells nothing, and cancelling releases the reserved tickets", async () => {
    const competition = await createCompetition({ ticketsSold: 10 });
    const { page, user } = await signedInPage({ eligible: true });

    await goto(page, `/checkout/${competition.id}?quantity=2&answer=${CORRECT}`);
    expect(await page.getByRole("radio", { name: CORRECT }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Pay £10.00" }).click();
    await payOnStandin(page, CARDS.declined);
    await eventually(() => page.getByRole("alert").innerText()).toMatch(/declined/i);

    expect(await userTickets(user.id)).toHaveLength(0);
    const during = await competitionRow(competition.id);
    expect(during.ticketsSold).toBe(10);

    await page.getByRole("link", { name: /Cancel/ }).click();
    await page.waitForURL(/\/payment-cancelled\?/);
    expect(await page.locator("h1").innerText()).toBe("Payment cancelled");
    expect(await page.getByText("No charge was made.").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe(
      `/competition/${competition.id}`,
    );

    const after = await competitionRow(competition.id);
    expect(after.ticketsSold).toBe(10);
    expect(after.ticketsReserved).toBe(0);
    const [order] = await userOrders(user.id);
    expect(order?.paymentStatus).toBe("cancelled");
    expect(await userTickets(user.id)).toHaveLength(0);
  });

  it("a wrong answer still buys tickets: warned before paying, not told after (no answer oracle)", async () => {
    const competition = await createCompetition();
    const { page, user } = await signedInPage({ eligible: true });

    await goto(page, `/checkout/${competition.id}`);
    // The page says so before payment.
    expect(
      await page.getByText("If your answer is wrong you still buy valid tickets, but they cannot win.").count(),
    ).toBe(1);
    await page.getByRole("radio", { name: WRONG }).check();
    await page.getByRole("button", { name: "Pay £5.00" }).click();
    await payOnStandin(page, CARDS.pays);
    await page.waitForURL(/\/payment-success\?/);

    await eventually(() => page.getByText("Your 1 ticket has been confirmed.").count()).toBeGreaterThan(0);
    expect(await page.getByText(ANSWER_RECORDED).count()).toBe(1);
    expect(await page.getByText(/not eligible for the draw|cannot win/).count()).toBe(0);
    const bought = await userTickets(user.id, competition.id);
    expect(bought).toHaveLength(1);
    expect(bought[0]?.isCorrectAnswer).toBe(false);
    expect(bought[0]?.skillAnswer).toBe(WRONG);
  });

  it("asks for the answer when none is given, and makes one payment session from a double submit", async () => {
    const competition = await createCompetition();
    const { page, user, baseUrl } = await signedInPage({ eligible: true });
    await goto(page, `/checkout/${competition.id}`);
    const key = await page.locator('input[name="idempotencyKey"]').inputValue();

    const post = (fields: Record<string, string>) =>
      page.request.post(`/checkout/${competition.id}`, { form: fields, headers: { Origin: baseUrl }, maxRedirects: 0 });
    const unanswered = await post({ intent: "pay", quantity: "1", idempotencyKey: key });
    expect(unanswered.status()).toBe(400);
    expect(await unanswered.text()).toContain("Please answer the skill question to proceed.");
    expect(await userOrders(user.id)).toHaveLength(0);

    const [first, second] = await Promise.all([
      post({ intent: "pay", quantity: "1", answer: CORRECT, idempotencyKey: key }),
      post({ intent: "pay", quantity: "1", answer: CORRECT, idempotencyKey: key }),
    ]);
    expect(first.status()).toBe(303);
    expect(second.headers().location).toBe(first.headers().location);
    const orders = await userOrders(user.id);
    expect(orders).toHaveLength(1);
    expect((await competitionRow(competition.id)).ticketsReserved).toBe(1);
  });

  it("holds the numbers chosen; one taken in between is named, the rest kept, the difference a lucky dip", async () => {
    const competition = await createCompetition({ totalTickets: 50 });
    const { page, errors, user } = await signedInPage({ eligible: true });
    await goto(page, `/checkout/${competition.id}?quantity=3&answer=${CORRECT}&numbers=5,7,9`);
    await eventually(() => page.getByTestId("numbers-plan").innerText()).toBe(
      "Your numbers: 5, 7 and 9. They are held for you when you pay.",
    );
    await expectAccessible(page);
    // Someone else takes 7 before this buyer presses Pay.
    const { services } = await app();
    await services.db
      .insert(ticketNumbers)
      .values({ competitionId: competition.id, ticketNumber: 7, heldUntil: new Date(Date.now() + 600_000) });
    await page.getByRole("button", { name: /^Pay/ }).click();
    await eventually(() => page.getByText("Some of your numbers were taken").count()).toBe(1);
    expect(
      await page
        .getByText(
          "Ticket 7 was taken by someone else while you were choosing. Your other numbers are kept: choose " +
            "another, or pay now and we will pick one at random for you.",
        )
        .count(),
    ).toBe(1);
    await eventually(() => page.getByTestId("numbers-plan").innerText()).toBe(
      "Your numbers: 5 and 9. One more is picked at random when you pay.",
    );
    expect((await competitionRow(competition.id)).ticketsReserved).toBe(0);
    await expectAccessible(page);

    await page.getByRole("button", { name: /^Pay/ }).click();
    await payOnStandin(page, CARDS.pays);
    await page.waitForURL(/\/payment-success\?/);
    const numbers = (await userTickets(user.id, competition.id)).map((t) => t.ticketNumber).sort((a, b) => a - b);
    expect(numbers).toHaveLength(3);
    expect(numbers).toEqual(expect.arrayContaining([5, 9]));
    expect(numbers).not.toContain(7);
    expectNoConsoleErrors(errors);
  });

  it("refuses a quantity a purchase cannot have, and never lowers one without saying why", async () => {
    const competition = await createCompetition({ totalTickets: 20, ticketsSold: 17 });
    const { page, user, baseUrl } = await signedInPage({ eligible: true });
    await goto(page, `/checkout/${competition.id}?quantity=abc&answer=${CORRECT}`);
    expect(await page.getByText("Choose between 1 and 10 tickets.").count()).toBe(1);
    expect(await page.getByLabel("Number of tickets").inputValue()).toBe("1");

    await goto(page, `/checkout/${competition.id}?quantity=8&answer=${CORRECT}`);
    expect(await page.getByText("Tickets changed").count()).toBe(1);
    expect(await page.getByText(`Only 3 tickets left for ${competition.title}.`).count()).toBe(1);
    expect(await page.getByText("Your entry is set to 3 tickets instead of 8.").count()).toBe(1);
    expect(await page.getByLabel("Number of tickets").inputValue()).toBe("3");

    const key = await page.locator('input[name="idempotencyKey"]').inputValue();
    for (const quantity of ["abc", "1.5", "0", "11", ""]) {
      const refused = await page.request.post(`/checkout/${competition.id}`, {
        form: { intent: "pay", quantity, answer: CORRECT, idempotencyKey: key },
        headers: { Origin: baseUrl },
        maxRedirects: 0,
      });
      expect(refused.status(), quantity).toBe(400);
      expect(await refused.text()).toContain("Choose between 1 and 10 tickets.");
    }
    expect(await userOrders(user.id)).toHaveLength(0);
    expect((await competitionRow(competition.id)).ticketsReserved).toBe(0);
  });

  it("explains a sold-out competition and offers no Pay button", async () => {
    const competition = await createCompetition({ totalTickets: 5, ticketsSold: 5 });
    const { page } = await signedInPage({ eligible: true });
    await goto(page, `/checkout/${competition.id}`);
    expect(await page.getByText("This competition has sold out.").count()).toBe(1);
    expect(await page.getByRole("button", { name: /^Pay/ }).count()).toBe(0);
  });

  it("sends a visitor who is not signed in to sign in first, and back", async () => {
    const competition = await createCompetition();
    const { page } = await signedInPage({ eligible: true });
    await page.context().clearCookies();
    await page.goto(`/checkout/${competition.id}?quantity=2`);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/auth");
    expect(url.searchParams.get("redirectTo")).toBe(`/checkout/${competition.id}?quantity=2`);
  });
});

describe("checkout pages are accessible", JOURNEY, () => {
  for (const theme of ["dark", "light"] as const) {
    it(`the review page, the stand-in payment page and the result pages pass axe in the ${theme} theme`, async () => {
      const competition = await createCompetition();
      const { page, errors } = await signedInPage({ theme });

      await goto(page, `/checkout/${competition.id}?quantity=3`);
      await expectAccessible(page);
      await fillDateOfBirth(page, "1985-01-31");
      await page.getByLabel("Country of residence").selectOption("IE");
      await page.getByRole("checkbox", { name: /I am 18 or over/ }).check();
      await page.getByRole("radio", { name: CORRECT }).check();
      await page.getByRole("button", { name: /^Pay/ }).click();

      await page.waitForURL(/\/stripe-standin\/pay\//);
      await expectAccessible(page);
      await page.getByRole("link", { name: /Cancel/ }).click();
      await page.waitForURL(/\/payment-cancelled\?/);
      await expectAccessible(page);

      await goto(page, `/checkout/${competition.id}`);
      await page.getByRole("radio", { name: CORRECT }).check();
      await page.getByRole("button", { name: /^Pay/ }).click();
      await payAndSee(page, CARDS.pays);
      await expectNoToast(page);
      await expectAccessible(page);
      // The refusal is answered with a 422, which the browser logs; nothing else may be.
      expectNoUnexpectedErrors(errors);
    });
  }
});

/** A promo code of the test's own, made as staff would store it. */
async function promoCode(values: Partial<typeof promoCodes.$inferInsert> = {}) {
  const { services } = await app();
  const code = `E2E${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
  const [row] = await services.db
    .insert(promoCodes)
    .values({ code, kind: "percent", value: 10, ...values })
    .returning();
  if (!row) throw new Error("promo code not created");
  return row;
}

describe("promo codes at checkout", JOURNEY, () => {
  it("a bad code shows its message and changes nothing; a good one is priced, paid and on the receipt", async () => {
    const competition = await createCompetition();
    const code = await promoCode({ kind: "fixed", value: 150, maxUses: 10, maxUsesPerPerson: 1 });
    const { page, errors, user } = await signedInPage({ eligible: true });

    await goto(page, `/checkout/${competition.id}?quantity=2`);
    await eventually(() => page.getByTestId("order-total").innerText()).toBe("£10.00");
    await page.getByLabel("Promo code").fill("NOT-A-CODE");
    await page.getByRole("button", { name: "Apply" }).click();
    await eventually(() => outsideSummary(page, 'We do not recognise the promo code "NOT-A-CODE".').count()).toBe(1);
    expect(await page.getByRole("button", { name: "Pay £10.00" }).count()).toBe(1);

    await page.getByLabel("Promo code").fill(code.code.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await eventually(() => page.getByTestId("promo-total").innerText()).toBe("£8.50");
    expect(await page.getByTestId("promo-quote").innerText()).toContain("−£1.50");
    await page.getByRole("radio", { name: CORRECT }).check();
    await page.getByRole("button", { name: "Pay £8.50" }).click();
    await payAndSee(page, CARDS.pays);
    expect(await page.getByTestId("receipt-promo").innerText()).toBe("−£1.50");
    expect(await page.getByTestId("receipt-total").innerText()).toBe("£8.50");

    const [order] = await userOrders(user.id);
    expect(order).toMatchObject({ paymentStatus: "paid", promoDiscountPence: 150, totalAmountPence: 850 });
    const { services } = await app();
    const [stored] = await services.db.select().from(promoCodes).where(eq(promoCodes.id, code.id));
    expect(stored?.uses).toBe(1);
    const mail = await waitForMail((m) => m.to.includes(user.email) && m.body.includes("Promo code saving"));
    expect(mail.body).toContain("8.50");

    // Once per person: the same buyer is told so, on the field, and the code keeps its count.
    await goto(page, `/checkout/${competition.id}`);
    await page.getByLabel("Promo code").fill(code.code);
    await page.getByRole("button", { name: "Apply" }).click();
    await eventually(() =>
      outsideSummary(
        page,
        `You have already used the promo code ${code.code}: it can be used once per person.`,
      ).count(),
    ).toBe(1);
    const redemptions = await services.db
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.promoCodeId, code.id));
    expect(redemptions).toHaveLength(1);
    expectNoUnexpectedErrors(errors);
  });

  it("a code applied on the basket goes to the basket's review page, priced again there", async () => {
    const first = await createCompetition();
    const second = await createCompetition();
    const code = await promoCode({ value: 20, competitionIds: [second.id] });
    const { page, user } = await signedInPage({ eligible: true });
    const { services } = await app();
    await addToBasket(services, user.id, { competitionId: first.id, quantity: 1, skillAnswer: CORRECT });
    await addToBasket(services, user.id, { competitionId: second.id, quantity: 1, skillAnswer: CORRECT });

    await goto(page, "/basket");
    await page.getByLabel("Promo code").fill(code.code);
    await page.getByRole("button", { name: "Apply" }).click();
    // 20% of the £5.00 line it covers, nothing off the other.
    await eventually(() => page.getByTestId("promo-total").innerText()).toBe("£9.00");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(/\/checkout\/basket\?promo=/);
    await eventually(() => page.getByTestId("promo-total").innerText()).toBe("£9.00");
    await page.getByRole("button", { name: "Pay £9.00" }).click();
    await payOnStandin(page, CARDS.pays);
    await page.waitForURL(/\/payment-success\?/);
    await eventually(() => page.getByTestId("receipt-total").innerText()).toBe("£9.00");
  });

  for (const theme of ["dark", "light"] as const) {
    it(`the promo code field, its message and its quote pass axe in the ${theme} theme`, async () => {
      const competition = await createCompetition();
      const code = await promoCode();
      const { page, errors } = await signedInPage({ theme, eligible: true });
      await goto(page, `/checkout/${competition.id}`);
      await page.getByLabel("Promo code").fill("EXPIRED-OR-NOT");
      await page.getByLabel("Promo code").press("Enter");
      await eventually(() => outsideSummary(page, /We do not recognise the promo code/).count()).toBe(1);
      await expectAccessible(page);
      await page.getByLabel("Promo code").fill(code.code);
      await page.getByRole("button", { name: "Apply" }).click();
      await eventually(() => page.getByTestId("promo-total").innerText()).toBe("£4.50");
      await expectAccessible(page);
      // The refusal is answered with a 422, which the browser logs; nothing else may be.
      expectNoUnexpectedErrors(errors);
    });
  }
});
