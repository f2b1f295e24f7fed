import { describe, expect, it } from "vitest";
import {
  ageOn,
  checkAge,
  checkEligibility,
  checkRecordedEligibility,
  daysInMonth,
  isEligibleCountry,
  MAX_AGE,
  MIN_AGE,
  parseIsoDate,
} from "./eligibility";

describe("parseIsoDate", () => {
  it("reads real calendar dates", () => {
    expect(parseIsoDate("2000-02-29")).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseIsoDate(" 1990-12-31 ")).toEqual({ year: 1990, month: 12, day: 31 });
  });
  it.each([
    "1900-02-29",
    "2023-02-29",
    "2001-04-31",
    "2001-13-01",
    "2001-00-10",
    "2001-01-00",
    "01-01-2001",
    "2001-1-1",
    "",
    "abc",
    "0999-01-01",
    "x2001-01-01",
    "2001-01-01x",
  ])("rejects %j", (text) => {
    expect(parseIsoDate(text)).toBeNull();
  });
});

describe("daysInMonth", () => {
  it("knows leap years", () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect([1, 3, 5, 7, 8, 10, 12].map((m) => daysInMonth(2026, m))).toEqual([31, 31, 31, 31, 31, 31, 31]);
    expect([4, 6, 9, 11].map((m) => daysInMonth(2026, m))).toEqual([30, 30, 30, 30]);
    expect(daysInMonth(2026, 13)).toBe(0);
  });
});

describe("ageOn", () => {
  const dob = { year: 2008, month: 6, day: 15 };
  it("turns 18 on the 18th birthday, not the day before", () => {
    expect(ageOn(dob, { year: 2026, month: 6, day: 14 })).toBe(17);
    expect(ageOn(dob, { year: 2026, month: 6, day: 15 })).toBe(18);
    expect(ageOn(dob, { year: 2026, month: 5, day: 31 })).toBe(17);
    expect(ageOn(dob, { year: 2026, month: 7, day: 1 })).toBe(18);
  });
  it("counts a 29 February birthday from 1 March in common years", () => {
    const leapling = { year: 2008, month: 2, day: 29 };
    expect(ageOn(leapling, { year: 2026, month: 2, day: 28 })).toBe(17);
    expect(ageOn(leapling, { year: 2026, month: 3, day: 1 })).toBe(18);
    expect(ageOn(leapling, { year: 2028, month: 2, day: 29 })).toBe(20);
  });
  it("is zero on the day of birth", () => {
    expect(ageOn(dob, dob)).toBe(0);
  });
});

describe("isEligibleCountry", () => {
  it("accepts only the UK and Ireland", () => {
    expect(isEligibleCountry("GB")).toBe(true);
    expect(isEligibleCountry("IE")).toBe(true);
    for (const other of ["UK", "gb", "FR", "US", "", null, undefined, 1]) expect(isEligibleCountry(other)).toBe(false);
  });
});

describe("checkEligibility", () => {
  // 10:00 BST on 15 June 2026.
  const now = new Date("2026-06-15T09:00:00Z");
  it("needs 18 or over", () => {
    expect(MIN_AGE).toBe(18);
    expect(checkEligibility({ dateOfBirth: "2008-06-15", country: "GB" }, now)).toEqual({ ok: true, age: 18 });
    expect(checkEligibility({ dateOfBirth: "2008-06-16", country: "GB" }, now)).toEqual({
      ok: false,
      reason: "under_18",
    });
    expect(checkEligibility({ dateOfBirth: "1950-01-01", country: "IE" }, now)).toEqual({ ok: true, age: 76 });
  });
  it("knows a date later this year, or this month, is in the future; today is a birth date, if too young", () => {
    expect(checkEligibility({ dateOfBirth: "2026-07-01", country: "GB" }, now)).toEqual({
      ok: false,
      reason: "future_date",
    });
    expect(checkEligibility({ dateOfBirth: "2026-06-16", country: "GB" }, now)).toEqual({
      ok: false,
      reason: "future_date",
    });
    expect(checkEligibility({ dateOfBirth: "2026-06-15", country: "GB" }, now)).toEqual({
      ok: false,
      reason: "under_18",
    });
  });
  it("takes ages up to 130 and calls older ones a mistyped date", () => {
    expect(checkEligibility({ dateOfBirth: "1896-06-15", country: "GB" }, now)).toEqual({ ok: true, age: 130 });
    expect(checkEligibility({ dateOfBirth: "1895-06-15", country: "GB" }, now)).toEqual({
      ok: false,
      reason: "invalid_date",
    });
  });
  it("uses London's date, so a birthday begins at midnight UK time", () => {
    const justAfterMidnightBst = new Date("2026-06-14T23:30:00Z"); // 00:30 on 15 June in London
    expect(checkEligibility({ dateOfBirth: "2008-06-15", country: "GB" }, justAfterMidnightBst).ok).toBe(true);
    const justBefore = new Date("2026-06-14T22:59:00Z");
    expect(checkEligibility({ dateOfBirth: "2008-06-15", country: "GB" }, justBefore)).toEqual({
      ok: false,
      reason: "under_18",
    });
  });
  it("needs residence in the UK or Ireland", () => {
    expect(checkEligibility({ dateOfBirth: "1990-01-01", country: "FR" }, now)).toEqual({
      ok: false,
      reason: "not_resident",
    });
  });
  it("refuses impossible dates", () => {
    expect(checkEligibility({ dateOfBirth: "2030-01-01", country: "GB" }, now)).toEqual({
      ok: false,
      reason: "future_date",
    });
    expect(checkEligibility({ dateOfBirth: "1850-01-01", country: "GB" }, now)).toEqual({
      ok: false,
      reason: "invalid_date",
    });
    expect(checkEligibility({ dateOfBirth: "1990-02-30", country: "GB" }, now)).toEqual({
      ok: false,
      reason: "invalid_date",
    });
  });
  it("checks age before country, so a minor abroad hears about age", () => {
    expect(checkEligibility({ dateOfBirth: "2015-01-01", country: "FR" }, now)).toEqual({
      ok: false,
      reason: "under_18",
    });
  });
});

describe("checkAge", () => {
  const now = new Date("2026-06-15T09:00:00Z");
  it.each([
    ["2008-06-15", { ok: true, age: 18 }],
    ["1896-06-15", { ok: true, age: MAX_AGE }],
    ["2008-06-16", { ok: false, reason: "under_18" }],
    ["2026-06-15", { ok: false, reason: "under_18" }],
    ["2026-06-16", { ok: false, reason: "future_date" }],
    ["1895-06-15", { ok: false, reason: "invalid_date" }],
    ["1990-02-30", { ok: false, reason: "invalid_date" }],
    ["", { ok: false, reason: "invalid_date" }],
  ])("reads %j as %j", (dateOfBirth, decision) => {
    expect(checkAge(dateOfBirth, now)).toEqual(decision);
  });
});

describe("checkRecordedEligibility", () => {
  const now = new Date("2026-06-15T09:00:00Z");
  const confirmedAt = new Date("2026-01-01T12:00:00Z");
  it.each([
    ["nothing recorded", undefined, { ok: false, reason: "not_confirmed" }],
    ["details never confirmed", { dateOfBirth: "1990-01-01", country: "GB", confirmedAt: null }, "not_confirmed"],
    ["a confirmation without a date of birth", { dateOfBirth: null, country: "GB", confirmedAt }, "not_confirmed"],
    ["a date of birth after today", { dateOfBirth: "2026-06-16", country: "GB", confirmedAt }, "future_date"],
    ["an age over 130", { dateOfBirth: "1895-06-15", country: "GB", confirmedAt }, "invalid_date"],
    ["a date that does not exist", { dateOfBirth: "1990-02-30", country: "GB", confirmedAt }, "invalid_date"],
    ["someone a day short of 18", { dateOfBirth: "2008-06-16", country: "GB", confirmedAt }, "under_18"],
    ["a country outside the UK and Ireland", { dateOfBirth: "1990-01-01", country: "FR", confirmedAt }, "not_resident"],
    ["no country", { dateOfBirth: "1990-01-01", country: null, confirmedAt }, "not_resident"],
  ] as const)("refuses %s", (_case, recorded, reason) => {
    const decision = checkRecordedEligibility(recorded, now);
    expect(decision).toEqual(typeof reason === "string" ? { ok: false, reason } : reason);
  });
  it("lets in an account that confirmed at 17 from its 18th birthday", () => {
    const recorded = { dateOfBirth: "2008-06-15", country: "IE", confirmedAt };
    expect(checkRecordedEligibility(recorded, now)).toEqual({ ok: true, age: 18 });
    expect(checkRecordedEligibility(recorded, new Date("2026-06-14T09:00:00Z"))).toEqual({
      ok: false,
      reason: "under_18",
    });
  });
});
