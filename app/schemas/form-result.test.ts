import { describe, expect, it } from "vitest";
import { signUpChecks, signUpInvalidNotice } from "./auth";
import { contactCheck } from "./contact";
import { invalidReply, parseSubmission } from "./form";
import { answerHasFieldErrors, errorTitle, type FormResult, fieldId, summaryItems } from "./form-result";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("fieldId", () => {
  it.each([
    ["email", undefined, "field-email"],
    ["firstName", undefined, "field-firstName"],
    ["password", "change-password", "field-change-password-password"],
    ["skillOptions[0]", undefined, "field-skillOptions-0"],
    ["dateOfBirth.day", undefined, "field-dateOfBirth-day"],
    ["answer", "line-12", "field-line-12-answer"],
  ])("names %j (scope %j) as %j, the same on the server and in the browser", (name, scope, id) => {
    expect(fieldId(name, scope)).toBe(id);
    expect(fieldId(name, scope)).toMatch(/^[A-Za-z][A-Za-z0-9_-]*$/);
  });
});

describe("summaryItems", () => {
  it("lists each field's first message in the schema's order, leaving out form-wide messages", () => {
    const result = {
      status: "error",
      error: { "": ["Not saved"], name: ["Enter your name", "second"], email: ["Enter your email address"], x: [] },
    } as unknown as FormResult;
    expect(summaryItems(result)).toEqual([
      { name: "name", message: "Enter your name" },
      { name: "email", message: "Enter your email address" },
    ]);
    expect(summaryItems(undefined)).toEqual([]);
    expect(answerHasFieldErrors({ result })).toBe(true);
    expect(answerHasFieldErrors({ result: { status: "error", error: { "": ["Not saved"] } } })).toBe(false);
    expect(answerHasFieldErrors({ notice: { type: "error" } })).toBe(false);
    expect(answerHasFieldErrors(null)).toBe(false);
  });

  it("gives the empty contact form a message a person understands for every field", () => {
    const submission = parseSubmission(form({ name: "", email: "", subject: " ", message: "" }), contactCheck.schema);
    const reply = invalidReply(submission, contactCheck.notice);
    expect(summaryItems(reply.result).map((item) => [item.name, item.message])).toEqual([
      ["name", "Enter your name"],
      ["email", "Enter your email address"],
      ["subject", "Enter a subject"],
      ["message", "Enter your message"],
    ]);
    // The spec's notice stays.
    expect(reply.notice?.title).toBe("Missing Information");
  });
});

describe("the /join form left empty", () => {
  it("names every field, not only the terms", () => {
    const submission = parseSubmission(form({ intent: "signup" }), signUpChecks.join.schema);
    const reply = invalidReply(submission, signUpChecks.join.notice);
    const messages = Object.fromEntries(summaryItems(reply.result).map((item) => [item.name, item.message]));
    expect(messages).toMatchObject({
      firstName: "Enter your first name",
      lastName: "Enter your last name",
      email: "Enter your email address",
      password: "Enter a password",
      confirmPassword: "Enter the password again to confirm it",
      agreeTerms: "Please agree to the terms and conditions.",
    });
    expect(reply.notice?.title).toBe("Sign Up Failed");
    expect(Object.values(messages).some((m) => /required/i.test(m))).toBe(false);
  });

  it("keeps the spec's notices when the terms or the mismatch is the one problem", () => {
    expect(signUpInvalidNotice("join", { agreeTerms: "Please agree to the terms and conditions." })?.title).toBe(
      "Terms Required",
    );
    expect(signUpInvalidNotice("join", { confirmPassword: "Passwords do not match. Please try again." })?.title).toBe(
      "Password Mismatch",
    );
    expect(signUpInvalidNotice("join", { agreeTerms: "x", email: "y" })?.description).toBe(
      "Please correct the 2 fields listed below.",
    );
  });
});

describe("errorTitle", () => {
  it("puts Error: before a page title once", () => {
    expect(errorTitle("Contact Us | Paddock")).toBe("Error: Contact Us | Paddock");
    expect(errorTitle("Error: Contact Us | Paddock")).toBe("Error: Contact Us | Paddock");
  });
});
