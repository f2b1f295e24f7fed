import { notInArray } from "drizzle-orm";
import { UNPUBLISHED_STATUSES } from "~/db/constants";
import { competitions } from "~/db/schema";
import { servicesContext } from "~/server/platform/context";
import { publicOrigin } from "~/server/platform/public-origin.server";
import type { Route } from "./+types/sitemap-xml";

const STATIC_PATHS = [
  "/",
  "/competitions",
  "/how-it-works",
  "/winners",
  "/about",
  "/contact",
  "/faq",
  "/terms",
  "/privacy",
  "/refunds",
  "/newsletter",
];

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const origin = await publicOrigin(services);
  const { db } = services;
  const rows = await db
    .select({ id: competitions.id, updatedAt: competitions.updatedAt })
    .from(competitions)
    .where(notInArray(competitions.status, [...UNPUBLISHED_STATUSES]));
  const urls = [
    ...STATIC_PATHS.map((p) => `<url><loc>${origin}${p}</loc></url>`),
    ...rows.map(
      (r) => `<url><loc>${origin}/competition/${r.id}</loc><lastmod>${r.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
