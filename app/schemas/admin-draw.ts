import { SKIP_REASONS } from "~/db/constants";
import { z } from "~/schemas/zod";
import { errorNotice, formCheck } from "./form";

const SelectWinnerSchema = z.object({ intent: z.literal("select") });

const RedrawSchema = z.object({
  intent: z.literal("redraw"),
  reason: z.enum(SKIP_REASONS, { error: "Choose why the prize passes to the next alternate." }),
});

export const DrawActionSchema = z.discriminatedUnion("intent", [SelectWinnerSchema, RedrawSchema]);

/** A refused draw form is said in the page's one notice, with the first message the schema gave. */
export const drawCheck = formCheck(DrawActionSchema, (errors) =>
  errorNotice("Not changed", Object.values(errors)[0] ?? "Check the form."),
);
