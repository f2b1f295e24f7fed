import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "~/db/schema";
import { creditWallet, walletBalance } from "~/server/instant-wins/wallet.server";
import { CORRECT, useCheckoutHarness } from "./checkout-harness";

const harness = useCheckoutHarness();
const postgres = process.env.TEST_DB_ENGINE === "postgres";

// Real concurrency needs real connections: PGlite runs one transaction at a time, so this runs on PostgreSQL.
describe.skipIf(!postgres)("one buyer's site credit under concurrent checkouts (ADR 036)", () => {
  it("8 orders at once from one buyer with £7 of credit: £7 is spent in all, never more", async () => {
    const h = harness();
    const comp = await h.createCompetition({ entryPricePence: 500, totalTickets: 1000 });
    const buyer = await h.createBuyer();
    await creditWallet(h.services.db, {
      userId: buyer.id,
      amountPence: 700,
      reason: "instant-win",
      ref: `instant-win:race-${randomUUID()}`,
      at: h.services.now(),
    });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        h.checkout(buyer, [{ competitionId: comp.id, quantity: 1, skillAnswer: CORRECT }], { useSiteCredit: true }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const placed = await h.services.db
      .select({ credit: orders.siteCreditPence, status: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.userId, buyer.id));
    expect(placed).toHaveLength(8);
    // One order is paid wholly by credit (£5), one takes the £2 left, the rest take nothing.
    expect(placed.map((o) => o.credit).sort((a, b) => b - a)).toEqual([500, 200, 0, 0, 0, 0, 0, 0]);
    expect(placed.filter((o) => o.status === "paid")).toHaveLength(1);
    expect(await walletBalance(h.services.db, buyer.id)).toBe(0);
  });
});
