import { data } from "react-router";
import { CompetitionIdParamSchema } from "~/schemas/competition-query";

export const DRAW_NOT_FOUND = "There is no published draw for this competition.";

/** The competition id from the URL, or a 404 with a plain message. */
export function drawId(raw: string | undefined): number {
  const id = CompetitionIdParamSchema.safeParse(raw ?? "");
  if (!id.success) throw data({ message: DRAW_NOT_FOUND }, { status: 404 });
  return id.data;
}

/** Published draw data changes when the draw runs or an alternate takes over: a short shared cache only. */
export const DRAW_CACHE = "public, max-age=0, s-maxage=15, stale-while-revalidate=60";
