import { describe, expect, it } from "vitest";
import { SCHEDULE_MESSAGES } from "~/domain/competition-lifecycle";
import { MULTI_BUY_MESSAGES } from "~/domain/multi-buy-tiers";
import {
  CompetitionFormSchema,
  competitionCopyDefaults,
  competitionFormDefaults,
  COMPETITION_FORM_MESSAGES as M,
} from "./admin-competition";
import { parseSubmission } from "./form";

const valid: Record<string, string> = {
  title: "Win a  saddle",
  description: "A saddle.\r\nNew line.",
  prizeTitle: "Saddle",
  prizeDescription: "A 17-inch saddle.",
  prizeValue: "£1,200",
  entryPrice: "2.50",
  totalTickets: "1000",
  maxTicketsPerUser: "",
  goLiveAt: "2026-07-01T09:00",
  endDate: "2026-07-15T18:30",
  featured: "on",
  skillQuestion: "How many legs has a horse?",
  "skillOptions[0]": "2",
  "skillOptions[1]": "3",
  "skillOptions[2]": "4",
  "skillOptions[3]": "5",
  correctAnswer: "4",
};

function parse(overrides: Record<string, string | undefined> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...valid, ...overrides })) if (value !== undefined) form.set(key, value);
  return parseSubmission(form, CompetitionFormSchema);
}

function errorsOf(overrides: Record<string, string | undefined>) {
  const submission = parse(overrides);
  if (submission.status === "success") throw new Error("expected the form to be refused");
  return submission.error;
}

describe("the competition form", () => {
  it("turns pounds into pence and UK times into instants, and tidies the text", () => {
    const submission = parse();
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      title: "Win a saddle",
      description: "A saddle.\nNew line.",
      prizeTitle: "Saddle",
      prizeDescription: "A 17-inch saddle.",
      prizeValue: "£1,200",
      cashAlternativePence: null,
      entryPricePence: 250,
      totalTickets: 1000,
      maxTicketsPerUser: null,
      goLiveAt: new Date("2026-07-01T08:00:00Z"),
      endDate: new Date("2026-07-15T17:30:00Z"),
      featured: true,
      closesAtSellOut: false,
      skillQuestion: "How many legs has a horse?",
      skillOptions: ["2", "3", "4", "5"],
      correctAnswer: "4",
      // No tier rows sent: no multi-buy discount.
      multiBuyTiers: [],
    });
  });

  it("lets a draft leave its go-live time for later", () => {
    const submission = parse({ goLiveAt: "" });
    expect(submission.status === "success" && submission.value.goLiveAt).toBeNull();
  });

  // Conform's auto-coercion is off (app/schemas/form.ts): the schema reads every field as the browser sends it.
  it.each([
    [{ maxTicketsPerUser: "" }, { maxTicketsPerUser: null }],
    [{ cashAlternative: "" }, { cashAlternativePence: null }],
    [{ cashAlternative: " 1500 " }, { cashAlternativePence: 150_000 }],
    [{ cashAlternative: "38000.50" }, { cashAlternativePence: 3_800_050 }],
    [{ maxTicketsPerUser: " 25 " }, { maxTicketsPerUser: 25 }],
    [{ goLiveAt: "  " }, { goLiveAt: null }],
    [{ totalTickets: "+40" }, { totalTickets: 40 }],
    [
      { featured: undefined, closesAtSellOut: "on" },
      { featured: false, closesAtSellOut: true },
    ],
  ])("reads %j as sent: %j", (overrides, expected) => {
    const submission = parse(overrides);
    expect(submission.status === "success" && submission.value).toMatchObject(expected);
  });

  it.each([
    ["title", { title: "" }, M.required.title],
    ["title", { title: "   " }, M.required.title],
    ["endDate", { endDate: undefined }, M.required.endDate],
    ["endDate", { endDate: "" }, M.required.endDate],
    ["description", { description: "\r\n" }, M.required.description],
    ["entryPrice", { entryPrice: "" }, M.required.entryPrice],
    ["entryPrice", { entryPrice: undefined }, M.required.entryPrice],
    ["entryPrice", { entryPrice: "two pounds" }, M.price],
    ["entryPrice", { entryPrice: "2.505" }, M.price],
    ["entryPrice", { entryPrice: "0.29" }, M.priceRange],
    ["entryPrice", { entryPrice: "1000.01" }, M.priceRange],
    ["totalTickets", { totalTickets: "" }, M.required.totalTickets],
    ["totalTickets", { totalTickets: " " }, M.required.totalTickets],
    ["totalTickets", { totalTickets: "ten" }, M.wholeNumber],
    ["totalTickets", { totalTickets: "2.5" }, M.wholeNumber],
    ["totalTickets", { totalTickets: "0" }, M.totalRange],
    ["totalTickets", { totalTickets: "-3" }, M.totalRange],
    ["totalTickets", { totalTickets: "1000001" }, M.totalRange],
    ["cashAlternative", { cashAlternative: "lots" }, M.cashAlternative],
    ["cashAlternative", { cashAlternative: "0.99" }, M.cashAlternativeRange],
    ["maxTicketsPerUser", { maxTicketsPerUser: "1e2" }, M.wholeNumber],
    ["maxTicketsPerUser", { maxTicketsPerUser: "0" }, M.capRange],
    ["maxTicketsPerUser", { maxTicketsPerUser: "1001" }, M.capOverTotal],
    ["goLiveAt", { goLiveAt: "2026-03-29T01:30" }, M.dateTime],
    ["endDate", { endDate: "15/07/2026 18:30" }, M.dateTime],
    ["endDate", { endDate: "2026-07-01T09:00" }, SCHEDULE_MESSAGES.closingBeforeGoLive],
    ["skillOptions[2]", { "skillOptions[2]": "" }, M.required.skillOption],
    ["skillOptions[3]", { "skillOptions[3]": "2" }, M.optionsDistinct],
    ["correctAnswer", { correctAnswer: "Four" }, M.answerNotOption],
  ])("%s: %j is refused with %j", (field, overrides, message) => {
    expect(errorsOf(overrides)?.[field]).toEqual([message]);
  });

  it("shows saved values back as the form had them, and a copy without its dates", () => {
    const submission = parse();
    if (submission.status !== "success") throw new Error("valid form refused");
    const shown = competitionFormDefaults(submission.value);
    expect(shown).toMatchObject({
      entryPrice: "2.50",
      totalTickets: "1000",
      maxTicketsPerUser: "",
      goLiveAt: "2026-07-01T09:00",
      endDate: "2026-07-15T18:30",
    });
    expect(competitionCopyDefaults(submission.value)).toMatchObject({
      title: "Copy of Win a saddle",
      goLiveAt: "",
      endDate: "",
      entryPrice: "2.50",
    });
  });
});

describe("the competition form's multi-buy tiers", () => {
  const rows = (...pairs: [string, string][]) =>
    Object.fromEntries(
      pairs.flatMap(([q, p], i) => [
        [`multiBuyTiers[${i}].minQuantity`, q],
        [`multiBuyTiers[${i}].percent`, p],
      ]),
    );
  it("reads the rows typed, skipping blank ones, fewest tickets first", () => {
    const submission = parse(rows(["2", "5"], ["", ""], ["6", "15"], ["", ""]));
    expect(submission.status === "success" && submission.value.multiBuyTiers).toEqual([
      { minQuantity: 2, percent: 5 },
      { minQuantity: 6, percent: 15 },
    ]);
    const none = parse(rows(["", ""], ["", ""]));
    expect(none.status === "success" && none.value.multiBuyTiers).toEqual([]);
  });

  it.each([
    [rows(["1", "5"]), "multiBuyTiers[0].minQuantity", MULTI_BUY_MESSAGES.quantity],
    [rows(["3", ""]), "multiBuyTiers[0].percent", MULTI_BUY_MESSAGES.percent],
    [rows(["3", "95"]), "multiBuyTiers[0].percent", MULTI_BUY_MESSAGES.percent],
    [rows(["5", "5"], ["", ""], ["3", "10"]), "multiBuyTiers[2].minQuantity", MULTI_BUY_MESSAGES.ascending],
    [rows(["3", "5"], ["3", "10"]), "multiBuyTiers[1].minQuantity", MULTI_BUY_MESSAGES.duplicate],
    [rows(["3", "10"], ["5", "10"]), "multiBuyTiers[1].percent", MULTI_BUY_MESSAGES.biggerDiscount],
  ])("refuses %j, saying so on %s", (overrides, field, message) => {
    expect(errorsOf(overrides)?.[field]).toEqual([message]);
  });
});
