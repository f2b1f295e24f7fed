import { PROMO_KINDS } from "~/db/constants";
import { poundsToPence } from "~/domain/money";
import { PROMO_CODE_MAX_LENGTH, PROMO_CODE_PATTERN } from "~/domain/promo-code";
import { z } from "~/schemas/zod";
import { filled, londonTime, unlessBlank, wholeNumber } from "./admin-competition";
import { formCheck, tooLongMessage } from "./form";
import { DbIdSchema } from "./ids";

/**
 * The staff form for a promo code (create and edit), read as text (ADR 028): the value is a whole percentage or an
 * amount in pounds depending on the kind, blank limits mean "no limit", no competition ticked means every one.
 * The code's field is called `promo`, not `code`: fields named like secrets are never sent back to refill a form.
 */
export const PROMO_FORM_MESSAGES = {
  code: "Use letters, digits, hyphens and underscores only.",
  kind: "Choose a percentage or a fixed amount.",
  percent: "Enter a whole percentage from 1 to 100.",
  amount: "Enter an amount in pounds and pence from £0.01 to £1,000, for example 2.50.",
  minimumSpend: "Enter a minimum spend in pounds and pence, for example 10.00.",
  maxUses: "Total uses must be a whole number from 1 to 1,000,000.",
  perPerson: "Uses per person must be a whole number from 1 to 1,000.",
  window: "The end must be after the start.",
} as const;
const M = PROMO_FORM_MESSAGES;
const MAX_FIXED_PENCE = 100_000;

const pounds = (message: string) =>
  filled.transform((text, ctx) => {
    const pence = poundsToPence(text);
    if (pence === null) ctx.addIssue({ code: "custom", message });
    return pence ?? 0;
  });

/** Ticked competitions: one box sends a string, several an array, none nothing at all. */
const competitionIds = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z.array(DbIdSchema),
);

export const PromoCodeFormSchema = z
  .object({
    promo: filled.max(PROMO_CODE_MAX_LENGTH, tooLongMessage(PROMO_CODE_MAX_LENGTH)).regex(PROMO_CODE_PATTERN, M.code),
    kind: z.enum(PROMO_KINDS, { error: M.kind }),
    value: filled,
    minimumSpend: unlessBlank(
      pounds(M.minimumSpend).pipe(
        z
          .number()
          .min(0, M.minimumSpend)
          .max(MAX_FIXED_PENCE * 10, M.minimumSpend),
      ),
    ),
    startsAt: unlessBlank(londonTime),
    endsAt: unlessBlank(londonTime),
    maxUses: unlessBlank(wholeNumber(1, 1_000_000, M.maxUses)),
    maxUsesPerPerson: unlessBlank(wholeNumber(1, 1000, M.perPerson)),
    competitionIds,
  })
  .transform((form, ctx) => {
    let value = 0;
    if (form.kind === "percent") {
      value = /^\d+$/.test(form.value) ? Number(form.value) : 0;
      if (value < 1 || value > 100) ctx.addIssue({ code: "custom", path: ["value"], message: M.percent });
    } else {
      value = poundsToPence(form.value) ?? 0;
      if (value < 1 || value > MAX_FIXED_PENCE) ctx.addIssue({ code: "custom", path: ["value"], message: M.amount });
    }
    if (form.startsAt && form.endsAt && form.endsAt.getTime() <= form.startsAt.getTime())
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: M.window });
    return {
      code: form.promo,
      kind: form.kind,
      value,
      minimumSpendPence: form.minimumSpend ?? 0,
      startsAt: form.startsAt ?? null,
      endsAt: form.endsAt ?? null,
      maxUses: form.maxUses ?? null,
      maxUsesPerPerson: form.maxUsesPerPerson ?? null,
      competitionIds: form.competitionIds.length > 0 ? [...new Set(form.competitionIds)].sort((a, b) => a - b) : null,
    };
  });

export type PromoCodeValues = z.output<typeof PromoCodeFormSchema>;
export const promoCodeCheck = formCheck(PromoCodeFormSchema);

/** The list page's row buttons: deactivate or activate a code. */
export const PromoCodeToggleSchema = z.object({
  intent: z.enum(["deactivate", "activate"]),
  promoCodeId: DbIdSchema,
});
export const promoCodeToggleCheck = formCheck(PromoCodeToggleSchema);
