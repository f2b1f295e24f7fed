import { z } from "~/schemas/zod";
import { errorNotice, formCheck } from "./form";
import { DbIdSchema } from "./ids";
import { PromoFieldSchema } from "./promo-code";

/** A competition id from a form or query string: a positive whole number. */
export const CompetitionIdSchema = DbIdSchema;

/** Quantities stay raw: the server's clampQuantity turns "abc" into 1 and "0" into a removal (spec section 5). */
const RawQuantity = z.string().max(20).optional().default("1");
const SkillAnswer = z.string().trim().min(1).max(500);

export const ANSWER_REQUIRED = {
  title: "Answer required",
  description: "Please answer all skill questions before proceeding to checkout.",
} as const;

export const SIGN_IN_REQUIRED = {
  title: "Sign in required",
  description: "Please sign in to use your basket.",
} as const;

/** Every basket form posts to /basket with one of these intents. */
export const BasketActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    competitionId: CompetitionIdSchema,
    quantity: RawQuantity,
    answer: SkillAnswer.optional(),
  }),
  z.object({ intent: z.literal("quantity"), competitionId: CompetitionIdSchema, quantity: RawQuantity }),
  z.object({ intent: z.literal("answer"), competitionId: CompetitionIdSchema, answer: SkillAnswer }),
  z.object({ intent: z.literal("remove"), competitionId: CompetitionIdSchema }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("checkout"), promo: z.string().max(100).optional() }),
  z.object({ intent: z.literal("promo"), promo: PromoFieldSchema }),
]);
export const basketCheck = formCheck(BasketActionSchema, (errors) =>
  errors.promo ? undefined : errorNotice("That did not work", "Please try again."),
);

/** The item an anonymous visitor wanted, carried through sign-in as /basket?add=ID&quantity=N&answer=A. */
export const BasketAddParamsSchema = z.object({
  add: CompetitionIdSchema,
  quantity: RawQuantity,
  answer: SkillAnswer.optional().catch(undefined),
  numbers: z.string().max(400).optional().catch(undefined),
});

export function basketAddUrl(item: {
  competitionId: number;
  quantity?: string;
  answer?: string;
  numbers?: readonly string[];
}) {
  const params = new URLSearchParams({ add: String(item.competitionId), quantity: item.quantity ?? "1" });
  if (item.answer) params.set("answer", item.answer);
  if (item.numbers && item.numbers.length > 0) params.set("numbers", item.numbers.join(","));
  return `/basket?${params}`;
}
