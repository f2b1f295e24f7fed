import { describe, expect, it } from "vitest";
import { DateOfBirthSchema, OptionalDateOfBirthSchema, sentDateParts } from "./date-of-birth";

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("DateOfBirthSchema", () => {
  it("reads the three fields into one YYYY-MM-DD date", () => {
    expect(DateOfBirthSchema.parse({ day: "5", month: "11", year: "1979" })).toBe("1979-11-05");
  });

  it("puts every problem under the date itself, with GOV.UK's wording", () => {
    expect(messages(DateOfBirthSchema.safeParse({ day: "5", year: "1979" }))).toEqual([
      ["", "Date of birth must include a month"],
    ]);
    expect(messages(DateOfBirthSchema.safeParse({ day: "", month: "", year: "" }))).toEqual([
      ["", "Enter your date of birth"],
    ]);
  });
});

describe("OptionalDateOfBirthSchema (a postal card may have none)", () => {
  it.each([undefined, {}, { day: "", month: " ", year: "" }])("takes %j as no date", (parts) => {
    expect(OptionalDateOfBirthSchema.parse(parts)).toBe("");
  });

  it("reads a whole date and refuses a part-typed or impossible one", () => {
    expect(OptionalDateOfBirthSchema.parse({ day: "1", month: "5", year: "1990" })).toBe("1990-05-01");
    expect(messages(OptionalDateOfBirthSchema.safeParse({ day: "1", month: "", year: "1990" }))).toEqual([
      ["", "Date of birth must include a month"],
    ]);
    expect(messages(OptionalDateOfBirthSchema.safeParse({ day: "30", month: "2", year: "1990" }))).toEqual([
      ["", "Date of birth must be a real date"],
    ]);
  });
});

describe("sentDateParts", () => {
  it("gives back what was typed in each field when a form returns", () => {
    expect(sentDateParts({ dateOfBirth: { day: "12", year: "1990" } })).toEqual({ day: "12", month: "", year: "1990" });
  });
  it.each([undefined, null, {}, { dateOfBirth: "1990-04-12" }])("gives nothing for %j", (initialValue) => {
    expect(sentDateParts(initialValue)).toBeUndefined();
  });
});
