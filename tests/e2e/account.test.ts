import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { competitions, orders, tickets, user as userTable } from "~/db/schema";
import { formatTicketRange, ticketRanges } from "~/domain/ticket-ranges";
import { createPaidOrder } from "~/server/demo/factories.server";
import { addNotification } from "~/server/platform/notifications.server";
import { app } from "./support/app";
import { expectAccessible, hydrated, useTheme } from "./support/browser";
import { expectNoUnexpectedErrors, openSlowPage, SLOW, TEST_TIMEOUT, toast } from "./support/forms";
import { createUser, signIn } from "./support/users";

beforeAll(async () => {
  await app();
});

/** A paid order for the rider in the first competition the database holds. */
async function paidOrder(userId: string, quantity: number, firstTicket: number) {
  const { services } = await app();
  const [competition] = await services.db.select().from(competitions).limit(1);
  const order = await createPaidOrder(services.db, { userId, competition: competition!, quantity, firstTicket });
  return { order, competition: competition! };
}

/** One unread notification for the rider, so the page shows its list and its buttons. */
async function unreadNotification(userId: string) {
  const { services } = await app();
  await addNotification(services.db, {
    userId,
    kind: "refund-issued",
    eventKey: `axe:${userId}`,
    title: "Refund issued",
    body: "We refunded £5.00 for order 1234abcd to your card.",
    link: "/account",
  });
}

describe("signed-in account pages pass axe in both themes", () => {
  for (const theme of ["dark", "light"] as const) {
    for (const path of [
      "/account",
      "/account?edit=1",
      "/account/security",
      "/account/privacy",
      "/account/notifications",
    ]) {
      it(
        `${path} in the ${theme} theme`,
        async () => {
          const user = await createUser();
          if (path === "/account") await paidOrder(user.id, 2, 700_000 + Math.floor(Math.random() * 100_000));
          if (path === "/account/notifications") await unreadNotification(user.id);
          const { page, context, errors } = await openSlowPage({ colorScheme: theme });
          await useTheme(context, theme);
          await signIn(context, user);
          const response = await page.goto(path);
          expect(response?.status()).toBe(200);
          await hydrated(page);
          expect(await page.locator("h1").count()).toBe(1);
          expect(await page.title()).toMatch(/Paddock/);
          await expectAccessible(page);
          expectNoUnexpectedErrors(errors);
        },
        TEST_TIMEOUT,
      );
    }
  }
});

describe("my account", () => {
  it(
    "shows the summary, orders with ticket numbers, and saves profile changes",
    async () => {
      const user = await createUser({ firstName: "Ada", lastName: "Mare" });
      const { order, competition } = await paidOrder(user.id, 3, 800_000 + Math.floor(Math.random() * 100_000));
      const { page, context, errors } = await openSlowPage();
      await signIn(context, user);
      await page.goto("/account");
      await hydrated(page);
      const summary = page.getByRole("region", { name: "Account summary" });
      expect(await summary.innerText()).toContain(user.email);
      expect(await summary.innerText()).toMatch(/Total orders\s+1/);
      const orderCard = page.locator(`[data-order-id="${order.id}"]`);
      expect(await orderCard.innerText()).toContain(competition.title);
      expect(await orderCard.innerText()).toContain("Paid");
      expect(await orderCard.innerText()).toContain("£15.00");
      const bought = await (await app()).services.db.select().from(tickets).where(eq(tickets.orderId, order.id));
      expect(bought.length).toBeGreaterThan(0);
      // Ticket numbers show as compact runs ("1–4, 9"), not one number per line.
      const listed = await orderCard.innerText();
      for (const range of ticketRanges(bought.map((t) => t.ticketNumber))) {
        expect(listed).toContain(formatTicketRange(range));
      }
      expect(await page.getByRole("link", { name: "Contact support" }).getAttribute("href")).toBe("/contact");
      for (const name of ["Security", "Privacy and data", "Spending limits", "Eligibility"]) {
        expect(await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name }).count()).toBe(1);
      }

      await page.getByRole("link", { name: "Edit profile" }).click();
      await page.getByLabel("First name").fill("Adelaide");
      await page.getByLabel("Phone (optional)").fill("07700 900999");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect.poll(() => toast(page, "Profile updated successfully!").count(), SLOW).toBe(1);
      await expect
        .poll(() => page.getByRole("region", { name: "Profile" }).innerText(), SLOW)
        .toContain("Adelaide Mare");
      expect(await page.getByRole("region", { name: "Profile" }).innerText()).toContain("07700 900999");
      expectNoUnexpectedErrors(errors);
    },
    TEST_TIMEOUT,
  );

  it(
    "says 'Failed to update profile. Please try again.' when saving fails",
    async () => {
      const { services } = await app();
      const user = await createUser();
      const { page, context } = await openSlowPage();
      await signIn(context, user);
      await page.goto("/account?edit=1");
      await hydrated(page);
      const original = services.db.transaction.bind(services.db);
      services.db.transaction = (async () => {
        throw new Error("database down");
      }) as typeof services.db.transaction;
      try {
        await page.getByLabel("First name").fill("Never");
        await page.getByRole("button", { name: "Save changes" }).click();
        await expect
          .poll(() => page.locator("[data-form-alert]").innerText(), SLOW)
          .toContain("Failed to update profile. Please try again.");
      } finally {
        services.db.transaction = original;
      }
    },
    TEST_TIMEOUT,
  );

  it(
    "downloads my data as JSON and deletes my account, keeping the order detached",
    async () => {
      const user = await createUser({ firstName: "Del", lastName: "Eted" });
      const { order } = await paidOrder(user.id, 1, 900_000 + Math.floor(Math.random() * 90_000));
      const { page, context } = await openSlowPage();
      await signIn(context, user);
      await page.goto("/account/privacy");
      await hydrated(page);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download my data" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^paddock-data-\d{4}-\d{2}-\d{2}\.json$/);
      const exported = JSON.parse(readFileSync((await download.path())!, "utf8"));
      expect(exported.account.email).toBe(user.email);
      expect(exported.profile.firstName).toBe("Del");
      expect(exported.orders[0].id).toBe(order.id);
      expect(exported.tickets).toHaveLength(1);

      await page.getByLabel("Type DELETE to confirm").fill("DELETE");
      await page
        .getByRole("region", { name: "Delete my account" })
        .getByLabel("Your password", { exact: true })
        .fill(user.password);
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await expect.poll(() => toast(page, "Account deleted").count(), SLOW).toBe(1);
      const { services } = await app();
      expect(await services.db.select().from(userTable).where(eq(userTable.id, user.id))).toHaveLength(0);
      const [kept] = await services.db.select().from(orders).where(eq(orders.id, order.id));
      expect(kept!.userId).toBeNull();
    },
    TEST_TIMEOUT,
  );

  it(
    "signs out another device from the security page",
    async () => {
      const user = await createUser();
      const laptop = await openSlowPage();
      await signIn(laptop.context, user);
      const { page, context } = await openSlowPage();
      await signIn(context, user);
      await page.goto("/account/security");
      await hydrated(page);
      const devices = page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem");
      expect(await devices.count()).toBe(2);
      await page.getByRole("button", { name: "Sign out of all other devices" }).click();
      await expect.poll(() => devices.count(), SLOW).toBe(1);
      await laptop.page.goto("/account");
      expect(new URL(laptop.page.url()).pathname).toBe("/auth");
    },
    TEST_TIMEOUT,
  );
});
