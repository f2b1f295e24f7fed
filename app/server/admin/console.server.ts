import { eq } from "drizzle-orm";
import { campaigns, competitions } from "~/db/schema";
import { type CrumbNames, crumbSubjects } from "~/domain/admin-breadcrumbs";
import type { Services } from "../platform/services.server";

/** The names of the records a staff path shows (a competition's title, a campaign's name), for its breadcrumbs. */
export async function crumbNames(services: Services, pathname: string): Promise<CrumbNames> {
  const { competitionId, campaignId } = crumbSubjects(pathname);
  const [competition, campaign] = await Promise.all([
    competitionId
      ? services.db
          .select({ title: competitions.title })
          .from(competitions)
          .where(eq(competitions.id, competitionId))
          .then(([row]) => row?.title ?? null)
      : null,
    campaignId
      ? services.db
          .select({ name: campaigns.name })
          .from(campaigns)
          .where(eq(campaigns.id, campaignId))
          .then(([row]) => row?.name ?? null)
      : null,
  ]);
  return { competition, campaign };
}
