import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competitions, draws, tickets } from "~/db/schema";
import { ANSWER_RECORDED } from "~/domain/answer-reveal";
import { AUTOMATIC_DRAW_DELAY_MS } from "~/domain/draw/automatic";
import { roundTime } from "~/domain/draw/chain";
import { toLondonWallTime } from "~/domain/london-time";
import { runLifecycleOnce } from "~/server/admin/lifecycle-job.server";
import { app, waitForMail } from "./support/app";
import { hydrated } from "./support/browser";
import { CARDS, goto, payAndSee, signedInPage } from "./support/checkout";
import { field, fillCompetitionForm, NUMNAH_ANSWER } from "./support/competition-form";
import { removeCompetitions } from "./support/competitions";
import { expectNoUnexpectedErrors, fillDateOfBirth, openSlowPage, SLOW, TEST_TIMEOUT, toast } from "./support/forms";
import { createUser, signIn, type TestUser } from "./support/users";

// The whole of issue 9's proof in one journey: create → sell (right and wrong answers) → postal entries accepted and
// rejected → close (manifest hash published, correctness revealed) → draw at the round → Verify → redraw with reason.

const MINUTE = 60_000;
/** The close and the draw are left to the app's own lifecycle job, as in production: it passes every 15 s. */
const JOB = { timeout: 60_000, interval: 250 };
const CORRECT = NUMNAH_ANSWER;
const WRONG = "The pommel";
const title = `Journey numnah ${Math.random().toString(36).slice(2, 7)}`;

/** What each step leaves for the next. */
const state = {
  id: 0,
  closesAt: new Date(0),
  right: { user: undefined as TestUser | undefined, email: "", tickets: [] as number[] },
  wrong: { user: undefined as TestUser | undefined, email: "", tickets: [] as number[] },
  postalTicket: 0,
};

beforeAll(async () => {
  await app();
});
afterAll(async () => {
  // Other files share this app: put its clock back and take the competition and everything hanging off it away.
  const { services } = await app();
  services.now = () => new Date();
  if (state.id) await removeCompetitions([state.id]);
});

async function competitionRow() {
  const { services } = await app();
  const [row] = await services.db.select().from(competitions).where(eq(competitions.id, state.id));
  return row!;
}

async function drawRow() {
  const { services } = await app();
  const [row] = await services.db.select().from(draws).where(eq(draws.competitionId, state.id));
  return row;
}

async function ticketNumbers(userId: string) {
  const { services } = await app();
  const rows = await services.db
    .select({ n: tickets.ticketNumber })
    .from(tickets)
    .where(and(eq(tickets.competitionId, state.id), eq(tickets.userId, userId)));
  return rows.map((r) => r.n).sort((a, b) => a - b);
}

async function adminPage() {
  const opened = await openSlowPage();
  await signIn(opened.context, await createUser({ roles: ["admin"] }));
  return opened;
}

/** Verify on the public page, by keyboard: it recomputes everything in the browser and says whether it matches. */
async function verifyByKeyboard(page: Page) {
  await page.goto(`/draws/${state.id}`);
  await hydrated(page);
  await page.getByLabel("Your entry reference (optional)").focus();
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("expect-hash");
  await page.keyboard.type((await drawRow())?.manifestHash ?? "");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Verify this draw");
  await page.keyboard.press("Enter");
  const status = page.getByRole("status").filter({ hasText: "The draw" });
  await expect.poll(() => status.innerText(), SLOW).toContain("The draw matches: every check passed");
  expect(await status.innerText()).not.toContain("Fail");
  expect(await status.innerText()).toContain("the published manifest hash is the one you were e-mailed");
}

/** The public draw order, one line per drawn entry. */
const drawOrder = (page: Page) => page.getByRole("region", { name: "Result" }).getByRole("listitem").allInnerTexts();

describe("a competition from creation to a redraw anyone can check", () => {
  it(
    "1. an admin creates it through the admin UI, schedules it, and it goes live",
    async () => {
      const { page, context, errors } = await adminPage();
      await page.goto("/admin/create-competition");
      await hydrated(page);
      await fillCompetitionForm(page, {
        title,
        entryPrice: "2.00",
        totalTickets: 100,
        goLive: new Date(Date.now() + 3 * MINUTE),
        closes: new Date(Date.now() + 120 * MINUTE),
      });
      await page.getByRole("button", { name: "Create draft" }).click();
      await page.waitForURL((url) => /^\/admin\/competitions\/\d+$/.test(url.pathname));
      state.id = Number(new URL(page.url()).pathname.split("/").pop());
      await expect.poll(() => toast(page, "Draft created").count(), SLOW).toBe(1);
      await hydrated(page);
      await page.getByRole("button", { name: "Schedule", exact: true }).click();
      await page.getByRole("button", { name: "Yes, schedule it" }).click();
      await expect.poll(() => toast(page, "Competition scheduled").count(), SLOW).toBe(1);
      expect((await competitionRow()).status).toBe("scheduled");

      // The lifecycle job, its clock past the go-live time, takes it live and fixes the draw rule.
      const { services } = await app();
      const report = await runLifecycleOnce({ ...services, now: () => new Date(Date.now() + 5 * MINUTE) });
      expect(report.wentLive).toContain(state.id);
      const live = await competitionRow();
      expect(live.status).toBe("active");
      expect(live.correctAnswer).toBe(CORRECT);
      expect(live.entryPricePence).toBe(200);
      expect(live.drawRound).toBeGreaterThan(0);
      expect(live.drawAt!.getTime() - live.endDate.getTime()).toBeGreaterThanOrEqual(60 * MINUTE);
      state.closesAt = live.endDate;
      expectNoUnexpectedErrors(errors);
      await context.close();
    },
    TEST_TIMEOUT,
  );

  it(
    "2. two buyers pay through the stand-in; the result page and receipt say the answer is recorded, not if right",
    async () => {
      for (const [who, answer, quantity, chosen] of [
        ["right", CORRECT, 2, "1,2"],
        ["wrong", WRONG, 1, "3"],
      ] as const) {
        const { page, context, errors, user } = await signedInPage({ eligible: true });
        // Each buyer chooses their numbers (ADR 031), so the draw's list below is known in advance.
        await goto(page, `/checkout/${state.id}?quantity=${quantity}&numbers=${chosen}`);
        await page.getByRole("radio", { name: answer }).check();
        await page.getByRole("button", { name: /^Pay/ }).click();
        await payAndSee(page, CARDS.pays);
        expect(await page.getByText(ANSWER_RECORDED).count()).toBe(1);
        expect(await page.getByText(/answer was (not )?correct|not eligible for the draw|cannot win/).count()).toBe(0);
        const numbers = await ticketNumbers(user.id);
        expect(numbers).toHaveLength(quantity);
        state[who] = { user, email: user.email, tickets: numbers };

        const receipt = await waitForMail(
          (m) => m.to.includes(user.email) && m.subject.startsWith("Your Paddock entry is confirmed"),
          20_000,
        );
        expect(receipt.body).toContain(`Your answer: ${answer}`);
        expect(receipt.body).toContain(ANSWER_RECORDED);
        expect(receipt.body).not.toMatch(/answer was (not )?correct|in the draw|cannot win/);
        expectNoUnexpectedErrors(errors);
        await context.close();
      }
      // The numbers they chose.
      expect(state.right.tickets).toEqual([1, 2]);
      expect(state.wrong.tickets).toEqual([3]);
    },
    TEST_TIMEOUT,
  );

  it(
    "3. staff record two postal entries: one accepted with a lucky-dip number, one rejected as incomplete",
    async () => {
      const { page, context, errors } = await adminPage();
      await page.goto(`/admin/competitions/${state.id}/postal`);
      await hydrated(page);
      const card = async (envelope: string, name: string, withTerms: boolean) => {
        await field(page, "Date and time received").fill(toLondonWallTime(new Date(Date.now() - 60 * MINUTE)));
        await field(page, "Envelope reference").fill(envelope);
        await field(page, "Full name").fill(name);
        await fillDateOfBirth(page, "1990-05-01");
        await field(page, "Address").fill("1 Mill Lane, Ledbury");
        await field(page, "County").fill("Herefordshire");
        await field(page, "Contact number").fill("01531 000000");
        await field(page, "E-mail address").fill(`${envelope.toLowerCase()}-${state.id}@example.test`);
        await page.getByLabel(/^Answer: /).selectOption(CORRECT);
        await page.getByLabel("The card includes the statement accepting the terms").setChecked(withTerms);
        await page.getByRole("button", { name: "Record entry" }).click();
      };
      await card("J-1", "Harriet Vane", true);
      await expect.poll(() => toast(page, "Postal entry accepted").count(), SLOW).toBe(1);
      await expect.poll(() => page.locator(`[data-stat="accepted"]`).innerText(), SLOW).toBe("1");

      // The second card leaves out the statement accepting the terms: recorded, rejected, with its reason.
      await card("J-2", "Mary Quayle", false);
      await expect.poll(() => toast(page, "Postal entry rejected").count(), SLOW).toBe(1);
      await expect.poll(() => page.locator(`[data-stat="rejected"]`).innerText(), SLOW).toBe("1");
      expect(await page.getByTestId("postal-entry").filter({ hasText: "Rejected: incomplete" }).count()).toBe(1);

      const { services } = await app();
      const postal = await services.db
        .select({ n: tickets.ticketNumber })
        .from(tickets)
        .where(and(eq(tickets.competitionId, state.id), eq(tickets.source, "postal")));
      expect(postal).toHaveLength(1);
      state.postalTicket = postal[0]?.n ?? 0;
      expect(state.postalTicket).toBeGreaterThan(3);
      expect((await competitionRow()).ticketsSold).toBe(4);
      await page.goto(`/competition/${state.id}`);
      await expect
        .poll(() => page.getByTestId("postal-counts").innerText(), SLOW)
        .toBe("Free postal entries: 1 accepted, 1 rejected.");
      expectNoUnexpectedErrors(errors);
      await context.close();
    },
    TEST_TIMEOUT,
  );

  it(
    "4. at the close the manifest hash and counts are published and each buyer learns, only now, if they are in",
    async () => {
      const { services } = await app();
      const afterClose = new Date(state.closesAt.getTime() + MINUTE);
      services.now = () => afterClose;
      // The app's own lifecycle job (every 15 s, on the app's clock) closes it: no button.
      await expect.poll(async () => (await competitionRow()).status, JOB).toBe("closed");
      const draw = await drawRow();
      expect(draw?.entries).toBe(3);
      expect(draw?.counts).toEqual({
        eligible: { paid: 2, postal: 1 },
        excluded: { wrongAnswer: 1, refunded: 0, postalRejected: { incomplete: 1 } },
      });
      const hash = draw?.manifestHash ?? "";
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      // The manifest lists the eligible tickets only, in order: 1, 2 (paid) and the postal one; never 3 (wrong answer).
      const listed = (draw?.manifest ?? "").split("\n").filter((line) => /^\d+,/.test(line));
      expect(listed.map((line) => [line.split(",")[0], line.split(",")[2]])).toEqual([
        ["1", "paid"],
        ["2", "paid"],
        [String(state.postalTicket), "postal"],
      ]);

      const { page, context, errors } = await openSlowPage();
      await page.goto(`/draws/${state.id}`);
      await hydrated(page);
      const manifest = page.getByRole("region", { name: "Entry list" });
      await expect.poll(() => manifest.innerText(), SLOW).toContain(hash);
      const text = await manifest.innerText();
      expect(text).toContain("3 (paid 2, postal 1)");
      expect(text).toContain("wrong answer: 1; refunded: 0; postal entry rejected (incomplete): 1");
      expectNoUnexpectedErrors(errors);
      await context.close();

      const closeMail = (email: string) =>
        waitForMail((m) => m.to.includes(email) && m.subject === `Entries have closed: ${title}`, 20_000);
      const right = await closeMail(state.right.email);
      expect(right.body).toContain("Your answers were correct, so all your entries are in the draw.");
      expect(right.body).toContain(hash);
      for (const n of state.right.tickets) expect(right.body).toMatch(new RegExp(`Ticket ${n}, entry reference \\S+`));
      expect(right.body).toContain("correct answer, in the draw");
      const wrong = await closeMail(state.wrong.email);
      expect(wrong.body).toContain(
        "Your answer was not correct, so your entries are not in the draw. Thank you for entering.",
      );
      expect(wrong.body).toContain(`Ticket ${state.wrong.tickets[0]}, entry reference`);
      expect(wrong.body).toContain("answer not correct, not in the draw");
      expect(wrong.body).toContain(hash);
    },
    TEST_TIMEOUT,
  );

  it(
    "4b. the account page now shows each buyer whether their answer was correct",
    async () => {
      for (const [buyer, words] of [
        [state.right.user, "Your answer was correct: these tickets are in the draw."],
        [state.wrong.user, "Your answer was not correct: these tickets were valid entries but could not win."],
      ] as const) {
        const { page, context, errors } = await openSlowPage();
        await signIn(context, buyer!);
        await goto(page, "/account");
        await expect.poll(() => page.getByText(words).count(), SLOW).toBe(1);
        expect(await page.getByText(ANSWER_RECORDED).count()).toBe(0);
        expectNoUnexpectedErrors(errors);
        await context.close();
      }
    },
    TEST_TIMEOUT,
  );

  it(
    "5. at the round the lifecycle job draws by itself, and the public page's Verify says it matches",
    async () => {
      const { services } = await app();
      const draw = await drawRow();
      const afterRound = new Date(
        roundTime(services.beacon.chain, draw?.round ?? 0).getTime() + AUTOMATIC_DRAW_DELAY_MS + 5_000,
      );
      services.now = () => afterRound;
      // The app's own lifecycle job fetches the round from the beacon and draws: nobody presses a button.
      await expect.poll(async () => (await competitionRow()).status, JOB).toBe("completed");
      const done = await competitionRow();
      const drawn = (await drawRow())?.drawnEntries ?? [];
      expect(drawn).toHaveLength(3);
      expect(drawn.map((e) => e.ticketNumber).sort((a, b) => a - b)).toEqual([
        ...state.right.tickets,
        state.postalTicket,
      ]);
      expect(done.winnerTicketNumber).toBe(drawn[0]?.ticketNumber);

      const { page, context, errors } = await openSlowPage();
      await verifyByKeyboard(page);
      const order = await drawOrder(page);
      expect(order).toHaveLength(3);
      expect(order[0]).toContain(`Winner: ticket ${drawn[0]?.ticketNumber}, entry ${drawn[0]?.entryRef}`);
      expect(order[0]).toContain("Holds the prize");
      expect(order[1]).toContain(`Alternate 1: ticket ${drawn[1]?.ticketNumber}`);
      expectNoUnexpectedErrors(errors);
      await context.close();
    },
    TEST_TIMEOUT,
  );

  it(
    "6. the admin passes the prize to the next alternate with a listed reason; the page shows it; Verify still matches",
    async () => {
      const drawn = (await drawRow())?.drawnEntries ?? [];
      const { page, context, errors } = await adminPage();
      await page.goto(`/admin/competitions/${state.id}/draw`);
      await hydrated(page);
      expect(await page.getByRole("button", { name: "Select winner" }).isDisabled()).toBe(true);
      await page.getByLabel("Ineligible under the terms").check();
      await page.getByLabel("Terms clause (when ineligible)").fill("7");
      await page.getByRole("button", { name: "Pass to the next alternate" }).click();
      await expect.poll(() => toast(page, "The prize has passed to the next alternate.").count(), SLOW).toBe(1);
      expect((await competitionRow()).winnerTicketNumber).toBe(drawn[1]?.ticketNumber);

      await verifyByKeyboard(page);
      const order = await drawOrder(page);
      expect(order[0]).toContain(`Winner: ticket ${drawn[0]?.ticketNumber}`);
      expect(order[0]).toContain("Passed over: Ineligible under terms clause 7");
      expect(order[0]).not.toContain("Holds the prize");
      expect(order[1]).toContain(`Alternate 1: ticket ${drawn[1]?.ticketNumber}, entry ${drawn[1]?.entryRef}`);
      expect(order[1]).toContain("Holds the prize");
      expectNoUnexpectedErrors(errors);
      await context.close();
    },
    TEST_TIMEOUT,
  );
});
