import type { Page } from "playwright-core";
import { expect } from "vitest";
import { settled } from "./browser";

/** Shown and fully faded in, so axe judges the toast as people see it. */
export async function toastShown(page: Page, title: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title });
  await toast.waitFor();
  await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
}

/** The browser logs a refused submission's 4xx status; that status is the point, so it is not an error here. */
export const unexpectedErrors = (errors: string[]) =>
  errors.filter((e) => !/the server responded with a status of 4\d\d/.test(e));

/** A labelled control inside the page's main region (the header and footer have their own). */
export const mainField = (page: Page, label: string) => page.locator("main").getByLabel(label, { exact: true });

/**
 * One message per event: where a form shows its outcome inline, no toast repeats it. Waits for the page's own
 * work (React's tasks, then one timer turn, which is how toasts are deferred) before counting. Sonner loads with
 * the first toast, so a toast still waiting for it counts too (the Toaster's pending marker).
 */
export async function expectNoToast(page: Page) {
  await settled(page);
  await page.evaluate(() => new Promise<void>((resolve) => window.setTimeout(resolve, 0)));
  await settled(page);
  const toasts = page.locator("[data-sonner-toast], [data-toast-pending]");
  expect(await toasts.count(), "a toast repeats the inline message").toBe(0);
}
