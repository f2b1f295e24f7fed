import { describe, expect, it } from "vitest";
import { DOB_MESSAGES, datePartsOf, dobMissingMessage, readDateOfBirth } from "./date-of-birth";

const today = { year: 2026, month: 11, day: 23 };
const read = (day: string, month: string, year: string) => readDateOfBirth({ day, month, year }, today);

describe("readDateOfBirth", () => {
  it.each([
    ["12", "4", "1990", "1990-04-12"],
    ["01", "02", "2000", "2000-02-01"],
    [" 7 ", " 11 ", " 1985 ", "1985-11-07"],
    ["29", "2", "2004", "2004-02-29"],
    ["22", "11", "2026", "2026-11-22"],
  ])("reads %j %j %j as %s", (day, month, year, iso) => {
    expect(read(day, month, year)).toMatchObject({ ok: true, iso });
  });

  it.each([
    ["", "", "", "Enter your date of birth"],
    ["12", "", "1990", "Date of birth must include a month"],
    ["", "4", "1990", "Date of birth must include a day"],
    ["12", "4", "", "Date of birth must include a year"],
    ["", "", "1990", "Date of birth must include a day and month"],
    ["", "4", "", "Date of birth must include a day and year"],
    ["12", "", "", "Date of birth must include a month and year"],
    ["  ", "4", "1990", "Date of birth must include a day"],
  ])("names what is missing in %j %j %j", (day, month, year, message) => {
    expect(read(day, month, year)).toEqual({ ok: false, message });
  });

  it("treats fields left out of the form as empty", () => {
    expect(readDateOfBirth({}, today)).toEqual({ ok: false, message: DOB_MESSAGES.missing });
    expect(readDateOfBirth({ day: "1", year: "1990" }, today)).toEqual({
      ok: false,
      message: "Date of birth must include a month",
    });
  });

  it.each([
    ["31", "4", "1990"],
    ["29", "2", "2001"],
    ["29", "2", "1900"],
    ["0", "1", "1990"],
    ["1", "13", "1990"],
    ["1", "0", "1990"],
    ["1", "1", "90"],
    ["1", "1", "19900"],
    ["a", "1", "1990"],
    ["1", "Jan", "1990"],
    ["1.5", "1", "1990"],
    ["-1", "1", "1990"],
    ["123", "1", "1990"],
    ["1", "1", "1890"],
  ])("refuses %j %j %j as not a real date", (day, month, year) => {
    expect(read(day, month, year)).toEqual({ ok: false, message: DOB_MESSAGES.real });
  });

  it.each([
    ["23", "11", "2026"],
    ["24", "11", "2026"],
    ["1", "1", "2030"],
  ])("refuses today and later (%j %j %j) as not in the past", (day, month, year) => {
    expect(read(day, month, year)).toEqual({ ok: false, message: DOB_MESSAGES.past });
  });

  it("takes someone 130 today as real and 131 as a slip", () => {
    expect(read("23", "11", "1896").ok).toBe(true);
    expect(read("22", "11", "1895")).toEqual({ ok: false, message: DOB_MESSAGES.real });
  });
});

describe("dobMissingMessage", () => {
  it("says 'Enter your date of birth' when all three or none are named", () => {
    expect(dobMissingMessage([])).toBe(DOB_MESSAGES.missing);
    expect(dobMissingMessage(["day", "month", "year"])).toBe(DOB_MESSAGES.missing);
  });
});

describe("datePartsOf", () => {
  it("splits a stored date into the fields a form shows, without leading zeros", () => {
    expect(datePartsOf("1990-04-02")).toEqual({ day: "2", month: "4", year: "1990" });
  });
  it.each([null, undefined, "", "12/04/1990"])("gives empty fields for %j", (value) => {
    expect(datePartsOf(value)).toEqual({});
  });
});
