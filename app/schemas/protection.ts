import { formatPence, poundsToPence } from "~/domain/money";
import { isPauseDays, isValidExclusionMonths, type PauseDays } from "~/domain/player-protection";
import { MAX_LIMIT_PENCE } from "~/domain/spend-limit";
import { z } from "~/schemas/zod";
import { DateOfBirthSchema } from "./date-of-birth";
import { formCheck } from "./form";

export const ELIGIBLE_COUNTRY_OPTIONS = [
  { value: "GB", label: "United Kingdom" },
  { value: "IE", label: "Ireland" },
] as const;

export const PAUSE_OPTIONS: readonly { days: PauseDays; label: string }[] = [
  { days: 1, label: "1 day" },
  { days: 7, label: "7 days" },
  { days: 30, label: "30 days" },
];

export const SELF_EXCLUSION_OPTIONS = [
  { months: 6, label: "6 months" },
  { months: 12, label: "1 year" },
  { months: 60, label: "5 years" },
] as const;

/** Date of birth, country and the terms: confirmed once before a first paid entry. */
export const EligibilitySchema = z.object({
  dateOfBirth: DateOfBirthSchema,
  country: z.enum(["GB", "IE"], { error: "Choose the country you live in: the United Kingdom or Ireland" }),
  acceptTerms: z.literal("on", { error: "You must accept the terms and conditions" }).transform(() => true as const),
});
export type EligibilityErrors = Partial<Record<"dateOfBirth" | "country" | "acceptTerms", string>>;
export const eligibilityCheck = formCheck(EligibilitySchema);

const LimitPounds = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const pence = poundsToPence(text);
    if (pence === null) {
      ctx.addIssue({ code: "custom", message: "Enter an amount in pounds, for example 50 or 25.50" });
      return z.NEVER;
    }
    if (pence > MAX_LIMIT_PENCE) {
      ctx.addIssue({ code: "custom", message: `Enter an amount up to ${formatPence(MAX_LIMIT_PENCE)}` });
      return z.NEVER;
    }
    return pence;
  });

export const LimitsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("limit"), limit: LimitPounds }),
  z.object({ intent: z.literal("remove-limit") }),
  z.object({
    intent: z.literal("pause"),
    days: z.coerce
      .number({ error: "Choose how long to pause for" })
      .refine(isPauseDays, "Choose how long to pause for"),
  }),
  z.object({
    intent: z.literal("exclude"),
    months: z.coerce
      .number({ error: "Choose how long to exclude yourself for" })
      .refine(isValidExclusionMonths, "Choose how long to exclude yourself for"),
    confirm: z.literal("on", { error: "Tick the box to confirm you understand self-exclusion cannot be undone early" }),
  }),
]);
export const limitsCheck = formCheck(LimitsActionSchema);
