import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "~/db/schema";
import { startCheckout } from "~/server/checkout/checkout.server";
import { app, waitForMail } from "./support/app";
import { expectAccessible, hydrated } from "./support/browser";
import {
  CARDS,
  CORRECT,
  checkoutSuite,
  competitionRow,
  confirmEligible,
  createCompetition,
  eventually,
  goto,
  JOURNEY,
  orderIdFrom,
  payOnStandin,
  signedInPage,
  userOrders,
} from "./support/checkout";
import { toastShown } from "./support/form-journeys";
import { expectNoUnexpectedErrors } from "./support/forms";
import { createUser, staffPage, type TestUser } from "./support/users";

checkoutSuite();

/** A buyer who pays through the site: the review page, then the stand-in's card form. */
async function buyOnSite(competitionId: number) {
  const { page, user } = await signedInPage({ eligible: true });
  await goto(page, `/checkout/${competitionId}?quantity=2&answer=${CORRECT}`);
  await page.getByRole("button", { name: "Pay £10.00" }).click();
  await payOnStandin(page, CARDS.pays);
  await page.waitForURL(/\/payment-success\?/);
  const orderId = orderIdFrom(page);
  await page.context().close();
  return { user, orderId };
}

/** Another buyer, paying at the stand-in without a browser (the site's own checkout, then the card form). */
async function buyDirectly(competitionId: number) {
  const { services } = await app();
  const user = await createUser();
  await confirmEligible(user);
  const started = await startCheckout(services, {
    userId: user.id,
    email: user.email,
    lines: [{ competitionId, quantity: 1, skillAnswer: CORRECT }],
    idempotencyKey: randomUUID(),
    source: "single",
  });
  if (!started.ok) throw new Error(started.message);
  const paid = await fetch(started.url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ cardNumber: CARDS.pays, expiry: "12 / 34", cvc: "123", name: "Test Rider" }),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  await eventually(async () => (await userOrders(user.id))[0]?.paymentStatus).toBe("paid");
  return { user, orderId: started.orderId };
}

const refundMailTo = (user: TestUser) =>
  waitForMail((m) => m.to === user.email && m.body.includes("We have refunded your order"), 30_000);

describe("orders, refunds and cancelling", JOURNEY, () => {
  it("an admin refunds one order from its page, then cancels the competition: every buyer is e-mailed", async () => {
    const competition = await createCompetition({ totalTickets: 100 });
    const first = await buyOnSite(competition.id);
    const second = await buyDirectly(competition.id);
    const third = await buyDirectly(competition.id);
    expect((await competitionRow(competition.id)).ticketsSold).toBe(4);

    const { page, errors } = await staffPage(["admin"]);
    await goto(page, `/admin/orders?competition=${competition.id}`);
    await page.getByRole("link", { name: `Order ${first.orderId.slice(0, 8)}` }).click();
    await page.waitForURL(new RegExp(`/admin/orders/${first.orderId}$`));
    // A client-side navigation: the address can change a moment before the new page has rendered.
    await page.getByRole("heading", { level: 1, name: `Order ${first.orderId.slice(0, 8)}` }).waitFor();
    await hydrated(page);

    // The browser checks the reason with the server's schema before anything is sent.
    await page.getByRole("button", { name: "Refund order" }).click();
    await eventually(() => page.getByText("Please give a reason for the refund.").count()).toBe(1);
    await page.getByLabel("Reason").fill("The buyer entered twice by mistake.");
    await page.getByRole("button", { name: "Refund order" }).click();
    await toastShown(page, "Order refunded");
    await eventually(() => page.getByText("(withdrawn)").count()).toBe(2);
    expect((await competitionRow(competition.id)).ticketsSold).toBe(2);
    const firstMail = await refundMailTo(first.user);
    expect(firstMail.body).toContain(`We have refunded your order ${first.orderId.slice(0, 8)} in full.`);
    expect(firstMail.body).toContain("Reason: The buyer entered twice by mistake.");

    await goto(page, `/admin/competitions/${competition.id}/cancel`);
    await page.getByLabel("Reason").fill("The prize can no longer be supplied.");
    await page.getByRole("checkbox", { name: /every paid order will be refunded/ }).check();
    await page.getByRole("button", { name: "Cancel competition" }).click();
    await toastShown(page, "Competition cancelled");
    await eventually(async () => (await competitionRow(competition.id)).status).toBe("cancelled");
    for (const buyer of [second, third]) {
      const mail = await refundMailTo(buyer.user);
      expect(mail.body).toContain("has been cancelled: The prize can no longer be supplied.");
    }
    expect((await competitionRow(competition.id)).ticketsSold).toBe(0);
    expectNoUnexpectedErrors(errors);
  });

  it("a moderator reads orders but cannot refund one", async () => {
    const competition = await createCompetition();
    const { orderId } = await buyDirectly(competition.id);
    const { page, context, errors, baseUrl } = await staffPage(["moderator"]);
    await goto(page, `/admin/orders/${orderId}`);
    expect(await page.locator("h1").innerText()).toBe(`Order ${orderId.slice(0, 8)}`);
    expect(await page.getByRole("button", { name: "Refund order" }).count()).toBe(0);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const forged = await fetch(`${baseUrl}/admin/orders/${orderId}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "refund", reason: "Not allowed." }),
    });
    expect(forged.status).toBe(403);
    expect(await orderStatus(orderId)).toBe("paid");
    expectNoUnexpectedErrors(errors);
  });
});

async function orderStatus(orderId: string) {
  const { services } = await app();
  const [row] = await services.db.select().from(orders).where(eq(orders.id, orderId));
  return row?.paymentStatus;
}

describe("the staff pages are accessible", () => {
  for (const theme of ["dark", "light"] as const) {
    it(
      `dashboard, orders, an order and the cancel page pass axe, ${theme} theme (${theme === "light" ? 390 : 1280} px)`,
      async () => {
        const competition = await createCompetition();
        const { orderId } = await buyDirectly(competition.id);
        // The light theme is checked on a phone: nothing may make the page wider than the screen.
        const viewport = theme === "light" ? { width: 390, height: 844 } : undefined;
        const { page, errors } = await staffPage(["admin"], theme, viewport);
        for (const path of [
          "/admin",
          "/admin/orders",
          `/admin/orders/${orderId}`,
          `/admin/competitions/${competition.id}/cancel`,
        ]) {
          await goto(page, path);
          await expectAccessible(page);
          const width = page.viewportSize()?.width ?? 0;
          expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
        }
        expectNoUnexpectedErrors(errors);
      },
      JOURNEY.timeout,
    );
  }
});
