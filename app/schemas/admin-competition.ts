import { type CompetitionField, type CompetitionValues, SCHEDULE_MESSAGES } from "~/domain/competition-lifecycle";
import { londonWallTimeToInstant, toLondonWallTime } from "~/domain/london-time";
import { poundsToPence } from "~/domain/money";
import { MAX_MULTI_BUY_TIERS, MULTI_BUY_MESSAGES, multiBuyTierProblems } from "~/domain/multi-buy-tiers";
import { type MultiBuyTier, STANDARD_MULTI_BUY_TIERS } from "~/domain/pricing";
import { z } from "~/schemas/zod";
import { checkboxField, formCheck, isBlank, REQUIRED_MESSAGE, singleLineField, tooLongMessage } from "./form";
import { DbIdSchema } from "./ids";

/**
 * The competition form, parsed with conform (`parseSubmission`) in the browser for instant feedback and on the server
 * for the truth. Auto-coercion is off (app/schemas/form.ts), so every field reads the text as sent: numbers, prices,
 * UK times and ticked boxes are parsed here, and an empty field gets this schema's own message.
 */

export const COMPETITION_FORM_MESSAGES = {
  wholeNumber: "Enter a whole number.",
  price: "Enter a price in pounds and pence, for example 2.50.",
  priceRange: "The entry price must be between £0.30 and £1,000.",
  totalRange: "Total tickets must be between 1 and 1,000,000.",
  capRange: "The per-person cap must be between 1 and 10,000.",
  capOverTotal: "The per-person cap can't be more than the total tickets.",
  dateTime: "Enter a date and time in UK time, for example 2026-11-21T18:00.",
  optionsDistinct: "Each answer option must be different.",
  answerNotOption: "The correct answer must be exactly one of the four options.",
  cashAlternative: "Enter the cash alternative in pounds and pence, for example 1500, or leave it empty.",
  cashAlternativeRange: "The cash alternative must be between £1 and £1,000,000.",
  /** What a blank required field is told, field by field. */
  required: {
    title: "Enter the competition's title",
    description: "Enter a description of the competition",
    prizeTitle: "Enter the prize's title",
    prizeDescription: "Enter a description of the prize",
    prizeValue: "Enter the prize's value",
    entryPrice: "Enter the entry price",
    totalTickets: "Enter the total number of tickets",
    endDate: "Enter the closing date and time",
    skillQuestion: "Enter the skill question",
    skillOption: "Enter all four answer options",
    correctAnswer: "Enter the correct answer",
  },
} as const;
const M = COMPETITION_FORM_MESSAGES;

/** Stripe will not take a card payment under 30p, so a ticket cannot cost less. */
const MIN_ENTRY_PRICE_PENCE = 30;
const MAX_ENTRY_PRICE_PENCE = 100_000;
const MAX_TOTAL_TICKETS = 1_000_000;
const MAX_PER_PERSON_CAP = 10_000;
const MAX_CASH_ALTERNATIVE_PENCE = 100_000_000;

/** A required field's text less the whitespace around it; blank or left out gets the field's `required` message. */
const filledAs = (required: string) => z.string({ error: required }).trim().min(1, { error: required, abort: true });

/** An optional field: blank or left out is undefined, anything else is read by `schema`. */
export const unlessBlank = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (isBlank(value) ? undefined : value), schema.optional());

const paragraphs = (max: number, required: string) =>
  z
    .string({ error: required })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, required).max(max, tooLongMessage(max)));

const wholeNumberAs = (required: string, min: number, max: number, rangeMessage: string) =>
  filledAs(required)
    .regex(/^[-+]?\d+$/, M.wholeNumber)
    .transform(Number)
    .pipe(z.number().min(min, rangeMessage).max(max, rangeMessage));

/** A tier row as typed: both blank is no tier; one blank, or not a whole number, is said on that box. */
const tierBox = z.string().optional();
const TierRowsSchema = z
  .array(z.object({ minQuantity: tierBox, percent: tierBox }))
  .max(MAX_MULTI_BUY_TIERS)
  .optional()
  .transform((rows, ctx): MultiBuyTier[] => {
    const tiers: MultiBuyTier[] = [];
    const rowOf: number[] = [];
    (rows ?? []).forEach((row, index) => {
      const [q, p] = [row.minQuantity?.trim() ?? "", row.percent?.trim() ?? ""];
      if (!q && !p) return;
      const whole = (text: string) => (/^\d+$/.test(text) ? Number(text) : Number.NaN);
      if (!/^\d+$/.test(q))
        ctx.addIssue({ code: "custom", path: [index, "minQuantity"], message: MULTI_BUY_MESSAGES.quantity });
      if (!/^\d+$/.test(p))
        ctx.addIssue({ code: "custom", path: [index, "percent"], message: MULTI_BUY_MESSAGES.percent });
      tiers.push({ minQuantity: whole(q), percent: whole(p) });
      rowOf.push(index);
    });
    // The domain's rules, said on the row staff typed (blank rows skipped do not shift the messages).
    for (const problem of multiBuyTierProblems(tiers.filter((t) => !Number.isNaN(t.minQuantity + t.percent)))) {
      const row = rowOf[problem.index] ?? problem.index;
      ctx.addIssue({ code: "custom", path: [row, problem.field], message: problem.message });
    }
    return tiers;
  });

const londonTimeAs = (required: string) =>
  filledAs(required).transform((text, ctx) => {
    const instant = londonWallTimeToInstant(text);
    if (!instant) ctx.addIssue({ code: "custom", message: M.dateTime });
    return instant ?? new Date(Number.NaN);
  });
const R = M.required;

/** The same rules with the generic "This field is required." (the promo code form's fields). */
export const filled = filledAs(REQUIRED_MESSAGE);
export const wholeNumber = (min: number, max: number, rangeMessage: string) =>
  wholeNumberAs(REQUIRED_MESSAGE, min, max, rangeMessage);
export const londonTime = londonTimeAs(REQUIRED_MESSAGE);

export const CompetitionFormSchema = z
  .object({
    title: singleLineField(120, R.title),
    description: paragraphs(5000, R.description),
    prizeTitle: singleLineField(120, R.prizeTitle),
    prizeDescription: paragraphs(2000, R.prizeDescription),
    prizeValue: singleLineField(40, R.prizeValue),
    cashAlternative: unlessBlank(
      filled
        .transform((text, ctx) => {
          const pence = poundsToPence(text);
          if (pence === null) ctx.addIssue({ code: "custom", message: M.cashAlternative });
          return pence ?? 0;
        })
        .pipe(z.number().min(100, M.cashAlternativeRange).max(MAX_CASH_ALTERNATIVE_PENCE, M.cashAlternativeRange)),
    ),
    entryPrice: filledAs(R.entryPrice)
      .transform((text, ctx) => {
        const pence = poundsToPence(text);
        if (pence === null) ctx.addIssue({ code: "custom", message: M.price });
        return pence ?? 0;
      })
      .pipe(z.number().min(MIN_ENTRY_PRICE_PENCE, M.priceRange).max(MAX_ENTRY_PRICE_PENCE, M.priceRange)),
    totalTickets: wholeNumberAs(R.totalTickets, 1, MAX_TOTAL_TICKETS, M.totalRange),
    maxTicketsPerUser: unlessBlank(wholeNumberAs(R.totalTickets, 1, MAX_PER_PERSON_CAP, M.capRange)),
    goLiveAt: unlessBlank(londonTimeAs(R.endDate)),
    endDate: londonTimeAs(R.endDate),
    featured: checkboxField,
    closesAtSellOut: checkboxField,
    skillQuestion: singleLineField(300, R.skillQuestion),
    skillOptions: z.array(singleLineField(120, R.skillOption)).length(4),
    correctAnswer: singleLineField(120, R.correctAnswer),
    multiBuyTiers: TierRowsSchema,
  })
  .superRefine((form, ctx) => {
    const seen = new Set<string>();
    form.skillOptions.forEach((option, i) => {
      const key = option.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["skillOptions", i], message: M.optionsDistinct });
      seen.add(key);
    });
    if (!form.skillOptions.includes(form.correctAnswer))
      ctx.addIssue({ code: "custom", path: ["correctAnswer"], message: M.answerNotOption });
    if (form.maxTicketsPerUser !== undefined && form.maxTicketsPerUser > form.totalTickets)
      ctx.addIssue({ code: "custom", path: ["maxTicketsPerUser"], message: M.capOverTotal });
    if (form.goLiveAt && form.endDate.getTime() <= form.goLiveAt.getTime())
      ctx.addIssue({ code: "custom", path: ["endDate"], message: SCHEDULE_MESSAGES.closingBeforeGoLive });
  })
  .transform(
    ({ entryPrice, maxTicketsPerUser, goLiveAt, cashAlternative, ...rest }): CompetitionValues => ({
      ...rest,
      cashAlternativePence: cashAlternative ?? null,
      entryPricePence: entryPrice,
      maxTicketsPerUser: maxTicketsPerUser ?? null,
      goLiveAt: goLiveAt ?? null,
    }),
  );

export const competitionCheck = formCheck(CompetitionFormSchema);

/** What the edit page's buttons send: save the form, or move the competition's status. */
export const CompetitionIntentSchema = z.object({ intent: z.enum(["save", "schedule", "unschedule", "delete"]) });

/** `copiedFrom`, sent by a form filled from another competition; anything else means it was not a copy. */
export const CopiedFromSchema = DbIdSchema.optional().catch(undefined);

export type CompetitionFormInput = {
  title: string;
  description: string;
  prizeTitle: string;
  prizeDescription: string;
  prizeValue: string;
  cashAlternative: string;
  entryPrice: string;
  totalTickets: string;
  maxTicketsPerUser: string;
  goLiveAt: string;
  endDate: string;
  featured: boolean;
  closesAtSellOut: boolean;
  skillQuestion: string;
  skillOptions: string[];
  correctAnswer: string;
  /** Always MAX_MULTI_BUY_TIERS rows; the blank ones are no tier. */
  multiBuyTiers: { minQuantity: string; percent: string }[];
};

/** The tier rows the form shows: the tiers set, then blank rows up to the most there can be. */
function tierRows(tiers: readonly MultiBuyTier[]) {
  const rows = tiers.map((t) => ({ minQuantity: String(t.minQuantity), percent: String(t.percent) }));
  while (rows.length < MAX_MULTI_BUY_TIERS) rows.push({ minQuantity: "", percent: "" });
  return rows;
}

/** What the form shows for saved values (UK times, pounds), or blank for a new competition. */
export function competitionFormDefaults(values?: CompetitionValues | null): CompetitionFormInput {
  if (!values)
    return {
      title: "",
      description: "",
      prizeTitle: "",
      prizeDescription: "",
      prizeValue: "",
      cashAlternative: "",
      entryPrice: "",
      totalTickets: "",
      maxTicketsPerUser: "",
      goLiveAt: "",
      endDate: "",
      featured: false,
      closesAtSellOut: false,
      skillQuestion: "",
      skillOptions: ["", "", "", ""],
      correctAnswer: "",
      // A new competition starts with the standard tiers, which staff may change or clear.
      multiBuyTiers: tierRows(STANDARD_MULTI_BUY_TIERS),
    };
  return {
    ...values,
    entryPrice: (values.entryPricePence / 100).toFixed(2),
    cashAlternative: values.cashAlternativePence === null ? "" : (values.cashAlternativePence / 100).toFixed(2),
    totalTickets: String(values.totalTickets),
    maxTicketsPerUser: values.maxTicketsPerUser === null ? "" : String(values.maxTicketsPerUser),
    goLiveAt: values.goLiveAt ? toLondonWallTime(values.goLiveAt) : "",
    endDate: toLondonWallTime(values.endDate),
    skillOptions: [...values.skillOptions],
    multiBuyTiers: tierRows(values.multiBuyTiers),
  };
}

/** The form's name for a competition field (the price is typed in pounds). */
export const formFieldName = (field: CompetitionField) =>
  field === "entryPricePence" ? "entryPrice" : field === "cashAlternativePence" ? "cashAlternative" : field;

/** A new draft's form filled from another competition: "Copy of …", no dates (they are the new one's to set). */
export function competitionCopyDefaults(values: CompetitionValues): CompetitionFormInput {
  return {
    ...competitionFormDefaults(values),
    title: `Copy of ${values.title}`.slice(0, 120),
    goLiveAt: "",
    endDate: "",
  };
}
