import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app } from "./support/app";
import { expectNoConsoleErrors, hydrated } from "./support/browser";
import {
  CORRECT,
  createCompetition,
  eventually,
  goto,
  hideCreatedCompetitions,
  JOURNEY,
  OPTIONS,
  signedInPage,
  userTickets,
} from "./support/checkout";
import { unexpectedErrors } from "./support/form-journeys";

// The whole purchase by keyboard alone (WCAG 2.1.1, 2.4.7, 2.4.11): only page.keyboard from the home page to the
// payment result, and at every stop the focused control shows where it is.

type Focused = {
  tag: string;
  type: string;
  id: string;
  name: string;
  label: string;
  href: string;
  value: string;
  checked: boolean;
  indicator: boolean;
};

/**
 * What has focus, and whether a focus indicator is drawn: an outline or box-shadow on the element, or (for a
 * control that draws its ring on its wrapper: a radio's label, a card around its link) an outline on one of its
 * three nearest ancestors.
 */
function readFocus(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const transparent = (colour: string) => colour === "transparent" || /rgba\([^)]*,\s*0\)$/.test(colour);
    const outlined = (node: Element) => {
      const style = getComputedStyle(node);
      const width = Number.parseFloat(style.outlineWidth);
      return style.outlineStyle !== "none" && width > 0 && !transparent(style.outlineColor);
    };
    // Tailwind composes box-shadow from layers that are often empty (transparent, zero-sized): only a layer with
    // a colour and a size counts.
    const shadowed = (node: Element) =>
      getComputedStyle(node)
        .boxShadow.split(/,(?![^(]*\))/)
        .some((layer) => layer !== "none" && !/rgba\([^)]*,\s*0\)/.test(layer) && /[1-9][\d.]*px/.test(layer));
    let indicator = outlined(el) || shadowed(el);
    for (let node = el.parentElement, i = 0; node && i < 3 && !indicator; node = node.parentElement, i++)
      indicator = outlined(node);
    const input = el as HTMLInputElement;
    const labels = input.labels ? [...input.labels].map((l) => l.innerText.trim()).join(" ") : "";
    return {
      tag: el.tagName.toLowerCase(),
      type: input.type ?? "",
      id: el.id,
      name: el.getAttribute("name") ?? "",
      label: (el.getAttribute("aria-label") ?? labels ?? "") || el.innerText.trim().slice(0, 80),
      href: el.getAttribute("href") ?? "",
      value: input.value ?? "",
      checked: Boolean(input.checked),
      indicator,
    };
  });
}

/** The focused element, which must show its focus. */
async function focusShown(page: Page) {
  const focused = await readFocus(page);
  expect(focused, "something has focus").not.toBeNull();
  expect(focused?.indicator, `a visible focus indicator on ${JSON.stringify(focused)}`).toBe(true);
  return focused as Focused;
}

/** Presses Tab (or Shift+Tab) until the focused element matches, checking the focus indicator at every stop. */
async function tabTo(page: Page, match: (f: Focused) => boolean, what: string, key = "Tab") {
  for (let step = 0; step < 150; step++) {
    await page.keyboard.press(key);
    const focused = await readFocus(page);
    if (!focused) continue; // between the document's end and its start
    expect(focused.indicator, `a visible focus indicator on ${JSON.stringify(focused)}`).toBe(true);
    if (match(focused)) return focused;
  }
  throw new Error(`Tab never reached ${what}`);
}

/** Presses a key on the focused control; the control keeping focus must still show it. */
async function press(page: Page, key: string) {
  await page.keyboard.press(key);
  return focusShown(page);
}

const isLink = (path: string | RegExp) => (f: Focused) =>
  f.tag === "a" && (typeof path === "string" ? f.href === path : path.test(f.href));
const isButton = (label: string | RegExp) => (f: Focused) =>
  f.tag === "button" && (typeof label === "string" ? f.label === label : label.test(f.label));
const isField = (label: string) => (f: Focused) => f.label === label;

beforeAll(async () => {
  await app();
});

afterAll(async () => {
  await hideCreatedCompetitions();
});

describe("the purchase by keyboard alone", () => {
  it(
    "goes from the home page to the payment result with Tab, arrows, Enter and Space, focus always shown",
    JOURNEY,
    async () => {
      const title = `Keyboard Cup ${Math.random().toString(36).slice(2, 8)}`;
      const competition = await createCompetition({ title });
      const { page, user, errors } = await signedInPage({ viewport: { width: 1280, height: 800 } });

      // Home: the header's Competitions link.
      await goto(page, "/");
      await tabTo(page, isLink("/competitions"), "the Competitions link");
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === "/competitions");
      await hydrated(page);

      // The list: search for the competition by its title, then its card's link.
      await tabTo(page, isField("Search competitions"), "the search field");
      await page.keyboard.type(title);
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("q") === title);
      await tabTo(page, isLink(`/competition/${competition.id}`), "the competition's card");
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === `/competition/${competition.id}`);
      await hydrated(page);

      // The entry form: two tickets, the answer by arrow keys, then on to checkout.
      await tabTo(page, isButton("One ticket more"), "the + button");
      await press(page, "Space");
      await eventually(() => page.locator("#ticket-quantity").inputValue()).toBe("2");
      let answer = await tabTo(page, (f) => f.type === "radio" && f.name === "answer", "the skill question");
      expect(answer.value).toBe(OPTIONS[0]);
      await press(page, "Space");
      for (let i = OPTIONS.indexOf(answer.value as (typeof OPTIONS)[number]); i < OPTIONS.indexOf(CORRECT); i++)
        answer = await press(page, "ArrowDown");
      expect(answer).toMatchObject({ value: CORRECT, checked: true });
      await tabTo(page, isButton("Proceed to Checkout"), "Proceed to Checkout");
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === `/checkout/${competition.id}`);
      await hydrated(page);

      // The review page: a first purchase, so date of birth, country and the terms, then Pay.
      await tabTo(page, isField("Day"), "the Day field");
      await page.keyboard.type("12");
      await tabTo(page, isField("Month"), "the Month field");
      await page.keyboard.type("4");
      await tabTo(page, isField("Year"), "the Year field");
      await page.keyboard.type("1990");
      await tabTo(page, isField("Country of residence"), "the country");
      const country = await press(page, "ArrowDown");
      expect(["GB", "IE"]).toContain(country.value);
      const terms = await tabTo(page, (f) => f.type === "checkbox" && f.name === "acceptTerms", "the terms box");
      expect(terms.checked).toBe(false);
      expect(await press(page, "Space")).toMatchObject({ checked: true });
      await tabTo(page, isButton(/^Pay £/), "Pay");
      await page.keyboard.press("Enter");

      // The payment page (stand-in, TEST MODE): the card by typing, Enter submits.
      await page.waitForURL(/\/stripe-standin\/pay\//);
      await tabTo(page, isField("Card number"), "the card number");
      await page.keyboard.type("4242 4242 4242 4242");
      await tabTo(page, isField("Expiry (MM / YY)"), "the expiry");
      await page.keyboard.type("12 / 34");
      await tabTo(page, isField("CVC"), "the CVC");
      await page.keyboard.type("123");
      await tabTo(page, isField("Name on card"), "the name on the card");
      await page.keyboard.type("Kay Board");
      // Back and forth once: Shift+Tab returns to the CVC with its focus shown.
      expect(await tabTo(page, isField("CVC"), "the CVC, backwards", "Shift+Tab")).toMatchObject({ value: "123" });
      await tabTo(page, isButton(/^Pay £/), "the stand-in's Pay button");
      await page.keyboard.press("Enter");

      // The result, and the tickets bought.
      await page.waitForURL(/\/payment-success\?/);
      await hydrated(page);
      await eventually(() => page.locator("h1").innerText()).toBe("Payment Successful!");
      await tabTo(page, (f) => f.tag === "a", "a link on the result page");
      await eventually(async () => (await userTickets(user.id, competition.id)).length).toBe(2);
      expectNoConsoleErrors(unexpectedErrors(errors));
    },
  );
});
