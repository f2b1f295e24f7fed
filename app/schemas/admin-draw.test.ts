import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CLAUSE_NOT_NEEDED, CLAUSE_REQUIRED, DrawActionSchema } from "./admin-draw";

const CLAUSE_NUMBER = "The terms clause is a whole number, such as 7.";

function parse(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithZod(form, { schema: DrawActionSchema });
}

describe("passing a prize on: the reason, and a terms clause exactly when ineligible (draw-v1.md, Redraws)", () => {
  it.each<[string, Record<string, string>, unknown]>([
    ["unclaimed, no clause", { reason: "unclaimed" }, { reason: "unclaimed", clause: undefined }],
    ["refunded, empty clause", { reason: "refunded", clause: "" }, { reason: "refunded", clause: undefined }],
    ["ineligible under clause 7", { reason: "ineligible", clause: "7" }, { reason: "ineligible", clause: 7 }],
  ])("accepts %s", (_, fields, value) => {
    const submission = parse({ intent: "redraw", ...fields });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ intent: "redraw", ...(value as object) });
  });

  it.each<[string, Record<string, string>, string]>([
    ["ineligible without a clause", { reason: "ineligible" }, CLAUSE_REQUIRED],
    ["a clause with another reason", { reason: "unclaimed", clause: "4" }, CLAUSE_NOT_NEEDED],
    ["clause 0", { reason: "ineligible", clause: "0" }, CLAUSE_NUMBER],
    ["a clause that is not a whole number", { reason: "ineligible", clause: "7.5" }, CLAUSE_NUMBER],
    ["a clause in words", { reason: "ineligible", clause: "seven" }, CLAUSE_NUMBER],
  ])("refuses %s, saying why", (_, fields, message) => {
    const submission = parse({ intent: "redraw", ...fields });
    expect(submission.status === "error" ? submission.error?.clause : "accepted").toEqual([message]);
  });
});
