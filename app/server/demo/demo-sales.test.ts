import { describe, expect, it } from "vitest";
import { DEMO_BUYER_COUNT, planDemoSales, seededRandom } from "./demo-sales";

const NOW = new Date("2026-11-23T12:00:00Z");
const OPTIONS = ["Dressage", "Eventing", "Show jumping", "Polo"];
const input = (overrides: Partial<Parameters<typeof planDemoSales>[0]> = {}) => ({
  ticketsSold: 1_234,
  maxTicketsPerUser: null,
  skillOptions: OPTIONS,
  correctAnswer: "Eventing",
  endDate: new Date(NOW.getTime() + 86_400_000),
  ...overrides,
});

describe("planDemoSales", () => {
  it("adds up to exactly the tickets sold, in orders of 1 to 10 with offered answers", () => {
    const sales = planDemoSales(input(), NOW, seededRandom(1));
    expect(sales.reduce((sum, s) => sum + s.quantity, 0)).toBe(1_234);
    for (const sale of sales) {
      expect(sale.quantity).toBeGreaterThanOrEqual(1);
      expect(sale.quantity).toBeLessThanOrEqual(10);
      expect(OPTIONS).toContain(sale.answer);
      expect(sale.buyer).toBeGreaterThanOrEqual(0);
      expect(sale.buyer).toBeLessThan(DEMO_BUYER_COUNT);
    }
  });

  it("is the same plan from the same seed, and a different one from another", () => {
    expect(planDemoSales(input(), NOW, seededRandom(7))).toEqual(planDemoSales(input(), NOW, seededRandom(7)));
    expect(planDemoSales(input(), NOW, seededRandom(7))).not.toEqual(planDemoSales(input(), NOW, seededRandom(8)));
  });

  it("keeps every buyer within the per-person cap", () => {
    const sales = planDemoSales(input({ ticketsSold: 1_590, maxTicketsPerUser: 20 }), NOW, seededRandom(3));
    const held = new Map<number, number>();
    for (const s of sales) held.set(s.buyer, (held.get(s.buyer) ?? 0) + s.quantity);
    expect(Math.max(...held.values())).toBeLessThanOrEqual(20);
    expect([...held.values()].reduce((a, b) => a + b, 0)).toBe(1_590);
  });

  it("refuses more tickets than the buyers may hold", () => {
    expect(() =>
      planDemoSales(input({ ticketsSold: 20 * DEMO_BUYER_COUNT + 1, maxTicketsPerUser: 20 }), NOW, seededRandom(1)),
    ).toThrow(/cannot be held/);
  });

  it("pays before now and before the close, oldest first, with most answers right and some wrong", () => {
    const endDate = new Date(NOW.getTime() - 2 * 86_400_000);
    const sales = planDemoSales(input({ ticketsSold: 3_000, endDate }), NOW, seededRandom(5));
    const times = sales.map((s) => s.paidAt.getTime());
    expect(Math.max(...times)).toBeLessThan(endDate.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const wrong = sales.filter((s) => s.answer !== "Eventing").length / sales.length;
    expect(wrong).toBeGreaterThan(0.03);
    expect(wrong).toBeLessThan(0.2);
  });

  it("sells nothing when nothing was sold", () => {
    expect(planDemoSales(input({ ticketsSold: 0 }), NOW, seededRandom(1))).toEqual([]);
  });
});
