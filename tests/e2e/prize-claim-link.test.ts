import { createHash, randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { postalEntries, prizeClaimLinks, tickets } from "~/db/schema";
import { app, waitForMail } from "./support/app";
import { expectAccessible, hydrated, useTheme } from "./support/browser";
import { insertCompetition, removeCompetitions } from "./support/competitions";
import { expectNoUnexpectedErrors, openSlowPage, SLOW, TEST_TIMEOUT } from "./support/forms";

const DAY = 86_400_000;
/** What this file made, removed after it with everything hanging off it (other files share the app). */
const created: number[] = [];
afterAll(() => removeCompetitions(created));

/** A competition a postal entrant without an account won yesterday, and the claim link the draw e-mailed them. */
async function postalWin() {
  const { services } = await app();
  const comp = await insertCompetition({
    title: `Postal claim rug ${Math.random().toString(36).slice(2, 7)}`,
    status: "completed",
    endDate: new Date(Date.now() - 2 * DAY),
    winnerTicketNumber: 1,
    winnerUserId: null,
    drawnAt: new Date(Date.now() - DAY),
  });
  created.push(comp.id);
  const [ticket] = await services.db
    .insert(tickets)
    .values({
      competitionId: comp.id,
      ticketNumber: 1,
      skillAnswer: comp.correctAnswer,
      isCorrectAnswer: true,
      source: "postal",
    })
    .returning({ id: tickets.id });
  const email = `postal-claim-${comp.id}@example.test`;
  await services.db.insert(postalEntries).values({
    competitionId: comp.id,
    fullName: "Harriet Vane",
    dateOfBirth: "1990-05-01",
    address: "1 Mill Lane, Ledbury",
    contactNumber: "01531 000000",
    email,
    termsAccepted: true,
    skillAnswer: comp.correctAnswer,
    isCorrectAnswer: true,
    receivedAt: new Date(Date.now() - 3 * DAY),
    envelopeRef: `E2E-CLAIM-${comp.id}`,
    outcome: "accepted",
    ticketId: ticket?.id,
  });
  const token = randomBytes(32).toString("base64url");
  await services.db.insert(prizeClaimLinks).values({
    competitionId: comp.id,
    ticketNumber: 1,
    email,
    tokenHash: createHash("sha256").update(token).digest("hex"),
    expiresAt: new Date(Date.now() + 13 * DAY),
  });
  return { comp, token, email };
}

describe("a postal winner's claim link", () => {
  for (const theme of ["dark", "light"] as const) {
    it(
      `has one h1, its own title and no axe violations in the ${theme} theme`,
      async () => {
        const { token } = await postalWin();
        const { page, context, errors } = await openSlowPage({ colorScheme: theme });
        await useTheme(context, theme);
        await page.goto(`/prize-claim/${token}`);
        await hydrated(page);
        expect(await page.locator("h1").count()).toBe(1);
        expect(await page.title()).toBe("Claim your prize | Paddock");
        await expectAccessible(page);
        expectNoUnexpectedErrors(errors);
        await context.close();
      },
      TEST_TIMEOUT,
    );
  }

  it(
    "confirms the delivery address by keyboard, once; the link is then spent",
    async () => {
      const { token, email, comp } = await postalWin();
      const { page, context, errors } = await openSlowPage();
      await page.goto(`/prize-claim/${token}`);
      await hydrated(page);
      await page.getByLabel("Name").focus();
      await page.keyboard.type("Harriet Vane");
      await page.keyboard.press("Tab");
      await page.keyboard.type("01531 000000");
      await page.keyboard.press("Tab");
      await page.keyboard.type("1 Mill Lane");
      await page.keyboard.press("Tab");
      await page.keyboard.type("Herefordshire");
      await page.keyboard.press("Tab");
      await page.keyboard.type("HR8 1AA");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await expect
        .poll(() => page.getByText("Your delivery address is confirmed.", { exact: false }).count(), SLOW)
        .toBeGreaterThan(0);
      await waitForMail((m) => m.to.includes(email) && m.subject.includes(comp.title));
      await page.goto(`/prize-claim/${token}`);
      await hydrated(page);
      await expect
        .poll(() => page.getByText("This claim link has already been used", { exact: false }).count(), SLOW)
        .toBe(1);
      expectNoUnexpectedErrors(errors);
      await context.close();
    },
    TEST_TIMEOUT,
  );
});
