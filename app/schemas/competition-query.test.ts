import { describe, expect, it } from "vitest";
import { CompetitionIdParamSchema, listSearch, ProceedToCheckoutSchema, parseListQuery } from "./competition-query";

describe("the list query", () => {
  it("reads defaults from an empty query", () => {
    expect(parseListQuery(new URLSearchParams())).toEqual({ q: "", filter: "all", sort: "ending", page: 1 });
  });

  it("falls back to a default for each bad value rather than failing", () => {
    expect(parseListQuery(new URLSearchParams(`filter=cheap&sort=x&page=0&q=${"a".repeat(300)}`))).toEqual({
      q: "a".repeat(100),
      filter: "all",
      sort: "ending",
      page: 1,
    });
    expect(parseListQuery(new URLSearchParams("page=2.5")).page).toBe(1);
    expect(parseListQuery(new URLSearchParams("page=51")).page).toBe(1);
  });

  it("writes short links that read back the same", () => {
    const query = { q: "black saddle", filter: "featured", sort: "price-asc", page: 3 } as const;
    const search = listSearch(query);
    expect(search).toBe("?q=black+saddle&filter=featured&sort=price-asc&page=3");
    expect(parseListQuery(new URLSearchParams(search))).toEqual(query);
    expect(listSearch({ q: "", filter: "all", sort: "ending", page: 1 })).toBe("");
    expect(listSearch({ q: "", filter: "all", sort: "ending", page: 2 }, { more: "1" })).toBe("?page=2&more=1");
  });
});

describe("a competition id in the path", () => {
  it.each(["1", "42", "2147483647"])("accepts %s", (id) => {
    expect(CompetitionIdParamSchema.safeParse(id)).toEqual({ success: true, data: Number(id) });
  });

  it.each(["0", "-1", "1.5", "01", "abc", "1e3", "", "2147483648", "99999999999"])("refuses %j", (id) => {
    expect(CompetitionIdParamSchema.safeParse(id).success).toBe(false);
  });
});

describe("proceeding to checkout", () => {
  it("needs an answer, with the spec's message", () => {
    const result = ProceedToCheckoutSchema.safeParse({ intent: "checkout", quantity: "2", answer: "  " });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "Please answer the skill question to proceed with checkout.",
    ]);
  });

  it.each(["0", "11", "2.5", "lots"])("refuses %j tickets", (quantity) => {
    expect(ProceedToCheckoutSchema.safeParse({ intent: "checkout", quantity, answer: "Piaffe" }).success).toBe(false);
  });

  it("accepts 1 to 10 tickets with an answer", () => {
    expect(ProceedToCheckoutSchema.parse({ intent: "checkout", quantity: "10", answer: " Piaffe " })).toEqual({
      intent: "checkout",
      quantity: 10,
      answer: "Piaffe",
    });
  });
});
