import { z } from "~/schemas/zod";
import { errorNotice, formCheck } from "./form";
import { isUuid } from "./ids";

/** The delays the Recovery tab offers for the automatic rule, in hours ("off" turns it off). */
export const AUTO_SEND_CHOICES = [1, 6, 12, 24, 48, 72] as const;

const orderId = z.string().refine(isUuid, "Choose an abandoned checkout from the list.");

/** The Recovery tab's forms: send the recovery e-mail, dismiss a row, set the automatic rule. */
export const RecoveryActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send"), orderId }),
  z.object({ intent: z.literal("dismiss"), orderId }),
  z.object({
    intent: z.literal("auto"),
    autoSendHours: z
      .enum(["off", ...AUTO_SEND_CHOICES.map(String)] as [string, ...string[]], {
        error: "Choose when to send, or off.",
      })
      .transform((v) => (v === "off" ? null : Number(v))),
  }),
]);

export const recoveryCheck = formCheck(RecoveryActionSchema, () =>
  errorNotice("Not changed", "That request was not understood. Reload the page and try again."),
);
