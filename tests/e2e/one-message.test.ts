import { beforeAll, describe, expect, it } from "vitest";
import { app } from "./support/app";
import { expectAccessible, expectNoConsoleErrors, hydrated, useTheme } from "./support/browser";
import { CARDS, createCompetition, eventually, goto, JOURNEY, payAndSee, signedInPage } from "./support/checkout";
import { expectNoToast, unexpectedErrors } from "./support/form-journeys";
import {
  EMPTY_CONTACT_SUMMARY,
  errorSummary,
  expectErrorSummary,
  fillDateOfBirth,
  formAlert,
  joinSummary,
  openSlowPage,
  outsideSummary,
  SLOW,
  TEST_TIMEOUT,
} from "./support/forms";
import { createUser, staffPage } from "./support/users";

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
    // At its field, and as the link to it in the form's error summary.
    expect(await outsideSummary(page, "Enter an amount in pounds, for example 50 or 25.50").count()).toBe(1);
    expect(await errorSummary(page).getByRole("link").allInnerTexts()).toEqual([
      "Enter an amount in pounds, for example 50 or 25.50",
    ]);
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
    await eventually(() => outsideSummary(page, message).count()).toBe(1);
    expect(await errorSummary(page).getByRole("link", { name: message }).getAttribute("href")).toBe(
      "#field-dateOfBirth",
    );
    // Only the empty field is marked, and it is described by the message.
    expect(await group.getByLabel("Month").getAttribute("aria-invalid")).toBe("true");
    expect(await group.getByLabel("Day").getAttribute("aria-invalid")).toBeNull();
    const describedBy = (await group.getByLabel("Month").getAttribute("aria-describedby")) ?? "";
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(message);
    await expectNoToast(page);

    await fillDateOfBirth(page, "1990-04-12");
    await page.getByRole("button", { name: /^Pay/ }).click();
    await payAndSee(page, CARDS.pays);
    await expectNoToast(page);
    expectNoConsoleErrors(unexpectedErrors(errors));
  });
});

// GOV.UK's error summary on every form: a refused form opens on "There is a problem", focused, with a link to each
// field in error, and the page title says "Error:". Links work from the keyboard and land on their field.
describe("error summaries", () => {
  for (const theme of ["dark", "light"] as const) {
    it(`the contact, join and newsletter forms sent empty list every field, in ${theme}`, {
      timeout: TEST_TIMEOUT,
    }, async () => {
      const { page, context, errors } = await openSlowPage({ colorScheme: theme });
      await useTheme(context, theme);

      await goto(page, "/contact");
      await page.getByRole("button", { name: "Send message" }).click();
      await expectErrorSummary(page, EMPTY_CONTACT_SUMMARY);
      // The spec's notice is kept inside the summary.
      expect(await errorSummary(page).innerText()).toContain("Please fill in all required fields.");
      await expectAccessible(page);

      await goto(page, "/join");
      await page.getByRole("button", { name: "Create account" }).click();
      await expectErrorSummary(page, joinSummary());
      expect(await errorSummary(page).innerText()).not.toContain("Terms Required");
      await expectAccessible(page);

      await goto(page, "/newsletter");
      await page.getByRole("button", { name: "Subscribe" }).click();
      await expectErrorSummary(page, [
        { field: "email", message: "Enter your email address" },
        { field: "consent", message: "Please tick the box to agree to receive our marketing emails." },
      ]);
      await expectAccessible(page);
      // Put right, the summary and the title's "Error:" go.
      await page.getByLabel("Email (required)").fill("summary-reader@example.test");
      await page.getByRole("checkbox").check();
      await page.getByRole("button", { name: "Subscribe" }).click();
      await eventually(() => errorSummary(page).count()).toBe(0);
      await eventually(() => page.title()).not.toMatch(/^Error: /);
      expectNoConsoleErrors(unexpectedErrors(errors));
    });
  }

  it("an account form answered by the server links to fields scoped to their form", JOURNEY, async () => {
    const { page, errors } = await signedInPage({ theme: "light" });
    await goto(page, "/account/security");
    await page.getByRole("button", { name: "Change password" }).click();
    await expectErrorSummary(page, [
      { field: "currentPassword", message: "Enter your current password" },
      { field: "password", message: "Enter a password" },
      { field: "confirmPassword", message: "Enter the password again to confirm it" },
    ]);
    expect(await errorSummary(page).getByRole("link").first().getAttribute("href")).toBe(
      "#field-change-password-currentPassword",
    );
    await expectAccessible(page);
    expectNoConsoleErrors(unexpectedErrors(errors));
  });

  it("an admin form has one too", { timeout: TEST_TIMEOUT }, async () => {
    const { page, errors } = await staffPage(["admin"], "dark");
    await goto(page, "/admin/create-competition");
    await page.getByRole("button", { name: "Create draft" }).click();
    await expectErrorSummary(page, [{ field: "title", message: "Enter the competition's title" }], {
      idPattern: /^#competition-form-title$/,
    });
    await expectAccessible(page);
    expectNoConsoleErrors(unexpectedErrors(errors));
  });
});
