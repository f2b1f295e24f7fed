import type { CompetitionStatus } from "~/db/constants";
import type { PublicPicture } from "~/domain/pictures";
import type { MultiBuyTier } from "~/domain/pricing";
import { z } from "~/schemas/zod";
import { errorNotice, formCheck } from "./form";
import { TicketQuantitySchema } from "./ticket-quantity";

/**
 * What a public query may return about a competition (spec section 3, plus the prize title and status the
 * pages label, and the count held by open checkouts so the detail page offers only what can be bought).
 * Never the correct answer or anything about the winner's account.
 */
export const PUBLIC_COMPETITION_KEYS = [
  "id",
  "title",
  "description",
  "prizeTitle",
  "prizeDescription",
  "prizeValue",
  "entryPricePence",
  "ticketsSold",
  "ticketsReserved",
  "totalTickets",
  "endDate",
  "imageUrl",
  "additionalImages",
  "featured",
  "skillQuestion",
  "skillOptions",
  "status",
  "multiBuyTiers",
  "maxTicketsPerUser",
  "pictures",
] as const;

/** The subset a card renders: list pages select only these. */
export const COMPETITION_SUMMARY_KEYS = [
  "id",
  "title",
  "prizeTitle",
  "prizeValue",
  "entryPricePence",
  "ticketsSold",
  "totalTickets",
  "endDate",
  "imageUrl",
  "featured",
  "status",
  "pictures",
] as const satisfies readonly (typeof PUBLIC_COMPETITION_KEYS)[number][];

export type PublicCompetition = {
  id: number;
  title: string;
  description: string;
  prizeTitle: string;
  prizeDescription: string;
  prizeValue: string;
  entryPricePence: number;
  ticketsSold: number;
  ticketsReserved: number;
  totalTickets: number;
  endDate: Date;
  imageUrl: string;
  additionalImages: string[];
  featured: boolean;
  skillQuestion: string;
  skillOptions: string[];
  status: CompetitionStatus;
  /** This competition's multi-buy discounts, fewest tickets first: the page prices with them as checkout does. */
  multiBuyTiers: MultiBuyTier[];
  /** The most tickets one person may hold, or null for no cap. */
  maxTicketsPerUser: number | null;
  /** Uploaded pictures in order (a card gets the first only); none means the page shows `imageUrl`. */
  pictures: PublicPicture[];
};

export type CompetitionSummary = Pick<PublicCompetition, (typeof COMPETITION_SUMMARY_KEYS)[number]>;

export {
  COMPETITION_FILTERS,
  COMPETITION_SORTS,
  COMPETITIONS_PAGE_SIZE,
  type CompetitionListQuery,
  FILTER_LABELS,
  listSearch,
  MAX_LIST_PAGE,
  parseListQuery,
  SEARCH_MAX_LENGTH,
  SORT_LABELS,
} from "~/domain/competition-list-query";

/** A path id: a positive whole number that fits the integer column; anything else is "not found". */
export const CompetitionIdParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647));

export const SKILL_QUESTION_REQUIRED = {
  title: "Skill Question Required",
  description: "Please answer the skill question to proceed with checkout.",
} as const;

/** The detail page's "Proceed to Checkout" post; the server also checks the answer is one of the options. */
export const ProceedToCheckoutSchema = z.object({
  intent: z.literal("checkout"),
  quantity: TicketQuantitySchema,
  answer: z
    .string({ error: SKILL_QUESTION_REQUIRED.description })
    .trim()
    .min(1, SKILL_QUESTION_REQUIRED.description)
    .max(500),
});

/** A missing answer gets the spec's notice; anything else names the first problem. */
export const proceedToCheckoutCheck = formCheck(ProceedToCheckoutSchema, (errors) =>
  errors.answer
    ? errorNotice(SKILL_QUESTION_REQUIRED.title, SKILL_QUESTION_REQUIRED.description)
    : errorNotice("Please check your entry", Object.values(errors)[0] ?? ""),
);

/** One message on the realtime stream (server/sse.ts), checked before it touches the page. */
