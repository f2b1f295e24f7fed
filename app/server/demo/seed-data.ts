/**
 * Demo / seed content for Paddock: the competitions in seed-competitions.json, checked here when loaded.
 *
 * Every competition below is invented for demonstration purposes. Brand names are fictional and any resemblance
 * to real businesses is unintended. Images live in app/assets/competitions and are original SVG artwork.
 */
import { z } from "zod";
import { INSTANT_WIN_KINDS } from "~/db/constants";
import competitions from "./seed-competitions.json";

const imagePath = z.string().regex(/^\/images\/competitions\/[a-z0-9-]+\.svg$/);

const SeedCompetitionSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9-]+$/),
    title: z.string(),
    description: z.string(),
    prizeTitle: z.string(),
    prizeDescription: z.string(),
    /** Display text, e.g. "£2,450". */
    prizeValue: z.string(),
    entryPricePence: z.number().int().positive(),
    totalTickets: z.number().int().positive(),
    ticketsSold: z.number().int().nonnegative(),
    /** Relative to seeding time; negative = already ended. */
    endsInHours: z.number(),
    featured: z.boolean(),
    skillQuestion: z.string(),
    skillOptions: z.tuple([z.string(), z.string(), z.string(), z.string()]),
    /** Must equal one of skillOptions exactly. */
    correctAnswer: z.string(),
    /** "/images/competitions/<slug>.svg" */
    imageUrl: imagePath,
    /** 1-2 further SVG paths. */
    additionalImages: z.array(imagePath),
    maxTicketsPerUser: z.number().int().positive().nullable(),
    /** The cash a winner may take instead of the prize, when one is offered. */
    cashAlternativePence: z.number().int().positive().optional(),
    /** Instant wins (docs/instant-wins-v1.md), set before it is scheduled. */
    instantWins: z
      .array(
        z.object({
          ticketNumber: z.number().int().positive(),
          kind: z.enum(INSTANT_WIN_KINDS),
          amountPence: z.number().int().nonnegative(),
          prize: z.string(),
        }),
      )
      .optional(),
    /**
     * Left as a draft, scheduled to go live in two days, or cancelled after going live; otherwise live, or closed
     * once its closing time has passed (and drawn by the running lifecycle job). So the demo has every state.
     */
    demoState: z.enum(["draft", "scheduled", "cancelled"]).optional(),
  })
  .refine((seed) => seed.skillOptions.includes(seed.correctAnswer), "correctAnswer must be one of skillOptions")
  .refine((seed) => seed.ticketsSold <= seed.totalTickets, "ticketsSold must not exceed totalTickets")
  .refine((seed) => !seed.demoState || seed.ticketsSold === 0, "a draft, scheduled or cancelled demo sells nothing");

export type SeedCompetition = z.infer<typeof SeedCompetitionSchema>;

export const seedCompetitions: SeedCompetition[] = z.array(SeedCompetitionSchema).parse(competitions);
