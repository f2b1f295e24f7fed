import type { Page } from "playwright-core";
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
