import { eq } from "drizzle-orm";
import { profiles } from "~/db/schema";
import type { WinnerPublicityInput } from "~/schemas/profile";
import type { Services } from "../platform/services.server";

/** How this person would be published if they won: their county and whether they objected to their name. */
export async function getWinnerPublicity(services: Services, userId: string) {
  const [row] = await services.db
    .select({ county: profiles.county, withheld: profiles.winnerNameWithheld })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return { county: row?.county ?? "", withheld: row?.withheld ?? false };
}

/** Takes effect at once, on past wins too: the winners page reads it whenever it is shown. */
export async function updateWinnerPublicity(services: Services, userId: string, input: WinnerPublicityInput) {
  await services.db
    .update(profiles)
    .set({ county: input.county ?? null, winnerNameWithheld: input.withheld, updatedAt: services.now() })
    .where(eq(profiles.userId, userId));
}
