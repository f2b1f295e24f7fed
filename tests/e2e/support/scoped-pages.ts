import type { BrowserContext } from "playwright-core";
import { afterEach } from "vitest";
import { openPage as openBrowserPage, type PageOptions } from "./browser";

/**
 * `openPage` whose browser context closes when the test ends (not the whole run), so pages with running
 * carousels and timers from earlier tests do not slow the later ones. Allows a minute per navigation.
 */
export function scopedPages() {
  const opened: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((context) => context.close().catch(() => {})));
  });
  return async function openPage(options?: PageOptions) {
    const result = await openBrowserPage(options);
    opened.push(result.context);
    result.page.setDefaultNavigationTimeout(60_000);
    return result;
  };
}
