import { describe, expect, it } from "vitest";
import { readLiveCompetition } from "./live-competition";

const valid = { id: 7, ticketsSold: 12, totalTickets: 500, status: "active" };
const read = (value: unknown) => readLiveCompetition(JSON.stringify(value));

describe("reading a live competition message", () => {
  it("keeps the four fields of a well-formed message and drops anything else", () => {
    expect(read({ ...valid, extra: "x" })).toEqual(valid);
    expect(read({ ...valid, ticketsSold: 0, totalTickets: 0 })).toEqual({ ...valid, ticketsSold: 0, totalTickets: 0 });
  });

  it("ignores what is not JSON or not an object", () => {
    expect(readLiveCompetition("not json")).toBeNull();
    expect(read(null)).toBeNull();
    expect(read(42)).toBeNull();
    expect(read("active")).toBeNull();
  });

  it.each([
    ["a zero id", { id: 0 }],
    ["a negative id", { id: -1 }],
    ["a fractional id", { id: 1.5 }],
    ["an id as text", { id: "7" }],
    ["a negative sold count", { ticketsSold: -1 }],
    ["a fractional total", { totalTickets: 2.5 }],
    ["a missing total", { totalTickets: undefined }],
    ["an unknown status", { status: "paused" }],
    ["a status that is not text", { status: 1 }],
  ])("ignores %s", (_label, change) => {
    expect(read({ ...valid, ...change })).toBeNull();
  });
});
