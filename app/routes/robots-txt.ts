import type { Route } from "./+types/robots-txt";
import { servicesContext } from "~/server/context";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  const body = ["User-agent: *", "Disallow: /admin", "Disallow: /account", "Disallow: /basket", "Disallow: /checkout", "Disallow: /api/", `Sitemap: ${env.BASE_URL}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
