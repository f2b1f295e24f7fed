import { describe, expect, it } from "vitest";
import { DAY_MS } from "./competition-status";
import {
  type AvailabilityFacts,
  loweredQuantityNote,
  type QuantityRefusal,
  refusalMessage,
  refuseQuantity,
  type TicketAvailability,
  ticketAvailability,
  ticketsText,
} from "./ticket-availability";

const NOW = new Date("2026-11-21T12:00:00.000Z");
const inFuture = (ms: number) => new Date(NOW.getTime() + ms);

function facts(overrides: Partial<AvailabilityFacts> = {}): AvailabilityFacts {
  return {
    totalTickets: 100,
    ticketsSold: 0,
    ticketsReserved: 0,
    maxTicketsPerUser: null,
    endDate: inFuture(7 * DAY_MS),
    status: "active",
    ...overrides,
  };
}

type Expected = Pick<TicketAvailability, "remaining" | "capLeft" | "maxQuantity" | "reason">;
const open = (remaining: number, maxQuantity: number, capLeft: number | null = null): Expected => ({
  remaining,
  capLeft,
  maxQuantity,
  reason: null,
});
const none = (reason: TicketAvailability["reason"], remaining: number, capLeft: number | null = null): Expected => ({
  remaining,
  capLeft,
  maxQuantity: 0,
  reason,
});

describe("ticketAvailability", () => {
  it.each<[string, Partial<AvailabilityFacts>, number, Expected]>([
    ["plenty left, no cap: the per-purchase 10", {}, 0, open(100, 10)],
    ["no cap: what the buyer already holds does not matter", {}, 500, open(100, 10)],
    ["exactly 10 left", { totalTickets: 10 }, 0, open(10, 10)],
    ["one left", { totalTickets: 10, ticketsSold: 9 }, 0, open(1, 1)],
    ["sold out by sales", { totalTickets: 50, ticketsSold: 50 }, 0, none("sold_out", 0)],
    ["sold out by reservations", { totalTickets: 10, ticketsSold: 3, ticketsReserved: 7 }, 0, none("sold_out", 0)],
    ["reservations count as taken", { totalTickets: 10, ticketsSold: 3, ticketsReserved: 5 }, 0, open(2, 2)],
    ["reserved alone, none sold", { totalTickets: 10, ticketsReserved: 9 }, 0, open(1, 1)],
    ["cap reached with paid + reserved tickets", { maxTicketsPerUser: 5 }, 5, none("limit_reached", 100, 0)],
    ["held beyond a cap lowered later", { maxTicketsPerUser: 5 }, 7, none("limit_reached", 100, 0)],
    ["a cap of 0 lets nobody buy", { maxTicketsPerUser: 0 }, 0, none("limit_reached", 100, 0)],
    ["cap partly used", { maxTicketsPerUser: 5 }, 3, open(100, 2, 2)],
    ["cap unused but under 10", { maxTicketsPerUser: 5 }, 0, open(100, 5, 5)],
    ["cap above the per-purchase 10", { maxTicketsPerUser: 50 }, 0, open(100, 10, 50)],
    [
      "cap larger than what is left",
      { totalTickets: 10, ticketsSold: 4, ticketsReserved: 2, maxTicketsPerUser: 8 },
      1,
      open(4, 4, 7),
    ],
    [
      "sold out is said before cap reached",
      { totalTickets: 10, ticketsSold: 10, maxTicketsPerUser: 5 },
      5,
      none("sold_out", 0, 0),
    ],
    ["ended exactly at the end date", { endDate: NOW }, 0, none("ended", 100)],
    ["ended yesterday, even if sold out", { endDate: inFuture(-DAY_MS), ticketsSold: 100 }, 0, none("ended", 0)],
    ["an invalid end date counts as ended", { endDate: new Date("not a date") }, 0, none("ended", 100)],
    ["a draft is not open", { status: "draft" }, 0, none("not_live", 100)],
    ["a drawn competition is not open", { status: "completed" }, 0, none("not_live", 100)],
    ["a cancelled one is not open", { status: "cancelled" }, 0, none("not_live", 100)],
    ["ended is said before not open", { status: "cancelled", endDate: NOW }, 0, none("ended", 100)],
    ["oversold (sold above total)", { totalTickets: 50, ticketsSold: 51 }, 0, none("sold_out", 0)],
    ["sold + reserved above total", { totalTickets: 10, ticketsSold: 6, ticketsReserved: 6 }, 0, none("sold_out", 0)],
    [
      "a negative reserved count is read as 0",
      { totalTickets: 10, ticketsSold: 3, ticketsReserved: -3 },
      0,
      open(7, 7),
    ],
    ["a negative sold count is read as 0", { totalTickets: 10, ticketsSold: -5 }, 0, open(10, 10)],
    ["a negative total has nothing left", { totalTickets: -1 }, 0, none("sold_out", 0)],
    ["a negative holding is read as 0", { maxTicketsPerUser: 5 }, -2, open(100, 5, 5)],
    ["a negative cap lets nobody buy", { maxTicketsPerUser: -1 }, 0, none("limit_reached", 100, 0)],
    ["fractional counts are floored", { totalTickets: 10.7, ticketsSold: 2.2 }, 0, open(8, 8)],
    ["a sold count that is not a number leaves nothing", { ticketsSold: Number.NaN }, 0, none("sold_out", 0)],
    ["an infinite total leaves nothing", { totalTickets: Number.POSITIVE_INFINITY }, 0, none("sold_out", 0)],
    [
      "an unknown holding under a cap allows nothing",
      { maxTicketsPerUser: 5 },
      Number.NaN,
      none("limit_reached", 100, 0),
    ],
  ])("%s", (_label, overrides, held, expected) => {
    expect(ticketAvailability(facts(overrides), held, NOW)).toMatchObject(expected);
  });

  it("reports the cap and the buyer's holding it was counted against", () => {
    expect(ticketAvailability(facts({ maxTicketsPerUser: 5 }), 3, NOW)).toMatchObject({ cap: 5, held: 3 });
    expect(ticketAvailability(facts({ maxTicketsPerUser: undefined }), 3, NOW)).toMatchObject({ cap: null });
  });
});

describe("refuseQuantity", () => {
  const twoLeft = ticketAvailability(facts({ totalTickets: 10, ticketsSold: 3, ticketsReserved: 5 }), 0, NOW);
  const plenty = ticketAvailability(facts(), 0, NOW);
  const capTwoMore = ticketAvailability(facts({ maxTicketsPerUser: 5 }), 3, NOW);
  const twoLeftCapThree = ticketAvailability(facts({ totalTickets: 2, maxTicketsPerUser: 3 }), 0, NOW);
  const soldOut = ticketAvailability(facts({ totalTickets: 10, ticketsSold: 3, ticketsReserved: 7 }), 0, NOW);
  const capReached = ticketAvailability(facts({ maxTicketsPerUser: 5 }), 5, NOW);
  const ended = ticketAvailability(facts({ endDate: NOW }), 0, NOW);
  const notLive = ticketAvailability(facts({ status: "completed" }), 0, NOW);

  it.each<[string, TicketAvailability, number, QuantityRefusal | null]>([
    ["plenty: 0 is not a quantity", plenty, 0, "quantity"],
    ["plenty: 1", plenty, 1, null],
    ["plenty: 10", plenty, 10, null],
    ["plenty: 11 is over the per-purchase limit", plenty, 11, "quantity"],
    ["plenty: a fraction", plenty, 1.5, "quantity"],
    ["plenty: a negative number", plenty, -1, "quantity"],
    ["plenty: not a number", plenty, Number.NaN, "quantity"],
    ["two left: 1", twoLeft, 1, null],
    ["two left: 2", twoLeft, 2, null],
    ["two left: 3 is too many", twoLeft, 3, "too_few"],
    ["two left: 10 is too many", twoLeft, 10, "too_few"],
    ["two left: 11 is not a quantity at all", twoLeft, 11, "quantity"],
    ["cap allows 2 more: 2", capTwoMore, 2, null],
    ["cap allows 2 more: 3 is over the cap", capTwoMore, 3, "over_cap"],
    ["fewer left than the cap allows: too few is said first", twoLeftCapThree, 3, "too_few"],
    ["sold out by reservations: 1", soldOut, 1, "sold_out"],
    ["sold out: 0 is still not a quantity", soldOut, 0, "quantity"],
    ["cap reached: 1", capReached, 1, "limit_reached"],
    ["ended: 1", ended, 1, "ended"],
    ["not open: 1", notLive, 1, "not_live"],
  ])("%s → %s", (_label, availability, quantity, expected) => {
    expect(refuseQuantity(availability, quantity)).toBe(expected);
  });
});

describe("refusalMessage", () => {
  const title = "Saddle";
  it.each<[QuantityRefusal, Partial<AvailabilityFacts>, number, string]>([
    ["quantity", {}, 0, "Choose between 1 and 10 tickets."],
    ["ended", { endDate: NOW }, 0, "Saddle: This competition has ended."],
    ["not_live", { status: "completed" }, 0, "Saddle: This competition is not open for entries."],
    ["sold_out", { totalTickets: 5, ticketsReserved: 5 }, 0, "Sorry, Saddle has sold out."],
    ["too_few", { totalTickets: 5, ticketsSold: 3 }, 0, "Only 2 tickets left for Saddle."],
    ["too_few", { totalTickets: 5, ticketsSold: 3, ticketsReserved: 1 }, 0, "Only 1 ticket left for Saddle."],
    [
      "limit_reached",
      { maxTicketsPerUser: 5 },
      5,
      "You already have the most tickets one person can hold for Saddle (5).",
    ],
    [
      "over_cap",
      { maxTicketsPerUser: 5 },
      4,
      "You can have at most 5 tickets for Saddle, and you already have 4: you can add 1 more.",
    ],
  ])("%s: %s", (refusal, overrides, held, expected) => {
    expect(refusalMessage(refusal, ticketAvailability(facts(overrides), held, NOW), title)).toBe(expected);
  });

  it("counts tickets in words", () => {
    expect([0, 1, 2].map(ticketsText)).toEqual(["0 tickets", "1 ticket", "2 tickets"]);
  });
});

describe("loweredQuantityNote", () => {
  const at = (overrides: Partial<AvailabilityFacts>, held = 0) => ticketAvailability(facts(overrides), held, NOW);
  it.each<[string, Partial<AvailabilityFacts>, number, number, number, "entry" | "basket", string | null]>([
    ["nothing lowered", {}, 0, 3, 3, "entry", null],
    ["given more than asked", {}, 0, 2, 3, "basket", null],
    [
      "over the cap, on the review page",
      { maxTicketsPerUser: 5 },
      4,
      3,
      1,
      "entry",
      "You can have at most 5 tickets for Saddle, and you already have 4: you can add 1 more. " +
        "Your entry is set to 1 ticket instead of 3.",
    ],
    [
      "too few left, in the basket",
      { totalTickets: 5, ticketsSold: 3 },
      0,
      4,
      2,
      "basket",
      "Only 2 tickets left for Saddle. Your basket has 2 tickets for Saddle instead of 4.",
    ],
    [
      "more than one purchase allows",
      {},
      0,
      12,
      10,
      "basket",
      "Choose between 1 and 10 tickets. Your basket has 10 tickets for Saddle instead of 12.",
    ],
  ])("%s", (_name, overrides, held, asked, given, where, expected) => {
    expect(loweredQuantityNote(at(overrides, held), asked, given, "Saddle", where)).toBe(expected);
  });
});
