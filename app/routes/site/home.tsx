import { data } from "react-router";
import { BrandStrip } from "~/components/home/brand-strip";
import { FeaturedCompetitions } from "~/components/home/featured-competitions";
import { Hero } from "~/components/home/hero";
import { HowItWorksSteps } from "~/components/home/how-it-works-steps";
import { OfferPopup } from "~/components/home/offer-popup";
import { TestimonialsCarousel } from "~/components/home/testimonials-carousel";
import { TrustBadges } from "~/components/home/trust-badges";
import { PAGES } from "~/content/pages";
import { formatUkWeekdayDateTime } from "~/domain/london-format";
import { multiBuyOffers } from "~/domain/multi-buy-text";
import { metaFor } from "~/lib/seo";
import {
  cacheControlFor,
  countActiveCompetitions,
  featuredCompetitions,
  heroCompetition,
  publicPageHeaders,
} from "~/server/catalogue/home.server";
import { servicesContext } from "~/server/platform/context";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, now: clock } = context.get(servicesContext);
  const now = clock();
  const [activeCount, featured] = await Promise.all([countActiveCompetitions(db, now), featuredCompetitions(db, now)]);
  const hero = await heroCompetition(db, now, featured);
  // The hero is the first featured competition: the section below shows the others.
  const rest = featured.filter((c) => c.id !== hero?.id);
  const closes = hero ? formatUkWeekdayDateTime(hero.endDate) : "";
  // The offer names the competitions on the page that have multi-buy tiers, each with its own; none: no offer.
  const offers = multiBuyOffers(hero ? [hero, ...rest] : rest);
  return data(
    { activeCount, hero, closes, rest, now, offers },
    { headers: { "Cache-Control": cacheControlFor(request) } },
  );
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = () => metaFor(PAGES.home);

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { activeCount, hero, closes, rest, now, offers } = loaderData;
  return (
    <>
      <Hero competition={hero} closes={closes} activeCount={activeCount} now={now} />
      <BrandStrip />
      {hero && rest.length === 0 ? null : <FeaturedCompetitions competitions={rest} now={now} />}
      <HowItWorksSteps />
      <TestimonialsCarousel />
      <TrustBadges />
      <OfferPopup offers={offers} />
    </>
  );
}
