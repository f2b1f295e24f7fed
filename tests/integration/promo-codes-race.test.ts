import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { promoCodes, promoRedemptions } from "~/db/schema";
import { PromoCodeFormSchema } from "~/schemas/admin-promo-code";
import { createPromoCode } from "~/server/admin/promo-codes.server";
import { CORRECT, useCheckoutHarness } from "./checkout-harness";

const h = useCheckoutHarness({}, { resetClock: false });

const postgres = process.env.TEST_DB_ENGINE === "postgres";

async function makeCode(promo: string, form: Record<string, string>) {
  const staff = await h().createBuyer();
  const values = PromoCodeFormSchema.parse({ promo, kind: "fixed", value: "0.50", ...form });
  const outcome = await createPromoCode(h().services, staff.id, values);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.id;
}

async function usesOf(id: number) {
  const [row] = await h().services.db.select({ uses: promoCodes.uses }).from(promoCodes).where(eq(promoCodes.id, id));
  const redeemed = await h().services.db.select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, id));
  return { uses: row?.uses, redemptions: redeemed.length };
}

// Real concurrency needs real connections: PGlite runs one transaction at a time, so this runs on PostgreSQL.
describe.skipIf(!postgres)("a promo code's limits hold under concurrent checkouts", () => {
  it("20 buyers at once for a code with 5 uses: exactly 5 orders get it, the rest are told it is used up", async () => {
    const comp = await h().createCompetition({ totalTickets: 1000 });
    const id = await makeCode("RACE5", { maxUses: "5" });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => h().createBuyer()));
    const results = await Promise.all(
      buyers.map((b) =>
        h().checkout(b, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }], { promoCode: "race5" }),
      ),
    );
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(5);
    expect(new Set(results.flatMap((r) => (r.ok ? [] : [r.message])))).toEqual(
      new Set(["The promo code RACE5 has been used up: it has no uses left."]),
    );
    expect(await usesOf(id)).toEqual({ uses: 5, redemptions: 5 });
    // Refused checkouts held nothing: only the five winners' tickets are reserved.
    expect(await h().competition(comp.id)).toMatchObject({ ticketsReserved: 5 });
  });

  it("one buyer in 6 tabs at once with a once-per-person code: exactly one order gets it", async () => {
    const comp = await h().createCompetition({ totalTickets: 1000 });
    const id = await makeCode("ONCEEACH", { maxUsesPerPerson: "1" });
    const buyer = await h().createBuyer();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        h().checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }], { promoCode: "OnceEach" }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await usesOf(id)).toEqual({ uses: 1, redemptions: 1 });
  });
});
