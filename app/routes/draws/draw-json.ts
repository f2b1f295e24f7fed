import { getPublicDraw } from "~/server/draws/public.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/draw-json";
import { DRAW_CACHE, DRAW_NOT_FOUND, drawId } from "./draw-params.server";

/** The published record the command-line verifier (and the page's Verify button) recompute the draw from. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const draw = await getPublicDraw(services, drawId(params.id));
  if (!draw) return Response.json({ error: DRAW_NOT_FOUND }, { status: 404 });
  return Response.json(draw.record, { headers: { "Cache-Control": DRAW_CACHE } });
}
