import { describe, expect, it } from "vitest";
import { DEMO_BASKET_LINES, DEMO_BUYER_COUNT, demoBaskets, planDemoSales, seededRandom } from "./demo-sales";

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

describe("demoBaskets", () => {
  const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
  const sale = (buyer: number, competitionId: number, minutes: number) => ({
    buyer,
    paidAt: at(minutes),
    line: { competitionId, quantity: 1 },
  });
  const summary = (sales: ReturnType<typeof sale>[]) =>
    demoBaskets(sales).map((b) => [b.buyer, b.paidAt.getTime(), b.lines.map((l) => l.competitionId)]);

  it("puts each buyer's sales, oldest first, in baskets of up to four competitions paid at the earliest time", () => {
    const sales = [sale(1, 10, 5), sale(2, 10, 1), sale(1, 11, 2), sale(1, 10, 9), sale(1, 12, 7), sale(1, 13, 8)];
    expect(summary([...sales, sale(2, 11, 3)])).toEqual([
      [2, at(1).getTime(), [10, 11]],
      [1, at(2).getTime(), [11, 10, 12, 13]],
      [1, at(9).getTime(), [10]],
    ]);
  });

  it("starts a new basket when the buyer buys the same competition again, and keeps every line", () => {
    expect(summary([sale(3, 10, 1), sale(3, 10, 2), sale(3, 11, 3)])).toEqual([
      [3, at(1).getTime(), [10]],
      [3, at(2).getTime(), [10, 11]],
    ]);
    const many = Array.from({ length: 40 }, (_, i) => sale(i % 4, 10 + (i % 7), i));
    expect(demoBaskets(many).flatMap((b) => b.lines)).toHaveLength(40);
    expect(Math.max(...demoBaskets(many).map((b) => b.lines.length))).toBe(DEMO_BASKET_LINES);
  });
});
