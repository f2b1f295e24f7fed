import { openPage as openBrowserPage, type PageOptions } from "./browser";

/**
 * `openPage` for the files whose pages render the heaviest layouts (every viewport, both themes): allows a minute per
 * navigation. Like every page a test opens, its context closes when the test ends (tests/e2e/support/browser.ts).
 */
export function scopedPages() {
  return async function openPage(options?: PageOptions) {
    const result = await openBrowserPage(options);
    result.page.setDefaultNavigationTimeout(60_000);
    return result;
  };
}
