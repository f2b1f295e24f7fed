import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orderLines, payments, promoCodes, promoRedemptions } from "~/db/schema";
import { PromoCodeFormSchema, type PromoCodeValues } from "~/schemas/admin-promo-code";
import {
  createPromoCode,
  listPromoCodes,
  setPromoCodeActive,
  updatePromoCode,
} from "~/server/admin/promo-codes.server";
import { CHECKOUT_WINDOW_MS, cancelCheckout, PROVIDER_MARGIN_MS } from "~/server/checkout/checkout.server";
import { orderReceipt, quotePromoCode } from "~/server/checkout/promo-codes.server";
import { reconcileOnce } from "~/server/checkout/reconciler.server";
import { CORRECT, createCheckoutHarness, type Harness } from "./checkout-harness";

let h: Harness;
let staffId: string;
beforeAll(async () => {
  h = await createCheckoutHarness();
  staffId = (await h.createBuyer()).id;
});
afterEach(() => h.resetClock());
afterAll(async () => {
  await h?.close();
});

const PAST_EXPIRY = CHECKOUT_WINDOW_MS + PROVIDER_MARGIN_MS + 60_000;
let serial = 0;

/** A code made through the staff use-case, from the form's own text. */
async function makeCode(form: Record<string, unknown> = {}): Promise<{ id: number; code: string }> {
  serial += 1;
  const promo = `TEST${serial}`;
  const parsed = PromoCodeFormSchema.parse({ promo, kind: "percent", value: "10", competitionIds: [], ...form });
  const outcome = await createPromoCode(h.services, staffId, parsed as PromoCodeValues);
  if (!outcome.ok) throw new Error(outcome.message);
  return { id: outcome.id, code: parsed.code };
}

async function codeRow(id: number) {
  const [row] = await h.services.db.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (!row) throw new Error(`no promo code ${id}`);
  return row;
}

const redemptionsOf = (id: number) =>
  h.services.db
    .select()
    .from(promoRedemptions)
    .where(eq(promoRedemptions.promoCodeId, id))
    .orderBy(asc(promoRedemptions.id));

const line = (competitionId: number, quantity: number) => ({ competitionId, quantity, skillAnswer: CORRECT });

describe("staff manage promo codes, every change audited", () => {
  it("creates a code; the same code in another case is refused", async () => {
    const { id, code } = await makeCode({ kind: "fixed", value: "1.50", maxUses: "3" });
    expect(await codeRow(id)).toMatchObject({ kind: "fixed", value: 150, maxUses: 3, uses: 0, active: true });
    const again = PromoCodeFormSchema.parse({ promo: code.toLowerCase(), kind: "percent", value: "5" });
    expect(await createPromoCode(h.services, staffId, again)).toEqual({
      ok: false,
      status: 409,
      message: `There is already a promo code called ${code.toLowerCase()} (codes ignore case).`,
      field: "promo",
    });
    const audits = await h.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `promo_code:${id}`));
    expect(audits.map((a) => a.action)).toEqual(["promo_code.created"]);
  });

  it("edits and deactivates a code, with before and after in the audit log", async () => {
    const { id, code } = await makeCode();
    const edited = PromoCodeFormSchema.parse({ promo: code, kind: "percent", value: "20", maxUsesPerPerson: "1" });
    expect(await updatePromoCode(h.services, staffId, id, edited)).toMatchObject({ ok: true });
    expect(await setPromoCodeActive(h.services, staffId, id, false)).toMatchObject({ ok: true });
    expect(await codeRow(id)).toMatchObject({ value: 20, maxUsesPerPerson: 1, active: false });
    const audits = await h.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `promo_code:${id}`))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual(["promo_code.created", "promo_code.updated", "promo_code.deactivated"]);
    expect(audits[1]).toMatchObject({ before: { value: 10 }, after: { value: 20, maxUsesPerPerson: 1 } });
  });

  it("the form refuses bad values with messages at their fields", () => {
    const messages = (form: Record<string, string>) =>
      PromoCodeFormSchema.safeParse(form).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages({ promo: "no spaces", kind: "percent", value: "10" })).toEqual([
      "promo: Use letters, digits, hyphens and underscores only.",
    ]);
    expect(
      messages({
        promo: "OK",
        kind: "percent",
        value: "150",
        startsAt: "2026-12-02T10:00",
        endsAt: "2026-12-01T10:00",
      }),
    ).toEqual(["value: Enter a whole percentage from 1 to 100.", "endsAt: The end must be after the start."]);
    expect(messages({ promo: "OK", kind: "fixed", value: "0" })).toEqual([
      "value: Enter an amount in pounds and pence from £0.01 to £1,000, for example 2.50.",
    ]);
    expect(messages({ promo: "OK", kind: "fixed", value: "2.50", maxUses: "0" })).toEqual([
      "maxUses: Total uses must be a whole number from 1 to 1,000,000.",
    ]);
  });
});

describe("staff's promo code outcomes, worded exactly, and nothing changed by a refusal", () => {
  const form = (promo: string, extra: Record<string, unknown> = {}) =>
    PromoCodeFormSchema.parse({ promo, kind: "percent", value: "10", ...extra }) as PromoCodeValues;
  const auditsOf = (id: number) =>
    h.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `promo_code:${id}`))
      .orderBy(asc(auditLog.id));

  it("says what was created, saved, deactivated and activated; the audit keeps who and what", async () => {
    serial += 1;
    const code = `SAY${serial}`;
    const created = await createPromoCode(h.services, staffId, form(code, { maxUsesPerPerson: "2" }));
    if (!created.ok) throw new Error(created.message);
    expect(created).toEqual({ ok: true, id: created.id, message: `Promo code ${code} created` });
    expect(await codeRow(created.id)).toMatchObject({ createdBy: staffId, maxUsesPerPerson: 2, minimumSpendPence: 0 });
    // Saving a code under its own name is not a duplicate of itself.
    const saved = await updatePromoCode(h.services, staffId, created.id, form(code, { kind: "fixed", value: "2.50" }));
    expect(saved).toEqual({ ok: true, id: created.id, message: `Promo code ${code} saved` });
    expect(await setPromoCodeActive(h.services, staffId, created.id, false)).toEqual({
      ok: true,
      id: created.id,
      message: `Promo code ${code} deactivated: it can no longer be used`,
    });
    expect(await setPromoCodeActive(h.services, staffId, created.id, true)).toEqual({
      ok: true,
      id: created.id,
      message: `Promo code ${code} activated`,
    });
    expect(await codeRow(created.id)).toMatchObject({ kind: "fixed", value: 250, active: true });
    const audits = await auditsOf(created.id);
    expect(audits.map((a) => [a.action, a.actorUserId])).toEqual([
      ["promo_code.created", staffId],
      ["promo_code.updated", staffId],
      ["promo_code.deactivated", staffId],
      ["promo_code.activated", staffId],
    ]);
    expect(audits[0]?.after).toEqual({
      code,
      kind: "percent",
      value: 10,
      minimumSpendPence: 0,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerPerson: 2,
      competitionIds: null,
    });
    expect(audits[1]).toMatchObject({ before: { kind: "percent", value: 10 }, after: { kind: "fixed", value: 250 } });
    expect(audits[2]?.after).toEqual({ active: false });
    expect(audits[3]?.after).toEqual({ active: true });
  });

  it("refuses renaming a code to another code's name, in any case, and changes nothing", async () => {
    const first = await makeCode();
    const second = await makeCode({ value: "15" });
    const renamed = await updatePromoCode(h.services, staffId, second.id, form(first.code.toLowerCase()));
    expect(renamed).toEqual({
      ok: false,
      status: 409,
      message: `There is already a promo code called ${first.code.toLowerCase()} (codes ignore case).`,
      field: "promo",
    });
    expect(await codeRow(second.id)).toMatchObject({ code: second.code, value: 15 });
    expect((await auditsOf(second.id)).map((a) => a.action)).toEqual(["promo_code.created"]);
  });

  it("refuses a competition that does not exist, on create and on edit, and writes nothing", async () => {
    const comp = await h.createCompetition();
    serial += 1;
    const code = `GONE${serial}`;
    const missing = { ok: false, status: 400, message: "One of the ticked competitions no longer exists." };
    const ticked = form(code, { competitionIds: [String(comp.id), "999999"] });
    expect(await createPromoCode(h.services, staffId, ticked)).toEqual({ ...missing, field: "competitionIds" });
    const [none] = await h.services.db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(none).toBeUndefined();

    const { id } = await makeCode({ competitionIds: [String(comp.id)] });
    const edited = await updatePromoCode(h.services, staffId, id, { ...ticked, code: (await codeRow(id)).code });
    expect(edited).toEqual({ ...missing, field: "competitionIds" });
    expect(await codeRow(id)).toMatchObject({ competitionIds: [comp.id] });
    expect((await auditsOf(id)).map((a) => a.action)).toEqual(["promo_code.created"]);
  });

  it("a code that does not exist cannot be edited, deactivated or activated", async () => {
    const gone = { ok: false, status: 404, message: "That promo code no longer exists." };
    expect(await updatePromoCode(h.services, staffId, 987_654, form("NOBODY"))).toEqual(gone);
    expect(await setPromoCodeActive(h.services, staffId, 987_654, false)).toEqual(gone);
    expect(await setPromoCodeActive(h.services, staffId, 987_654, true)).toEqual(gone);
    const [audited] = await h.services.db.select().from(auditLog).where(eq(auditLog.subject, "promo_code:987654"));
    expect(audited).toBeUndefined();
  });

  it("total uses may be set to the uses taken but not below; one use is worded in the singular", async () => {
    const comp = await h.createCompetition();
    const { id, code } = await makeCode({ maxUses: "5" });
    expect((await h.checkout(await h.createBuyer(), [line(comp.id, 1)], { promoCode: code })).ok).toBe(true);
    expect(await updatePromoCode(h.services, staffId, id, form(code, { maxUses: "1" }))).toMatchObject({ ok: true });
    // The form never sends 0 (it asks for 1 or more); the rule itself still refuses fewer than the uses taken.
    expect(await updatePromoCode(h.services, staffId, id, { ...form(code), maxUses: 0 })).toEqual({
      ok: false,
      status: 409,
      message: "This code has already been used 1 time: total uses cannot be set lower.",
      field: "maxUses",
    });
    expect(await codeRow(id)).toMatchObject({ maxUses: 1, uses: 1 });
    // No limit at all is always allowed.
    expect(await updatePromoCode(h.services, staffId, id, form(code))).toMatchObject({ ok: true });
    expect(await codeRow(id)).toMatchObject({ maxUses: null, uses: 1 });
  });
});

describe("a buyer's promo code at checkout", () => {
  it("prices the order after multi-buy, holds one use, and the paid amount matches", async () => {
    const comp = await h.createCompetition({ entryPricePence: 200 });
    const other = await h.createCompetition({ entryPricePence: 300 });
    const { id, code } = await makeCode({ value: "10", competitionIds: [String(comp.id)] });
    const buyer = await h.createBuyer();

    // 5 tickets at £2 is £9.00 after 10% multi-buy; the code takes 10% of that (90p) and nothing off the other line.
    const quote = await quotePromoCode(h.services, buyer.id, code.toLowerCase(), [
      { competitionId: comp.id, totalPence: 900 },
      { competitionId: other.id, totalPence: 300 },
    ]);
    expect(quote).toMatchObject({ ok: true, discountPence: 90, totalBeforePence: 1200, totalPence: 1110 });
    expect((await codeRow(id)).uses).toBe(0);

    const started = await h.checkout(buyer, [line(comp.id, 5), line(other.id, 1)], {
      promoCode: ` ${code.toLowerCase()} `,
      source: "basket",
    });
    if (!started.ok) throw new Error(started.message);
    expect(await h.order(started.orderId)).toMatchObject({
      subtotalPence: 1300,
      discountPence: 100,
      promoDiscountPence: 90,
      totalAmountPence: 1110,
    });
    const lines = await h.services.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, started.orderId))
      .orderBy(asc(orderLines.competitionId));
    expect(lines.map((l) => [l.promoDiscountPence, l.totalPence])).toEqual([
      [90, 810],
      [0, 300],
    ]);
    expect(await codeRow(id)).toMatchObject({ uses: 1 });
    expect(await redemptionsOf(id)).toMatchObject([{ orderId: started.orderId, userId: buyer.id, discountPence: 90 }]);

    expect((await h.pay(started.url)).status).toBe(303);
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "paid", totalAmountPence: 1110 });
    const [payment] = await h.services.db.select().from(payments).where(eq(payments.orderId, started.orderId));
    expect(payment).toMatchObject({ status: "paid", amountPence: 1110 });
    expect(await h.ticketsOf(comp.id)).toHaveLength(5);
    const listed = (await listPromoCodes(h.services)).find((c) => c.id === id);
    expect(listed).toMatchObject({ uses: 1, paidUses: 1, paidDiscountPence: 90 });
    // The result page's receipt: the code and what it took off, for the buyer only.
    expect(await orderReceipt(h.services, buyer.id, started.orderId)).toEqual({
      totalPence: 1110,
      promo: { code, discountPence: 90 },
    });
    expect(await orderReceipt(h.services, (await h.createBuyer()).id, started.orderId)).toBeNull();
    const plain = await h.checkout(buyer, [line(other.id, 1)]);
    if (!plain.ok) throw new Error(plain.message);
    expect(await orderReceipt(h.services, buyer.id, plain.orderId)).toEqual({ totalPence: 300, promo: null });
  });

  it("a bad code gets its message and nothing is held, ordered or used", async () => {
    const comp = await h.createCompetition({ entryPricePence: 200, totalTickets: 50 });
    const elsewhere = await h.createCompetition();
    const scoped = await makeCode({ competitionIds: [String(elsewhere.id)] });
    const expired = await makeCode({ startsAt: "2020-01-01T10:00", endsAt: "2020-02-01T10:00" });
    const minimum = await makeCode({ minimumSpend: "50.00" });
    const buyer = await h.createBuyer();
    const cases: [string, string][] = [
      ["NOSUCHCODE", 'We do not recognise the promo code "NOSUCHCODE". Check it and try again.'],
      [scoped.code, `The promo code ${scoped.code} is not valid for the competitions in this order.`],
      [expired.code, `The promo code ${expired.code} expired on`],
      [minimum.code, `The promo code ${minimum.code} needs a spend of at least £50.00`],
    ];
    for (const [typed, message] of cases) {
      const result = await h.checkout(buyer, [line(comp.id, 2)], { promoCode: typed });
      expect(result).toMatchObject({ ok: false, status: 422 });
      expect(!result.ok && result.message).toContain(message);
    }
    expect(await h.competition(comp.id)).toMatchObject({ ticketsReserved: 0, ticketsSold: 0 });
    for (const c of [scoped, expired, minimum]) expect((await codeRow(c.id)).uses).toBe(0);
  });

  it("a code field left blank or with only spaces is no code: the order is priced and held without one", async () => {
    const comp = await h.createCompetition({ entryPricePence: 200, totalTickets: 50 });
    for (const typed of ["", "   "]) {
      const buyer = await h.createBuyer();
      const started = await h.checkout(buyer, [line(comp.id, 2)], { promoCode: typed });
      if (!started.ok) throw new Error(started.message);
      expect(await h.order(started.orderId)).toMatchObject({ promoDiscountPence: 0, totalAmountPence: 400 });
      expect(await orderReceipt(h.services, buyer.id, started.orderId)).toEqual({ totalPence: 400, promo: null });
    }
  });

  it("the payment page's line names the code's saving and the site credit; the card pays the rest", async () => {
    const comp = await h.createCompetition({ entryPricePence: 500 });
    const { code } = await makeCode();
    const buyer = await h.buyerWithCredit(200);
    const provider = h.watchProvider();
    const started = await h.checkout(buyer, [line(comp.id, 1)], { promoCode: code, useSiteCredit: true });
    provider.restore();
    if (!started.ok) throw new Error(started.message);
    expect(provider.calls.map((call) => call.items)).toEqual([
      [
        {
          name: `${comp.title}: 1 ticket`,
          description: "1 ticket at £5.00, promo code saving £0.50, site credit £2.00",
          amountPence: 250,
        },
      ],
    ]);
  });

  it("once per person: the second order is refused, a different buyer is not", async () => {
    const comp = await h.createCompetition();
    const { id, code } = await makeCode({ maxUsesPerPerson: "1" });
    const buyer = await h.createBuyer();
    const first = await h.checkout(buyer, [line(comp.id, 1)], { promoCode: code, key: "first-with-the-code" });
    if (!first.ok) throw new Error(first.message);
    expect(await h.checkout(buyer, [line(comp.id, 1)], { promoCode: code })).toMatchObject({
      ok: false,
      message: `You have already used the promo code ${code}: it can be used once per person.`,
    });
    // A repeat of the first request (a double click) is that order, not a second use.
    expect(await h.checkout(buyer, [line(comp.id, 1)], { promoCode: code, key: "first-with-the-code" })).toMatchObject({
      ok: true,
      orderId: first.orderId,
      url: first.url,
    });
    expect((await h.checkout(await h.createBuyer(), [line(comp.id, 1)], { promoCode: code })).ok).toBe(true);
    expect((await codeRow(id)).uses).toBe(2);
  });

  it("total uses: the use after the last is refused as used up", async () => {
    const comp = await h.createCompetition();
    const { id, code } = await makeCode({ maxUses: "2" });
    for (let i = 0; i < 2; i++)
      expect((await h.checkout(await h.createBuyer(), [line(comp.id, 1)], { promoCode: code })).ok).toBe(true);
    expect(await h.checkout(await h.createBuyer(), [line(comp.id, 1)], { promoCode: code })).toMatchObject({
      ok: false,
      message: `The promo code ${code} has been used up: it has no uses left.`,
    });
    expect(await codeRow(id)).toMatchObject({ uses: 2 });
    // Staff cannot set the limit below the uses already taken.
    const lower = PromoCodeFormSchema.parse({ promo: code, kind: "percent", value: "10", maxUses: "1" });
    expect(await updatePromoCode(h.services, staffId, id, lower)).toMatchObject({
      ok: false,
      message: "This code has already been used 2 times: total uses cannot be set lower.",
    });
  });

  it("an expired hold gives its use back (released_at set), so the buyer may use the code again", async () => {
    const comp = await h.createCompetition();
    const { id, code } = await makeCode({ maxUses: "1", maxUsesPerPerson: "1" });
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [line(comp.id, 1)], { promoCode: code });
    if (!started.ok) throw new Error(started.message);
    expect(await codeRow(id)).toMatchObject({ uses: 1 });

    h.advanceClock(PAST_EXPIRY);
    expect((await reconcileOnce(h.services)).errors).toBe(0);
    expect(await h.order(started.orderId)).toMatchObject({ paymentStatus: "expired" });
    // The buyer's Cancel on a lapsed checkout is answered as done, and changes nothing.
    expect(await cancelCheckout(h.services, { userId: buyer.id, orderId: started.orderId })).toEqual({ ok: true });
    expect(await codeRow(id)).toMatchObject({ uses: 0 });
    const [redemption] = await redemptionsOf(id);
    expect(redemption?.releasedAt).toBeInstanceOf(Date);

    const again = await h.checkout(buyer, [line(comp.id, 1)], { promoCode: code });
    expect(again.ok).toBe(true);
    expect(await codeRow(id)).toMatchObject({ uses: 1 });
  });

  it("a cancelled checkout gives its use back", async () => {
    const comp = await h.createCompetition();
    const { id, code } = await makeCode({ maxUses: "1" });
    const buyer = await h.createBuyer();
    const started = await h.checkout(buyer, [line(comp.id, 2)], { promoCode: code });
    if (!started.ok) throw new Error(started.message);
    expect(await cancelCheckout(h.services, { userId: buyer.id, orderId: started.orderId })).toEqual({ ok: true });
    expect(await codeRow(id)).toMatchObject({ uses: 0 });
    const released = await h.services.db
      .select()
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.promoCodeId, id), eq(promoRedemptions.orderId, started.orderId)));
    expect(released[0]?.releasedAt).not.toBeNull();
  });

  it("a deactivated code is refused at once", async () => {
    const comp = await h.createCompetition();
    const { id, code } = await makeCode();
    await setPromoCodeActive(h.services, staffId, id, false);
    expect(await h.checkout(await h.createBuyer(), [line(comp.id, 1)], { promoCode: code })).toMatchObject({
      ok: false,
      message: `The promo code ${code} has been withdrawn and can no longer be used.`,
    });
  });
});
