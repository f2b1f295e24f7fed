import { describe, expect, it } from "vitest";
import { EligibilitySchema, LimitsActionSchema } from "./protection";

describe("LimitsActionSchema", () => {
  it.each([
    ["50", 5000],
    ["25.50", 2550],
    ["£1,000", 100000],
    ["0", 0],
  ])("reads a limit of %s as %i pence", (limit, pence) => {
    expect(LimitsActionSchema.parse({ intent: "limit", limit })).toEqual({ intent: "limit", limit: pence });
  });

  it.each(["", "-5", "abc", "1.234", "2000000"])("refuses the limit %j", (limit) => {
    expect(LimitsActionSchema.safeParse({ intent: "limit", limit }).success).toBe(false);
  });

  it("pauses for 1, 7 or 30 days only", () => {
    for (const days of ["1", "7", "30"])
      expect(LimitsActionSchema.safeParse({ intent: "pause", days }).success).toBe(true);
    for (const days of ["0", "2", "31", ""])
      expect(LimitsActionSchema.safeParse({ intent: "pause", days }).success).toBe(false);
  });

  it("self-excludes for 6 months or more, and only when confirmed", () => {
    expect(LimitsActionSchema.safeParse({ intent: "exclude", months: "6", confirm: "on" }).success).toBe(true);
    expect(LimitsActionSchema.safeParse({ intent: "exclude", months: "60", confirm: "on" }).success).toBe(true);
    expect(LimitsActionSchema.safeParse({ intent: "exclude", months: "3", confirm: "on" }).success).toBe(false);
    const unconfirmed = LimitsActionSchema.safeParse({ intent: "exclude", months: "6" });
    expect(unconfirmed.success).toBe(false);
    expect(unconfirmed.error?.issues[0]?.path).toEqual(["confirm"]);
  });
});

describe("EligibilitySchema", () => {
  const dob = { day: "12", month: "4", year: "1990" };

  it("needs a date of birth in three fields, the UK or Ireland, and the terms accepted", () => {
    expect(EligibilitySchema.parse({ dateOfBirth: dob, country: "IE", acceptTerms: "on" })).toEqual({
      dateOfBirth: "1990-04-12",
      country: "IE",
      acceptTerms: true,
    });
    const bad = EligibilitySchema.safeParse({ dateOfBirth: { ...dob, month: "" }, country: "FR" });
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(["acceptTerms", "country", "dateOfBirth"]);
  });

  it.each([
    [undefined, "Enter your date of birth"],
    ["12/04/1990", "Enter your date of birth"],
    [{ day: "12", month: "", year: "1990" }, "Date of birth must include a month"],
    [{ day: "31", month: "2", year: "1990" }, "Date of birth must be a real date"],
    [{ day: "1", month: "1", year: String(new Date().getFullYear() + 1) }, "Date of birth must be in the past"],
  ])("says what is wrong with the date of birth %j, under dateOfBirth", (dateOfBirth, message) => {
    const result = EligibilitySchema.safeParse({ dateOfBirth, country: "GB", acceptTerms: "on" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["dateOfBirth", message]]);
  });
});
