// Example content shown on the home and winners pages, marked on screen as examples: no real people.
// The text is in showcase.json; showcase.test.ts checks its shape (the home page loads this, and a schema here would
// bring zod into its first-load JavaScript).
import showcase from "./showcase.json";

export const { sampleWinners, sampleReviews, testimonials, partnerBrands } = showcase;
