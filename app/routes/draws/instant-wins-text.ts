import { revealedInstantWinsText } from "~/server/instant-wins/instant-wins.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/instant-wins-text";
import { drawId } from "./draw-params.server";

const NOT_PUBLISHED = "No instant-win list has been published for this competition.";

/** The revealed instant-win list (docs/instant-wins-v1.md), byte for byte what was committed to at go-live. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const id = drawId(params.id);
  const text = await revealedInstantWinsText(services.db, id);
  if (text === null) return new Response(NOT_PUBLISHED, { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `inline; filename="paddock-instant-wins-${id}.txt"`,
      "Cache-Control": "public, max-age=3600, immutable",
    },
  });
}
