import { describe, expect, it } from "vitest";
import { expectAccessible, expectNoConsoleErrors } from "./support/browser";
import {
  CARDS,
  CORRECT,
  checkoutSuite,
  createCompetition,
  eventually,
  goto,
  JOURNEY,
  payAndSee,
  signedInPage,
} from "./support/checkout";

checkoutSuite();

describe("the header's notifications", JOURNEY, () => {
  it("a confirmed order appears on the bell of another open page without a reload, and can be read", async () => {
    const competition = await createCompetition({ title: "Bell boots notified" });
    const { page, context, errors } = await signedInPage({ eligible: true });
    const bell = (p: typeof page) => p.locator("header").getByRole("button", { name: /^Notifications,/ });

    // One tab rests on a page; nothing will reload it.
    await goto(page, "/about");
    await eventually(() => bell(page).getAttribute("aria-label")).toBe("Notifications, none unread");
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { stayed: string }).stayed = "not reloaded";
    });

    // The other tab buys.
    const buying = await context.newPage();
    await goto(buying, `/checkout/${competition.id}`);
    await buying.getByRole("radio", { name: CORRECT }).check();
    await buying.getByRole("button", { name: /^Pay/ }).click();
    await payAndSee(buying, CARDS.pays);

    // The resting tab's bell counts it, live, and it was not reloaded.
    await eventually(() => bell(page).getAttribute("aria-label")).toBe("Notifications, 1 unread");
    expect(await page.evaluate(() => (window as unknown as { stayed?: string }).stayed)).toBe("not reloaded");

    // The bell opens a pop-over listing it; the notification names the competition; it passes axe in both themes.
    await bell(page).click();
    expect(await bell(page).getAttribute("aria-expanded")).toBe("true");
    const panel = page.locator("header").getByRole("region", { name: "Notifications" });
    await eventually(() => panel.getByText(`for ${competition.title} is confirmed`).count()).toBe(1);
    for (const theme of ["dark", "light"] as const) {
      await page.evaluate((t) => {
        document.documentElement.classList.toggle("dark", t === "dark");
        document.documentElement.classList.toggle("light", t === "light");
      }, theme);
      await expectAccessible(page);
    }

    // Escape closes it and gives the focus back to the bell; Enter opens it again from the keyboard.
    await page.keyboard.press("Escape");
    await eventually(() => panel.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Notifications, 1 unread",
    );
    await page.keyboard.press("Enter");
    await eventually(() => panel.isVisible()).toBe(true);

    // Marking it read from the pop-over empties the count and keeps the person on the page they were on.
    await panel.getByRole("button", { name: "Mark as read: Order confirmed" }).click();
    await eventually(() => bell(page).getAttribute("aria-label")).toBe("Notifications, none unread");
    await eventually(() => panel.getByText("Unread:").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/about");

    // "See all" leads to the notifications page, where it shows as read.
    await panel.getByRole("link", { name: "See all notifications" }).click();
    await page.waitForURL(/\/account\/notifications$/);
    await eventually(() => page.locator("h1").innerText()).toBe("Notifications");
    await eventually(() => page.getByText("All read").count()).toBe(1);
    await eventually(() => panel.isVisible()).toBe(false);
    expectNoConsoleErrors(errors);
  });
});
