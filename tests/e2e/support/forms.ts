import type { Page } from "playwright-core";
import { expect } from "vitest";
import { expectNoConsoleErrors, openPage, type PageOptions } from "./browser";

/** A sonner toast containing the text. */
export const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** The inline outcome box of a form (FormAlert). */
export const formAlert = (page: Page) => page.locator("[data-form-alert]");

/**
 * Forms answer refused input with a 4xx (as they must), which Chromium logs as a failed resource load;
 * every other console error still fails the test.
 */
export function expectNoUnexpectedErrors(errors: string[]) {
  expectNoConsoleErrors(
    errors.filter((e) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(e)),
  );
}

/** Waits for a shared, busy machine: polls up to 20 s, journeys up to 3 minutes. */
export const SLOW = { timeout: 20_000, interval: 100 };
export const TEST_TIMEOUT = 180_000;

/** openPage with timeouts that survive a loaded machine. */
export async function openSlowPage(options?: PageOptions) {
  const opened = await openPage(options);
  opened.page.setDefaultTimeout(60_000);
  opened.page.setDefaultNavigationTimeout(90_000);
  return opened;
}

/** Types a "YYYY-MM-DD" date into a three-field date of birth (Day, Month, Year) found by its legend. */
export async function fillDateOfBirth(page: Page, iso: string, legend = "Date of birth") {
  const [year = "", month = "", day = ""] = iso.split("-");
  const group = page.getByRole("group", { name: legend });
  await group.getByLabel("Day").fill(day);
  await group.getByLabel("Month").fill(month);
  await group.getByLabel("Year").fill(year);
}

/** Text on the page outside the error summary (whose links repeat each field's message). */
export const outsideSummary = (page: Page, text: string | RegExp) =>
  page.getByText(text).and(page.locator(":not([data-error-summary] *)"));

/** The GOV.UK error summary of the form in error: "There is a problem" and a link to each field. */
export const errorSummary = (page: Page) => page.locator("[data-error-summary]");

/**
 * The page shows its error summary, focused, titled "There is a problem", with the page title marked "Error: "; its
 * links are `messages` in order, and each, followed, puts focus on the control named in `fields` (same order).
 */
export async function expectErrorSummary(
  page: Page,
  expected: { field: string; message: string }[],
  { idPattern = /^#field-/ }: { idPattern?: RegExp } = {},
) {
  const summary = errorSummary(page);
  await summary.waitFor({ timeout: SLOW.timeout });
  expect(await summary.getByRole("heading").innerText()).toBe("There is a problem");
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.hasAttribute("data-error-summary")), SLOW)
    .toBe(true);
  await expect.poll(() => page.title(), SLOW).toMatch(/^Error: /);
  const links = summary.getByRole("link");
  expect((await links.allInnerTexts()).slice(0, expected.length)).toEqual(expected.map((e) => e.message));
  for (const [index, { field }] of expected.entries()) {
    const href = (await links.nth(index).getAttribute("href")) ?? "";
    expect(href).toMatch(idPattern);
    await links.nth(index).click();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name), SLOW)
      .toBe(field);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(href.slice(1));
  }
}

/** The contact form's summary when it is sent empty. */
export const EMPTY_CONTACT_SUMMARY = [
  { field: "name", message: "Enter your name" },
  { field: "email", message: "Enter your email address" },
  { field: "subject", message: "Enter a subject" },
  { field: "message", message: "Enter your message" },
];

/** /join's summary when only the e-mail field was filled (`email`: its message), or nothing at all. */
export const joinSummary = (email = "Enter your email address") => [
  { field: "firstName", message: "Enter your first name" },
  { field: "lastName", message: "Enter your last name" },
  { field: "email", message: email },
  { field: "password", message: "Enter a password" },
  { field: "confirmPassword", message: "Enter the password again to confirm it" },
  { field: "agreeTerms", message: "Please agree to the terms and conditions." },
];
