import { CompetitionIdParamSchema } from "~/schemas/competition-query";
import { getShareCard, isCurrentShareCardVersion, type ShareCard } from "~/server/catalogue/share-card.server";
import { getRequestLogger, servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/competition-share-card";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * The competition's Open Graph image, a 1200×630 PNG. Pages link it with ?v= and the card's version: that URL never
 * changes what it shows, so it is cached for a year; without it (or with an old one) for a day.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const id = CompetitionIdParamSchema.safeParse(params.id);
  if (!id.success) return notFound();
  let card: ShareCard | null;
  try {
    card = await getShareCard(services, id.data);
  } catch (error) {
    getRequestLogger(context).error({ err: error, competitionId: id.data }, "share card failed");
    return new Response("The share card could not be drawn.", { status: 500 });
  }
  if (!card) return notFound();
  const requested = new URL(request.url).searchParams.get("v");
  const headers = {
    "Content-Type": "image/png",
    "Cache-Control": isCurrentShareCardVersion(requested, card.version)
      ? "public, max-age=31536000, immutable"
      : "public, max-age=86400",
    ETag: `"${card.version}"`,
  };
  if (request.headers.get("If-None-Match") === headers.ETag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(card.png), { headers: { ...headers, "Content-Length": String(card.png.length) } });
}
