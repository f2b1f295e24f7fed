import { describe, expect, it } from "vitest";
import { decidePostalEntry, missingCardFields, type PostalCard, type PostalFacts } from "./postal-entry";

const CARD: PostalCard = {
  fullName: "Harriet Vane",
  dateOfBirth: "1990-05-01",
  address: "1 Mill Lane, Ledbury, Herefordshire HR8 1AA",
  contactNumber: "01531 000000",
  email: "harriet@example.test",
  termsAccepted: true,
  skillAnswer: "Eventing",
};

const FACTS: PostalFacts = {
  receivedAt: new Date("2026-11-20T10:00:00Z"),
  closesAt: new Date("2026-11-30T20:00:00Z"),
  envelopeAlreadyRecorded: false,
  entryCap: 100,
  entriesBeforeReceipt: 10,
  roomNow: true,
  perPersonCap: 5,
  personEntries: 0,
};

const decide = (card: Partial<PostalCard> = {}, facts: Partial<PostalFacts> = {}) =>
  decidePostalEntry({ ...CARD, ...card }, { ...FACTS, ...facts });

describe("a free postal entry", () => {
  it("is accepted when the card is complete, on time, from an adult, with room and under the cap", () => {
    expect(decide()).toEqual({ outcome: "accepted" });
  });

  it("with a wrong answer is still accepted (like a paid entry it cannot win)", () => {
    expect(decide({ skillAnswer: "Polo" })).toEqual({ outcome: "accepted" });
  });

  it.each<[string, Partial<PostalCard>, Partial<PostalFacts>, string]>([
    ["a second entry from the same envelope", {}, { envelopeAlreadyRecorded: true }, "bulk envelope"],
    ["received a second after closing", {}, { receivedAt: new Date("2026-11-30T20:00:01Z") }, "late"],
    ["with no e-mail address", { email: " " }, {}, "incomplete"],
    ["without the statement accepting the terms", { termsAccepted: false }, {}, "incomplete"],
    ["with a date of birth that is no date", { dateOfBirth: "1990-02-30" }, {}, "incomplete"],
    ["from someone a day short of 18", { dateOfBirth: "2008-11-21" }, {}, "under 18"],
    ["with a date of birth after the day it arrived", { dateOfBirth: "2026-11-21" }, {}, "incomplete"],
    ["with a date of birth more than 130 years before", { dateOfBirth: "1895-11-20" }, {}, "incomplete"],
    ["after the entry cap was reached", {}, { entriesBeforeReceipt: 100 }, "void: sold out"],
    ["when no ticket is left to give it", {}, { roomNow: false }, "void: sold out"],
    ["from a person already at the cap", {}, { personEntries: 5 }, "over the per-person cap"],
  ])("is rejected %s", (_name, card, facts, reason) => {
    const decision = decide(card, facts);
    expect(decision.outcome).toBe("rejected");
    expect(decision.outcome === "rejected" && decision.reason).toBe(reason);
  });

  it("on the closing instant is on time, and someone 18 that day is old enough", () => {
    expect(decide({ dateOfBirth: "2008-11-20" }, { receivedAt: FACTS.closesAt })).toEqual({ outcome: "accepted" });
  });

  it("takes an entrant of 130 and says why a date of birth that cannot be right is refused", () => {
    expect(decide({ dateOfBirth: "1896-11-20" })).toEqual({ outcome: "accepted" });
    expect(decide({ dateOfBirth: "2030-01-01" })).toEqual({
      outcome: "rejected",
      reason: "incomplete",
      detail: "The date of birth cannot be right: it is after the entry arrived, or more than 130 years before.",
    });
  });

  it("under the cap by one is accepted, and no cap means any number", () => {
    expect(decide({}, { personEntries: 4 })).toEqual({ outcome: "accepted" });
    expect(decide({}, { perPersonCap: null, personEntries: 500 })).toEqual({ outcome: "accepted" });
  });

  it("applies the rules in the terms' order: envelope before late before incomplete", () => {
    const late = { receivedAt: new Date("2026-12-01T00:00:00Z") };
    expect(decide({ email: "" }, { ...late, envelopeAlreadyRecorded: true })).toMatchObject({
      reason: "bulk envelope",
    });
    expect(decide({ email: "" }, late)).toMatchObject({ reason: "late" });
    expect(decide({ email: "", dateOfBirth: "2015-01-01" })).toMatchObject({ reason: "incomplete" });
  });

  it("names every missing field", () => {
    const blank: PostalCard = {
      fullName: "",
      dateOfBirth: "",
      address: "",
      contactNumber: "",
      email: "",
      termsAccepted: false,
      skillAnswer: "",
    };
    expect(missingCardFields(blank)).toEqual([
      "full name",
      "date of birth",
      "address",
      "contact number",
      "e-mail address",
      "statement accepting the terms",
      "answer to the skill question",
    ]);
    expect(decide({ address: "", contactNumber: "" })).toEqual({
      outcome: "rejected",
      reason: "incomplete",
      detail: "Missing: address, contact number.",
    });
  });
});
