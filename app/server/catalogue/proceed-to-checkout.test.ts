import { describe, expect, it } from "vitest";
import { NOT_AN_OPTION, NUMBERS_TITLE, proceedToCheckout } from "./proceed-to-checkout.server";

const now = new Date("2026-11-27T12:00:00Z");
const competition = {
  id: 7,
  title: "Hand-Stitched Bridle",
  skillOptions: ["Three", "Four"],
  totalTickets: 100,
  ticketsSold: 90,
  ticketsReserved: 5,
  endDate: new Date("2026-12-01T12:00:00Z"),
  status: "active" as const,
};

describe("proceeding to checkout from a competition page", () => {
  it("goes to the review page with the quantity and answer when the tickets are there", () => {
    expect(proceedToCheckout(competition, { quantity: 5, answer: "Four" }, now)).toEqual({
      ok: true,
      location: "/checkout/7?quantity=5&answer=Four",
    });
  });

  it("carries the chosen numbers on, in the order chosen, and refuses bad ones naming the problem", () => {
    expect(proceedToCheckout(competition, { quantity: 3, answer: "Four", numbers: ["17", "5"] }, now)).toEqual({
      ok: true,
      location: "/checkout/7?quantity=3&answer=Four&numbers=17%2C5",
    });
    expect(proceedToCheckout(competition, { quantity: 1, answer: "Four", numbers: ["101"] }, now)).toEqual({
      ok: false,
      title: NUMBERS_TITLE,
      message: "There is no ticket 101 in this competition: choose from 1 to 100.",
      field: "numbers",
    });
    expect(proceedToCheckout(competition, { quantity: 1, answer: "Four", numbers: ["4", "9"] }, now)).toEqual({
      ok: false,
      title: NUMBERS_TITLE,
      message: "You chose 2 numbers for 1 ticket: choose 1 or buy 2.",
      field: "numbers",
    });
  });

  it("carries an answer with spaces and symbols so the review page reads it back exactly", () => {
    const outcome = proceedToCheckout(
      { ...competition, skillOptions: ["A & B / C"] },
      { quantity: 1, answer: "A & B / C" },
      now,
    );
    expect(outcome.ok && new URL(outcome.location, "http://x").searchParams.get("answer")).toBe("A & B / C");
  });

  it.each([
    [
      "an answer that is not offered",
      { quantity: 1, answer: "Five" },
      competition,
      "Skill Question Required",
      NOT_AN_OPTION,
      "answer",
    ],
    [
      "more than are left (held tickets count as taken)",
      { quantity: 6, answer: "Four" },
      competition,
      "Not enough tickets",
      "Only 5 tickets left for Hand-Stitched Bridle.",
      "quantity",
    ],
    [
      "a sold-out competition",
      { quantity: 1, answer: "Four" },
      { ...competition, ticketsSold: 95 },
      "Sold out",
      "Sorry, Hand-Stitched Bridle has sold out.",
      undefined,
    ],
    [
      "a competition past its closing time",
      { quantity: 1, answer: "Four" },
      { ...competition, endDate: new Date("2026-11-27T11:59:59Z") },
      "Entries closed",
      "Hand-Stitched Bridle: This competition has ended.",
      undefined,
    ],
    [
      "a competition that is not live",
      { quantity: 1, answer: "Four" },
      { ...competition, status: "cancelled" as const },
      "Entries closed",
      "Hand-Stitched Bridle: This competition is not open for entries.",
      undefined,
    ],
    [
      "more than ten tickets",
      { quantity: 11, answer: "Four" },
      competition,
      "Check the number of tickets",
      "Choose between 1 and 10 tickets.",
      "quantity",
    ],
  ])(
    "refuses %s in the checkout's words, naming the field to mend if any",
    (_name, entry, comp, title, message, field) => {
      expect(proceedToCheckout(comp, entry, now)).toEqual({ ok: false, title, message, ...(field ? { field } : {}) });
    },
  );
});
