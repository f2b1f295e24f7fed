import { describe, expect, it } from "vitest";
import { BasketActionSchema, BasketAddParamsSchema, basketAddUrl } from "./basket";

describe("the item kept through sign-in", () => {
  it("comes back from its URL as it went in", () => {
    const url = new URL(basketAddUrl({ competitionId: 7, quantity: "3", answer: "Canter & trot?" }), "http://x");
    expect(url.pathname).toBe("/basket");
    expect(BasketAddParamsSchema.parse(Object.fromEntries(url.searchParams))).toEqual({
      add: 7,
      quantity: "3",
      answer: "Canter & trot?",
    });
  });

  it("ignores a blank answer and defaults the quantity to 1", () => {
    expect(BasketAddParamsSchema.parse({ add: "7", answer: " " })).toEqual({
      add: 7,
      quantity: "1",
      answer: undefined,
    });
  });
});

describe("BasketActionSchema", () => {
  it("keeps the quantity raw so the server's clamping rules decide (non-numeric becomes 1, below 1 removes)", () => {
    expect(BasketActionSchema.parse({ intent: "quantity", competitionId: "4", quantity: "abc" })).toEqual({
      intent: "quantity",
      competitionId: 4,
      quantity: "abc",
    });
  });

  it("refuses an unknown intent, a bad id and an empty answer", () => {
    expect(BasketActionSchema.safeParse({ intent: "buy" }).success).toBe(false);
    expect(BasketActionSchema.safeParse({ intent: "remove", competitionId: "x" }).success).toBe(false);
    expect(BasketActionSchema.safeParse({ intent: "answer", competitionId: "4", answer: "  " }).success).toBe(false);
  });
});
