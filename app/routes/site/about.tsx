import { Brain, CalendarCheck, Dices, HeartHandshake, type LucideIcon, Mail, Users } from "lucide-react";
import { Link } from "react-router";
import { Callout, ContentPage, cardClass, Section } from "~/components/page-section";
import { RichTextRuns, textLinkClass } from "~/components/rich-text";
import { type FairnessIcon, fairness } from "~/content/about";
import { PAGES } from "~/content/pages";
import { SPEND_LIMIT_MINIMUM } from "~/content/policy";
import { SPEND_LIMIT_INCREASE_COOLING_OFF_HOURS } from "~/domain/spend-limit";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => metaFor(PAGES.about);

const icons: Record<FairnessIcon, LucideIcon> = {
  brain: Brain,
  dices: Dices,
  mail: Mail,
  "calendar-check": CalendarCheck,
};

export default function AboutPage() {
  return (
    <ContentPage
      titleId="about-title"
      title="About Paddock"
      lead={
        "We are a small UK team of riders. We started Paddock to give the equestrian community prize " +
        "competitions that are fair, open and run by people who know their way around a yard."
      }
    >
      <Section
        titleId="what-we-run"
        title="What we run"
        icon={<Users aria-hidden="true" className="size-6 text-accent" />}
      >
        <div className="mt-4 space-y-4 leading-7">
          <p>
            Paddock runs skill-based prize competitions with equestrian prizes: tack, equipment, event tickets and cash.
            You enter by answering a question that needs real equestrian knowledge, then buying tickets, or entirely
            free by post.
          </p>
          <p>
            See{" "}
            <Link to="/how-it-works" className={textLinkClass}>
              how it works
            </Link>{" "}
            or browse our{" "}
            <Link to="/competitions" className={textLinkClass}>
              current competitions
            </Link>
            .
          </p>
        </div>
      </Section>

      <Section id="fairness" titleId="fairness-title" title="How we keep it fair">
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {fairness.map((item) => {
            const Icon = icons[item.icon];
            return (
              <li key={item.title} className={cardClass}>
                <h3 className="flex items-center gap-2 text-lg font-semibold">
                  <Icon aria-hidden="true" className="size-5 text-accent" />
                  {item.title}
                </h3>
                <p className="mt-2 leading-7 text-muted-foreground">
                  <RichTextRuns text={item.body} />
                </p>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section
        id="player-protection"
        titleId="protection-title"
        title="Player protection"
        icon={<HeartHandshake aria-hidden="true" className="size-6 text-accent" />}
      >
        <div className="mt-4 space-y-4 leading-7">
          <p>Competitions should stay fun. From your account you can:</p>
          <ul className="list-disc space-y-2 pl-6">
            <li>
              set a monthly spend limit, as low as {SPEND_LIMIT_MINIMUM}. Decreases apply straight away; increases only
              after a {SPEND_LIMIT_INCREASE_COOLING_OFF_HOURS}-hour cooling-off period;
            </li>
            <li>pause your account for a while;</li>
            <li>self-exclude from all our competitions.</li>
          </ul>
          <p>
            A pause or self-exclusion also stops all our marketing emails. The full rules are in our{" "}
            <Link to="/terms#player-protection" className={textLinkClass}>
              terms
            </Link>
            .
          </p>
        </div>
      </Section>

      <Callout titleId="contact-title" title="Talk to us">
        <p className="mt-2 leading-7">
          Questions, ideas for prizes or feedback are always welcome:{" "}
          <Link to="/contact" className={textLinkClass}>
            contact the team
          </Link>
          .
        </p>
      </Callout>
    </ContentPage>
  );
}
