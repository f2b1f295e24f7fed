import { SKIP_REASONS } from "~/db/constants";
import { z } from "~/schemas/zod";

const SelectWinnerSchema = z.object({ intent: z.literal("select") });

const RedrawSchema = z.object({
  intent: z.literal("redraw"),
  reason: z.enum(SKIP_REASONS, { error: "Choose why the prize passes to the next alternate." }),
});

export const DrawActionSchema = z.discriminatedUnion("intent", [SelectWinnerSchema, RedrawSchema]);
