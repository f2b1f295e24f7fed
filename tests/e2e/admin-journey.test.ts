import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PICTURE_MESSAGES } from "~/content/pictures";
import { competitions, draws, orders, tickets } from "~/db/schema";
import { LOCKED_MESSAGE } from "~/domain/competition-lifecycle";
import { roundTime } from "~/domain/draw/chain";
import { toLondonWallTime } from "~/domain/london-time";
import { STANDARD_MULTI_BUY_TIERS } from "~/domain/pricing";
import { runLifecycleOnce } from "~/server/admin/lifecycle-job.server";
import { SAMPLE_SKILL_QUESTION } from "~/server/demo/factories.server";
import { app, waitForMail } from "./support/app";
import { expectAccessible, expectNoConsoleErrors, hydrated } from "./support/browser";
import { CARDS, competitionRow, eventually, goto, orderIdFrom, payAndSee, signedInPage } from "./support/checkout";
import { field, fillCompetitionForm, NUMNAH_ANSWER } from "./support/competition-form";
import { insertCompetition, removeCompetitions } from "./support/competitions";
import { toastShown } from "./support/form-journeys";
import { expectNoUnexpectedErrors, outsideSummary, SLOW, toast } from "./support/forms";
import { photoJpeg } from "./support/pictures";
import { fillPostalCard } from "./support/postal";
import { staffPage, type TestUser } from "./support/users";

/**
 * Issue 8's proof in one walk: an admin creates a competition with a picture, schedules it, it goes live by itself,
 * two buyers pay through the basket, its terms stay fixed, one order is refunded, a moderator can read but not act,
 * and cancelling refunds the rest, every buyer being e-mailed.
 */

const MINUTE = 60_000;
const ALT = "Chestnut gelding clearing a green oxer";
const CORRECT = NUMNAH_ANSWER;
const REFUND_REASON = "The buyer entered twice by mistake.";
const CANCEL_REASON = "The prize can no longer be supplied.";
const FORBIDDEN = "You do not have permission to do that.";
const created: number[] = [];

type Buyer = { user: TestUser; orderId: string };

beforeAll(async () => {
  await app();
});
afterAll(async () => {
  await removeCompetitions(created);
});

const orderTitle = (orderId: string) => `Order ${orderId.slice(0, 8)}`;

async function orderRow(orderId: string) {
  const { services } = await app();
  const [row] = await services.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/** Through the form, after the browser's own check has refused it empty; returns the new draft's id. */
async function createDraft(page: Page, title: string) {
  await goto(page, "/admin/competitions");
  await page.getByRole("link", { name: "New competition" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/create-competition");
  await hydrated(page);
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect.poll(() => field(page, "Title").getAttribute("aria-invalid"), SLOW).toBe("true");

  await fillCompetitionForm(page, {
    title,
    entryPrice: "1.50",
    totalTickets: 300,
    // Room for a slow machine between filling the form and scheduling (which refuses a go-live time in the past).
    goLive: new Date(Date.now() + 10 * MINUTE),
    closes: new Date(Date.now() + 7 * 24 * 60 * MINUTE),
  });
  await page.getByRole("button", { name: "Create draft" }).click();
  await page.waitForURL((url) => /^\/admin\/competitions\/\d+$/.test(url.pathname));
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  created.push(id);
  await expect.poll(() => toast(page, "Draft created").count(), SLOW).toBe(1);
  return id;
}

/** The pictures page: alt text is required before anything is sent, then the upload is listed with it. */
async function uploadPicture(page: Page, id: number) {
  await goto(page, `/admin/competitions/${id}/pictures`);
  await page.getByLabel("Picture", { exact: true }).setInputFiles({
    name: "oxer.jpg",
    mimeType: "image/jpeg",
    buffer: await photoJpeg(),
  });
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect.poll(() => outsideSummary(page, PICTURE_MESSAGES.altRequired).isVisible(), SLOW).toBe(true);
  await page.getByLabel("Alt text").fill(ALT);
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect.poll(() => toast(page, PICTURE_MESSAGES.uploaded).isVisible(), { ...SLOW, timeout: 90_000 }).toBe(true);
  await expect.poll(() => page.getByTestId("picture-alt").allInnerTexts(), SLOW).toEqual([ALT]);
}

async function scheduleAndGoLive(page: Page, id: number) {
  await goto(page, `/admin/competitions/${id}`);
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  // The confirmation names what scheduling does; nothing is published until it is answered.
  await eventually(() => page.getByText("cannot change: entrants rely on them").count()).toBe(1);
  expect((await competitionRow(id)).status).toBe("draft");
  await page.getByRole("button", { name: "Yes, schedule it" }).click();
  await expect.poll(() => toast(page, "Competition scheduled").count(), SLOW).toBe(1);
  expect((await competitionRow(id)).status).toBe("scheduled");
  // Every process runs the job; here it runs with its clock moved past the go-live time.
  const { services } = await app();
  await runLifecycleOnce({ ...services, now: () => new Date(Date.now() + 11 * MINUTE) });
  expect((await competitionRow(id)).status).toBe("active");
}

/** Its card on the list shows the uploaded picture first (eager, as the largest image), with both formats. */
async function expectListedWithPicture(page: Page, id: number, title: string) {
  await goto(page, `/competitions?q=${encodeURIComponent(title)}`);
  await eventually(() => page.locator('[data-testid="competition-card"] h2').allInnerTexts()).toEqual([title]);
  const img = page.locator(`[data-competition-id="${id}"] picture img`);
  expect(await img.getAttribute("alt")).toBe(ALT);
  expect(await img.getAttribute("loading")).toBe("eager");
  expect(await img.getAttribute("fetchpriority")).toBe("high");
  const avif = page.locator(`[data-competition-id="${id}"] picture source[type="image/avif"]`);
  expect(await avif.getAttribute("srcset")).toMatch(/480w/);
}

/** The competition page serves the picture as AVIF and WebP variants; the browser loads one, cached for good. */
async function expectPictureVariants(page: Page) {
  const main = page.getByTestId("gallery-image");
  await eventually(() => main.getAttribute("alt")).toBe(ALT);
  expect(await main.getAttribute("fetchpriority")).toBe("high");
  expect(await main.getAttribute("width")).toBe("1800");
  expect(await main.getAttribute("height")).toBe("1125");
  const picture = page.locator("picture").filter({ has: main });
  expect(await picture.locator("source").first().getAttribute("sizes")).toBeTruthy();
  for (const ext of ["avif", "webp"]) {
    const entries = ((await picture.locator(`source[type="image/${ext}"]`).getAttribute("srcset")) ?? "").split(", ");
    expect(entries.map((e) => e.split(" ")[1])).toEqual(["480w", "960w", "1600w"]);
    for (const entry of entries) expect(entry).toMatch(new RegExp(`^/media/[0-9a-f]{64}\\.${ext} \\d+w$`));
  }
  await expect
    .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), SLOW)
    .toBe(true);
  const chosen = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(chosen).toMatch(/\/media\/[0-9a-f]{64}\.avif$/);
  const res = await fetch(chosen);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/avif");
  expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
}

/**
 * A buyer in a browser of their own: answers on the competition page, adds to the basket, checks out and pays on the
 * stand-in's card form. `look` runs on the competition page first.
 */
async function enterAndPay(id: number, tickets: number, total: string, look?: (page: Page) => Promise<void>) {
  const { page, context, errors, user } = await signedInPage({ eligible: true });
  page.setDefaultTimeout(60_000);
  page.setDefaultNavigationTimeout(90_000);
  await goto(page, `/competition/${id}`);
  await look?.(page);
  await page.getByRole("radio", { name: CORRECT }).check();
  for (let n = 1; n < tickets; n++) await page.getByRole("button", { name: "One ticket more" }).click();
  await eventually(() => page.getByLabel("Number of tickets").inputValue()).toBe(String(tickets));
  await page.getByRole("button", { name: "Add to Basket" }).click();
  await page.waitForURL((url) => url.pathname === "/basket" && url.search === "");
  await hydrated(page);
  const line = page.getByTestId(`basket-item-${id}`);
  await line.waitFor();
  expect(await line.getByRole("radio", { name: CORRECT }).isChecked()).toBe(true);
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await page.waitForURL(/\/checkout\/basket$/);
  await hydrated(page);
  await eventually(() => page.getByTestId("order-total").innerText()).toBe(total);
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await payAndSee(page, CARDS.pays);
  const orderId = orderIdFrom(page);
  expectNoConsoleErrors(errors);
  await context.close();
  return { user, orderId };
}

/** Live: the terms are read-only; a forged change is refused with the reason, and nothing changes. */
async function expectTermsLocked(page: Page, id: number) {
  await goto(page, `/admin/competitions/${id}`);
  const before = await competitionRow(id);
  for (const [label, value] of [
    ["Closing time", toLondonWallTime(new Date(Date.now() + 30 * 24 * 60 * MINUTE))],
    ["Correct answer", "The seat"],
  ] as const) {
    const input = field(page, label);
    expect(await input.getAttribute("readonly")).not.toBeNull();
    await input.evaluate((el) => el.removeAttribute("readonly"));
    await input.fill(value);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => input.getAttribute("aria-invalid"), SLOW).toBe("true");
    expect(await page.getByRole("alert").filter({ hasText: LOCKED_MESSAGE }).count()).toBeGreaterThan(0);
    expect(await competitionRow(id)).toEqual(before);
    // Both refusals look alike: one scan of the page showing one is enough.
    if (label === "Closing time") await expectAccessible(page);
    await page.reload();
    await hydrated(page);
  }
}

async function refundFromOrderPage(page: Page, id: number, buyer: Buyer) {
  await goto(page, `/admin/orders?competition=${id}`);
  await page.getByRole("link", { name: orderTitle(buyer.orderId) }).click();
  await page.waitForURL(new RegExp(`/admin/orders/${buyer.orderId}$`));
  // A client-side navigation: the address can change a moment before the new page has rendered.
  await page.getByRole("heading", { level: 1, name: orderTitle(buyer.orderId) }).waitFor();
  await hydrated(page);
  // The browser checks the reason with the server's schema before anything is sent.
  await page.getByRole("button", { name: "Refund order" }).click();
  await eventually(() => outsideSummary(page, "Please give a reason for the refund.").count()).toBe(1);
  await page.getByLabel("Reason").fill(REFUND_REASON);
  await page.getByRole("button", { name: "Refund order" }).click();
  // The confirmation names the amount and the tickets withdrawn.
  const named = page.getByText("£1.50 goes back to the buyer's card and 1 ticket is withdrawn");
  await eventually(() => named.count()).toBe(1);
  expect((await orderRow(buyer.orderId)).paymentStatus).toBe("paid");
  await page.getByRole("button", { name: "Yes, refund £1.50" }).click();
  await toastShown(page, "Order refunded");
  await eventually(() => page.getByText("(withdrawn)").count()).toBe(1);
  await eventually(async () => (await orderRow(buyer.orderId)).paymentStatus).toBe("refunded");
}

/**
 * A moderator reads the competition and a paid order, is shown no control to refund, cancel or edit, and the same
 * requests forged with their session are refused by the server with its permission message, changing nothing.
 */
async function moderatorReadsOnly(id: number, title: string, paid: Buyer) {
  const { page, context, errors, baseUrl } = await staffPage(["moderator"]);
  await goto(page, `/admin/competitions?q=${encodeURIComponent(title)}`);
  await eventually(() => page.getByRole("cell", { name: title, exact: true }).count()).toBe(1);
  expect(await page.getByRole("link", { name: "New competition" }).count()).toBe(0);
  expect(await page.getByRole("link", { name: /^Edit / }).count()).toBe(0);
  // Moderators record postal entries: that is the one action their list offers.
  expect(await page.getByRole("link", { name: `Postal entries for ${title}` }).count()).toBe(1);

  await goto(page, `/admin/orders/${paid.orderId}`);
  await eventually(() => page.locator("h1").innerText()).toBe(orderTitle(paid.orderId));
  expect(await page.getByText(paid.user.email, { exact: true }).count()).toBeGreaterThan(0);
  expect(await page.getByRole("link", { name: title }).count()).toBeGreaterThan(0);
  expect(await page.getByRole("button", { name: "Refund order" }).count()).toBe(0);

  for (const path of [`/admin/competitions/${id}`, `/admin/competitions/${id}/cancel`]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(403);
    await eventually(() => page.locator("h1").innerText()).toBe("Not allowed");
    expect(await page.getByRole("button", { name: /Save changes|Cancel competition|Schedule/ }).count()).toBe(0);
  }

  const before = { competition: await competitionRow(id), order: await orderRow(paid.orderId) };
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  for (const [path, fields] of [
    [`/admin/orders/${paid.orderId}`, { intent: "refund", reason: "Not allowed." }],
    [`/admin/competitions/${id}/cancel`, { intent: "cancel", reason: "Not allowed.", confirm: "on" }],
    [`/admin/competitions/${id}`, { intent: "save", title: "Renamed by a moderator" }],
  ] as const) {
    const forged = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    expect(forged.status, path).toBe(403);
    // The permission check's own answer, not the cross-site refusal that is also a 403.
    expect(await forged.text(), path).toContain(FORBIDDEN);
  }
  expect({ competition: await competitionRow(id), order: await orderRow(paid.orderId) }).toEqual(before);
  expectNoUnexpectedErrors(errors);
  await context.close();
}

async function cancelCompetition(page: Page, id: number) {
  await goto(page, `/admin/competitions/${id}/cancel`);
  await page.getByLabel("Reason").fill(CANCEL_REASON);
  await page.getByRole("checkbox", { name: /every paid order will be refunded/ }).check();
  await page.getByRole("button", { name: "Cancel competition" }).click();
  await toastShown(page, "Competition cancelled");
  await eventually(async () => (await competitionRow(id)).status).toBe("cancelled");
}

const refundMailTo = (user: TestUser) =>
  waitForMail((m) => m.to === user.email && m.body.includes("We have refunded your order"), 60_000);

describe("issue 8: an admin runs a competition from creation to cancellation", () => {
  it("creates it with a picture, schedules it, it goes live by itself, two buyers pay, its terms stay, " +
    "one order is refunded, a moderator only reads, and cancelling refunds and e-mails every buyer", async () => {
    const { page, errors } = await staffPage(["admin"]);
    const title = `Win a numnah ${Math.random().toString(36).slice(2, 7)}`;
    const id = await createDraft(page, title);
    await uploadPicture(page, id);
    await scheduleAndGoLive(page, id);
    await expectListedWithPicture(page, id, title);

    const first = await enterAndPay(id, 1, "£1.50", expectPictureVariants);
    const second = await enterAndPay(id, 2, "£3.00");
    await eventually(async () => (await competitionRow(id)).ticketsSold).toBe(3);

    await expectTermsLocked(page, id);

    await refundFromOrderPage(page, id, first);
    await eventually(async () => (await competitionRow(id)).ticketsSold).toBe(2);
    const firstMail = await refundMailTo(first.user);
    expect(firstMail.body).toContain(`We have refunded your order ${first.orderId.slice(0, 8)} in full.`);
    expect(firstMail.body).toContain(`Reason: ${REFUND_REASON}`);

    // While the second order is still paid and the competition live, so each refusal is about the role alone.
    await moderatorReadsOnly(id, title, second);

    await cancelCompetition(page, id);
    const secondMail = await refundMailTo(second.user);
    expect(secondMail.body).toContain(`We have refunded your order ${second.orderId.slice(0, 8)} in full.`);
    expect(secondMail.body).toContain(`has been cancelled: ${CANCEL_REASON}`);
    await eventually(async () => (await orderRow(second.orderId)).paymentStatus).toBe("refunded");
    await eventually(async () => (await competitionRow(id)).ticketsSold).toBe(0);
    expectNoUnexpectedErrors(errors);
  }, 300_000);
});

/** A cancelled competition, for the editor's and public page's "Cancelled" to be checked on. */
async function cancelledCompetition(title: string) {
  const cancelled = await insertCompetition({ title: `${title} (called off)`, status: "cancelled" });
  created.push(cancelled.id);
  return cancelled.id;
}

/** Follows a link by keyboard: focus it, press Enter, wait for the page it names. */
async function follow(page: Page, link: ReturnType<Page["getByRole"]>, path: RegExp) {
  const before = await page.title();
  await link.focus();
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => path.test(url.pathname));
  // React Router moves the address before React renders the new page: every page followed here has a title of its
  // own, so the new title says the new page is on screen (its breadcrumbs and headings with it).
  await page.waitForFunction((old) => document.title !== old, before);
  await hydrated(page);
}

/** The console's sidebar: on a phone it is behind the Menu disclosure, opened by keyboard first. */
async function sidebarLink(page: Page, name: string, phone: boolean) {
  if (phone) {
    await page.getByText("Menu", { exact: true }).focus();
    await page.keyboard.press("Enter");
  }
  const link = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name, exact: true });
  await link.waitFor({ state: "visible" });
  return link;
}

const crumbs = (page: Page) =>
  page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem").allInnerTexts();

/** A link in the breadcrumb trail. */
const breadcrumb = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name, exact: true });

/** A postal entry's card, recorded as it arrived five minutes ago: a complete card with the right answer. */
async function recordPostalCard(page: Page) {
  const email = `harriet-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const card = { receivedAt: new Date(Date.now() - 5 * MINUTE), envelopeRef: "JOURNEY-1", email };
  await fillPostalCard(page, card, (label, value) => typeInto(page, field(page, label), value));
  await page.getByLabel(/^Answer: /).selectOption(CORRECT);
  await press(page, page.getByLabel("The card includes the statement accepting the terms"), "Space");
  await press(page, page.getByRole("button", { name: "Record entry" }), "Enter");
}

/** Keyboard only: focus the control and press a key on it. */
async function press(page: Page, control: Locator, key: "Enter" | "Space") {
  await control.focus();
  await page.keyboard.press(key);
}

/** Keyboard only: focus the field, select what it holds and type over it. */
async function typeInto(page: Page, input: Locator, text: string) {
  await input.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

const photoFile = async () => ({ name: "numnah.jpg", mimeType: "image/jpeg", buffer: await photoJpeg() });

/** The public page's words for tiers of 15% off from 2 tickets and 25% from 4. */
const TIERS_TEXT = "Multi-buy discount: 1 ticket full price, 2-3 tickets 15% off, 4 or more 25% off.";

/**
 * A buyer on the same screen answers, steps up to 4 tickets and checks out, by keyboard: the competition page, the
 * basket and the checkout review all price them with its own tiers (4 × £2.50, 25% off: £7.50; the standard tiers
 * would make it £9.50).
 */
async function buyFourByKeyboard(id: number, theme: "light" | "dark", viewport: { width: number; height: number }) {
  const { page, errors } = await signedInPage({ eligible: true, theme, viewport });
  await goto(page, `/competition/${id}`);
  expect(await page.getByText(TIERS_TEXT).count()).toBe(1);
  await press(page, page.getByRole("radio", { name: SAMPLE_SKILL_QUESTION.correctAnswer }), "Space");
  const more = page.getByRole("button", { name: "One ticket more" });
  for (let n = 1; n < 4; n++) await press(page, more, "Enter");
  await eventually(() => page.getByLabel("Number of tickets").inputValue()).toBe("4");
  expect(await page.getByTestId("price-total").innerText()).toBe("£7.50");
  await press(page, page.getByRole("button", { name: "Add to Basket" }), "Enter");
  await page.waitForURL((url) => url.pathname === "/basket" && url.search === "");
  await hydrated(page);
  await eventually(() => page.getByTestId("order-total").innerText()).toBe("£7.50");
  // The basket's multi-buy card names this competition's tiers, not the standard ones.
  expect(await page.getByTestId("multi-buy-offers").innerText()).toContain("2-3 tickets 15% off, 4 or more 25% off");
  await expectAccessible(page);
  await press(page, page.getByRole("button", { name: "Proceed to Checkout" }), "Enter");
  await page.waitForURL(/\/checkout\/basket$/);
  await hydrated(page);
  await eventually(() => page.getByTestId("order-total").innerText()).toBe("£7.50");
  expect(await page.getByRole("button", { name: "Pay £7.50" }).count()).toBe(1);
  expectNoUnexpectedErrors(errors);
}

describe("issue 24: a new operator runs a competition from the dashboard to its drawn result in the console", () => {
  let cancelledId: number;
  beforeAll(async () => {
    cancelledId = await cancelledCompetition(`Console saddle pad ${Math.random().toString(36).slice(2, 7)}`);
  });

  for (const [viewport, theme] of [
    [{ width: 1280, height: 900 }, "dark"],
    [{ width: 390, height: 844 }, "light"],
  ] as const) {
    const phone = viewport.width < 600;
    const name =
      "creates, schedules, takes a postal entry, and once it has closed selects the winner, by the sidebar and " +
      `links alone, at ${viewport.width} px (${theme}), by keyboard`;
    it(name, async () => {
      const title = `Console saddle pad ${Math.random().toString(36).slice(2, 7)}`;
      const { services } = await app();
      const { page, errors } = await staffPage(["admin"], theme, viewport);
      // The one address typed: the console's front door.
      await goto(page, "/admin");
      expect(await page.title()).toBe("Admin dashboard | Paddock");
      expect(await crumbs(page)).toEqual(["Dashboard"]);
      // The console's own frame: no public banner, basket or site navigation; a way back to the site and out.
      expect(await page.getByRole("link", { name: /My Basket/ }).count()).toBe(0);
      expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
      expect(await page.getByRole("link", { name: "View site" }).count()).toBe(1);
      expect(await page.getByRole("button", { name: "Sign out" }).count()).toBe(1);
      if (phone) expect(await page.getByRole("navigation", { name: "Admin" }).isVisible()).toBe(false);
      await expectAccessible(page);

      await follow(page, await sidebarLink(page, "Competitions", phone), /^\/admin\/competitions$/);
      expect(await page.title()).toBe("Competitions | Paddock");
      expect(await crumbs(page)).toEqual(["Dashboard", "Competitions"]);
      // The sidebar marks where you are (on a phone, inside the closed menu).
      expect(await page.locator('nav[aria-label="Admin"] [aria-current="page"]').textContent()).toBe("Competitions");
      await expectAccessible(page);

      // A new competition, going live in ten minutes and closing ten minutes later.
      await follow(page, page.getByRole("link", { name: "New competition" }), /^\/admin\/create-competition$/);
      const goLive = new Date(Date.now() + 10 * MINUTE);
      const closes = new Date(goLive.getTime() + 10 * MINUTE);
      await fillCompetitionForm(page, { title, entryPrice: "2.00", totalTickets: 100, goLive, closes });
      await expectAccessible(page);
      await press(page, page.getByRole("button", { name: "Create draft" }), "Enter");
      await page.waitForURL((url) => /^\/admin\/competitions\/\d+$/.test(url.pathname));
      const id = Number(new URL(page.url()).pathname.split("/").pop());
      created.push(id);
      await toastShown(page, "Draft created");
      expect(await crumbs(page)).toEqual(["Dashboard", "Competitions", title]);
      await expectAccessible(page);

      await press(page, page.getByRole("button", { name: "Schedule", exact: true }), "Enter");
      const schedule = page.getByRole("button", { name: "Yes, schedule it" });
      await schedule.waitFor();
      await press(page, schedule, "Enter");
      await toastShown(page, "Competition scheduled");
      // Its go-live time passes: the job's pass at that time (the server's own clock is left alone).
      await runLifecycleOnce({ ...services, now: () => new Date(goLive.getTime() + MINUTE) });
      expect((await competitionRow(id)).status).toBe("active");

      // Back by the breadcrumb, found by the list's search: live, the editor links every page of the competition.
      await follow(page, breadcrumb(page, "Competitions"), /^\/admin\/competitions$/);
      await page.getByLabel("Search").fill(title);
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("q") === title);
      await hydrated(page);
      await follow(
        page,
        page.getByRole("link", { name: `Edit ${title}`, exact: true }),
        /^\/admin\/competitions\/\d+$/,
      );
      for (const name of ["Pictures", "Postal entries", "View public page"])
        expect(await page.getByRole("link", { name, exact: true }).count(), name).toBe(1);
      expect(await page.getByRole("link", { name: "Select winner" }).count()).toBe(0);

      // An entry by post, recorded from its card.
      await follow(page, page.getByRole("link", { name: "Postal entries", exact: true }), /\/postal$/);
      expect(await crumbs(page)).toEqual(["Dashboard", "Competitions", title, "Postal entries"]);
      await recordPostalCard(page);
      await toastShown(page, "Postal entry accepted");
      await expectAccessible(page);

      // Its closing time passes: the job's pass closes it and publishes the entry list with the draw's round.
      await runLifecycleOnce({ ...services, now: () => new Date(closes.getTime() + MINUTE) });
      expect((await competitionRow(id)).status).toBe("closed");
      const [draw] = await services.db.select().from(draws).where(eq(draws.competitionId, id));
      const roundAt = roundTime(services.beacon.chain, draw?.round ?? 0);
      // The site's clock just past the round, inside the two minutes before the system would draw by itself: the
      // operator's press makes the draw (a press the system beat shows the same result: tests/integration/draws).
      services.now = () => new Date(roundAt.getTime() + 5_000);
      try {
        await follow(page, breadcrumb(page, title), /^\/admin\/competitions\/\d+$/);
        await follow(page, page.getByRole("link", { name: "Select winner" }), /\/draw$/);
        expect(await page.title()).toBe(`Draw for ${title} | Paddock`);
        expect(await crumbs(page)).toEqual(["Dashboard", "Competitions", title, "Draw"]);
        expect(await page.getByRole("heading", { name: "Not drawn yet" }).count()).toBe(1);
        await expectAccessible(page);
        await press(page, page.getByRole("button", { name: "Select winner" }), "Enter");
        await toastShown(page, "Winner selected!");
      } finally {
        services.now = () => new Date();
      }
      // The page leads with the result: its first section names the winner, the one entry, and the round.
      const first = page.locator("main section").first();
      expect(await first.getByRole("heading").first().innerText()).toBe("Result");
      const entries = await services.db.select().from(tickets).where(eq(tickets.competitionId, id));
      expect(entries).toHaveLength(1);
      expect(await page.getByTestId("draw-winner").innerText()).toBe(
        `Ticket ${entries[0]?.ticketNumber} (postal entry)`,
      );
      expect(await first.innerText()).toContain(`Beacon round\n${draw?.round.toLocaleString("en-GB")}, out at`);
      expect((await competitionRow(id)).status).toBe("completed");
      await expectAccessible(page);
      expectNoUnexpectedErrors(errors);
    }, 300_000);
  }

  for (const [viewport, theme] of [
    [{ width: 1280, height: 900 }, "light"],
    [{ width: 390, height: 844 }, "dark"],
  ] as const) {
    const name =
      "the editor keeps unsaved edits through a picture upload and a link, saves them, previews the page, and its " +
      `tiers price the checkout, at ${viewport.width} px (${theme}), by keyboard`;
    it(name, async () => {
      const draft = await insertCompetition({
        title: `Console numnah ${Math.random().toString(36).slice(2, 7)}`,
        status: "draft",
        goLiveAt: new Date(Date.now() + 60 * MINUTE),
        multiBuyTiers: [...STANDARD_MULTI_BUY_TIERS],
      });
      created.push(draft.id);
      const { page, errors } = await staffPage(["admin"], theme, viewport);
      await goto(page, `/admin/competitions/${draft.id}`);
      const bar = page.getByTestId("save-bar");
      expect(await bar.count()).toBe(0);
      const description = "A quilted numnah, edited in the console.";
      await typeInto(page, field(page, "Description"), description);
      await eventually(() => bar.isVisible()).toBe(true);
      expect(await page.getByRole("status").filter({ hasText: "You have unsaved changes" }).count()).toBe(1);
      // This competition's own tiers: 15% off from 2 tickets, 25% from 4.
      for (const [label, value] of [
        ["Tier 1: from tickets", "2"],
        ["Tier 1: % off", "15"],
        ["Tier 2: from tickets", "4"],
        ["Tier 2: % off", "25"],
      ] as const)
        await typeInto(page, field(page, label), value);

      // A picture uploaded meanwhile is saved at once, and the unsaved edits stay in the form, still unsaved.
      await page.getByLabel("Picture", { exact: true }).setInputFiles(await photoFile());
      await typeInto(page, page.locator("#picture-upload").getByLabel("Alt text"), ALT);
      await press(page, page.getByRole("button", { name: "Upload picture" }), "Enter");
      await toastShown(page, PICTURE_MESSAGES.uploaded);
      await eventually(() => page.getByTestId("picture-alt").allInnerTexts()).toEqual([ALT]);
      expect(await field(page, "Description").inputValue()).toBe(description);
      expect(await field(page, "Tier 2: % off").inputValue()).toBe("25");
      expect(await bar.isVisible()).toBe(true);
      expect((await competitionRow(draft.id)).description).not.toBe(description);
      // The editor with its bar showing, a picture listed and the upload's toast.
      await expectAccessible(page);

      // A console link asks before leaving; staying keeps the edits.
      await press(page, page.getByRole("link", { name: "Preview public page" }), "Enter");
      const ask = page.getByRole("alertdialog", { name: "Leave without saving?" });
      await ask.waitFor();
      await expectAccessible(page);
      const stay = page.getByRole("button", { name: "Stay on this page" });
      expect(await stay.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press("Enter");
      await eventually(() => ask.count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(`/admin/competitions/${draft.id}`);
      expect(await field(page, "Description").inputValue()).toBe(description);

      // The bar's Save saves them, and the bar goes.
      await press(page, bar.getByRole("button", { name: "Save", exact: true }), "Enter");
      await toastShown(page, "Competition saved");
      await eventually(() => bar.count()).toBe(0);
      const saved = await competitionRow(draft.id);
      expect(saved.description).toBe(description);
      expect(saved.multiBuyTiers).toEqual([
        { minQuantity: 2, percent: 15 },
        { minQuantity: 4, percent: 25 },
      ]);

      // Nothing left to lose: the preview opens at once, as entrants will see it, with buying switched off.
      await follow(page, page.getByRole("link", { name: "Preview public page" }), /^\/competition\/\d+$/);
      expect(new URL(page.url()).search).toBe("?preview=1");
      expect(await page.getByText("Preview — not published").count()).toBe(1);
      expect(await page.getByText(TIERS_TEXT).count()).toBe(1);
      expect(await page.getByRole("button", { name: "Add to Basket" }).isDisabled()).toBe(true);
      await expectAccessible(page);
      expectNoUnexpectedErrors(errors);

      // Live, its tiers price a buyer's basket and checkout: 4 × £2.50 with 25% off.
      await (await app()).services.db
        .update(competitions)
        .set({ status: "active", goLiveAt: new Date(Date.now() - MINUTE) })
        .where(eq(competitions.id, draft.id));
      await buyFourByKeyboard(draft.id, theme, viewport);
    }, 180_000);
  }

  it("a cancelled competition says Cancelled: no public countdown, no live text or Draw in its editor", async () => {
    const { page, errors } = await staffPage(["admin"]);
    await goto(page, `/admin/competitions/${cancelledId}`);
    expect(await page.getByText("This competition is cancelled").count()).toBe(1);
    expect(await page.getByText("This competition is live").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Draw", exact: true }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Cancellation and refunds" }).count()).toBe(1);
    await goto(page, `/competition/${cancelledId}`);
    expect(await page.getByTestId("time-left").innerText()).toContain("Cancelled");
    expectNoUnexpectedErrors(errors);
  }, 120_000);

  it("the create form says when the draw will be, and why, as the closing time changes", async () => {
    const { page, errors } = await staffPage(["admin"]);
    await goto(page, "/admin/competitions");
    await follow(page, page.getByRole("link", { name: "New competition" }), /^\/admin\/create-competition$/);
    const note = page.getByTestId("draw-time-note");
    expect(await note.innerText()).toContain("Set the closing time to see when the draw will happen.");
    await field(page, "Closing time").fill("2030-06-01T18:00");
    await eventually(() => note.innerText()).toContain("The draw: Saturday 1 June 2030, 19:00 BST");
    expect(await note.innerText()).toContain("the round current 60 minutes after the closing time");
    expect(await note.innerText()).toContain("nobody, Paddock included, can know or choose the winner");
    expectNoUnexpectedErrors(errors);
  }, 120_000);
});
