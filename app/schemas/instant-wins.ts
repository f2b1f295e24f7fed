import { MAX_INSTANT_WINS, parseInstantWinsInput } from "~/domain/draw/instant-wins";
import { formCheck } from "./form";
import { z } from "./zod";

/** The staff list as typed: at most MAX_INSTANT_WINS lines of `number, kind, amount, prize` (room for long prizes). */
const LIST_MAX = MAX_INSTANT_WINS * 160;

/** The instant-win list form: each line read by the domain rule, every problem reported with its line. */
export const InstantWinsFormSchema = z.object({
  list: z
    .string()
    .optional()
    .transform((value = "") => value)
    .pipe(z.string().max(LIST_MAX, `The list is longer than ${LIST_MAX.toLocaleString("en-GB")} characters.`))
    .transform((value, ctx) => {
      const parsed = parseInstantWinsInput(value);
      if ("problems" in parsed) {
        for (const message of parsed.problems) ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return parsed.wins;
    }),
});
export const instantWinsCheck = formCheck(InstantWinsFormSchema);
