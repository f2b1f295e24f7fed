// Example content shown on the home and winners pages, marked on screen as examples: no real people.
// The text is in showcase.json; its shape is checked here when loaded.
import { z } from "zod";
import showcase from "./showcase.json";

const person = { name: z.string(), location: z.string() };

const ShowcaseSchema = z.object({
  sampleWinners: z.array(
    z.object({
      ...person,
      prize: z.string(),
      value: z.string(),
      date: z.string(),
      testimonial: z.string(),
      sample: z.literal(true),
    }),
  ),
  sampleReviews: z.array(z.object({ ...person, rating: z.literal(5), text: z.string(), sample: z.literal(true) })),
  testimonials: z.array(z.object({ ...person, text: z.string(), rating: z.number().int().min(1).max(5) })),
  partnerBrands: z.array(z.object({ name: z.string(), tagline: z.string() })),
});

export const { sampleWinners, sampleReviews, testimonials, partnerBrands } = ShowcaseSchema.parse(showcase);
