import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTAL_ENTRY_ADDRESS } from "~/content/policy";
import { SKILL_QUESTION_REQUIRED } from "~/schemas/competition-query";
import { NOT_AN_OPTION } from "~/server/catalogue/proceed-to-checkout.server";
import { app } from "./support/app";
import { expectAccessible, expectNoConsoleErrors, hydrated, openPage, useTheme } from "./support/browser";
import { goto, signedInPage } from "./support/checkout";
import {
  insertCompetition,
  removeCompetitions,
  setTicketCounts,
  setTicketsSold,
  takeNumbers,
  trackLiveStreams,
  waitForLiveStream,
} from "./support/competitions";
import { errorSummary, expectErrorSummary, expectNoUnexpectedErrors, outsideSummary, SLOW } from "./support/forms";

const OPTIONS = ["Two", "Three", "Four", "Five"];
const ANSWER_REQUIRED = SKILL_QUESTION_REQUIRED.description;
let comp: Awaited<ReturnType<typeof insertCompetition>>;
const created: number[] = [];

beforeAll(async () => {
  await app();
  comp = await insertCompetition({
    title: "Detail Test Numnah",
    description: "A quilted numnah for a test, with a second image.",
    prizeTitle: "Quilted numnah",
    prizeDescription: "A quilted numnah in navy.",
    prizeValue: "£85",
    entryPricePence: 999,
    totalTickets: 2500,
    ticketsSold: 120,
    endDate: new Date("2031-07-04T15:30:00.000Z"),
    imageUrl: "/images/competitions/rug-bundle.svg",
    additionalImages: ["/images/competitions/rug-bundle-2.svg"],
    skillQuestion: "How many legs does a horse have?",
    skillOptions: OPTIONS,
    correctAnswer: "Four",
  });
  created.push(comp.id);
});

afterAll(async () => {
  await removeCompetitions(created);
});

async function openDetail(options: { javaScriptEnabled?: boolean } = {}) {
  const opened = await openPage(options);
  await opened.page.goto(`/competition/${comp.id}`);
  if (options.javaScriptEnabled !== false) await hydrated(opened.page);
  return opened;
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

/** Proceed to Checkout posted as a plain form, the way a browser without JavaScript sends it. */
async function postEntry(id: number, fields: Record<string, string>) {
  const { baseUrl } = await app();
  return fetch(`${baseUrl}/competition/${id}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: new URLSearchParams(fields),
  });
}

describe("the competition page", () => {
  it("shows the prize, its value, time left, tickets sold of total, the odds and the UK closing date", async () => {
    const { page, errors } = await openDetail();
    expect(await page.locator("h1").innerText()).toBe("Detail Test Numnah");
    const body = await page.locator("main").innerText();
    expect(body).toContain("A quilted numnah for a test");
    expect(body).toContain("Quilted numnah");
    expect(body).toContain("£85");
    expect(body).toContain("£9.99 per ticket");
    expect(await text(page, "time-left")).toMatch(/^\d+d \d+h$/);
    expect(body).toContain("120 / 2,500 sold");
    expect(await text(page, "odds")).toContain("1 in 2,500");
    // 15:30 UTC on 4 July is 16:30 in London (British Summer Time).
    expect(body).toContain("Friday 4 July 2031, 16:30 BST");
    expectNoConsoleErrors(errors);
  });

  it("zooms an image from the keyboard, and closes the zoom with Escape", async () => {
    const { page, errors } = await openDetail();
    await page.getByRole("link", { name: "Show image 2 of 2" }).click();
    expect(await page.getByTestId("gallery-image").getAttribute("src")).toBe("/images/competitions/rug-bundle-2.svg");
    await page.getByRole("link", { name: "Zoom image" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await page.getByTestId("zoomed-image").getAttribute("src")).toBe("/images/competitions/rug-bundle-2.svg");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Zoom image");
    expectNoConsoleErrors(errors);
  });

  it("publishes Open Graph and Twitter card meta with an absolute image URL", async () => {
    const { baseUrl } = await app();
    const { page } = await openDetail();
    const meta = (selector: string) => page.locator(selector).getAttribute("content");
    expect(await meta('meta[property="og:title"]')).toBe("Detail Test Numnah | Paddock");
    expect(await meta('meta[property="og:description"]')).toContain("Quilted numnah");
    const card = await meta('meta[property="og:image"]');
    expect(card).toMatch(new RegExp(`^${baseUrl}/competition/${comp.id}/share-card\\.png\\?v=[0-9a-f]{16}$`));
    expect(await meta('meta[property="og:image:type"]')).toBe("image/png");
    expect(await meta('meta[property="og:url"]')).toBe(`${baseUrl}/competitions/${comp.id}`);
    expect(await meta('meta[name="twitter:card"]')).toBe("summary_large_image");
    expect(await meta('meta[name="twitter:image"]')).toBe(card);
  });

  it("lets a CDN hold the anonymous page and its data briefly", async () => {
    const { baseUrl } = await app();
    for (const path of [`/competition/${comp.id}`, `/competition/${comp.id}.data`]) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("public, s-maxage=10, stale-while-revalidate=60");
    }
  });
});

describe("choosing tickets", () => {
  it("starts at 1 and its buttons stop at 1 and 10", async () => {
    const { page, errors } = await openDetail();
    const quantity = page.getByLabel("Number of tickets");
    const fewer = page.getByRole("button", { name: "One ticket fewer" });
    const more = page.getByRole("button", { name: "One ticket more" });
    expect(await quantity.inputValue()).toBe("1");
    expect(await fewer.isDisabled()).toBe(true);
    expect(await more.isEnabled()).toBe(true);
    for (let i = 2; i <= 10; i++) {
      await more.click();
      expect(await quantity.inputValue()).toBe(String(i));
    }
    expect(await more.isDisabled()).toBe(true);
    expect(await fewer.isEnabled()).toBe(true);
    await fewer.click();
    expect(await quantity.inputValue()).toBe("9");

    // A typed number is kept within the bounds when the field is left.
    await quantity.fill("25");
    await quantity.blur();
    expect(await quantity.inputValue()).toBe("10");
    expectNoConsoleErrors(errors);
  });

  it("prices 1, 3 and 5 tickets with the multi-buy discount and shows the saving", async () => {
    const { page } = await openDetail();
    const more = page.getByRole("button", { name: "One ticket more" });
    expect(await text(page, "price-total")).toBe("£9.99");
    expect(await page.getByTestId("price-saving").count()).toBe(0);

    await more.click();
    await more.click();
    expect(await text(page, "price-subtotal")).toBe("£29.97");
    expect(await text(page, "price-discount")).toBe("−£1.50");
    expect(await text(page, "price-total")).toBe("£28.47");
    expect(await text(page, "price-saving")).toBe("£1.50");

    await more.click();
    await more.click();
    expect(await text(page, "price-subtotal")).toBe("£49.95");
    expect(await text(page, "price-total")).toBe("£44.96");
    expect(await text(page, "price-saving")).toBe("£4.99");
  });
});

describe("choosing numbers", () => {
  const HOUR_MS = 3_600_000;
  const cell = (page: Page, name: string) => page.getByRole("checkbox", { name, exact: true });

  beforeAll(async () => {
    await takeNumbers(comp.id, [3]);
  });

  /** Opens the grid from the keyboard and waits for the first page's taken numbers. */
  async function openGrid(page: Page) {
    await page.getByRole("button", { name: "Choose your numbers" }).focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("number-grid").waitFor();
    await page.locator('fieldset[aria-busy="false"]').waitFor();
  }

  async function jumpTo(page: Page, n: number) {
    await page.getByLabel("Jump to number").fill(String(n));
    await page.getByLabel("Jump to number").press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`ticket-number-${n}`);
  }

  it("pages, jumps, picks numbers by keyboard and posts them with the entry; taken ones are not offered", async () => {
    const grid = await insertCompetition({
      title: "Numbered numnah",
      totalTickets: 2500,
      ticketsSold: 2,
      skillQuestion: "How many legs does a horse have?",
      skillOptions: OPTIONS,
      correctAnswer: "Four",
    });
    created.push(grid.id);
    await takeNumbers(grid.id, [5, 1235]);
    await takeNumbers(grid.id, [150], new Date(Date.now() + HOUR_MS));
    // A hold that ran out: 151 is free again.
    await takeNumbers(grid.id, [151], new Date(Date.now() - HOUR_MS));

    const { page, errors } = await openPage();
    await page.goto(`/competition/${grid.id}`);
    await hydrated(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname.startsWith(`/competition/${grid.id}`)) {
        posts.push(r.postData() ?? "");
      }
    });
    await openGrid(page);
    expect(await page.getByTestId("grid-range").innerText()).toBe("Numbers 1 to 100 of 2,500");
    expect(await page.getByRole("checkbox").count()).toBe(100);
    expect(await cell(page, "Ticket 5, taken").isDisabled()).toBe(true);
    expect(await cell(page, "Ticket 6").isEnabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Previous 100 numbers" }).isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Next 100 numbers" }).click();
    await page.getByTestId("grid-range").getByText("Numbers 101 to 200 of 2,500").waitFor();
    await cell(page, "Ticket 150, taken").waitFor();
    expect(await cell(page, "Ticket 150, taken").isDisabled()).toBe(true);
    expect(await cell(page, "Ticket 151").isEnabled()).toBe(true);

    // By keyboard: jump to a number (focus lands on it), Space chooses it, the arrow keys move between numbers.
    const focused = () => page.evaluate(() => document.activeElement?.id);
    await jumpTo(page, 17);
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("ticket-number-27");
    await jumpTo(page, 1233);
    expect(await page.getByTestId("grid-range").innerText()).toBe("Numbers 1,201 to 1,300 of 2,500");
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Space");
    // 1235 is taken, so the arrow steps over it to 1236.
    expect(await cell(page, "Ticket 1235, taken").isDisabled()).toBe(true);
    await page.keyboard.press("ArrowRight");
    expect(await focused()).toBe("ticket-number-1236");
    await page.keyboard.press("Space");
    // The page of numbers is one Tab stop: Tab leaves it, Shift+Tab comes back to the number last focused.
    await page.keyboard.press("Tab");
    expect(await focused()).not.toMatch(/^ticket-number-/);
    await page.keyboard.press("Shift+Tab");
    expect(await focused()).toBe("ticket-number-1236");
    expect(await page.getByTestId("chosen-count").innerText()).toBe("4 numbers chosen");
    await page.getByRole("button", { name: "Remove number 1236" }).click();
    expect(await page.getByTestId("chosen-count").innerText()).toBe("3 numbers chosen");
    expect(await page.getByRole("status").filter({ hasText: "numbers chosen" }).count()).toBe(1);
    expect(await page.getByRole("list", { name: "Your chosen numbers" }).innerText()).toMatch(/17\s+1233\s+1234/);
    // Chosen numbers are tickets: the quantity rose with them (removing one leaves its ticket to the lucky dip)
    // and cannot go below them.
    const quantity = page.getByLabel("Number of tickets");
    const fewer = page.getByRole("button", { name: "One ticket fewer" });
    expect(await quantity.inputValue()).toBe("4");
    await fewer.click();
    expect(await quantity.inputValue()).toBe("3");
    expect(await fewer.isDisabled()).toBe(true);
    await quantity.fill("1");
    await quantity.blur();
    expect(await quantity.inputValue()).toBe("3");
    expect(await page.getByTestId("lucky-dip-note").innerText()).toBe("");
    await page.getByRole("button", { name: "One ticket more" }).click();
    expect(await page.getByTestId("lucky-dip-note").innerText()).toBe(
      "We'll pick 1 more number at random when you pay.",
    );

    await page.getByRole("radio", { name: "Four" }).check();
    const toCheckout = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith(`/checkout/${grid.id}`));
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    // The review page it leads to (asked for after the post's redirect), carrying the numbers on to Pay (ADR 031),
    // and what the page sent.
    const review = new URL((await toCheckout).url()).searchParams;
    expect(posts).toHaveLength(1);
    const sent = new URLSearchParams(posts[0]);
    expect(sent.getAll("numbers")).toEqual(["17", "1233", "1234"]);
    expect(sent.get("quantity")).toBe("4");
    expect(review.get("quantity")).toBe("4");
    expect(review.get("numbers")).toBe("17,1233,1234");
    expectNoConsoleErrors(errors);
  });

  it("a chosen number someone else takes is dropped, marked and announced when the sale arrives live", async () => {
    const live = await insertCompetition({ title: "Contested numnah", totalTickets: 300, ticketsSold: 0 });
    created.push(live.id);
    const { page, context, errors } = await openPage();
    await trackLiveStreams(context);
    await page.goto(`/competition/${live.id}`);
    await hydrated(page);
    await waitForLiveStream(page);
    await openGrid(page);
    await cell(page, "Ticket 20").check();
    await cell(page, "Ticket 21").check();
    expect(await page.getByTestId("chosen-count").innerText()).toBe("2 numbers chosen");

    await takeNumbers(live.id, [20]);
    await setTicketsSold(live.id, 1);
    await page.getByTestId("number-notice").getByText("Number 20 has just been taken").waitFor();
    expect(await cell(page, "Ticket 20, taken since you chose it").isDisabled()).toBe(true);
    expect(await page.getByTestId("chosen-count").innerText()).toBe("1 number chosen");
    expect(await page.getByRole("list", { name: "Your chosen numbers" }).innerText()).toMatch(/^21/);
    expectNoConsoleErrors(errors);
  });

  it("another buyer going to pay for numbers shows them taken on an open grid, without a reload", async () => {
    const held = await insertCompetition({
      title: "Raced-for numnah",
      totalTickets: 300,
      ticketsSold: 0,
      skillOptions: OPTIONS,
      correctAnswer: "Four",
    });
    created.push(held.id);
    const a = await openPage();
    await trackLiveStreams(a.context);
    await a.page.goto(`/competition/${held.id}`);
    await hydrated(a.page);
    await waitForLiveStream(a.page);
    await openGrid(a.page);
    await cell(a.page, "Ticket 42").check();
    await cell(a.page, "Ticket 44").check();
    expect(await cell(a.page, "Ticket 43").isDisabled()).toBe(false);
    // Gone if the page were loaded again.
    await a.page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    // Buyer B, in a browser of their own, chooses 42 and 43 and presses Pay: both are held for B from that moment.
    const b = await signedInPage({ eligible: true });
    await goto(b.page, `/checkout/${held.id}?quantity=2&answer=Four&numbers=42,43`);
    await b.page.getByRole("button", { name: /^Pay/ }).click();
    await b.page.waitForURL((url) => !url.pathname.startsWith(`/checkout/${held.id}`));

    // A's grid hears of the hold over the live stream (it moves only the reserved count) and reads its page again.
    await a.page.getByTestId("number-notice").getByText("Number 42 has just been taken").waitFor(SLOW);
    expect(await a.page.getByTestId("number-notice").innerText()).toBe(
      "Number 42 has just been taken, so we've removed it. Choose another or leave it to the lucky dip.",
    );
    expect(await cell(a.page, "Ticket 42, taken since you chose it").isDisabled()).toBe(true);
    expect(await cell(a.page, "Ticket 43, taken").isDisabled()).toBe(true);
    expect(await cell(a.page, "Ticket 44").isChecked()).toBe(true);
    expect(await a.page.getByTestId("chosen-count").innerText()).toBe("1 number chosen");
    expect(await a.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expectNoConsoleErrors(a.errors);
  });

  it("stops at the most the purchase allows, and a lucky dip clears the choice but keeps the quantity", async () => {
    const few = await insertCompetition({ title: "Nearly-gone numnah", totalTickets: 10, ticketsSold: 8 });
    created.push(few.id);
    await takeNumbers(few.id, [1, 2, 3, 4, 5, 6, 7, 8]);
    // A phone held upright, 320 px wide: the grid reflows without scrolling sideways.
    const { page, errors } = await openPage({ viewport: { width: 320, height: 720 } });
    await page.goto(`/competition/${few.id}`);
    await hydrated(page);
    await openGrid(page);
    await cell(page, "Ticket 9").check();
    await cell(page, "Ticket 10").check();
    await page.getByText("You've chosen 2 numbers, the most this purchase allows.").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const box = await page.locator("label", { has: cell(page, "Ticket 9") }).boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);

    // Add to Basket sends the same form, so the chosen numbers go with it too.
    const form = page.getByRole("button", { name: "Add to Basket" }).locator("xpath=ancestor::form");
    const sent = form.locator('input[type="hidden"][name="numbers"]');
    expect(await sent.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(["9", "10"]);
    expect(await page.getByRole("button", { name: "Choose your numbers (2 chosen)" }).count()).toBe(1);

    await page.getByRole("button", { name: "Lucky dip: choose for me" }).click();
    expect(await page.getByTestId("chosen-count").innerText()).toBe("0 numbers chosen");
    expect(await page.getByTestId("number-notice").innerText()).toBe("We'll pick 2 numbers at random when you pay.");
    expect(await page.getByLabel("Number of tickets").inputValue()).toBe("2");
    expect(await page.locator('input[name="numbers"]').count()).toBe(0);
    expectNoConsoleErrors(errors);
  });

  for (const theme of ["light", "dark"] as const) {
    it(`the open grid with numbers chosen and taken passes axe in the ${theme} theme`, async () => {
      const { page, context } = await openPage({ colorScheme: theme });
      await useTheme(context, theme);
      await page.goto(`/competition/${comp.id}`);
      await hydrated(page);
      await openGrid(page);
      await cell(page, "Ticket 7").check();
      await expectAccessible(page);
    });
  }
});

describe("the skill question gate", () => {
  it("keeps Proceed to Checkout disabled until an answer is chosen, then checks out with both choices", async () => {
    const { page, errors } = await openDetail();
    const proceed = page.getByRole("button", { name: "Proceed to Checkout" });
    expect(await proceed.isDisabled()).toBe(true);
    expect(await page.getByRole("radio").count()).toBe(4);
    await page.getByRole("button", { name: "One ticket more" }).click();
    await page.getByRole("button", { name: "One ticket more" }).click();
    await page.getByRole("radio", { name: "Four" }).check();
    expect(await proceed.isEnabled()).toBe(true);

    const toCheckout = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith(`/checkout/${comp.id}`));
    await proceed.click();
    const url = new URL((await toCheckout).url());
    expect(url.pathname).toMatch(new RegExp(`^/checkout/${comp.id}(\\.data)?$`));
    expect(url.searchParams.get("quantity")).toBe("3");
    expect(url.searchParams.get("answer")).toBe("Four");
    expectNoConsoleErrors(errors);
  });

  it("without JavaScript, no answer opens on the error summary: 'Skill Question Required'", async () => {
    const { page } = await openDetail({ javaScriptEnabled: false });
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.getByText("Skill Question Required").waitFor();
    expect(await page.getByRole("alert").innerText()).toContain(
      "Please answer the skill question to proceed with checkout.",
    );
    // The summary links to the first answer; the message is also under the question, read with its group.
    await expectErrorSummary(page, [{ field: "answer", message: ANSWER_REQUIRED }], { idPattern: /^#field-answer$/ });
    expect(await outsideSummary(page, ANSWER_REQUIRED).count()).toBe(1);
    const group = page.getByRole("group", { name: /Skill question/ });
    expect(await group.getAttribute("aria-describedby")).toContain("field-answer-error");

    await page.getByRole("radio", { name: "Three" }).check();
    await page.getByLabel("Number of tickets").fill("2");
    const toCheckout = page.waitForRequest((r) => new URL(r.url()).pathname === `/checkout/${comp.id}`);
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    const url = new URL((await toCheckout).url());
    expect(url.search).toBe("?quantity=2&answer=Three");
  });

  it("the server refuses an answer that is not one of the options, or too many tickets", async () => {
    const post = (fields: Record<string, string>) => postEntry(comp.id, fields);
    expect((await post({ intent: "checkout", quantity: "1", answer: "Six" })).status).toBe(400);
    const eleven = await post({ intent: "checkout", quantity: "11", answer: "Four" });
    expect(eleven.status).toBe(400);
    expect(await eleven.text()).toContain("Choose between 1 and 10 tickets.");
    expect((await post({ intent: "checkout", quantity: "2.5", answer: "Four" })).status).toBe(400);
    expect((await post({ intent: "checkout", quantity: "1" })).status).toBe(400);
    const ok = await post({ intent: "checkout", quantity: "4", answer: "Four" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`/checkout/${comp.id}?quantity=4&answer=Four`);
  });

  it("says plainly that a wrong answer still buys tickets that cannot win, beside the free postal route", async () => {
    const { page } = await openDetail();
    const body = await page.locator("main").innerText();
    expect(body).toContain("A wrong answer still buys your tickets, but tickets with a wrong answer cannot win");
    const postal = page.locator("section", { has: page.getByRole("heading", { name: "Enter for free by post" }) });
    const postalText = await postal.innerText();
    for (const line of POSTAL_ENTRY_ADDRESS) expect(postalText).toContain(line);
    expect(postalText).toContain("Detail Test Numnah");
    expect(postalText).toContain("Late or incomplete entries are not entered");
    expect(await postal.getByRole("link", { name: "Full free entry rules" }).getAttribute("href")).toBe(
      "/terms#free-entry",
    );
    // Equal prominence: the same heading level as paid entry.
    expect(await page.getByRole("heading", { level: 2, name: "Enter online" }).count()).toBe(1);
    expect(await page.getByRole("heading", { level: 2, name: "Enter for free by post" }).count()).toBe(1);
  });

  it("Add to Basket posts the competition, quantity and answer to /basket", async () => {
    const { page } = await openDetail();
    const add = page.getByRole("button", { name: "Add to Basket" });
    expect(await add.getAttribute("formaction")).toBe("/basket");
    expect(await add.getAttribute("formmethod")).toBe("post");
    expect(await add.getAttribute("value")).toBe("add");
    const form = add.locator("xpath=ancestor::form");
    expect(await form.locator('input[name="competitionId"]').inputValue()).toBe(String(comp.id));
    expect(await form.locator('input[name="quantity"]').count()).toBe(1);
    expect(await form.locator('input[name="answer"]').count()).toBe(4);
  });
});

// Issue 28: GOV.UK's error summary on the entry form. In the browser the checkout stays disabled until an answer is
// chosen and the quantity box keeps to its bounds, so these are the server's refusals of what the page allowed.
describe("the entry form's error summary", () => {
  /** A page altered in the browser (or an old copy) sends an answer the question does not offer. */
  /**
   * Answers "Six", which the form does not offer, and presses Proceed to Checkout in the same task: a render of
   * React's in between (a live update, say) would put the offered value back.
   */
  async function proceedOfferingSix(page: Page) {
    await page.getByRole("radio", { name: "Five" }).check();
    await page.getByRole("button", { name: "Proceed to Checkout" }).evaluate((button: HTMLButtonElement) => {
      const answer = button.form?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
      if (!answer) throw new Error("no answer checked in the entry form");
      answer.value = "Six";
      button.click();
    });
  }

  async function openOwn(title: string, totalTickets = 10) {
    const own = await insertCompetition({
      title,
      totalTickets,
      ticketsSold: 0,
      skillQuestion: "How many legs does a horse have?",
      skillOptions: OPTIONS,
      correctAnswer: "Four",
    });
    created.push(own.id);
    const opened = await openPage();
    // The page has not heard of the sales below yet: its live counts' stream stays quiet.
    await opened.page.route("**/api/competitions/events**", (route) =>
      route.fulfill({ status: 200, contentType: "text/event-stream", body: "retry: 600000\n\n" }),
    );
    await opened.page.goto(`/competition/${own.id}`);
    await hydrated(opened.page);
    return { ...opened, own };
  }

  it("takes focus after a refused quantity, links to the quantity box and marks it, and goes on success", async () => {
    const { page, errors, own } = await openOwn("Summary quantity numnah");
    await page.getByRole("button", { name: "One ticket more" }).click();
    await page.getByRole("button", { name: "One ticket more" }).click();
    await page.getByRole("radio", { name: "Four" }).check();
    // Tickets sell while the buyer chooses: 2 are left of the 3 asked for.
    await setTicketsSold(own.id, 8);
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();

    const message = "Only 2 tickets left for Summary quantity numnah.";
    await expectErrorSummary(page, [{ field: "quantity", message }], { idPattern: /^#ticket-quantity$/ });
    expect(await errorSummary(page).innerText()).toContain("Not enough tickets");
    expect(await outsideSummary(page, message).count()).toBe(1);
    const quantity = page.getByLabel("Number of tickets");
    expect(await quantity.getAttribute("aria-invalid")).toBe("true");
    expect(await quantity.getAttribute("aria-describedby")).toContain("ticket-quantity-error");

    await quantity.fill("2");
    const toCheckout = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith(`/checkout/${own.id}`));
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    expect(new URL((await toCheckout).url()).searchParams.get("quantity")).toBe("2");
    expectNoUnexpectedErrors(errors);
  });

  it("links an answer that is not offered to the first answer, and bad numbers to 'Choose your numbers'", async () => {
    const { page, errors } = await openOwn("Summary answer numnah");
    const proceed = page.getByRole("button", { name: "Proceed to Checkout" });
    await proceedOfferingSix(page);
    await expectErrorSummary(page, [{ field: "answer", message: NOT_AN_OPTION }], { idPattern: /^#field-answer$/ });
    expect(await outsideSummary(page, NOT_AN_OPTION).count()).toBe(1);

    // A number outside the competition, sent as if chosen from the grid.
    await page.getByRole("radio", { name: "Four" }).check();
    await page.locator("form:has(#ticket-quantity)").evaluate((form) => {
      form.insertAdjacentHTML("beforeend", '<input type="hidden" name="numbers" value="101">');
    });
    await proceed.click();
    const numbers = "There is no ticket 101 in this competition: choose from 1 to 10.";
    const link = errorSummary(page).getByRole("link", { name: numbers });
    await link.waitFor({ timeout: SLOW.timeout });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.hasAttribute("data-error-summary")), SLOW)
      .toBe(true);
    expect(await outsideSummary(page, numbers).count()).toBe(1);
    await link.click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("field-numbers");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Choose your numbers");
    expectNoUnexpectedErrors(errors);
  });

  for (const theme of ["light", "dark"] as const) {
    it(`the refused form passes axe in the ${theme} theme`, async () => {
      const { page, context } = await openPage({ colorScheme: theme });
      await useTheme(context, theme);
      await page.goto(`/competition/${comp.id}`);
      await hydrated(page);
      await proceedOfferingSix(page);
      await errorSummary(page).waitFor({ timeout: SLOW.timeout });
      await expectAccessible(page);
    });
  }
});

describe("tickets held in other checkouts", () => {
  async function heldCompetition(title: string, ticketsSold: number, ticketsReserved: number) {
    const held = await insertCompetition({
      title,
      totalTickets: 10,
      ticketsSold,
      ticketsReserved,
      skillQuestion: "How many legs does a horse have?",
      skillOptions: OPTIONS,
      correctAnswer: "Four",
    });
    created.push(held.id);
    return held;
  }

  it("count as taken: of 10, with 3 sold and 5 held, the page offers at most 2 and refuses a post of 3", async () => {
    const held = await heldCompetition("Held-tickets numnah", 3, 5);
    const { page, errors } = await openPage();
    await page.goto(`/competition/${held.id}`);
    await hydrated(page);
    const quantity = page.getByLabel("Number of tickets");
    const more = page.getByRole("button", { name: "One ticket more" });
    expect(await quantity.getAttribute("max")).toBe("2");
    expect(await page.getByText("From 1 to 2 tickets per purchase.").count()).toBe(1);
    await more.click();
    expect(await quantity.inputValue()).toBe("2");
    expect(await more.isDisabled()).toBe(true);
    await quantity.fill("3");
    await quantity.blur();
    expect(await quantity.inputValue()).toBe("2");
    expectNoConsoleErrors(errors);

    const refused = await postEntry(held.id, { intent: "checkout", quantity: "3", answer: "Four" });
    expect(refused.status).toBe(400);
    const page3 = await refused.text();
    expect(page3).toContain("Not enough tickets");
    expect(page3).toContain("Only 2 tickets left for Held-tickets numnah.");
    const accepted = await postEntry(held.id, { intent: "checkout", quantity: "2", answer: "Four" });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe(`/checkout/${held.id}?quantity=2&answer=Four`);
  });

  it("all that is left being held reads 'Sold out', offers no purchase controls and refuses a post", async () => {
    const held = await heldCompetition("All-held numnah", 5, 5);
    const { page } = await openPage({ javaScriptEnabled: false });
    await page.goto(`/competition/${held.id}`);
    expect(await page.getByTestId("entry-status").innerText()).toBe("Sold out");
    expect(await page.getByRole("button", { name: "Proceed to Checkout" }).count()).toBe(0);
    expect(await page.getByLabel("Number of tickets").count()).toBe(0);
    const refused = await postEntry(held.id, { intent: "checkout", quantity: "1", answer: "Four" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Sorry, All-held numnah has sold out.");
  });

  it("a held ticket being paid for is not counted twice when the sale arrives live", async () => {
    const held = await heldCompetition("Paid-hold numnah", 3, 5);
    const { page, context, errors } = await openPage();
    await trackLiveStreams(context);
    await page.goto(`/competition/${held.id}`);
    await hydrated(page);
    await waitForLiveStream(page);
    await setTicketCounts(held.id, { ticketsSold: 4, ticketsReserved: 4 });
    await expect.poll(() => text(page, "tickets-sold"), { timeout: 2000, interval: 100 }).toBe("4");
    expect(await page.getByLabel("Number of tickets").getAttribute("max")).toBe("2");
    expectNoConsoleErrors(errors);
  });
});

describe("sharing", () => {
  it("copies the public link, which leads back to the competition", async () => {
    const { baseUrl } = await app();
    const { page, context, errors } = await openDetail();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByText("Link copied!").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${baseUrl}/competitions/${comp.id}`);
    await page.goto(copied);
    expect(new URL(page.url()).pathname).toBe(`/competition/${comp.id}`);
    expect(await page.locator("h1").innerText()).toBe("Detail Test Numnah");
    expectNoConsoleErrors(errors);
  });

  it("Instagram copies the link too", async () => {
    const { baseUrl } = await app();
    const { page, context } = await openDetail();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await page.evaluate(() => navigator.clipboard.writeText("something else"));
    await page.getByRole("button", { name: "Instagram" }).click();
    await page.getByText("Link copied!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl}/competitions/${comp.id}`);
  });

  it("says 'Failed to copy' when the browser refuses the clipboard", async () => {
    const { page, context } = await openPage();
    await context.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new Error("denied")) },
      });
    });
    await page.goto(`/competition/${comp.id}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByText("Failed to copy").waitFor();
    expect(await page.getByText("Please copy the link manually").isVisible()).toBe(true);
  });

  it("opens Facebook and X in a 600x400 popup with the public link", async () => {
    const { baseUrl } = await app();
    const { page, context } = await openPage();
    await context.addInitScript(() => {
      const w = window as unknown as { __opened: unknown[][] };
      w.__opened = [];
      window.open = (...args: unknown[]) => {
        w.__opened.push(args);
        return null;
      };
    });
    await page.goto(`/competition/${comp.id}`);
    await hydrated(page);
    await page.getByRole("link", { name: /^Share on Facebook/ }).click();
    await page.getByRole("link", { name: /^Share on X \(Twitter\)/ }).click();
    const opened = (await page.evaluate(() => (window as unknown as { __opened: string[][] }).__opened)) as string[][];
    expect(opened).toHaveLength(2);
    const shared = `${baseUrl}/competitions/${comp.id}`;
    const [facebook, x] = opened as [string[], string[]];
    expect(new URL(facebook[0]!).searchParams.get("u")).toBe(shared);
    expect(new URL(x[0]!).searchParams.get("url")).toBe(shared);
    for (const call of [facebook, x]) {
      expect(call[2]).toContain("width=600");
      expect(call[2]).toContain("height=400");
    }
    expect(new URL(page.url()).pathname).toBe(`/competition/${comp.id}`);
  });
});

describe("competitions that cannot be entered", () => {
  it.each([
    ["an unknown id", "/competition/999999"],
    ["a malformed id", "/competition/abc"],
    ["a fractional id", "/competition/1.5"],
  ])("%s goes back to the list with 'Failed to load competition details.'", async (_label, path) => {
    const { page } = await openPage();
    await page.goto(path);
    expect(new URL(page.url()).pathname).toBe("/competitions");
    await hydrated(page);
    await page.getByText("Failed to load competition details.").waitFor();
  });

  it("a draft is not public: same redirect", async () => {
    const draft = await insertCompetition({ status: "draft", title: "Unpublished draft numnah" });
    created.push(draft.id);
    const { page } = await openPage();
    await page.goto(`/competition/${draft.id}`);
    expect(new URL(page.url()).pathname).toBe("/competitions");
    await hydrated(page);
    await page.getByText("Failed to load competition details.").waitFor();
    expect(await page.locator("main").innerText()).not.toContain("Unpublished draft numnah");
  });

  it("an ended competition says so and offers no purchase controls", async () => {
    const ended = await insertCompetition({ title: "Ended numnah", endDate: new Date(Date.now() - 3_600_000) });
    created.push(ended.id);
    const { page, errors } = await openPage();
    await page.goto(`/competition/${ended.id}`);
    await hydrated(page);
    expect(await page.getByTestId("entry-status").innerText()).toBe("Ended");
    expect(await page.getByTestId("closed-notice").innerText()).toContain("This competition has ended");
    expect(await page.getByRole("button", { name: "Proceed to Checkout" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Add to Basket" }).count()).toBe(0);
    expect(await page.getByLabel("Number of tickets").count()).toBe(0);
    expectNoConsoleErrors(errors);
  });

  it("a sold-out competition says so and offers no purchase controls", async () => {
    const soldOut = await insertCompetition({ title: "Sold-out numnah", totalTickets: 50, ticketsSold: 50 });
    created.push(soldOut.id);
    const { page } = await openPage();
    await page.goto(`/competition/${soldOut.id}`);
    await hydrated(page);
    expect(await page.getByTestId("entry-status").innerText()).toBe("Sold out");
    expect(await page.getByRole("button", { name: "Proceed to Checkout" }).count()).toBe(0);
    // Back on sale (a released reservation): the controls return without a reload.
    await setTicketsSold(soldOut.id, 49);
    await page.getByRole("button", { name: "Proceed to Checkout" }).waitFor({ timeout: 5000 });
    expect(await page.getByLabel("Number of tickets").getAttribute("max")).toBe("1");
  });
});
