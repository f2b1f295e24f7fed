import type { LucideIcon } from "lucide-react";
import { Award, Brain, CreditCard, HeartHandshake, Lock, Mail, Search, ShieldCheck, Trophy } from "lucide-react";
import { Link } from "react-router";
import { FaqList } from "~/components/faq-list";
import { textLinkClass } from "~/components/legal-page";
import { Callout, ContentPage, cardClass, Section } from "~/components/page-section";
import { howItWorksFaq } from "~/content/faq";
import { benefits, eligibilityAndWinnerNotice, type HowItWorksIcon, steps } from "~/content/how-it-works";
import { PAGES } from "~/content/pages";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/how-it-works";

export const meta: Route.MetaFunction = () => metaFor(PAGES.howItWorks);

const icons: Record<HowItWorksIcon, LucideIcon> = {
  search: Search,
  brain: Brain,
  "credit-card": CreditCard,
  trophy: Trophy,
  award: Award,
  "shield-check": ShieldCheck,
  lock: Lock,
  "heart-handshake": HeartHandshake,
};

const stepNumberClass =
  "flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground";
const browseClass =
  "inline-flex items-center rounded-md bg-primary px-5 py-3 font-semibold text-primary-foreground hover:opacity-90 " +
  "focus-visible:ring-2 focus-visible:ring-ring";

export default function HowItWorksPage() {
  return (
    <ContentPage
      titleId="how-title"
      title="How it works"
      lead={
        "Paddock runs skill-based prize competitions for riders and horse lovers. Here is how to enter, and how we " +
        "keep every draw fair."
      }
    >
      <Section titleId="steps-title" title="Four steps to enter">
        <ol className="mt-6 grid gap-4 sm:grid-cols-2">
          {steps.map((step, index) => {
            const StepIcon = icons[step.icon];
            return (
              <li key={step.title} className={cardClass}>
                <div className="flex items-center gap-3">
                  <span className={stepNumberClass}>
                    <StepIcon aria-hidden="true" className="size-5" />
                  </span>
                  <h3 className="text-lg font-semibold">
                    <span className="sr-only">Step </span>
                    {index + 1}. {step.title}
                  </h3>
                </div>
                <p className="mt-3 leading-7 text-muted-foreground">{step.body}</p>
              </li>
            );
          })}
        </ol>
        <p className="mt-6">
          <Link to="/competitions" className={browseClass}>
            Browse competitions
          </Link>
        </p>
      </Section>

      <Callout bordered titleId="skill-title" title="Before you enter">
        <p className="mt-3 leading-7">
          <strong>A wrong answer still buys tickets, but those tickets cannot win.</strong> Only entries with the
          correct answer go into the draw, which is what makes these competitions of skill rather than lotteries. Take
          your time and check your answer before you pay.
        </p>
        <p className="mt-3 leading-7">{eligibilityAndWinnerNotice}</p>
      </Callout>

      <Callout
        bordered
        titleId="free-title"
        title="Free entry on every competition"
        icon={<Mail aria-hidden="true" className="size-5 text-accent" />}
        className="mt-6"
      >
        <p className="mt-3 leading-7">
          Every competition has a free postal entry route. Free entries go into the same draw as paid entries and have
          exactly the same chance of winning. Read{" "}
          <Link to="/terms#free-entry" className={textLinkClass}>
            how to enter by post
          </Link>{" "}
          in our terms.
        </p>
      </Callout>

      <Section titleId="benefits-title" title="Why enter with Paddock">
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {benefits.map((benefit) => {
            const BenefitIcon = icons[benefit.icon];
            return (
              <li key={benefit.title} className={`flex gap-4 ${cardClass}`}>
                <BenefitIcon aria-hidden="true" className="mt-1 size-6 shrink-0 text-accent" />
                <div>
                  <h3 className="text-lg font-semibold">{benefit.title}</h3>
                  <p className="mt-2 leading-7 text-muted-foreground">{benefit.body}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section titleId="how-faq-title" title="Common questions">
        <FaqList items={howItWorksFaq} className="mt-6" />
        <p className="mt-6 leading-7">
          How draws are made and verified, and every other fairness measure, is on our{" "}
          <Link to="/fair-play" className={textLinkClass}>
            fair-play page
          </Link>
          . More answers are on our{" "}
          <Link to="/faq" className={textLinkClass}>
            FAQ page
          </Link>
          , or{" "}
          <Link to="/contact" className={textLinkClass}>
            contact us
          </Link>
          .
        </p>
      </Section>
    </ContentPage>
  );
}
