import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("how-it-works", "routes/how-it-works.tsx"),
    route("winners", "routes/winners.tsx"),
    route("terms", "routes/terms.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("refunds", "routes/refunds.tsx"),
    route("faq", "routes/faq.tsx"),
    route("contact", "routes/contact.tsx"),
    route("newsletter", "routes/newsletter.tsx"),
    route("competitions", "routes/competitions.tsx"),
    route("competition/:id", "routes/competition.tsx"),
    route("competitions/:id", "routes/competition-share-link.ts", { id: "competition-share-link" }),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
