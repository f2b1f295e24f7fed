import { describe, expect, it } from "vitest";
import { wonPrizeText } from "./instant-win-prize";

describe("how an instant win's prize reads", () => {
  it.each([
    [{ kind: "site-credit", amountPence: 500, prize: "£5 site credit" }, "£5.00 site credit"],
    [{ kind: "site-credit", amountPence: 500, prize: "£5.00 site credit" }, "£5.00 site credit"],
    [{ kind: "cash", amountPence: 2500, prize: "£25 cash" }, "£25.00 cash"],
    [{ kind: "cash", amountPence: 2500, prize: "Paid by bank transfer" }, "£25.00 cash (Paid by bank transfer)"],
    [{ kind: "physical", amountPence: 4000, prize: "Leather headcollar" }, "Leather headcollar"],
  ] as const)("%j reads %s", (win, text) => {
    expect(wonPrizeText(win)).toBe(text);
  });
});
