import { data } from "react-router";
import type { Route } from "./+types/home";
import { BrandStrip } from "~/components/home/brand-strip";
import { FeaturedCompetitions } from "~/components/home/featured-competitions";
import { Hero } from "~/components/home/hero";
import { HowItWorksSteps } from "~/components/home/how-it-works-steps";
import { OfferPopup } from "~/components/home/offer-popup";
import { TestimonialsCarousel } from "~/components/home/testimonials-carousel";
import { TrustBadges } from "~/components/home/trust-badges";
import { pageMeta } from "~/lib/seo";
import { servicesContext } from "~/server/context";
import { cacheControlFor, countActiveCompetitions, featuredCompetitions, publicPageHeaders } from "~/server/home.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, now: clock } = context.get(servicesContext);
  const now = clock();
  const [activeCount, featured] = await Promise.all([countActiveCompetitions(db, now), featuredCompetitions(db, now)]);
  return data({ activeCount, featured, now }, { headers: { "Cache-Control": cacheControlFor(request) } });
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Paddock",
    "Skill-based equestrian prize competitions for riders in the UK and Ireland: answer a question, enter the draw and win tack, equipment, event tickets or cash.",
  );

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { activeCount, featured, now } = loaderData;
  return (
    <>
      <Hero activeCount={activeCount} />
      <BrandStrip />
      <FeaturedCompetitions competitions={featured} now={now} />
      <HowItWorksSteps />
      <TestimonialsCarousel />
      <TrustBadges />
      <OfferPopup />
    </>
  );
}
