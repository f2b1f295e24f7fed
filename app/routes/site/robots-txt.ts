import { servicesContext } from "~/server/platform/context";
import { publicOrigin } from "~/server/platform/public-origin.server";
import type { Route } from "./+types/robots-txt";

export async function loader({ context }: Route.LoaderArgs) {
  const origin = await publicOrigin(context.get(servicesContext));
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /account",
    "Disallow: /basket",
    "Disallow: /checkout",
    "Disallow: /api/",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
