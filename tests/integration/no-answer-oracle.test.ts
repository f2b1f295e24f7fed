// No answer oracle: a buyer must not learn whether their answer was right before the competition closes, or one
// ticket would reveal the answer to everyone. Every place an entrant sees their entry is checked with a right and
// a wrong answer, before and after the close; staff still see correctness at once.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { competitions } from "~/db/schema";
import * as account from "~/routes/accounts/account";
import * as accountData from "~/routes/accounts/account-data-json";
import * as order from "~/routes/admin/order";
import * as paymentSuccess from "~/routes/checkout/payment-success";
import { Jar, run, signedInAs } from "./auth-helpers";
import { CORRECT, createCheckoutHarness, type Harness, sessionIdFromUrl, WRONG } from "./checkout-harness";

let h: Harness;

beforeAll(async () => {
  h = await createCheckoutHarness({ ADMIN_REQUIRE_2FA: "false" });
});
afterAll(async () => {
  await h?.close();
});

type Buyer = Awaited<ReturnType<Harness["signedInBuyer"]>>;

function get(buyer: Buyer, mod: Parameters<typeof run>[1], path: string) {
  const jar = new Jar();
  jar.apply(buyer.cookie.split("; ").map((pair) => `${pair}; Path=/`));
  const headers = new Headers({ cookie: jar.header(), origin: h.services.env.BASE_URL });
  return run(h.services, mod, new Request(`${h.services.env.BASE_URL}${path}`, { headers }));
}

/** A signed-in buyer pays for two tickets with this answer; returns what they can see. */
async function buyWith(competitionId: number, answer: string) {
  const buyer = await h.signedInBuyer();
  const started = await h.checkout(buyer, [{ competitionId, quantity: 2, skillAnswer: answer }]);
  if (!started.ok) throw new Error(started.message);
  expect((await h.pay(started.url)).status).toBe(303);
  const sessionId = sessionIdFromUrl(started.url);
  return { buyer, orderId: started.orderId, sessionId };
}

/** Numbers, references, ids and the buyer's own answer differ between buyers; nothing else may. */
function scrub(text: string, values: string[]) {
  let out = text;
  for (const value of values) out = out.split(value).join("<x>");
  return out.replace(/\b\d+\b/g, "<n>");
}

async function whatTheBuyerSees(competitionId: number, bought: Awaited<ReturnType<typeof buyWith>>) {
  const { buyer, orderId, sessionId } = bought;
  const success = await get(
    buyer,
    paymentSuccess.loader,
    `/payment-success?session_id=${sessionId}&order_id=${orderId}`,
  );
  const page = await get(buyer, account.loader, "/account");
  const exported = await get(buyer, accountData.loader, "/account/data.json");
  const [receipt] = await h.mailTo(buyer.email, "order-confirmation");
  const tickets = (await h.ticketsOf(competitionId)).filter((t) => t.userId === buyer.id);
  const secrets = [
    buyer.email,
    buyer.id,
    orderId,
    orderId.slice(0, 8),
    sessionId,
    CORRECT,
    WRONG,
    ...tickets.map((t) => t.entryRef),
  ];
  return { success, page, exported, receipt, tickets, secrets };
}

describe("no answer oracle", () => {
  it("tells a buyer nothing about their answer until the close, then tells them; staff see it at once", async () => {
    const comp = await h.createCompetition();
    const rightBuy = await buyWith(comp.id, CORRECT);
    const wrongBuy = await buyWith(comp.id, WRONG);
    const right = await whatTheBuyerSees(comp.id, rightBuy);
    const wrong = await whatTheBuyerSees(comp.id, wrongBuy);
    expect(right.tickets.every((t) => t.isCorrectAnswer)).toBe(true);
    expect(wrong.tickets.every((t) => !t.isCorrectAnswer)).toBe(true);

    for (const seen of [right, wrong]) {
      expect(seen.success.status).toBe(200);
      expect(seen.success.data.state).toBe("paid");
      expect(JSON.stringify(seen.success.data)).not.toMatch(/correct/i);
      expect(seen.receipt?.text).toContain("Your answer is recorded.");
      expect(seen.page.data.entries).toHaveLength(1);
      expect(seen.page.data.entries[0].correct).toBeNull();
      expect(seen.exported.data.tickets).toHaveLength(2);
      expect(seen.exported.data.tickets.every((t: { isCorrectAnswer: unknown }) => t.isCorrectAnswer === null)).toBe(
        true,
      );
    }
    // The payment page's data and the receipt read the same whichever answer was given.
    expect(scrub(JSON.stringify(right.success.data), right.secrets)).toBe(
      scrub(JSON.stringify(wrong.success.data), wrong.secrets),
    );
    expect(scrub(right.receipt?.text ?? "", right.secrets)).toBe(scrub(wrong.receipt?.text ?? "", wrong.secrets));
    expect(scrub(JSON.stringify(right.page.data.entries), right.secrets)).toBe(
      scrub(JSON.stringify(wrong.page.data.entries), wrong.secrets),
    );

    // Staff see correctness on the order page before the close.
    const staff = await signedInAs(h.services, "admin");
    const staffView = await staff.v.get(order, `/admin/orders/${wrong.tickets[0]?.orderId}`, {
      id: String(wrong.tickets[0]?.orderId),
    });
    expect(staffView.data.lines[0]).toMatchObject({ isCorrectAnswer: false });

    // The close reveals it to each buyer.
    await h.services.db
      .update(competitions)
      .set({ status: "closed", closedAt: new Date() })
      .where(eq(competitions.id, comp.id));
    for (const [bought, correct] of [
      [rightBuy, true],
      [wrongBuy, false],
    ] as const) {
      const after = await whatTheBuyerSees(comp.id, bought);
      expect(after.page.data.entries[0].correct).toBe(correct);
      const exported: { isCorrectAnswer: unknown }[] = after.exported.data.tickets;
      expect(exported.every((t) => t.isCorrectAnswer === correct)).toBe(true);
    }
  });
});
