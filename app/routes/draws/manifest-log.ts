import { manifestLogSigner, manifestLogText } from "~/server/draws/manifest-log.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/manifest-log";
import { DRAW_CACHE } from "./draw-params.server";

/** The manifest log (docs/manifest-log-v1.md): every frozen manifest's hash and round, chained by hash, signed. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return new Response(await manifestLogText(services.db, manifestLogSigner(services.env)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": DRAW_CACHE },
  });
}
