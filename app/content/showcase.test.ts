import { describe, expect, it } from "vitest";
import { z } from "zod";
import showcase from "./showcase.json";

const person = { name: z.string().min(1), location: z.string().min(1) };

const ShowcaseSchema = z.strictObject({
  sampleWinners: z.array(
    z.strictObject({
      ...person,
      prize: z.string(),
      value: z.string(),
      date: z.string(),
      testimonial: z.string(),
      sample: z.literal(true),
    }),
  ),
  sampleReviews: z.array(
    z.strictObject({ ...person, rating: z.literal(5), text: z.string(), sample: z.literal(true) }),
  ),
  testimonials: z.array(z.strictObject({ ...person, text: z.string(), rating: z.number().int().min(1).max(5) })),
  partnerBrands: z.array(z.strictObject({ name: z.string(), tagline: z.string() })),
});

describe("showcase.json", () => {
  it("has the shape the home and winners pages read, every winner and review marked as a sample", () => {
    const result = ShowcaseSchema.safeParse(showcase);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it("is refused when an entry is not marked as a sample", () => {
    const unmarked = { ...showcase, sampleReviews: [{ ...showcase.sampleReviews[0], sample: false }] };
    expect(ShowcaseSchema.safeParse(unmarked).success).toBe(false);
  });
});
