import { SKIP_REASONS } from "~/db/constants";
import { needsClause, type SkipReason } from "~/domain/draw/skip-reasons";
import { z } from "~/schemas/zod";
import { errorNotice, formCheck } from "./form";

const SelectWinnerSchema = z.object({ intent: z.literal("select") });

export const CLAUSE_REQUIRED = "Give the number of the terms clause the winner is ineligible under.";
export const CLAUSE_NOT_NEEDED = "Only an ineligible winner takes a terms clause: clear it, or choose Ineligible.";

const RedrawSchema = z
  .object({
    intent: z.literal("redraw"),
    reason: z.enum(SKIP_REASONS, { error: "Choose why the prize passes to the next alternate." }),
    clause: z.coerce
      .number({ error: "The terms clause is a whole number, such as 7." })
      .int({ error: "The terms clause is a whole number, such as 7." })
      .min(1, { error: "The terms clause is a whole number, such as 7." })
      .max(999, { error: "The terms clause is a whole number, such as 7." })
      .optional(),
  })
  // draw-v1.md, "Redraws": "ineligible under terms clause N"; the other reasons take no clause.
  .refine((v) => needsClause(v.reason) === (v.clause !== undefined), {
    error: (issue) =>
      needsClause((issue.input as { reason: SkipReason }).reason) ? CLAUSE_REQUIRED : CLAUSE_NOT_NEEDED,
    path: ["clause"],
  });

export const DrawActionSchema = z.discriminatedUnion("intent", [SelectWinnerSchema, RedrawSchema]);

/** A refused draw form is said in the page's one notice, with the first message the schema gave. */
export const drawCheck = formCheck(DrawActionSchema, (errors) =>
  errorNotice("Not changed", Object.values(errors)[0] ?? "Check the form."),
);
