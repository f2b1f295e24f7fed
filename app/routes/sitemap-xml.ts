import { ne } from "drizzle-orm";
import type { Route } from "./+types/sitemap-xml";
import { competitions } from "~/db/schema";
import { servicesContext } from "~/server/context";

const STATIC_PATHS = ["/", "/competitions", "/how-it-works", "/winners", "/about", "/contact", "/faq", "/terms", "/privacy", "/refunds", "/newsletter"];

export async function loader({ context }: Route.LoaderArgs) {
  const { env, db } = context.get(servicesContext);
  const rows = await db
    .select({ id: competitions.id, updatedAt: competitions.updatedAt })
    .from(competitions)
    .where(ne(competitions.status, "draft"));
  const urls = [
    ...STATIC_PATHS.map((p) => `<url><loc>${env.BASE_URL}${p}</loc></url>`),
    ...rows.map((r) => `<url><loc>${env.BASE_URL}/competition/${r.id}</loc><lastmod>${r.updatedAt.toISOString()}</lastmod></url>`),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
