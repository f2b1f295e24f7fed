import { beforeAll, describe, expect, it } from "vitest";
import { app } from "./support/app";
import { expectNoConsoleErrors, hydrated } from "./support/browser";
import { CARDS, createCompetition, eventually, goto, JOURNEY, payOnStandin, signedInPage } from "./support/checkout";
import { expectNoToast, unexpectedErrors } from "./support/form-journeys";
import { fillDateOfBirth, formAlert, openSlowPage, SLOW, TEST_TIMEOUT } from "./support/forms";
import { createUser } from "./support/users";

// One message per event: a form says what happened once, on the page, and no toast repeats it.

beforeAll(async () => {
  await app();
});

const SIGN_IN_REFUSED = "Invalid email or password. Please check your credentials.";

describe("one message per event", () => {
  for (const path of ["/auth", "/signin"]) {
    it(
      `a failed sign-in on ${path} says so once, in the form's alert, and not again in a toast`,
      async () => {
        const user = await createUser();
        const { page, errors } = await openSlowPage();
        await page.goto(path);
        await hydrated(page);
        await page.getByLabel("Email", { exact: true }).fill(user.email);
        await page.getByLabel("Password", { exact: true }).fill("not-my-password");
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await expect.poll(() => formAlert(page).innerText(), SLOW).toContain(SIGN_IN_REFUSED);
        await expectNoToast(page);
        expect(await page.getByText(SIGN_IN_REFUSED).count()).toBe(1);
        expectNoConsoleErrors(unexpectedErrors(errors));
      },
      TEST_TIMEOUT,
    );
  }

  it("a refused spending limit shows at its field only", JOURNEY, async () => {
    const { page, errors } = await signedInPage();
    await goto(page, "/account/limits");
    await page.getByLabel("New monthly limit in pounds").fill("lots");
    await page.getByRole("button", { name: "Set limit" }).click();
    const field = page.getByLabel("New monthly limit in pounds");
    await eventually(() => field.getAttribute("aria-invalid")).toBe("true");
    await expectNoToast(page);
    expect(await page.getByText("Enter an amount in pounds, for example 50 or 25.50").count()).toBe(1);
    expectNoConsoleErrors(unexpectedErrors(errors));
  });

  it("the eligibility fields say which part of the date of birth is missing, once, linked to it", JOURNEY, async () => {
    const competition = await createCompetition();
    const { page, errors } = await signedInPage({ eligible: false });
    await goto(page, `/checkout/${competition.id}`);
    await page.getByRole("radio", { name: "Canter" }).check();
    const group = page.getByRole("group", { name: "Date of birth" });
    await group.getByLabel("Day").fill("12");
    await group.getByLabel("Year").fill("1990");
    await page.getByLabel("Country of residence").selectOption("GB");
    await page.getByRole("checkbox", { name: /I am 18 or over/ }).check();
    await page.getByRole("button", { name: /^Pay/ }).click();
    const message = "Date of birth must include a month";
    await eventually(() => page.getByText(message).count()).toBe(1);
    // Only the empty field is marked, and it is described by the message.
    expect(await group.getByLabel("Month").getAttribute("aria-invalid")).toBe("true");
    expect(await group.getByLabel("Day").getAttribute("aria-invalid")).toBeNull();
    const describedBy = (await group.getByLabel("Month").getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(message);
    await expectNoToast(page);

    await fillDateOfBirth(page, "1990-04-12");
    await page.getByRole("button", { name: /^Pay/ }).click();
    await payOnStandin(page, CARDS.pays);
    await page.waitForURL(/\/payment-success\?/);
    await eventually(() => page.locator("h1").innerText()).toBe("Payment Successful!");
    await expectNoToast(page);
    expectNoConsoleErrors(unexpectedErrors(errors));
  });
});
