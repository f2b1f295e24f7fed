import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "~/db/schema";
import { addToBasket } from "~/server/checkout/basket.server";
import { app } from "./support/app";
import { hydrated } from "./support/browser";
import {
  CARDS,
  CORRECT,
  createCompetition,
  hideCreatedCompetitions,
  payAndSee,
  signedInPage,
} from "./support/checkout";
import { ACCOUNT_PAGES, ADMIN_PAGES, PUBLIC_PAGES } from "./support/pages";
import { scopedPages } from "./support/scoped-pages";
import { createUser, signIn } from "./support/users";

/** WCAG 1.4.10 Reflow: content fits 320 CSS px wide (1280 px at 400% zoom) without scrolling sideways. */
const NARROW = { width: 320, height: 640 };

beforeAll(async () => {
  await app();
});
afterAll(() => hideCreatedCompetitions());

const openPage = scopedPages();

/** The page's own width and, when it is too wide, the outermost elements that reach past the screen's edge. */
async function overflow(page: Page) {
  return page.evaluate((limit) => {
    const width = document.documentElement.scrollWidth;
    if (width <= limit) return { width, culprits: [] as string[] };
    const culprits: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      if (el.getBoundingClientRect().right <= limit + 0.5) continue;
      // Content a scrolling or clipping box keeps inside itself is not the page's overflow.
      const clipped = (box: HTMLElement | null): boolean =>
        !!box && box !== document.body && (getComputedStyle(box).overflowX !== "visible" || clipped(box.parentElement));
      if (clipped(el.parentElement)) continue;
      // Only the outermost: an element inside one already listed adds nothing.
      if (el.parentElement && el.parentElement.getBoundingClientRect().right > limit + 0.5) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 4).join(".")}`;
      culprits.push(`${name} (${Math.round(el.getBoundingClientRect().right)}px)`);
    }
    return { width, culprits: culprits.slice(0, 8) };
  }, NARROW.width);
}

async function expectFits(page: Page, label: string) {
  const { width, culprits } = await overflow(page);
  expect(width, `${label} is ${width}px wide at 320px: ${culprits.join(", ")}`).toBeLessThanOrEqual(NARROW.width);
}

async function expectReflows(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await hydrated(page);
  await expectFits(page, path);
}

describe("no page scrolls sideways at 320 px (WCAG 1.4.10)", () => {
  for (const { path } of PUBLIC_PAGES) {
    it(path, async () => {
      const { page } = await openPage({ viewport: NARROW });
      await expectReflows(page, path);
    });
  }

  it("an entrant's account pages", async () => {
    const { page, context } = await openPage({ viewport: NARROW });
    await signIn(context, await createUser());
    const failures: string[] = [];
    for (const path of ACCOUNT_PAGES) {
      await expectReflows(page, path).catch((error: Error) => failures.push(error.message.split("\n")[0] ?? path));
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("an account with long real-world values: a 40-character address, an IPv6 session, a basket item", async () => {
    const { services } = await app();
    // No hyphen: a browser may break a line there, and a real address need not have one.
    const email = "alexandra.fitzwilliamhughes1@example.com";
    expect(email).toHaveLength(40);
    const user = await createUser({ email, firstName: "Alexandra", lastName: "Fitzwilliam-Hughes" });
    const competition = await createCompetition({
      title: "Hand-stitched Close-Contact Jumping Saddle with Matching Bridle",
    });
    await addToBasket(services, user.id, { competitionId: competition.id, quantity: 10, skillAnswer: CORRECT });
    // A second device on the longest form an IPv6 address takes (39 characters), as the security page lists it.
    await services.db.insert(session).values({
      id: `reflow-${user.id}`,
      token: `reflow-${user.id}`,
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
      ipAddress: "2001:db8:85a3:8d3:1319:8a2e:370:7348",
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/605.1.15",
    });
    const { page, context } = await openPage({ viewport: NARROW });
    await signIn(context, user);
    const failures: string[] = [];
    const shows = async (path: string, what: Locator) => {
      await expectReflows(page, path).catch((error: Error) => failures.push(error.message.split("\n")[0] ?? path));
      expect(await what.count(), path).toBeGreaterThan(0);
    };
    await shows("/account", page.getByText(`Signed in as ${email}`));
    await shows("/account/security", page.getByText("2001:db8:85a3:8d3:1319:8a2e:370:7348"));
    await shows("/basket", page.getByTestId(`basket-item-${competition.id}`));
    expect(failures).toEqual([]);
  }, 120_000);

  it("a purchase: the competition, the checkout review, the payment page and its result", async () => {
    const competition = await createCompetition();
    const { page } = await signedInPage({ viewport: NARROW, eligible: true });
    await expectReflows(page, `/competition/${competition.id}`);
    await expectReflows(page, `/checkout/${competition.id}`);
    await page.getByRole("radio", { name: CORRECT }).check();
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL(/\/stripe-standin\/pay\//);
    await expectFits(page, "the payment page");
    await payAndSee(page, CARDS.pays);
    await expectFits(page, "the payment result");
  }, 120_000);

  it("the admin pages, tables included", async () => {
    const { page, context } = await openPage({ viewport: NARROW });
    await signIn(context, await createUser({ roles: ["admin"] }));
    const failures: string[] = [];
    for (const path of ADMIN_PAGES) {
      await expectReflows(page, path).catch((error: Error) => failures.push(error.message.split("\n")[0] ?? path));
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
