import { z } from "zod";
import { COMPETITION_STATUSES, type CompetitionStatus } from "~/db/constants";
import { MAX_TICKETS } from "~/domain/pricing";

/**
 * What a public query may return about a competition (spec section 3, plus the prize title and status the
 * pages label). Never the correct answer, the reserved count or anything about the winner's account.
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
  "totalTickets",
  "endDate",
  "imageUrl",
  "additionalImages",
  "featured",
  "skillQuestion",
  "skillOptions",
  "status",
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
  totalTickets: number;
  endDate: Date;
  imageUrl: string;
  additionalImages: string[];
  featured: boolean;
  skillQuestion: string;
  skillOptions: string[];
  status: CompetitionStatus;
};

export type CompetitionSummary = Pick<PublicCompetition, (typeof COMPETITION_SUMMARY_KEYS)[number]>;

export const COMPETITION_FILTERS = ["all", "featured", "ending-soon"] as const;
export type CompetitionFilter = (typeof COMPETITION_FILTERS)[number];
export const FILTER_LABELS: Record<CompetitionFilter, string> = {
  all: "All",
  featured: "Featured",
  "ending-soon": "Ending soon",
};

export const COMPETITION_SORTS = ["ending", "newest", "price-asc", "price-desc"] as const;
export type CompetitionSort = (typeof COMPETITION_SORTS)[number];
export const SORT_LABELS: Record<CompetitionSort, string> = {
  ending: "Ending soonest",
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
};

export const COMPETITIONS_PAGE_SIZE = 9;
/** Deep pages are refused (they would be one huge query through `?page=`); nobody scrolls that far. */
export const MAX_LIST_PAGE = 50;
export const SEARCH_MAX_LENGTH = 100;

/**
 * /competitions?q=&filter=&sort=&page=. The query string is typed by people and shared as links, so a bad
 * value falls back to its default instead of failing the page.
 */
export const CompetitionListQuerySchema = z.object({
  q: z
    .string()
    .catch("")
    .transform((s) => s.replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH)),
  filter: z.enum(COMPETITION_FILTERS).catch("all"),
  sort: z.enum(COMPETITION_SORTS).catch("ending"),
  page: z.coerce.number().int().min(1).max(MAX_LIST_PAGE).catch(1),
});
export type CompetitionListQuery = z.infer<typeof CompetitionListQuerySchema>;

export function parseListQuery(params: URLSearchParams): CompetitionListQuery {
  return CompetitionListQuerySchema.parse({
    q: params.get("q") ?? undefined,
    filter: params.get("filter") ?? undefined,
    sort: params.get("sort") ?? undefined,
    page: params.get("page") ?? undefined,
  });
}

/** The query as a search string, leaving out defaults so links stay short: "?filter=featured&page=2". */
export function listSearch(query: CompetitionListQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.filter !== "all") params.set("filter", query.filter);
  if (query.sort !== "ending") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

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
  quantity: z.coerce
    .number({ error: `Choose from 1 to ${MAX_TICKETS} tickets.` })
    .int(`Choose from 1 to ${MAX_TICKETS} tickets.`)
    .min(1, `Choose from 1 to ${MAX_TICKETS} tickets.`)
    .max(MAX_TICKETS, `Choose from 1 to ${MAX_TICKETS} tickets.`),
  answer: z
    .string({ error: SKILL_QUESTION_REQUIRED.description })
    .trim()
    .min(1, SKILL_QUESTION_REQUIRED.description)
    .max(500),
});

/** One message on the realtime stream (server/sse.ts), checked before it touches the page. */
export const LiveCompetitionSchema = z.object({
  id: z.number().int().positive(),
  ticketsSold: z.number().int().min(0),
  totalTickets: z.number().int().min(0),
  status: z.enum(COMPETITION_STATUSES),
});
export type LiveCompetition = z.infer<typeof LiveCompetitionSchema>;
