import { asc, inArray } from "drizzle-orm";
import { competitionImages } from "~/db/schema";
import type { PictureVariant, PublicPicture } from "~/domain/pictures";
import type { Executor } from "../platform/db.server";

/** What a public page may know about a picture: no ids, positions or upload dates. */
const pictureColumns = {
  competitionId: competitionImages.competitionId,
  alt: competitionImages.alt,
  width: competitionImages.width,
  height: competitionImages.height,
  originalKey: competitionImages.originalKey,
  variants: competitionImages.variants,
};

/**
 * The uploaded pictures of these (already public) competitions, in order, keyed by competition; `first` keeps only
 * the first of each, which is all a card shows.
 */
async function picturesOf(
  db: Executor,
  competitionIds: readonly number[],
  options: { first?: boolean } = {},
): Promise<Map<number, PublicPicture[]>> {
  const byCompetition = new Map<number, PublicPicture[]>();
  if (competitionIds.length === 0) return byCompetition;
  const rows = await db
    .select(pictureColumns)
    .from(competitionImages)
    .where(inArray(competitionImages.competitionId, [...new Set(competitionIds)]))
    .orderBy(asc(competitionImages.competitionId), asc(competitionImages.position), asc(competitionImages.id));
  for (const { competitionId, variants, ...picture } of rows) {
    const list = byCompetition.get(competitionId) ?? [];
    if (options.first && list.length > 0) continue;
    list.push({ ...picture, variants: variants as PictureVariant[] });
    byCompetition.set(competitionId, list);
  }
  return byCompetition;
}

/** Each row with its pictures (`first`: at most one), for the pages and cards that show them. */
export async function withPictures<T extends { id: number }>(
  db: Executor,
  rows: T[],
  options: { first?: boolean } = {},
): Promise<(T & { pictures: PublicPicture[] })[]> {
  const pictures = await picturesOf(
    db,
    rows.map((r) => r.id),
    options,
  );
  return rows.map((row) => ({ ...row, pictures: pictures.get(row.id) ?? [] }));
}
