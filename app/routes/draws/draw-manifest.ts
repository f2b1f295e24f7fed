import { getManifestText } from "~/server/draws/public.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/draw-manifest";
import { DRAW_NOT_FOUND, drawId } from "./draw-params.server";

/** The frozen manifest, byte for byte what was hashed. It never changes once published. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const id = drawId(params.id);
  const text = await getManifestText(services.db, id);
  if (text === null) return new Response(DRAW_NOT_FOUND, { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `inline; filename="paddock-draw-${id}-manifest.txt"`,
      "Cache-Control": "public, max-age=3600, immutable",
    },
  });
}
